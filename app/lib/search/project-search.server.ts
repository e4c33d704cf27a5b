import { endpoints } from "../../../contract/endpoints";
import type { User } from "../../../contract/user";
import type { ApiClient } from "../platform/api.server";
import { isFreeTrial } from "../platform/trial";
import {
  redirectToCanonicalSearch,
  type SavedSearchLink,
  savedSearchLink,
  savedSearchText,
} from "./advanced-search.server";
import {
  hasProjectSearch,
  PROJECT_SEARCH_FIELDS,
  type ProjectSearch,
  readProjectSearch,
} from "./project-search";
import { savedSearchesOrNull } from "./saved-searches.server";

/** The choices of the panel (Projects/AdvancedOptions), trimmed to what it renders. */
export type ProjectSearchOptions = {
  isAdmin: boolean;
  bidStages: { id: number; name: string }[];
  states: { abbr: string; name: string }[];
  provinces: { abbr: string; name: string }[];
  materials: { id: number; name: string }[];
  projectTypes: {
    id: number;
    name: string;
    subtypes: { id: number; name: string }[];
    brands: { id: number; name: string }[];
    unitsLabel: string | null;
  }[];
  researchers: { id: number; name: string; active: boolean }[];
};

type ProjectSearchPanelData = {
  open: boolean;
  search: ProjectSearch;
  /** A free-trial member asked for an advanced search: it did not run, the nudge shows instead. */
  blocked: boolean;
  options: ProjectSearchOptions | null;
  counties: { name: string; state: string }[];
  /** With the saved-searches dialog open: each search with the link that loads it (null: unreadable). */
  savedSearches: SavedSearchLink[] | null;
};

/** The canonical URL of a project search (see advanced-search.server.ts). */
export function redirectToCanonicalProjectSearch(url: URL) {
  redirectToCanonicalSearch(url, PROJECT_SEARCH_FIELDS, readProjectSearch, ["bidsDue"]);
}

/**
 * The advanced project search of a /Projects request: what the URL asks for, whether it may run, and (when the
 * panel is open) its choices, the counties of the chosen states and, when that dialog is open, the saved searches.
 */
export async function projectSearchPanel(
  api: ApiClient,
  url: URL,
  search: ProjectSearch,
  user: User | null,
): Promise<ProjectSearchPanelData> {
  const active = hasProjectSearch(search);
  const open = active || url.searchParams.get("panel") === "1";
  const blocked = !searchAllowed(search, user);
  const states = Array.isArray(search.state) ? search.state : [];
  const dialog = url.searchParams.get("dialog");
  const [options, counties, savedSearches] = await Promise.all([
    open ? optionsOrNull(api) : null,
    open && states.length > 0
      ? api
          .call(endpoints.counties, { query: { states } })
          .then((r) => r.data.map(({ name, state }) => ({ name, state })))
          .catch((error) => {
            if (error instanceof Response) throw error;
            return [];
          })
      : [],
    dialog === "saved-searches"
      ? savedSearchesOrNull(api, "project").then(
          (list) =>
            list?.map((s) => savedSearchLink(PROJECT_SEARCH_FIELDS, readProjectSearch, url.pathname, s)) ??
            null,
        )
      : null,
  ]);
  return { open, search, blocked, options, counties, savedSearches };
}

/** A free-trial member may not run the advanced search: the list is then not filtered by it (the nudge shows). */
export function searchAllowed(search: ProjectSearch, user: User | null): boolean {
  return !hasProjectSearch(search) || !isFreeTrial(user);
}

/** The JSON a saved project search keeps: the keyword and the advanced fields, under their URL names. */
export function savedProjectSearchText(query: string | undefined, search: ProjectSearch): string {
  return savedSearchText(PROJECT_SEARCH_FIELDS, query, search);
}

async function optionsOrNull(api: ApiClient): Promise<ProjectSearchOptions | null> {
  try {
    const { data } = await api.call(endpoints.projectSearchOptions);
    return {
      isAdmin: data.isAdmin === true,
      bidStages: data.bidStages ?? [],
      states: data.states.map(({ abbr, name }) => ({ abbr, name })),
      provinces: (data.provinces ?? []).map(({ abbr, name }) => ({ abbr, name })),
      materials: data.materials ?? [],
      projectTypes: data.projectTypes.map((t) => ({
        id: t.id,
        name: t.name,
        subtypes: t.subtypes ?? [],
        brands: t.brands ?? [],
        unitsLabel: t.has_units ? (t.units_label ?? "Units") : null,
      })),
      researchers: (data.researchers ?? []).flatMap((r) => {
        const row = r as { id?: unknown; researcher_name?: unknown; active?: unknown };
        return typeof row.id === "number" && typeof row.researcher_name === "string"
          ? [{ id: row.id, name: row.researcher_name, active: row.active !== false && row.active !== 0 }]
          : [];
      }),
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn("[project-search] the search options could not be read");
    return null;
  }
}
