/**
 * Date display: MM/DD/YY in lists, MM/DD/YYYY on detail pages, MM/DD/YYYY hh:mm A for updates.
 * Date-only values ("2027-03-01") are calendar dates: they are never shifted by a time zone.
 * Date-times are shown in the app's display time zone (UTC by default, the API's clock).
 */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(value: string | null | undefined) {
  if (!value) return null;
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) return { y: dateOnly[1], m: dateOnly[2], d: dateOnly[3], hours: 0, minutes: 0 };
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    y: String(date.getUTCFullYear()),
    m: pad(date.getUTCMonth() + 1),
    d: pad(date.getUTCDate()),
    hours: date.getUTCHours(),
    minutes: date.getUTCMinutes(),
  };
}

/** MM/DD/YYYY, or "" for no date. */
export function formatDate(value: string | null | undefined): string {
  const p = parts(value);
  return p ? `${p.m}/${p.d}/${p.y}` : "";
}

/** MM/DD/YY (lists), or "". */
export function formatShortDate(value: string | null | undefined): string {
  const p = parts(value);
  return p ? `${p.m}/${p.d}/${p.y.slice(2)}` : "";
}

/** MM/DD/YYYY hh:mm A (updates), or "". */
export function formatDateTime(value: string | null | undefined): string {
  const p = parts(value);
  if (!p) return "";
  const suffix = p.hours < 12 ? "AM" : "PM";
  const h12 = p.hours % 12 === 0 ? 12 : p.hours % 12;
  return `${p.m}/${p.d}/${p.y} ${String(h12).padStart(2, "0")}:${String(p.minutes).padStart(2, "0")} ${suffix}`;
}

/** YYYY-MM-DD of a Date in UTC (what date pickers and the API exchange). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
