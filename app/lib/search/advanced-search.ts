/**
 * An advanced search as URL state, for every list (projects, contacts, companies). Every field is a short,
 * readable search parameter with the API's own name, repeated for multi-selects (`state=TX&state=CA`), so the
 * URL is the search: reload, back, bookmark and a shared link show the same fields and results. The loader turns
 * it into the API's `advanced` JSON; old links that carry that JSON in the URL are answered with a redirect to
 * the readable form (`readableFromOldAdvanced`). Browser-safe: the panels use it too.
 */
import { isIsoDay } from "../format/date-input";

const TEXT_MAX = 100;
const MANY_MAX = 100;

type Accept = (value: string) => string | null;
type FieldSpec = { kind: "one"; accept: Accept } | { kind: "many"; accept: Accept } | { kind: "flag" };
export type FieldSpecs = Record<string, FieldSpec>;

/** A search as read from a URL: single fields as text, multi-selects as lists, flags as true. */
export type AdvancedSearch<F extends FieldSpecs = FieldSpecs> = Partial<
  Record<keyof F & string, string | string[] | true>
>;

export const text: Accept = (v) => {
  const t = v.trim().slice(0, TEXT_MAX);
  return t === "" ? null : t;
};
export const id: Accept = (v) => (/^\d{1,9}$/.test(v.trim()) ? v.trim() : null);
export const number: Accept = (v) => (/^\d{1,9}(\.\d{1,3})?$/.test(v.trim()) ? v.trim() : null);
export const day: Accept = (v) => (isIsoDay(v.trim()) ? v.trim() : null);
export const stateAbbr: Accept = (v) => (/^[A-Za-z]{2}$/.test(v.trim()) ? v.trim().toUpperCase() : null);
export const oneOf =
  (allowed: readonly string[], fold = false): Accept =>
  (v) => {
    const t = v.trim();
    return allowed.find((a) => (fold ? a.toLowerCase() === t.toLowerCase() : a === t)) ?? null;
  };

/** Reads the fields from search parameters (or a form); anything empty or malformed is left out. */
export function readSearch<F extends FieldSpecs>(fields: F, params: URLSearchParams): AdvancedSearch<F> {
  const search: Record<string, string | string[] | true> = {};
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.kind === "flag") {
      const v = params.get(name);
      if (v !== null && v !== "" && v !== "0" && v !== "false") search[name] = true;
    } else if (spec.kind === "one") {
      const v = params.get(name);
      const accepted = v === null ? null : spec.accept(v);
      if (accepted !== null) search[name] = accepted;
    } else {
      const values = params.getAll(name).slice(0, MANY_MAX).map(spec.accept);
      const kept = [...new Set(values.filter((v): v is string => v !== null))];
      if (kept.length > 0) search[name] = kept;
    }
  }
  return search as AdvancedSearch<F>;
}

export function hasSearch(search: AdvancedSearch): boolean {
  return Object.keys(search).length > 0;
}

/** The fields as URL entries in the fields' order, repeated for multi-selects: the readable form of a search. */
export function searchEntries(fields: FieldSpecs, search: AdvancedSearch): [string, string][] {
  const entries: [string, string][] = [];
  for (const name of Object.keys(fields)) {
    const value = search[name];
    if (value === undefined) continue;
    if (value === true) entries.push([name, "1"]);
    else if (Array.isArray(value)) for (const v of value) entries.push([name, v]);
    else entries.push([name, value]);
  }
  return entries;
}

/** The same, as the extra parameters a list's links (sort, pages, folders) carry along. */
export function searchLinkParams(search: AdvancedSearch): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(search)) {
    if (value !== undefined) params[name] = value === true ? "1" : value;
  }
  return params;
}

/** The API's `advanced` JSON of a search (undefined when nothing is set). */
export function searchToApi(fields: FieldSpecs, search: AdvancedSearch): string | undefined {
  if (!hasSearch(search)) return undefined;
  const body: Record<string, unknown> = {};
  for (const name of Object.keys(fields)) if (search[name] !== undefined) body[name] = search[name];
  return JSON.stringify(body);
}

/**
 * An old client's `advanced` parameter (URL-encoded JSON: `{"state":["TX"],"projectType":[3],"sector":"Public"}`,
 * with numbers, single values where lists are expected, or `{id, name}` objects) as readable search parameters.
 * Unknown keys are dropped; null when it is not a JSON object.
 */
export function readableFromOldAdvanced(fields: FieldSpecs, json: string): URLSearchParams | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const scalar = (v: unknown): string | null => {
    if (typeof v === "string") return v;
    if (typeof v === "number" && Number.isFinite(v)) return String(v);
    if (typeof v === "boolean") return v ? "1" : null;
    if (typeof v === "object" && v !== null) {
      const o = v as Record<string, unknown>;
      return scalar(o.id ?? o.value ?? o.abbr ?? o.name ?? null);
    }
    return null;
  };
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    if (!(key in fields)) continue;
    for (const item of Array.isArray(raw) ? raw : [raw]) {
      const v = scalar(item);
      if (v !== null && v !== "") params.append(key, v);
    }
  }
  return new URLSearchParams(searchEntries(fields, readSearch(fields, params)));
}

/** The advanced contact search: the directory's fields. */
export const CONTACT_SEARCH_FIELDS = {
  firstName: { kind: "one", accept: text },
  lastName: { kind: "one", accept: text },
  title: { kind: "one", accept: text },
  company: { kind: "one", accept: text },
  companyType: { kind: "many", accept: id },
  city: { kind: "one", accept: text },
  state: { kind: "many", accept: stateAbbr },
  email: { kind: "one", accept: text },
  phone: { kind: "one", accept: text },
} satisfies FieldSpecs;

/** The advanced company search. */
export const COMPANY_SEARCH_FIELDS = {
  name: { kind: "one", accept: text },
  companyType: { kind: "many", accept: id },
  state: { kind: "many", accept: stateAbbr },
  zip: { kind: "one", accept: text },
  address1: { kind: "one", accept: text },
  address2: { kind: "one", accept: text },
  city: { kind: "one", accept: text },
} satisfies FieldSpecs;
