/**
 * Finding a company's likely duplicates (decision 020): another company is a duplicate when its name says the
 * same once case, punctuation, "&"/"and" and a trailing legal form (Inc., LLC, Co., Corp., Ltd. …) are set aside,
 * or when both have a website on the same domain (scheme, "www." and path set aside).
 */

const LEGAL_FORMS = new Set([
  "inc",
  "incorporated",
  "llc",
  "llp",
  "lp",
  "ltd",
  "limited",
  "co",
  "corp",
  "corporation",
  "company",
  "pc",
  "pllc",
  "pa",
  "plc",
]);

/** The name as compared: lower case, words only, "&" as "and", trailing legal forms dropped. */
export function nameKey(name: string): string {
  const words = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  while (words.length > 1 && LEGAL_FORMS.has(words[words.length - 1])) words.pop();
  return words.join(" ");
}

/** The website's domain ("https://www.x.com/about" → "x.com"), or null when there is none. */
export function domainKey(url: string | null): string | null {
  if (!url) return null;
  const host = url
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .replace(/[/?#].*$/, "")
    .replace(/:\d+$/, "")
    .replace(/^www\d*\./, "");
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : null;
}

/** The ids among `others` that look like duplicates of `company`. */
export function duplicateIds(
  company: { id: number; name: string; url: string | null },
  others: Iterable<{ id: number; name: string; url: string | null }>,
): number[] {
  const name = nameKey(company.name);
  const domain = domainKey(company.url);
  const out: number[] = [];
  for (const o of others) {
    if (o.id === company.id) continue;
    if ((name !== "" && nameKey(o.name) === name) || (domain !== null && domainKey(o.url) === domain))
      out.push(o.id);
  }
  return out;
}
