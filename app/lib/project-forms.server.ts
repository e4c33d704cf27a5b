import { z } from "zod";
import { isIsoDay } from "./date-input";

/** The forms of the project detail screen, one schema each; the route's action dispatches on `intent`. */

/** Present when the form went through a fetcher (JavaScript): the action answers data instead of redirecting. */
const js = z.literal("1").optional().catch(undefined);

export const NOTE_REQUIRED = "Please enter a note.";
export const DATE_INVALID = "Please enter a valid date (MM/DD/YYYY).";
export const COMMENT_REQUIRED = "Please tell us what you would like us to investigate.";

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

export const ResearchSchema = z.object({
  intent: z.literal("research"),
  project_name: z.string().trim().max(500).optional(),
  comment: z
    .string({ error: COMMENT_REQUIRED })
    .trim()
    .min(1, COMMENT_REQUIRED)
    .max(5000, "The comment is too long."),
  js,
});

export const SaveSchema = z.object({ intent: z.enum(["save", "unsave"]), js });

/** No tag_id (the active folder's button) clears the folder. */
export const FolderSchema = z.object({
  intent: z.literal("folder"),
  tag_id: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().positive().optional()),
  js,
});

export const INTENTS = ["note", "delete-note", "research", "save", "unsave", "folder"] as const;
export type Intent = (typeof INTENTS)[number];

/** The message of a note save that failed: the API's own message, or 'error' (member-app.md §8). */
export const NOTE_REQUEST_FAILED = "error";
