import { redirect } from "react-router";
import { endpoints } from "../../../contract/endpoints";
import type { SavedSearch } from "../../../contract/searches";
import type { ApiClient } from "../platform/api.server";
import {
  type AdvancedSearch,
  COMPANY_SEARCH_FIELDS,
  CONTACT_SEARCH_FIELDS,
  type FieldSpecs,
  hasSearch,
  readableFromOldAdvanced,
  readSearch,
  searchEntries,
} from "./advanced-search";
import { type SavedSearchKind, savedSearchesOrNull } from "./saved-searches.server";

type Reader = (params: URLSearchParams) => AdvancedSearch;

/**
 * The canonical URL of a search, answered with a redirect when the request's differs: an old client's link that
 * carries the search as URL-encoded JSON (`advanced=`) lands on the same search in readable parameters, and a
 * form sent without JavaScript (every field, empty ones included) on the short URL of the fields it set. The
 * list's own parameters (keyword, sort, page size) are kept.
 */
export function redirectToCanonicalSearch(
  url: URL,
  fields: FieldSpecs,
  read: Reader,
  /**
   * Fields the list's search box sends with every keyword search (the projects' "Bids due"): empty, they read as
   * no field without a redirect, which would cost a slow connection a round trip on every search.
   */
  searchBoxFields: readonly string[] = [],
) {
  const old = url.searchParams.get("advanced");
  const source =
    old === null ? url.searchParams : (readableFromOldAdvanced(fields, old) ?? new URLSearchParams());
  const readable = new URLSearchParams(searchEntries(fields, read(source)));
  const names = Object.keys(fields);
  const same =
    old === null &&
    names.every(
      (name) =>
        JSON.stringify(
          url.searchParams.getAll(name).filter((v) => v !== "" || !searchBoxFields.includes(name)),
        ) === JSON.stringify(readable.getAll(name)),
    );
  if (same) return;
  const next = new URLSearchParams(url.searchParams);
  next.delete("advanced");
  for (const name of names) next.delete(name);
  for (const [name, value] of readable) next.append(name, value);
  if (readable.size > 0) next.set("panel", "1");
  throw redirect(`${url.pathname}?${next}`, old === null ? 302 : 301);
}

/** The JSON a saved search keeps: the keyword and the advanced fields, under their URL names. */
export function savedSearchText(
  fields: FieldSpecs,
  query: string | undefined,
  search: AdvancedSearch,
): string {
  const body: Record<string, string | string[] | true> = {};
  if (query) body.query = query;
  for (const name of Object.keys(fields)) if (search[name] !== undefined) body[name] = search[name];
  return JSON.stringify(body);
}

/** Loading a saved search: a link to its fields in the URL, the panel open, page 1. */
export function savedSearchLink(fields: FieldSpecs, read: Reader, pathname: string, saved: SavedSearch) {
  const params = readableFromOldAdvanced(fields, saved.search) ?? new URLSearchParams();
  let query: unknown;
  try {
    query = (JSON.parse(saved.search) as { query?: unknown }).query;
  } catch {
    query = undefined;
  }
  const href = new URLSearchParams({ page: "1", panel: "1" });
  if (typeof query === "string" && query.trim()) href.set("query", query.trim().slice(0, 200));
  for (const [name, value] of searchEntries(fields, read(params))) href.append(name, value);
  return { id: saved.id, name: saved.name, href: `${pathname}?${href}`, mail: saved.mail_frequency ?? "off" };
}

export type SavedSearchLink = ReturnType<typeof savedSearchLink>;

/** The choices of a contact or company search panel: company types and states (then provinces). */
type SimpleSearchOptions = {
  companyTypes: { id: number; name: string }[];
  states: { abbr: string; name: string }[];
  provinces: { abbr: string; name: string }[];
};

export type SimpleSearchPanelData = {
  open: boolean;
  search: AdvancedSearch;
  options: SimpleSearchOptions | null;
  savedSearches: SavedSearchLink[] | null;
};

const SIMPLE = {
  contact: { fields: CONTACT_SEARCH_FIELDS, options: endpoints.contactSearchOptions },
  company: { fields: COMPANY_SEARCH_FIELDS, options: endpoints.companySearchOptions },
} as const;

export const simpleSearchFields = (kind: Exclude<SavedSearchKind, "project">): FieldSpecs =>
  SIMPLE[kind].fields;

/** The contact or company search of a list request: its fields, and (panel open) its choices and saved searches. */
export async function simpleSearchPanel(
  api: ApiClient,
  url: URL,
  kind: Exclude<SavedSearchKind, "project">,
): Promise<SimpleSearchPanelData> {
  const { fields } = SIMPLE[kind];
  const read: Reader = (params) => readSearch(fields, params);
  redirectToCanonicalSearch(url, fields, read);
  const search = read(url.searchParams);
  const open = hasSearch(search) || url.searchParams.get("panel") === "1";
  const [options, savedSearches] = await Promise.all([
    open ? simpleOptionsOrNull(api, kind) : null,
    url.searchParams.get("dialog") === "saved-searches"
      ? savedSearchesOrNull(api, kind).then(
          (list) => list?.map((s) => savedSearchLink(fields, read, url.pathname, s)) ?? null,
        )
      : null,
  ]);
  return { open, search, options, savedSearches };
}

async function simpleOptionsOrNull(
  api: ApiClient,
  kind: Exclude<SavedSearchKind, "project">,
): Promise<SimpleSearchOptions | null> {
  try {
    const { data } = await api.call(SIMPLE[kind].options);
    const d = data as {
      companyTypes?: { id: number; name: string }[];
      states?: { abbr: string; name: string }[];
      provinces?: { abbr: string; name: string }[];
    };
    return {
      companyTypes: (d.companyTypes ?? []).map(({ id, name }) => ({ id, name })),
      states: (d.states ?? []).map(({ abbr, name }) => ({ abbr, name })),
      provinces: (d.provinces ?? []).map(({ abbr, name }) => ({ abbr, name })),
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn(`[${kind}-search] the search options could not be read`);
    return null;
  }
}
