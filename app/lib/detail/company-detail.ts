/**
 * What the companies screens say and how their links are written: the website link (spec §5: 'http://' is
 * prefixed when the URL has no http), the list a company was opened from, the detail's tabs and dialogs in
 * the URL. No React, no server code: the list, the detail screen and the unit tests share it. The screen's
 * forms (the edit's validation, the edit and merge rights) are in company-forms.server.ts.
 */
import { COMPANY_ORDER_BY } from "../../../contract/constants";
import { COMPANY_SEARCH_FIELDS } from "../search/advanced-search";
import type { Breadcrumb } from "./types";
import {
  backToListHref,
  type CarriedList,
  carriedList,
  positiveInt,
  readPrintView,
  readTab,
} from "./url-state";

export const COMPANY_NOT_FOUND =
  "A company with this ID could not be found. Please try searching for it instead.";
/** The 404 page of a company that does not exist, with the way back to the list it was opened from. */
export const companyMissing = (backHref: string) => ({
  title: "Company not found",
  message: COMPANY_NOT_FOUND,
  back: { href: backHref, label: "Back to companies" },
});
export const COMPANY_SEARCH_NOT_INCLUDED = "The company search is not part of your subscription.";

/** The website as a link: 'http://' in front when it does not start with http; null when there is none. */
export function websiteHref(url: string | null | undefined): string | null {
  const u = url?.trim();
  if (!u) return null;
  return /^http/i.test(u) ? u : `http://${u}`;
}

export const companyHref = (id: number, carry = "") => `/Companies/${id}${carry}`;

/** The companies list a member came from (carried by the row link), or null. */
export function carriedCompanyList(searchParams: URLSearchParams): CarriedList | null {
  return carriedList(searchParams, COMPANY_ORDER_BY, [...Object.keys(COMPANY_SEARCH_FIELDS), "panel"]);
}

export function companyBreadcrumb(list: CarriedList | null): Breadcrumb {
  return {
    href: list ? backToListHref(list, { search: "/Companies", saved: "/Companies" }, false) : "/Companies",
    label: "Back to companies",
  };
}

const COMPANY_TABS = [
  { id: "locations", label: "Company Locations" },
  { id: "people", label: "People" },
  { id: "projects", label: "Projects" },
  { id: "partners", label: "Companies worked with" },
  { id: "merge", label: "Merge & fix" },
] as const;
export type CompanyTabId = (typeof COMPANY_TABS)[number]["id"];

/** The company screen's dialogs: the edit form, and the merge confirmation of one duplicate. */
export type CompanyDialog = { kind: "edit" } | { kind: "merge"; mergeWithId: number };

/** The tabs a member sees: Merge & fix only for the merging roles. */
export function visibleCompanyTabs(canMerge: boolean) {
  return COMPANY_TABS.filter((t) => canMerge || t.id !== "merge");
}

/** The detail's view state in the URL: `?tab=…`, `?print=1`, `?dialog=edit`, `?dialog=merge&mergeWithId=…`. */
export function readCompanyState(searchParams: URLSearchParams) {
  const dialogParam = searchParams.get("dialog");
  const mergeWithId = positiveInt(searchParams.get("mergeWithId"));
  const dialog: CompanyDialog | null =
    dialogParam === "edit"
      ? { kind: "edit" }
      : dialogParam === "merge" && mergeWithId
        ? { kind: "merge", mergeWithId }
        : null;
  return { tab: readTab(searchParams, COMPANY_TABS), print: readPrintView(searchParams), dialog };
}
