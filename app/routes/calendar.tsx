import { useState } from "react";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { MonthCalendar } from "~/components/calendar/month-calendar";
import { CardSection } from "~/components/card-section";
import { buttonSecondaryClass, FormAlert, SubmitButton, useIsSubmitting } from "~/components/forms";
import { useHydrated } from "~/components/hydrated";
import { ResultDialog } from "~/components/result-dialog";
import { currentMember } from "~/lib/account/member.server";
import {
  bidTitle,
  type CalendarEvent,
  monthOf,
  monthParam,
  monthTitle,
  reminderTitle,
  shiftMonth,
  todayIn,
} from "~/lib/pages/calendar";
import { apiContext, memberSessionContext } from "~/lib/platform/contexts";
import { formFailure } from "~/lib/platform/form-failure.server";
import { pageUrl, publicOrigin } from "~/lib/platform/request-url";
import { readSubmission } from "~/lib/platform/submission.server";
import { screenMeta } from "~/screen-titles";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/calendar";

export const meta: Route.MetaFunction = screenMeta;

const ADDRESS_RESET =
  "Your calendar has a new address. Calendars subscribed to the old address no longer receive your reminders.";

/** The month of `?month=YYYY-MM` (this month when absent or not a month), its reminders and the feed address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = pageUrl(request);
  const member = await currentMember(context);
  const today = todayIn(member?.settings.time_zone);
  const month = monthParam(url.searchParams.get("month"), monthOf(today));
  const api = context.get(apiContext);
  const [reminders, feed] = await Promise.all([
    api.call(endpoints.noteNotifications, { query: { month } }),
    api.call(endpoints.iCalHash),
  ]);
  const notes: CalendarEvent[] = (reminders.data ?? []).map((n) => ({
    id: `note-${n.id}`,
    kind: "note",
    date: n.notification_date,
    title: reminderTitle(n.project),
    href: `/Projects/${n.project_id}`,
  }));
  // The bid dates of the member's saved projects, beside the reminders (issue 45).
  const bids: CalendarEvent[] = (reminders.bids ?? []).map((b) => ({
    id: `bid-${b.project_id}`,
    kind: "bid",
    date: b.bidding_date,
    title: bidTitle(b.project),
    href: `/Projects/${b.project_id}`,
  }));
  const events = [...notes, ...bids].sort((a, b) => a.date.localeCompare(b.date));
  return {
    month,
    today: monthOf(today),
    /** Marked on the server's month table (FullCalendar marks the browser's own today). */
    day: today,
    events,
    error: reminders.error ?? null,
    feedUrl: `${publicOrigin(request)}/Calendar/${feed.hash}/Ical`,
  };
}

/** The page's one form: 'Reset address', posted with the month shown (to come back to it). */
const ResetFeedPost = z.object({
  intent: z.literal("reset-feed"),
  month: z.string().catch(""),
});

/** 'Reset address': a new feed secret; the old address answers 404 from now on. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readSubmission(request, ResetFeedPost);
  if (submission.status !== "success") throw data("Unknown form.", { status: 400 });
  try {
    await context.get(apiContext).call(endpoints.resetICalHash);
  } catch (error) {
    const failure = formFailure(error);
    if (!failure) throw error;
    return data({ error: failure.message }, { status: failure.status });
  }
  context.get(memberSessionContext).flashToast({ title: "Success!", description: ADDRESS_RESET });
  const month = monthParam(submission.value.month, "");
  throw redirect(month ? `/Calendar?month=${month}` : "/Calendar");
}

const navLinkClass =
  "inline-flex h-9 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50";

export default function Calendar({ loaderData, actionData }: Route.ComponentProps) {
  const { month, today, day, events, error, feedUrl } = loaderData;
  const title = monthTitle(month);
  const href = (m: string) => `/Calendar?month=${m}`;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Calendar</h1>

      <section aria-labelledby="calendar-month" className="space-y-3">
        <div className="flex h-10 flex-wrap items-center justify-between gap-3">
          <h2 id="calendar-month" className="text-xl font-semibold text-slate-900" aria-live="polite">
            {title}
          </h2>
          <nav aria-label="Months" className="flex items-center gap-2">
            <Link to={href(today)} className={navLinkClass} preventScrollReset>
              Today
            </Link>
            <Link
              to={href(shiftMonth(month, -1))}
              className={navLinkClass}
              preventScrollReset
              aria-label={`Previous month (${monthTitle(shiftMonth(month, -1))})`}
            >
              <span aria-hidden="true">‹</span>
            </Link>
            <Link
              to={href(shiftMonth(month, 1))}
              className={navLinkClass}
              preventScrollReset
              aria-label={`Next month (${monthTitle(shiftMonth(month, 1))})`}
            >
              <span aria-hidden="true">›</span>
            </Link>
          </nav>
        </div>
        <MonthCalendar month={month} title={title} events={events} today={day} />
        {events.length === 0 ? (
          <p className="text-sm text-slate-600">No reminders or bid dates in {title}.</p>
        ) : null}
      </section>

      <FeedAddress feedUrl={feedUrl} month={month} resetError={actionData?.error ?? null} />
      <ResultDialog result={error ? { title: "Error", description: error } : null} />
    </div>
  );
}

/** 'Export calendar': the read-only feed address (selected on focus), Copy with JavaScript, and its reset. */
function FeedAddress({
  feedUrl,
  month,
  resetError,
}: {
  feedUrl: string;
  month: string;
  resetError: string | null;
}) {
  const hydrated = useHydrated();
  // What the Copy button did, for the address it did it with (a reset address starts without a message).
  const [copy, setCopy] = useState<{ url: string; ok: boolean } | null>(null);
  const copied = copy?.url === feedUrl ? (copy.ok ? "yes" : "no") : null;
  const setCopied = (result: "yes" | "no") => setCopy({ url: feedUrl, ok: result === "yes" });
  const resetting = useIsSubmitting();
  return (
    <CardSection
      id="calendar-export"
      title={
        <a
          href={feedUrl}
          className="inline-block py-1 text-brand-700 underline hover:text-brand-900 max-sm:py-2.5"
        >
          Export calendar
        </a>
      }
      className="space-y-3 p-4"
    >
      <p className="text-sm text-slate-600">
        Subscribe to this address in Outlook, Google Calendar or Apple Calendar to see your note reminders and
        the bid dates of your saved projects there. Keep it to yourself: anyone with the address can read
        them.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="calendar-feed-address" className="mb-1 block text-sm font-medium text-slate-800">
            Calendar feed address
          </label>
          <input
            id="calendar-feed-address"
            type="text"
            readOnly
            value={feedUrl}
            onFocus={(event) => event.currentTarget.select()}
            className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800"
          />
        </div>
        {hydrated ? (
          <button
            type="button"
            className={buttonSecondaryClass}
            onClick={() => {
              navigator.clipboard?.writeText(feedUrl).then(
                () => setCopied("yes"),
                () => setCopied("no"),
              ) ?? setCopied("no");
            }}
          >
            Copy
          </button>
        ) : null}
      </div>
      <p className="min-h-5 text-sm text-slate-700" role="status">
        {copied === "yes"
          ? "Copied to the clipboard."
          : copied === "no"
            ? "Could not copy: select the address and copy it."
            : ""}
      </p>
      <FormAlert errors={resetError ? [resetError] : null} />
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="month" value={month} />
        <SubmitButton pending={resetting} name="intent" value="reset-feed">
          Reset address
        </SubmitButton>
        <span className="text-sm text-slate-600">
          A new address replaces this one; calendars subscribed to the old address stop updating.
        </span>
      </Form>
    </CardSection>
  );
}
