import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { ClientOnly } from "remix-utils/client-only";
import { type CalendarEvent, monthWeeks, WEEKDAYS } from "~/lib/calendar";

const FullMonth = lazy(() => import("./month-calendar.client"));

/**
 * The month's reminders: the FullCalendar grid once its script has arrived, and until then (or without
 * JavaScript) the same month as a table rendered on the server. Both fill the same box of aspect ratio 2 (its
 * minimum width scrolls on a phone), so the page does not move when the grid replaces the table.
 */
export function MonthCalendar({
  month,
  title,
  events,
}: {
  month: string;
  title: string;
  events: readonly CalendarEvent[];
}) {
  const table = <MonthTable month={month} title={title} events={events} />;
  return (
    <div className="overflow-x-auto">
      <div className="month-calendar relative aspect-[2/1] min-w-[40rem]" data-month={month}>
        <ClientOnly fallback={table}>
          {() => (
            <Suspense fallback={table}>
              <FullMonth month={month} events={events} />
            </Suspense>
          )}
        </ClientOnly>
      </div>
    </div>
  );
}

/** The server's month: a table of six weeks, each day with its reminders as links to their projects. */
function MonthTable({
  month,
  title,
  events,
}: {
  month: string;
  title: string;
  events: readonly CalendarEvent[];
}) {
  const byDay = new Map<string, CalendarEvent[]>();
  for (const e of events) byDay.set(e.date, [...(byDay.get(e.date) ?? []), e]);
  return (
    <table className="h-full w-full table-fixed border-collapse border border-slate-300 bg-white text-sm">
      <caption className="sr-only">Reminders in {title}</caption>
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
              <td key={day ?? i} className="relative border border-slate-300 align-top">
                {day ? (
                  <div className="absolute inset-0 overflow-y-auto p-1">
                    <span className="block text-right text-xs text-slate-600">{Number(day.slice(8))}</span>
                    <ul className="space-y-0.5">
                      {(byDay.get(day) ?? []).map((e) => (
                        <li key={e.id}>
                          <Link
                            to={e.href}
                            className="block truncate rounded bg-brand-700 px-1 text-xs text-white hover:bg-brand-800"
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
