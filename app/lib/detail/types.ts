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

/**
 * The API's refusal of an entity the member may not read: `forbidden` when the subscription does not include
 * that kind of screen at all (the company search, the contact directory), `locked` when the screen is included
 * but this entity is out of reach (a project outside the coverage, or one a trial has no report left to open).
 */
export type Refusal = "forbidden" | "locked";

/**
 * What a detail screen's loader found: the entity with what the screen shows (`found`), or a refusal with the
 * words to say it in. No such entity is not an outcome: it is thrown as a 404 (the one error page).
 */
export type DetailOutcome<T extends object, R extends Refusal = Refusal> =
  | ({ outcome: "found" } & T)
  | { outcome: R; message: string };
