/**
 * The reminder date field: shown as MM/DD/YYYY, sent as YYYY-MM-DD. Only real calendar dates are
 * accepted. Conversions to and from Date use the local calendar day (what the member clicked in the
 * picker), never a UTC shift.
 */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DAY = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/;

function validDay(y: number, m: number, d: number) {
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return false;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= daysInMonth;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "2027-03-01" is a real date. */
export function isIsoDay(value: string | null | undefined): value is string {
  const m = ISO_DAY.exec(value ?? "");
  return Boolean(m && validDay(Number(m[1]), Number(m[2]), Number(m[3])));
}

/** "3/1/2027" or "03/01/2027" → "2027-03-01"; null for anything that is not a real date. */
export function usToIsoDay(value: string | null | undefined): string | null {
  const m = US_DAY.exec(value ?? "");
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return validDay(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : null;
}

/** "2027-03-01" → "03/01/2027"; "" for no or a bad date. */
export function isoDayToUs(value: string | null | undefined): string {
  if (!isIsoDay(value)) return "";
  const [y, m, d] = value.split("-");
  return `${m}/${d}/${y}`;
}

/** The local calendar day of a Date (what a picker returns) as YYYY-MM-DD. */
export function localDateToIsoDay(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** YYYY-MM-DD → a local Date at noon of that day (noon keeps it clear of DST edges), or undefined. */
export function isoDayToLocalDate(value: string | null | undefined): Date | undefined {
  if (!isIsoDay(value)) return undefined;
  const [y, m, d] = value.split("-").map(Number);
  return new Date(y, m - 1, d, 12);
}
