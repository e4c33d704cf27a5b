import { z } from "zod";
import { isIsoDay } from "../format/date-input";

/**
 * The forms every detail screen shares, one schema each (the screen's action dispatches on `intent`):
 * a note (with its reminder date), deleting a note, saving / removing the item, and its folder.
 */

/** Present when the form went through a fetcher (JavaScript): the action answers data instead of redirecting. */
export const js = z.literal("1").optional().catch(undefined);

const NOTE_REQUIRED = "Please enter a note.";
const DATE_INVALID = "Please enter a valid date (MM/DD/YYYY).";

export const NoteSchema = z.object({
  intent: z.literal("note"),
  id: z.coerce.number().int().positive().optional(),
  note: z.string({ error: NOTE_REQUIRED }).trim().min(1, NOTE_REQUIRED).max(10_000, "The note is too long."),
  notification_date: z.string().trim().refine(isIsoDay, DATE_INVALID).optional(),
  js,
});

export const DeleteNoteSchema = z.object({
  intent: z.literal("delete-note"),
  noteId: z.coerce.number().int().positive(),
  js,
});

export const SaveSchema = z.object({ intent: z.enum(["save", "unsave"]), js });

/** No tag_id (the active folder's button) clears the folder. */
export const FolderSchema = z.object({
  intent: z.literal("folder"),
  tag_id: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().positive().optional()),
  js,
});

/**
 * The message of a note save that failed when the API gave none of its own: the product says just 'error'
 * (a refused note shows the API's message; a note lost to an unexpected failure shows this word).
 */
export const NOTE_REQUEST_FAILED = "error";
