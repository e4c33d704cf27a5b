/**
 * /Calendar/{hash}/Ical: the member's note reminders and saved projects' bid dates as an iCalendar feed, for calendar programs that subscribe
 * to it. No session: the secret in the address is the only credential (so the route is outside the member
 * layout, and the access log redacts it: app/lib/platform/log-path.ts). An unknown or replaced secret answers 404 (a
 * password reset or change replaces it); a free trial that is over, 403 with a calendar that says so and has no
 * event.
 * Polling programs get Cache-Control max-age, an ETag (answered 304 when it has not changed) and Last-Modified.
 */

import {
  calendarFile,
  FEED_MAX_AGE_SECONDS,
  notModified,
  refusedCalendar,
} from "~/lib/pages/calendar-feed.server";
import { apiContext } from "~/lib/platform/contexts";
import { formFailure, refusalText } from "~/lib/platform/form-failure.server";
import { publicOrigin } from "~/lib/platform/request-url";
import { FEED_HASH_PATTERN } from "../../contract/calendar";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/calendar.ical";

const plain = (status: number, text: string, retryAfter?: number) =>
  new Response(text, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...(retryAfter ? { "Retry-After": String(retryAfter) } : {}),
    },
  });
const notFound = () => plain(404, "No calendar has this address.");
const TRIAL_OVER = "Your free trial has expired.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const hash = params.hash.toLowerCase();
  if (!FEED_HASH_PATTERN.test(hash)) return notFound();
  let notes: Awaited<ReturnType<typeof loadNotes>>;
  try {
    notes = await loadNotes(context, hash);
  } catch (error) {
    const failure = formFailure(error);
    if (failure?.refused && failure.status === 404) return notFound();
    // A free trial that is over: no event, and the reason in a form the calendar program can read.
    if (failure?.refused && failure.status === 403) {
      return new Response(refusedCalendar(refusalText(failure, TRIAL_OVER), publicOrigin(request)), {
        status: 403,
        headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
    // The API is down or slow: a calendar program gets the status and a line of text (and tries again later).
    if (failure && !failure.refused) {
      return plain(failure.status >= 500 ? failure.status : 503, failure.message, 300);
    }
    throw error;
  }
  const file = calendarFile(notes.notes, publicOrigin(request), notes.bids);
  const headers = new Headers({
    "Cache-Control": `private, max-age=${FEED_MAX_AGE_SECONDS}`,
    ETag: file.etag,
  });
  if (file.lastModified) headers.set("Last-Modified", file.lastModified.toUTCString());
  if (notModified(request, file.etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "text/calendar; charset=utf-8");
  headers.set("Content-Disposition", 'inline; filename="reminders.ics"');
  return new Response(file.body, { headers });
}

async function loadNotes(context: Route.LoaderArgs["context"], hash: string) {
  const answer = await context.get(apiContext).call(endpoints.calendarFeed, { query: { hash } });
  return { notes: answer.data.notes, bids: answer.data.bids ?? [] };
}
