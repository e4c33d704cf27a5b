/**
 * The advanced project search as URL state. Every field is a short, readable search parameter with the API's
 * own name (`sector=Public&projectType=3&projectType=5&state=TX&county=Travis`), repeated for multi-selects, so
 * that the URL is the search: reload, back, bookmark and a shared link all show the same fields and results.
 * The loader turns it into the API's `advanced` JSON; old links that carry that JSON in the URL are answered
 * with a redirect to the readable form (see `readableFromOldAdvanced`). Browser-safe: the panel uses it too.
 */
import { isIsoDay } from "./date-input";

export const SECTORS = ["Private", "Public"] as const;
export const CONSTRUCTION_TYPES = ["New", "Renovation", "Addition"] as const;
export const VALUE_OPERATORS = ["<", "=", ">"] as const;
export const VALUE_BANDS = [
  { code: "under_one_million", label: "Under $1M" },
  { code: "1_5_million", label: "$1M – $5M" },
  { code: "5_25_million", label: "$5M – $25M" },
  { code: "25_100_million", label: "$25M – $100M" },
  { code: "over_100_million", label: "Over $100M" },
] as const;
/** The extra subtype option meaning every subtype of the chosen types. */
export const ALL_SUBTYPES = "_all";

const ID = /^\d{1,9}$/;
const TEXT_MAX = 100;
const MANY_MAX = 100;

type OneField = { kind: "one"; accept: (value: string) => string | null };
type ManyField = { kind: "many"; accept: (value: string) => string | null };
type FlagField = { kind: "flag" };
type FieldSpec = OneField | ManyField | FlagField;

const text = (v: string) => {
  const t = v.trim().slice(0, TEXT_MAX);
  return t === "" ? null : t;
};
const id = (v: string) => (ID.test(v.trim()) ? v.trim() : null);
const number = (v: string) => (/^\d{1,9}(\.\d{1,3})?$/.test(v.trim()) ? v.trim() : null);
const date = (v: string) => (isIsoDay(v.trim()) ? v.trim() : null);
const oneOf =
  (allowed: readonly string[], fold = false) =>
  (v: string) => {
    const t = v.trim();
    return allowed.find((a) => (fold ? a.toLowerCase() === t.toLowerCase() : a === t)) ?? null;
  };

/** The fields of the advanced project search, in the panel's order, with what each accepts. */
export const PROJECT_SEARCH_FIELDS = {
  sector: { kind: "one", accept: oneOf(SECTORS, true) },
  bidStage: { kind: "many", accept: id },
  company: { kind: "one", accept: text },
  constructionType: { kind: "many", accept: oneOf(CONSTRUCTION_TYPES, true) },
  projectType: { kind: "many", accept: id },
  projectSubtype: { kind: "many", accept: (v) => (v.trim() === ALL_SUBTYPES ? ALL_SUBTYPES : id(v)) },
  projectBrand: { kind: "many", accept: id },
  min_unit: { kind: "one", accept: number },
  max_unit: { kind: "one", accept: number },
  operator: { kind: "one", accept: oneOf(VALUE_OPERATORS) },
  value: { kind: "many", accept: oneOf(VALUE_BANDS.map((b) => b.code)) },
  projectId: { kind: "one", accept: id },
  materials: { kind: "many", accept: id },
  researcher: { kind: "many", accept: id },
  city: { kind: "one", accept: text },
  state: { kind: "many", accept: (v) => (/^[A-Za-z]{2}$/.test(v.trim()) ? v.trim().toUpperCase() : null) },
  county: { kind: "many", accept: text },
  enterStartDate: { kind: "one", accept: date },
  enterEndDate: { kind: "one", accept: date },
  is_demolition: { kind: "one", accept: oneOf(["Yes", "No"], true) },
  showInactive: { kind: "flag" },
  gc_selected: { kind: "flag" },
} satisfies Record<string, FieldSpec>;

export type ProjectSearchField = keyof typeof PROJECT_SEARCH_FIELDS;
/** The advanced search as read from a URL: single fields as text, multi-selects as lists, flags as true. */
export type ProjectSearch = Partial<Record<ProjectSearchField, string | string[] | true>>;

const FIELD_NAMES = Object.keys(PROJECT_SEARCH_FIELDS) as ProjectSearchField[];

/** Reads the advanced fields from search parameters (or a form); anything malformed is left out. */
export function readProjectSearch(params: URLSearchParams): ProjectSearch {
  const search: ProjectSearch = {};
  for (const name of FIELD_NAMES) {
    const spec: FieldSpec = PROJECT_SEARCH_FIELDS[name];
    if (spec.kind === "flag") {
      const v = params.get(name);
      if (v !== null && v !== "" && v !== "0" && v !== "false") search[name] = true;
    } else if (spec.kind === "one") {
      const v = params.get(name);
      const accepted = v === null ? null : spec.accept(v);
      if (accepted !== null) search[name] = accepted;
    } else {
      const values = [
        ...new Set(
          params
            .getAll(name)
            .slice(0, MANY_MAX)
            .map(spec.accept)
            .filter((v): v is string => v !== null),
        ),
      ];
      if (values.length > 0) search[name] = values;
    }
  }
  // The operator only means something with a value band; '=' is its default.
  if (!search.value || search.operator === "=") delete search.operator;
  return search;
}

/** Whether any advanced field is set (the panel then opens by itself and shows its reset control). */
export function hasProjectSearch(search: ProjectSearch): boolean {
  return Object.keys(search).length > 0;
}

/** The fields as URL entries, repeated for multi-selects: the readable form of a search. */
export function projectSearchEntries(search: ProjectSearch): [string, string][] {
  const entries: [string, string][] = [];
  for (const name of FIELD_NAMES) {
    const value = search[name];
    if (value === undefined) continue;
    if (value === true) entries.push([name, "1"]);
    else if (Array.isArray(value)) for (const v of value) entries.push([name, v]);
    else entries.push([name, value]);
  }
  return entries;
}

/** The same, as the extra parameters the list's links (sort, pages, folders) carry along. */
export function projectSearchParams(search: ProjectSearch): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const [name, value] of projectSearchEntries(search)) {
    const previous = params[name];
    if (previous === undefined)
      params[name] = PROJECT_SEARCH_FIELDS[name as ProjectSearchField].kind === "many" ? [value] : value;
    else if (Array.isArray(previous)) previous.push(value);
  }
  return params;
}

/** The API's `advanced` JSON of a search (undefined when nothing is set). */
export function projectSearchToApi(search: ProjectSearch): string | undefined {
  if (!hasProjectSearch(search)) return undefined;
  const body: Record<string, unknown> = {};
  for (const name of FIELD_NAMES) {
    const value = search[name];
    if (value !== undefined) body[name] = value;
  }
  return JSON.stringify(body);
}

/**
 * An old client's `advanced` parameter (URL-encoded JSON: `{"state":["TX"],"projectType":[3],"sector":"Public"}`,
 * with numbers, single values where lists are expected, or `{id, name}` objects) as readable search parameters.
 * Unknown keys are dropped; null when it is not a JSON object.
 */
export function readableFromOldAdvanced(json: string): URLSearchParams | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const params = new URLSearchParams();
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
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    if (!(key in PROJECT_SEARCH_FIELDS)) continue;
    const list = Array.isArray(raw) ? raw : [raw];
    for (const item of list) {
      const v = scalar(item);
      if (v !== null && v !== "") params.append(key, v);
    }
  }
  return new URLSearchParams(projectSearchEntries(readProjectSearch(params)));
}
