/** Display rules of the project screens: values in millions, construction type, units, quarter notes. */

/** Estimated value in millions with the M suffix: 12.5 → "$12.5M"; null → "". */
// Formatters are built once: toLocaleString with options builds a new one on every call (a table row each).
const millionsFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const integerFormat = new Intl.NumberFormat("en-US");

export function formatMillions(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "";
  const rounded = Math.round(value * 100) / 100;
  return `$${millionsFormat.format(rounded)}M`;
}

const QUARTER_CODES = ["q1", "q2", "q3", "q4", "q1q2", "q2q3", "q3q4", "q4q1"];

/** "q1q2-2027" → "Q1Q2, 2027"; anything else is shown as it is. */
export function formatQuarterNote(note: string | null | undefined): string {
  if (!note) return "";
  const match = /^\s*([a-z0-9]+)\s*-\s*(\d{4})\s*$/i.exec(note);
  if (!match || !QUARTER_CODES.includes(match[1].toLowerCase())) return note;
  return `${match[1].toUpperCase()}, ${match[2]}`;
}

/** The units line: label from the first type's units_label (default 'Units'), only when a bound exists. */
export function unitsLine(
  types: readonly { units_label: string | null }[],
  minUnit: number | null,
  maxUnit: number | null,
): { label: string; value: string } | null {
  if (minUnit === null && maxUnit === null) return null;
  const label = types[0]?.units_label || "Units";
  const fmt = (n: number) => integerFormat.format(n);
  let value: string;
  if (minUnit !== null && maxUnit !== null)
    value = minUnit === maxUnit ? fmt(minUnit) : `${fmt(minUnit)} - ${fmt(maxUnit)}`;
  else value = fmt((minUnit ?? maxUnit) as number);
  return { label, value };
}

/** Negotiated work: the value 'Bidding' is displayed as No. */
export function formatNegotiatedWork(value: string | null | undefined): string {
  if (!value) return "";
  return value.trim().toLowerCase() === "bidding" ? "No" : value;
}

/** Construction type plus ' with addition' when the renovation includes an addition. */
export function formatConstructionType(type: string | null | undefined, includesAddition: boolean): string {
  if (!type) return "";
  return includesAddition ? `${type} with addition` : type;
}
