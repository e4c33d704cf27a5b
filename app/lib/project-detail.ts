/**
 * Pure rules of the project detail screen (member-app.md §2 Project detail): the URL state it reads,
 * the breadcrumb back to the search or the related project, tabs, notes order, the e-mail link.
 */
import { PROJECT_ORDER_BY } from "../../contract/constants";
import { type ListParams, listSearch, readListParams } from "./list-params";

export const LIST_PARAM_KEYS = [
  "page",
  "perPage",
  "orderBy",
  "orderDirection",
  "mine",
  "query",
  "tag",
] as const;

export const TABS = [
  { id: "overview", label: "Overview" },
  { id: "bidding", label: "Bidding Information" },
  { id: "updates", label: "Updates" },
  { id: "materials", label: "Materials" },
  { id: "contacts", label: "Contacts" },
] as const;
export type TabId = (typeof TABS)[number]["id"];

export type DetailDialog =
  | { kind: "note"; noteId: number | null }
  | { kind: "delete-note"; noteId: number }
  | { kind: "research" }
  | null;

const positiveInt = (value: string | null | undefined): number | null => {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
};

/** A route id that is not a positive integer is a project that cannot exist. */
export function parseProjectId(value: string | undefined): number | null {
  return positiveInt(value?.trim());
}

/** The search a member came from, when the URL carries any of its params; null otherwise. */
export function carriedListParams(searchParams: URLSearchParams): ListParams | null {
  if (!LIST_PARAM_KEYS.some((key) => searchParams.has(key))) return null;
  return readListParams(searchParams, PROJECT_ORDER_BY);
}

/** The carried search as a query string ("" when none), to hand on to the next project link. */
export function carriedSearch(list: ListParams | null): string {
  return list ? listSearch(list) : "";
}

/** '?tab=…&…' style query string joining the carried search with extra params. */
export function withParams(
  list: ListParams | null,
  extra: Record<string, string | number | null | undefined>,
): string {
  const sp = new URLSearchParams(list ? listSearch(list).slice(1) : "");
  for (const [key, value] of Object.entries(extra)) {
    if (value === null || value === undefined || value === "") sp.delete(key);
    else sp.set(key, String(value));
  }
  const s = sp.toString();
  return s ? `?${s}` : "";
}

/**
 * Where 'Back to search' goes: the list the member came from with its params. mine=1 means the saved
 * list (its folder page when a tag was carried); otherwise the search.
 */
export function backToSearchHref(list: ListParams | null): string {
  if (!list) return "/Projects";
  if (list.mine === 1) {
    const { mine: _mine, tag, ...rest } = list;
    return `${tag ? `/Me/Projects/Tags/${tag}` : "/Me/Projects"}${listSearch(rest)}`;
  }
  return `/Projects${listSearch(list)}`;
}

export type Breadcrumb = { href: string; label: string };

/** The breadcrumb: back to the related project it was reached from, else back to the search. */
export function breadcrumbFor(
  list: ListParams | null,
  fromProject: number | null,
  currentId?: number,
): Breadcrumb {
  if (fromProject && fromProject !== currentId) {
    return { href: `/Projects/${fromProject}${carriedSearch(list)}`, label: "Back to related project" };
  }
  return { href: backToSearchHref(list), label: "Back to search" };
}

/** The link of a similar project: carries the search and remembers this project. */
export function similarProjectHref(id: number, currentId: number, list: ListParams | null): string {
  return `/Projects/${id}${withParams(list, { fromProject: currentId })}`;
}

/** A contact on the Contacts tab opens the contact and remembers the project. */
export function contactHref(contactId: number, projectId: number): string {
  return `/Contacts/${contactId}?fromProject=${projectId}`;
}

/** Everything the detail URL says about the screen's state, each bad value falling back to its default. */
export function readDetailState(searchParams: URLSearchParams) {
  const tabValue = searchParams.get("tab");
  const tab: TabId = TABS.some((t) => t.id === tabValue) ? (tabValue as TabId) : "overview";
  const similarPage = Math.min(positiveInt(searchParams.get("similarPage")) ?? 1, 10_000);
  const fromProject = positiveInt(searchParams.get("fromProject"));
  const print = searchParams.get("print") === "1";
  const noteId = positiveInt(searchParams.get("noteId"));
  const dialogValue = searchParams.get("dialog");
  let dialog: DetailDialog = null;
  if (dialogValue === "note") dialog = { kind: "note", noteId };
  else if (dialogValue === "delete-note" && noteId) dialog = { kind: "delete-note", noteId };
  // Not plain 'research': the shell's own Request Research dialog (Contact Us menu) opens from that.
  else if (dialogValue === "project-research") dialog = { kind: "research" };
  return { tab, similarPage, fromProject, print, dialog };
}

/** The URL params that only change what is shown, not what is loaded. */
export const VIEW_ONLY_PARAMS = ["tab", "dialog", "noteId", "print"] as const;

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

/** True when two URLs of the same project differ only in view-only params (no reload needed). */
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

/** The tabs shown: Bidding Information only when a bid date or bidding text exists. */
export function visibleTabs(project: { bidding_date: string | null; bidding_information: string | null }) {
  const hasBidding = Boolean(project.bidding_date || project.bidding_information?.trim());
  return TABS.filter((t) => t.id !== "bidding" || hasBidding);
}

/** Newest note first (created_at, then id); the newest is shown, the rest go under 'Older notes'. */
export function splitNotes<N extends { id: number; created_at: string | null }>(notes: readonly N[]) {
  const sorted = [...notes].sort((a, b) => {
    const byDate = Date.parse(b.created_at ?? "") - Date.parse(a.created_at ?? "");
    return Number.isNaN(byDate) || byDate === 0 ? b.id - a.id : byDate;
  });
  return { newest: sorted[0] ?? null, older: sorted.slice(1) };
}

/**
 * The 'Email project' / 'Email contact' link: the title as subject, the title and the page's address in
 * the body.
 */
export function projectMailto(title: string, url: string): string {
  const subject = encodeURIComponent(title);
  const body = encodeURIComponent(`${title}\n\n${url}`);
  return `mailto:?subject=${subject}&body=${body}`;
}

/** The project's address on one line. */
export function addressLine(p: {
  address1: string | null;
  address2?: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}): string {
  const cityState = [p.city, [p.state, p.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [p.address1, p.address2, cityState].filter((s) => s?.trim()).join(", ");
}

/** Page count of the similar projects (5 a page). */
export const SIMILAR_PER_PAGE = 5;
export function similarPageCount(total: number) {
  return Math.max(0, Math.ceil(total / SIMILAR_PER_PAGE));
}
