/**
 * Pure rules of the project detail screen: the URL state it reads (tab, similar-projects page, the project
 * it was reached from, print view, dialog), the breadcrumb back to the search or the related project, the
 * tabs it shows.
 */
import { PROJECT_ORDER_BY } from "../../../contract/constants";
import { PROJECT_SEARCH_FIELDS } from "../search/project-search";
import type { Breadcrumb, NoteDialogState } from "./types";
import {
  backToListHref,
  type CarriedList,
  carriedList,
  carriedListQuery,
  positiveInt,
  readNoteDialog,
  readPrintView,
  readTab,
  withSearchParams,
} from "./url-state";

const TABS = [
  { id: "overview", label: "Overview" },
  { id: "bidding", label: "Bidding Information" },
  { id: "updates", label: "Updates" },
  { id: "materials", label: "Materials" },
  { id: "contacts", label: "Contacts" },
] as const;
export type TabId = (typeof TABS)[number]["id"];

/** The project screen's dialogs: the note dialogs and Request Research. */
export type ProjectDialog = NoteDialogState | { kind: "research" };

/** The project list's search fields besides the list state: the advanced search, the map and panel switches. */
const PROJECT_LIST_FIELDS = [...Object.keys(PROJECT_SEARCH_FIELDS), "map", "panel"];

/** The search a member came from, when the URL carries any of its params; null otherwise. */
export function carriedListParams(searchParams: URLSearchParams): CarriedList | null {
  return carriedList(searchParams, PROJECT_ORDER_BY, PROJECT_LIST_FIELDS);
}

/** The carried search as a query string ("" when none), to hand on to the next project link. */
export function carriedSearch(list: CarriedList | null): string {
  return list ? carriedListQuery(list) : "";
}

/**
 * Where 'Back to search' goes: the list the member came from with its params. mine=1 means the saved
 * list (its folder page when a tag was carried); otherwise the search.
 */
export function backToSearchHref(list: CarriedList | null): string {
  if (!list) return "/Projects";
  return backToListHref(list, { search: "/Projects", saved: "/Me/Projects" });
}

/** The breadcrumb: back to the related project it was reached from, else back to the search. */
export function breadcrumbFor(
  list: CarriedList | null,
  fromProject: number | null,
  currentId?: number,
): Breadcrumb {
  if (fromProject && fromProject !== currentId) {
    return { href: `/Projects/${fromProject}${carriedSearch(list)}`, label: "Back to related project" };
  }
  return { href: backToSearchHref(list), label: "Back to search" };
}

/** The link of a similar project: carries the search and remembers this project. */
export function similarProjectHref(id: number, currentId: number, list: CarriedList | null): string {
  return `/Projects/${id}${withSearchParams(carriedSearch(list), { fromProject: currentId })}`;
}

/** A contact on the Contacts tab opens the contact and remembers the project. */
export function contactHref(contactId: number, projectId: number): string {
  return `/Contacts/${contactId}?fromProject=${projectId}`;
}

/** Everything the project URL says about the screen's state, each bad value falling back to its default. */
export function readDetailState(searchParams: URLSearchParams) {
  // Not plain 'research': the shell's own Request Research dialog (Contact Us menu) opens from that.
  const research = searchParams.get("dialog") === "project-research";
  const dialog: ProjectDialog | null = research ? { kind: "research" } : readNoteDialog(searchParams);
  return {
    tab: readTab(searchParams, TABS),
    similarPage: Math.min(positiveInt(searchParams.get("similarPage")) ?? 1, 10_000),
    fromProject: positiveInt(searchParams.get("fromProject")),
    print: readPrintView(searchParams),
    dialog,
  };
}

/** The tabs shown: Bidding Information only when a bid date or bidding text exists. */
export function visibleTabs(project: { bidding_date: string | null; bidding_information: string | null }) {
  const hasBidding = Boolean(project.bidding_date || project.bidding_information?.trim());
  return TABS.filter((t) => t.id !== "bidding" || hasBidding);
}
