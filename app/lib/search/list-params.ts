import { redirect } from "react-router";
import { z } from "zod";
import { PER_PAGE } from "../../../contract/constants";
import { pageUrl } from "../platform/request-url";

const MAX_PAGE = 100_000;

/** First value of each search param: an array where one value is expected counts as its first value. */
function firstValues(searchParams: URLSearchParams) {
  const values: Record<string, string> = {};
  for (const [key, value] of searchParams) if (!(key in values)) values[key] = value;
  return values;
}

/**
 * The list state in the URL (page, perPage, orderBy, orderDirection, mine, query, tag), read through one
 * schema per list: a missing or bad value becomes the default instead of an error page.
 */
function listParamsSchema<const C extends readonly [string, ...string[]]>(orderColumns: C) {
  return z.object({
    page: z.coerce
      .number()
      .int()
      .catch(1)
      .default(1)
      .transform((p) => Math.min(Math.max(p, 1), MAX_PAGE)),
    perPage: z.coerce.number().int().min(1).max(100).catch(PER_PAGE).default(PER_PAGE),
    orderBy: z.enum(orderColumns).optional().catch(undefined),
    orderDirection: z.enum(["asc", "desc"]).optional().catch(undefined),
    mine: z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1)]))
      .optional()
      .catch(undefined),
    query: z
      .string()
      .transform((q) => q.trim().slice(0, 200))
      .optional()
      .catch(undefined),
    tag: z.coerce.number().int().positive().optional().catch(undefined),
  });
}

export type ListParams<C extends string = string> = {
  page: number;
  perPage: number;
  orderBy?: C;
  orderDirection?: "asc" | "desc";
  mine?: 0 | 1;
  query?: string;
  tag?: number;
};

/** One schema per list's column set: building a zod schema costs more than parsing with it. */
const schemaCache = new WeakMap<readonly string[], ReturnType<typeof listParamsSchema>>();

export function readListParams<const C extends readonly [string, ...string[]]>(
  searchParams: URLSearchParams,
  orderColumns: C,
): ListParams<C[number]> {
  let schema = schemaCache.get(orderColumns);
  if (!schema) {
    schema = listParamsSchema(orderColumns);
    schemaCache.set(orderColumns, schema);
  }
  const parsed = schema.parse(firstValues(searchParams)) as ListParams<C[number]>;
  if (!parsed.orderBy) delete parsed.orderDirection;
  else if (!parsed.orderDirection) parsed.orderDirection = "desc";
  if (!parsed.query) delete parsed.query;
  return parsed;
}

/** Parameters a list's links carry besides the list state (the map switch, the advanced search): repeated keys as lists. */
export type ExtraParams = Record<string, string | readonly string[] | undefined>;

/**
 * The URL search string for a list state, in the spec's parameter order. page and perPage are always
 * written, so a shared link says which page it shows; the others only when set.
 */
export function listSearch(params: Partial<ListParams>, extra: ExtraParams = {}) {
  const sp = new URLSearchParams();
  sp.set("page", String(params.page && params.page > 1 ? params.page : 1));
  sp.set("perPage", String(params.perPage ?? PER_PAGE));
  if (params.orderBy) {
    sp.set("orderBy", params.orderBy);
    sp.set("orderDirection", params.orderDirection ?? "desc");
  }
  if (params.mine) sp.set("mine", String(params.mine));
  if (params.query) sp.set("query", params.query);
  if (params.tag) sp.set("tag", String(params.tag));
  for (const [k, v] of Object.entries(extra)) {
    if (typeof v === "string") {
      if (v) sp.set(k, v);
    } else if (v) {
      sp.delete(k);
      for (const item of v) sp.append(k, item);
    }
  }
  return `?${sp.toString()}`;
}

/**
 * The search a row link carries to the detail screen, so its breadcrumb leads back: the saved list says
 * mine=1 and, in a folder route, the folder as `tag`; `extra` is every other search field of the list (its
 * advanced search, repeated keys included, its map and panel switches). The detail screen reads them back
 * (detail/url-state's carriedList).
 */
export function carriedListSearch(list: ListParams, saved: boolean, extra: ExtraParams = {}): string {
  return listSearch({ ...list, mine: saved ? 1 : list.mine }, extra);
}

/** Sort cycle of a column header: first click descending, second ascending, third clears the sort. */
export function nextSort(params: ListParams, column: string): Pick<ListParams, "orderBy" | "orderDirection"> {
  if (params.orderBy !== column) return { orderBy: column, orderDirection: "desc" };
  if (params.orderDirection === "desc") return { orderBy: column, orderDirection: "asc" };
  return { orderBy: undefined, orderDirection: undefined };
}

/** Page links: first, up to two either side of the current page, last. Empty for one page or less. */
export function pageWindow(current: number, totalPages: number): number[] {
  if (totalPages <= 1) return [];
  const pages = new Set<number>([1, totalPages]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= totalPages) pages.add(p);
  return [...pages].sort((a, b) => a - b);
}

/** Which saved list a URL is: the search, the saved list, or the saved list of one folder. */
function savedListKind(url: URL, savedPrefix: string, tagIdParam: string | undefined) {
  const saved = url.pathname.toLowerCase().startsWith(savedPrefix.toLowerCase());
  const tagId = tagIdParam ? Number(tagIdParam) : Number.NaN;
  return { saved, routeTagId: Number.isInteger(tagId) && tagId > 0 ? tagId : undefined };
}

/**
 * What a list screen that is also a saved list (/Projects and /Me/Projects, /Contacts and /Me/Contacts) reads
 * from its URL: which list it is, its page, sort and folder (a folder route's tag wins over `?tag=`), and the
 * list part of the API query (a saved list asks for the member's own rows).
 */
export function readSavedOrSearchList<const C extends readonly [string, ...string[]]>(
  request: Request,
  params: { tagId?: string },
  savedPrefix: string,
  orderColumns: C,
) {
  const url = pageUrl(request);
  const { saved, routeTagId } = savedListKind(url, savedPrefix, params.tagId);
  const read = readListParams(url.searchParams, orderColumns);
  const list = { ...read, tag: routeTagId ?? read.tag };
  return { url, saved, routeTagId, list, listQuery: { ...list, mine: saved ? 1 : list.mine } };
}

/**
 * The address of the last page when `page` lies past it (`?page=99999` of 19,433 matches), else null: a list
 * shows its last page rather than "No records" under the count (issue 43). Only the page changes.
 */
export function lastPageHref(url: URL, page: number, perPage: number, total: number): string | null {
  const last = Math.max(1, Math.ceil(total / perPage));
  if (page <= last) return null;
  const search = new URLSearchParams(url.search);
  search.set("page", String(last));
  return `${url.pathname}?${search}`;
}

/** Throws the redirect to the last page when the URL's page lies past it (lastPageHref). */
export function redirectPastLastPage(url: URL, list: { page: number; perPage: number }, total: number) {
  const to = lastPageHref(url, list.page, list.perPage, total);
  if (to) throw redirect(to);
}
