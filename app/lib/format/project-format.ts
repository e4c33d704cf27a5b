/** Display rules of the project screens: values in millions, construction type, units, quarter notes. */

/**
 * A number as `Intl.NumberFormat("en-US", { maximumFractionDigits })` writes it (thousands commas, at most
 * `maxFraction` decimals, no trailing zeros), without building a formatter: building the first one loads the
 * browser's number-formatting data, a noticeable part of a list page's first load on a slow CPU (measured with
 * bench/profile-client.ts, decision 136), for what is only commas and a decimal point here.
 */
export function formatEnUs(value: number, maxFraction: number): string {
  const [whole, fraction] = roundedDigits(Math.abs(value), maxFraction);
  const decimals = fraction.replace(/0+$/, "");
  const sign = value < 0 && (/[1-9]/.test(whole) || decimals !== "") ? "-" : "";
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ",")}${decimals ? `.${decimals}` : ""}`;
}

/**
 * A non-negative number's whole and fraction digits, rounded half away from zero to `maxFraction` decimals as
 * Intl does: from the shortest decimal that reads back as the number (String), not from its binary value as
 * toFixed does (424254050162.5685 is 424254050162.56848… in binary: toFixed(3) writes .568, Intl .569).
 */
function roundedDigits(value: number, maxFraction: number): [string, string] {
  const shortest = String(value);
  // Exponent notation (below 1e-6, from 1e21): no digits to round by hand.
  if (shortest.includes("e")) {
    const [whole = "0", fraction = ""] = value.toFixed(maxFraction).split(".");
    return [whole, fraction];
  }
  const [whole = "0", fraction = ""] = shortest.split(".");
  if (fraction.length <= maxFraction) return [whole, fraction];
  const kept = `${whole}${fraction.slice(0, maxFraction)}`;
  const digits = fraction[maxFraction] >= "5" ? increment(kept) : kept;
  const wholeLength = digits.length - maxFraction;
  return [digits.slice(0, wholeLength), digits.slice(wholeLength)];
}

/** A string of decimal digits plus one ("199" → "200", "99" → "100"). */
function increment(digits: string): string {
  let carry = 1;
  let out = "";
  for (let i = digits.length - 1; i >= 0; i--) {
    const sum = Number(digits[i]) + carry;
    carry = sum === 10 ? 1 : 0;
    out = `${sum % 10}${out}`;
  }
  return carry ? `1${out}` : out;
}

/** Estimated value in millions with the M suffix: 12.5 → "$12.5M"; null → "". */
export function formatMillions(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "";
  const rounded = Math.round(value * 100) / 100;
  return `$${formatEnUs(rounded, 2)}M`;
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
  const fmt = (n: number) => formatEnUs(n, 3);
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
