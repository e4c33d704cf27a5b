/**
 * Counted words, through the language's plural rules (Intl.PluralRules, en-US): "1 project", "2 projects",
 * "0 projects". Every count sentence of the app and the API's messages goes through here, so none says
 * "1 projects" (issue 43). Plain functions without zod: browser code imports them.
 */
const rules = new Intl.PluralRules("en-US");
const numbers = new Intl.NumberFormat("en-US");

/** The form of a word for `n`: `one` for 1, `other` otherwise ("project" / "projects"). */
export function pluralWord(n: number, one: string, other = `${one}s`): string {
  return rules.select(n) === "one" ? one : other;
}

/** A count with its word: "1 project", "19,433 projects", "2 Vertical Markets". */
export function countOf(n: number, one: string, other = `${one}s`): string {
  return `${numbers.format(n)} ${pluralWord(n, one, other)}`;
}

/** A number as people read it: "19,433". */
export const formatCount = (n: number) => numbers.format(n);
