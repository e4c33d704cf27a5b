import { z } from "zod";
import { IsoDate, IsoDateTime } from "./common";

/** A month of the calendar as the URL and the API spell it: `2026-12`. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const Month = z.string().regex(MONTH_PATTERN);

/** A calendar feed's secret: the hex of 20 random bytes. */
export const FEED_HASH_PATTERN = /^[0-9a-f]{40}$/;

/** GET UserProjects/NoteNotifications: the member's notes with a reminder date, of one month when asked. */
export const NoteNotificationsQuery = z.object({ month: Month.optional() });

/** A note reminder (spec §3, "Note (calendar)"). */
export const NoteNotification = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  note: z.string(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime.optional(),
  notification_date: IsoDate,
  project: z.object({
    id: z.number().int(),
    title: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
  }),
});
export type NoteNotification = z.infer<typeof NoteNotification>;

/** A saved project's bid date on the calendar (issue 45): only projects the member may open. */
export const SavedBidDate = z.object({
  project_id: z.number().int(),
  bidding_date: IsoDate,
  project: NoteNotification.shape.project,
});
export type SavedBidDate = z.infer<typeof SavedBidDate>;

/**
 * The answer: the reminders, or (the spec's other form) an error text the calendar shows in a dialog; `bids`, the
 * bid dates of the member's saved projects in the same range (absent from older APIs).
 */
export const NoteNotificationsAnswer = z.object({
  data: z.array(NoteNotification).optional(),
  bids: z.array(SavedBidDate).optional(),
  error: z.string().optional(),
});

/** GET Users/Me/iCalHash and POST Users/Me/iCalHash/Reset: the secret of the member's feed address. */
export const ICalHashAnswer = z.object({ hash: z.string().regex(FEED_HASH_PATTERN) });

/** GET Calendar/Feed?hash=…: a feed's reminders, read by its secret alone (no token); 404 for an unknown one. */
export const CalendarFeedQuery = z.object({ hash: z.string() });
export const CalendarFeedAnswer = z.object({
  data: z.object({ notes: z.array(NoteNotification), bids: z.array(SavedBidDate).optional() }),
});
