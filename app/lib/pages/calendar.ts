/**
 * The calendar's month arithmetic and texts, shared by the server-rendered month table and the FullCalendar grid
 * (browser-safe: no server imports). Months are "YYYY-MM", days "YYYY-MM-DD", all in UTC like the API's dates.
 */
import { DEFAULT_MAIL_TIME_ZONE } from "../../../contract/constants";

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The month of a day ("2026-12-03" → "2026-12"). */
export const monthOf = (isoDay: string) => isoDay.slice(0, 7);

/** The `?month=` value when it is a month between the years 1900 and 2999, otherwise `fallback`. */
export function monthParam(value: string | null | undefined, fallback: string): string {
  if (!value || !MONTH.test(value)) return fallback;
  const year = Number(value.slice(0, 4));
  return year >= 1900 && year <= 2999 ? value : fallback;
}

/** The month `delta` months after `month`. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** "December 2026". */
export function monthTitle(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

/**
 * The weeks (Sunday first) of a month's grid: each day is its "YYYY-MM-DD" when it belongs to the month, null for
 * the days of the months around it.
 */
export function monthWeeks(month: string): (string | null)[][] {
  const [y, m] = month.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1, 1));
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = first.getUTCDay();
  const weeks: (string | null)[][] = [];
  // Only the weeks that hold a day of the month (four to six): no empty row above or below.
  for (let w = 0; w * 7 - lead < days; w++) {
    const week: (string | null)[] = [];
    for (let d = 0; d < 7; d++) {
      const day = w * 7 + d - lead + 1;
      week.push(day >= 1 && day <= days ? `${month}-${String(day).padStart(2, "0")}` : null);
    }
    weeks.push(week);
  }
  return weeks;
}

/** Today (YYYY-MM-DD) where the member is: their time zone, or the service's default one. */
export function todayIn(timeZone: string | null | undefined, now = new Date()): string {
  const day = (zone: string) =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(now);
  try {
    return day(timeZone || DEFAULT_MAIL_TIME_ZONE);
  } catch {
    return day(DEFAULT_MAIL_TIME_ZONE);
  }
}

/**
 * A day's entry on the calendar, linking to its project: a note reminder, titled by the project id and title, or
 * a saved project's bid date, titled "Bid date: " and the same (issue 45). `id` is unique among both kinds.
 */
export type CalendarEvent = { id: string; kind: "note" | "bid"; date: string; title: string; href: string };

export const reminderTitle = (project: { id: number; title: string }) => `${project.id} ${project.title}`;
export const bidTitle = (project: { id: number; title: string }) => `Bid date: ${reminderTitle(project)}`;
