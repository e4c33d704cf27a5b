import { createHash } from "node:crypto";
import ical from "ical-generator";
import type { NoteNotification, SavedBidDate } from "../../../contract/calendar";
import { bidTitle, reminderTitle } from "./calendar";

/** Calendar programs poll a subscribed feed; 15 minutes is what they are told (and what caches may keep it). */
export const FEED_MAX_AGE_SECONDS = 900;

type CalendarFile = { body: string; etag: string; lastModified: Date | null };

function nextDay(isoDate: string): Date {
  const day = new Date(`${isoDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day;
}

/**
 * The member's note reminders as an RFC 5545 calendar (built by ical-generator): one all-day VEVENT per note,
 * its UID made from the note's id (stable across fetches and address resets, so programs update rather than
 * duplicate), SUMMARY the project id and title, DESCRIPTION the note, URL the project page, DTSTAMP the note's
 * last change. The bid dates of the member's saved projects (issue 45) are all-day VEVENTs too: UID from the
 * project's id, SUMMARY "Bid date: " and the project, URL the project page, DTSTAMP fixed (a moved bid date
 * changes the body, and so the ETag, by its DTSTART). The body depends only on them, so its ETag changes only when
 * they do.
 */
export function calendarFile(
  notes: readonly NoteNotification[],
  origin: string,
  bids: readonly SavedBidDate[] = [],
): CalendarFile {
  const host = new URL(origin).hostname;
  const calendar = ical({
    name: "Project Leads reminders",
    prodId: { company: "Project Leads", product: "Note reminders", language: "EN" },
    ttl: FEED_MAX_AGE_SECONDS,
  });
  let lastModified: Date | null = null;
  for (const note of notes) {
    const changed = new Date(note.updated_at ?? note.created_at);
    const stamp = Number.isNaN(changed.getTime()) ? new Date(0) : changed;
    if (!lastModified || stamp > lastModified) lastModified = stamp;
    calendar.createEvent({
      id: `note-${note.id}@${host}`,
      allDay: true,
      start: new Date(`${note.notification_date}T00:00:00Z`),
      end: nextDay(note.notification_date),
      stamp,
      summary: reminderTitle(note.project),
      description: note.note,
      url: `${origin}/Projects/${note.project_id}`,
    });
  }
  for (const bid of bids) {
    calendar.createEvent({
      id: `bid-${bid.project_id}@${host}`,
      allDay: true,
      start: new Date(`${bid.bidding_date}T00:00:00Z`),
      end: nextDay(bid.bidding_date),
      stamp: new Date(`${bid.bidding_date}T00:00:00Z`),
      summary: bidTitle(bid.project),
      url: `${origin}/Projects/${bid.project_id}`,
    });
  }
  const body = calendar.toString();
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  // HTTP dates have whole seconds.
  if (lastModified) lastModified = new Date(Math.floor(lastModified.getTime() / 1000) * 1000);
  return { body, etag, lastModified };
}

/** Whether the request's If-None-Match names this ETag (then the answer is 304 Not Modified). */
export function notModified(request: Request, etag: string): boolean {
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * What a feed that may no longer be read answers (403: a free trial that is over): a calendar without any event,
 * whose name and description say why, so that a calendar program that shows the body shows the reason, and one
 * that keeps the last good copy is told nothing more.
 */
export function refusedCalendar(reason: string, origin: string): string {
  const calendar = ical({
    name: `Project Leads reminders: ${reason}`,
    description: `${reason} Subscribe to see your note reminders here again: ${origin}/Me/Subscription`,
    prodId: { company: "Project Leads", product: "Note reminders", language: "EN" },
    ttl: FEED_MAX_AGE_SECONDS,
  });
  return calendar.toString();
}
