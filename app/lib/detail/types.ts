import type { SubmissionResult } from "@conform-to/react";

/**
 * The types every detail screen (a project, a contact, a company) shares: what its action answers, the note
 * dialogs its URL can open, the notes it shows, its breadcrumb.
 */

/**
 * What a detail screen's action answers a fetcher (or the page re-rendered without JavaScript): which form it
 * was (`intent`) and how it went: `ok`, a Conform reply for a dialog's form, or an `error` for the header.
 */
export type ActionResult = {
  intent: string;
  ok?: boolean;
  reply?: SubmissionResult<string[]>;
  error?: string;
};

/** The note dialogs a notes area opens: add (noteId null) or edit a note, or confirm its deletion. */
export type NoteDialogState =
  | { kind: "note"; noteId: number | null }
  | { kind: "delete-note"; noteId: number };

/** A note as the notes area shows it: a project note (dated, maybe with a reminder) or a contact note. */
export type NoteItemData = {
  id: number;
  note: string;
  created_at: string | null;
  notification_date?: string | null;
};

/** The link above a detail screen's header: back to the list (or the screen) the member came from. */
export type Breadcrumb = { href: string; label: string };

/** The member's link to a saved item (null when it is not saved): its folder, when filed in one. */
export type SavedLink = { tag_id: number | null } | null | undefined;
