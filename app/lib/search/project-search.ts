/**
 * The advanced project search as URL state (see advanced-search.ts for the rules every list's search follows):
 * `sector=Public&projectType=3&projectType=5&state=TX&county=Travis`.
 */

import { BIDS_DUE_DAYS } from "../../../contract/constants";
import {
  type AdvancedSearch,
  day,
  type FieldSpecs,
  hasSearch,
  id,
  number,
  oneOf,
  readableFromOldAdvanced,
  readSearch,
  searchEntries,
  searchLinkParams,
  searchToApi,
  stateAbbr,
  text,
} from "./advanced-search";

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
/** The "Bids due" choices of the simple and the advanced search (`bidsDue`, days from today). */
export const BIDS_DUE_CHOICES = [
  { value: "", label: "Any time" },
  ...BIDS_DUE_DAYS.map((days) => ({ value: days, label: `Next ${days} days` })),
];
/** The extra subtype option meaning every subtype of the chosen types. */
export const ALL_SUBTYPES = "_all";

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
  state: { kind: "many", accept: stateAbbr },
  county: { kind: "many", accept: text },
  enterStartDate: { kind: "one", accept: day },
  enterEndDate: { kind: "one", accept: day },
  bidsDue: { kind: "one", accept: oneOf(BIDS_DUE_DAYS) },
  is_demolition: { kind: "one", accept: oneOf(["Yes", "No"], true) },
  showInactive: { kind: "flag" },
  gc_selected: { kind: "flag" },
} satisfies FieldSpecs;

export type ProjectSearch = AdvancedSearch<typeof PROJECT_SEARCH_FIELDS>;

/** Reads the advanced fields from search parameters (or a form); anything malformed is left out. */
export function readProjectSearch(params: URLSearchParams): ProjectSearch {
  const search = readSearch(PROJECT_SEARCH_FIELDS, params);
  // The operator only means something with a value band; '=' is its default.
  if (!search.value || search.operator === "=") delete search.operator;
  return search;
}

/** Whether any advanced field is set (the panel then opens by itself and shows its reset control). */
export const hasProjectSearch = (search: ProjectSearch) => hasSearch(search);
export const projectSearchEntries = (search: ProjectSearch) => searchEntries(PROJECT_SEARCH_FIELDS, search);
export const projectSearchParams = (search: ProjectSearch) => searchLinkParams(search);
export const projectSearchToApi = (search: ProjectSearch) => searchToApi(PROJECT_SEARCH_FIELDS, search);
export function readableFromOldProjectAdvanced(json: string): URLSearchParams | null {
  const params = readableFromOldAdvanced(PROJECT_SEARCH_FIELDS, json);
  return params && new URLSearchParams(projectSearchEntries(readProjectSearch(params)));
}
