import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { ClientOnly } from "remix-utils/client-only";
import { useMediaQuery } from "~/components/use-media-query";
import { formatDate } from "~/lib/format/dates";
import { type CalendarEvent, monthWeeks, WEEKDAYS } from "~/lib/pages/calendar";

const FullMonth = lazy(() => import("./month-calendar.client"));

/** A note reminder in the brand colour; a bid date in amber, told apart by its title too ("Bid date: …"). */
const NOTE_CLASS = "bg-brand-700 text-white hover:bg-brand-800";
const BID_CLASS = "bg-amber-100 text-amber-950 ring-1 ring-amber-400 hover:bg-amber-200";

/** The small breakpoint: below it the month is an agenda list, at and above it the grid. */
const WIDE = "(min-width: 640px)";

/** A month (YYYY-MM), its title (the month's name and year), its reminders, and today (YYYY-MM-DD). */
type MonthProps = {
  month: string;
  title: string;
  events: readonly CalendarEvent[];
  today: string;
};

/**
 * The month's reminders. On a phone (below the small breakpoint) an agenda: the days that have reminders, in
 * order, each with its reminders, so that nothing scrolls sideways. From the small breakpoint up the month grid:
 * FullCalendar's once its script has arrived (it is not even loaded on a phone), and until then, or without
 * JavaScript, the same month as a table rendered on the server. Both fill the same box of aspect ratio 2, so the
 * page does not move when the grid replaces the table.
 */
export function MonthCalendar({ month, title, events, today }: MonthProps) {
  const wide = useMediaQuery(WIDE);
  const table = <MonthTable month={month} title={title} events={events} today={today} />;
  return (
    <>
      <MonthAgenda title={title} events={events} />
      <div className="month-calendar relative hidden aspect-[2/1] sm:block" data-month={month}>
        <ClientOnly fallback={table}>
          {() =>
            wide ? (
              <Suspense fallback={table}>
                <FullMonth month={month} events={events} />
              </Suspense>
            ) : (
              table
            )
          }
        </ClientOnly>
      </div>
    </>
  );
}

/** The phone's month: the days with reminders, in order, with their reminders as links to their projects. */
function MonthAgenda({ title, events }: { title: string; events: readonly CalendarEvent[] }) {
  const days = [...new Set(events.map((e) => e.date))].sort();
  if (days.length === 0) return null;
  return (
    <section aria-label={`Reminders in ${title}`} className="space-y-3 sm:hidden">
      {days.map((day) => (
        <div key={day}>
          <h3 className="text-sm font-semibold text-slate-700">
            {WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]}, {formatDate(day)}
          </h3>
          <ul className="mt-1 space-y-1">
            {events
              .filter((e) => e.date === day)
              .map((e) => (
                <li key={e.id}>
                  <Link
                    to={e.href}
                    className="block min-h-11 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-brand-800 underline"
                  >
                    {e.title}
                  </Link>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/**
 * The server's month: a table of the month's weeks, each day with its reminders as links to their projects, and
 * today marked (aria-current="date").
 */
function MonthTable({ month, title, events, today }: MonthProps) {
  const byDay = new Map<string, CalendarEvent[]>();
  for (const e of events) byDay.set(e.date, [...(byDay.get(e.date) ?? []), e]);
  return (
    // Named by aria-label, not a visually hidden <caption>: Chrome kept the caption's share of the table's height
    // as an empty band under the weekday header.
    <table
      aria-label={`Reminders in ${title}`}
      className="h-full w-full table-fixed border-collapse border border-slate-300 bg-white text-sm"
    >
      <thead>
        <tr className="h-7">
          {WEEKDAYS.map((day) => (
            <th key={day} scope="col" className="border border-slate-300 font-semibold text-slate-700">
              <abbr title={day} className="no-underline">
                {day.slice(0, 3)}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr key={week.find(Boolean) ?? `${month}-${week.join()}`}>
            {week.map((day, i) => (
              <td
                key={day ?? i}
                aria-current={day === today ? "date" : undefined}
                className={`relative border border-slate-300 align-top ${day === today ? "bg-amber-50" : ""}`}
              >
                {day ? (
                  <div className="absolute inset-0 overflow-y-auto p-1">
                    {day === today ? (
                      <span className="block text-right text-xs">
                        <span className="sr-only">Today, </span>
                        <span className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 font-semibold text-white">
                          {Number(day.slice(8))}
                        </span>
                      </span>
                    ) : (
                      <span className="block text-right text-xs text-slate-600">{Number(day.slice(8))}</span>
                    )}
                    <ul className="space-y-0.5">
                      {(byDay.get(day) ?? []).map((e) => (
                        <li key={e.id}>
                          <Link
                            to={e.href}
                            className={`block truncate rounded px-1 text-xs ${e.kind === "bid" ? BID_CLASS : NOTE_CLASS}`}
                            title={e.title}
                          >
                            {e.title}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
