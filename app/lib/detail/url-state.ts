/**
 * What a detail screen's URL says, shared by every detail screen: the entity id of the route, the open dialog
 * (`?dialog=note&noteId=…`, so a dialog leading to a mutation also opens without JavaScript), the tab, the
 * print view, the list the member came from (carried so the breadcrumb leads back to it), and which changes
 * of the URL need no new data. Every bad value falls back to its default instead of an error page.
 */
import { type ExtraParams, type ListParams, listSearch, readListParams } from "../search/list-params";
import type { NoteDialogState } from "./types";

/** A positive integer of at most nine digits, else null. */
export function positiveInt(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** A route id that is not a positive integer is an entity that cannot exist. */
export function parseEntityId(value: string | null | undefined): number | null {
  return positiveInt(value?.trim());
}

/** A query string ("?a=1&b=2", or "" when empty) from `search` with some params changed ("", null or undefined removes one). */
export function withSearchParams(
  search: string,
  changes: Record<string, string | number | null | undefined>,
): string {
  const sp = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") sp.delete(key);
    else sp.set(key, String(value));
  }
  const s = sp.toString();
  return s ? `?${s}` : "";
}

/** The note dialog in the URL: `dialog=note` (with `noteId` to edit one) or `dialog=delete-note&noteId=…`. */
export function readNoteDialog(searchParams: URLSearchParams): NoteDialogState | null {
  const dialog = searchParams.get("dialog");
  const noteId = positiveInt(searchParams.get("noteId"));
  if (dialog === "note") return { kind: "note", noteId };
  if (dialog === "delete-note" && noteId) return { kind: "delete-note", noteId };
  return null;
}

/** The tab in the URL (`?tab=…`) when it is one of `tabs`, else the first. */
export function readTab<T extends string>(searchParams: URLSearchParams, tabs: readonly { id: T }[]): T {
  const value = searchParams.get("tab");
  return tabs.find((t) => t.id === value)?.id ?? tabs[0].id;
}

/** `?print=1`: the print view, every tab shown on screen. */
export function readPrintView(searchParams: URLSearchParams): boolean {
  return searchParams.get("print") === "1";
}

/** The list params a list's row link carries to a detail screen (see list-params' carriedListSearch). */
const LIST_PARAM_KEYS = ["page", "perPage", "orderBy", "orderDirection", "mine", "query", "tag"] as const;

/** The list a member came from: its list state and every other search field it carried (`extra`). */
export type CarriedList<C extends string = string> = ListParams<C> & { extra?: ExtraParams };

/** At most this many values of one carried field, each cut to this length (the list checks them again). */
const CARRIED_VALUES = 100;
const CARRIED_LENGTH = 200;

/**
 * The list a member came from, when the URL carries any of its params; null otherwise. `extraKeys` are the
 * list's other search fields (its advanced search, map and panel switches), kept as they were, repeated keys
 * included, so that the way back shows the same list; they never share a name with the detail's own params.
 */
export function carriedList<const C extends readonly [string, ...string[]]>(
  searchParams: URLSearchParams,
  orderColumns: C,
  extraKeys: readonly string[] = [],
): CarriedList<C[number]> | null {
  const extra: Record<string, string[]> = {};
  for (const key of extraKeys) {
    const values = searchParams
      .getAll(key)
      .filter((v) => v !== "")
      .slice(0, CARRIED_VALUES)
      .map((v) => v.slice(0, CARRIED_LENGTH));
    if (values.length > 0) extra[key] = values;
  }
  const hasExtra = Object.keys(extra).length > 0;
  if (!hasExtra && !LIST_PARAM_KEYS.some((key) => searchParams.has(key))) return null;
  const list: CarriedList<C[number]> = readListParams(searchParams, orderColumns);
  if (hasExtra) list.extra = extra;
  return list;
}

/** A carried list as a query string: its list state and every search field it carried. */
export function carriedListQuery(list: CarriedList): string {
  const { extra, ...params } = list;
  return listSearch(params, extra);
}

/**
 * The list to go back to with its params: the saved list (its folder page when a tag was carried) when
 * `saved`, otherwise the search. `paths` are the list's two routes, e.g. `/Projects` and `/Me/Projects`.
 */
export function backToListHref(
  list: CarriedList,
  paths: { search: string; saved: string },
  saved = list.mine === 1,
): string {
  if (!saved) return `${paths.search}${carriedListQuery(list)}`;
  const { mine: _mine, tag, ...rest } = list;
  return `${tag ? `${paths.saved}/Tags/${tag}` : paths.saved}${carriedListQuery(rest)}`;
}

/** The URL params that only change what is shown, not what is loaded. */
const VIEW_ONLY_PARAMS = ["tab", "dialog", "noteId", "print", "mergeWithId"] as const;

/**
 * The detail screens' shouldRevalidate: when only the tab, dialog or print view changed (a GET), there is
 * nothing to load again: the page renders them from the URL.
 */
export function detailShouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: {
  currentUrl: URL;
  nextUrl: URL;
  formMethod?: string;
  defaultShouldRevalidate: boolean;
}): boolean {
  if (!formMethod && differsOnlyInView(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}

/** True when two URLs of the same screen differ only in view-only params (no reload needed). */
export function differsOnlyInView(a: URL, b: URL): boolean {
  if (a.pathname !== b.pathname) return false;
  const strip = (url: URL) => {
    const sp = new URLSearchParams(url.search);
    for (const key of VIEW_ONLY_PARAMS) sp.delete(key);
    sp.sort();
    return sp.toString();
  };
  return strip(a) === strip(b);
}

/**
 * The 'Email project' / 'Email contact' link (share by mail): the title as subject, the title and the page's
 * address in the body.
 */
export function shareMailtoHref(title: string, url: string): string {
  const subject = encodeURIComponent(title);
  const body = encodeURIComponent(`${title}\n\n${url}`);
  return `mailto:?subject=${subject}&body=${body}`;
}
