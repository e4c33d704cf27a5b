/**
 * Pure rules of the contact detail screen: the URL state it reads, the breadcrumb back to the list or the
 * project it was reached from, the fields it shows.
 */
import { CONTACT_ORDER_BY } from "../../../contract/constants";
import { addressLine } from "../format/format";
import { CONTACT_SEARCH_FIELDS } from "../search/advanced-search";
import type { Breadcrumb, NoteDialogState } from "./types";
import {
  backToListHref,
  type CarriedList,
  carriedList,
  parseEntityId,
  positiveInt,
  readNoteDialog,
} from "./url-state";

export const CONTACT_NOT_FOUND = "A contact with this ID could not be found.";

/** The contact list a member came from, when the URL carries any of its params; null otherwise. */
export function carriedContactListParams(searchParams: URLSearchParams): CarriedList | null {
  return carriedList(searchParams, CONTACT_ORDER_BY, [...Object.keys(CONTACT_SEARCH_FIELDS), "panel"]);
}

/**
 * The list to go back to: the one the member came from with its params (mine=1 is the saved list, its
 * folder page when a tag was carried); without one the directory, or the saved contacts for a member
 * without the directory.
 */
export function backToContactsHref(list: CarriedList | null, allowDirectory: boolean): string {
  if (!list) return allowDirectory ? "/Contacts" : "/Me/Contacts";
  const paths = { search: "/Contacts", saved: "/Me/Contacts" };
  return backToListHref(list, paths, list.mine === 1 || !allowDirectory);
}

/** Back to the project the contact was opened from (its Contacts tab), else back to the list. */
export function contactBreadcrumb(
  list: CarriedList | null,
  fromProject: number | null,
  allowDirectory: boolean,
): Breadcrumb {
  if (fromProject) return { href: `/Projects/${fromProject}?tab=contacts`, label: "Back to project" };
  const href = backToContactsHref(list, allowDirectory);
  return {
    href,
    label: href.startsWith("/Me/Contacts") ? "Back to saved contacts" : "Back to directory",
  };
}

/**
 * What the contact URL says about the screen: the project it came from, the open dialog, and the page of its
 * projects (`projectsPage`: `page` is the carried list's). The contact has one note, so deleting it needs no note id.
 */
export function readContactDetailState(searchParams: URLSearchParams) {
  const fromProject = parseEntityId(searchParams.get("fromProject"));
  const deleting = searchParams.get("dialog") === "delete-note";
  const dialog: NoteDialogState | null = deleting
    ? { kind: "delete-note", noteId: parseEntityId(searchParams.get("noteId")) ?? 0 }
    : readNoteDialog(searchParams);
  const projectsPage = Math.min(positiveInt(searchParams.get("projectsPage")) ?? 1, 10_000);
  return { fromProject, dialog, projectsPage };
}

/** The contact's name as a heading: first and last name, else the company, else its id. */
export function contactName(c: {
  id: number;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
}): string {
  const name = [c.first_name, c.last_name]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(" ");
  return name || c.company_name?.trim() || `Contact ${c.id}`;
}

/**
 * A web address from the data as a safe link target: http(s) only, a bare host gets https://.
 * Anything else (javascript:, mailto:, garbage) gives null and is shown as text.
 */
export function webHref(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v.replace(/^\/+/, "")}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname.includes(".")) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** A phone number as a tel: link target (digits and a leading +), or null when it has no digits. */
export function telHref(value: string | null | undefined): string | null {
  const digits = value?.replace(/[^\d+]/g, "") ?? "";
  return /\d/.test(digits) ? `tel:${digits}` : null;
}

export type ContactField =
  | { label: string; kind: "text"; value: string }
  | { label: string; kind: "phone"; value: string }
  | { label: string; kind: "email"; value: string }
  | { label: string; kind: "web"; value: string }
  | { label: string; kind: "company"; value: string; companyId: number | null };

/** The contact's fields that have a value, in display order. */
export function contactFields(c: {
  title: string | null;
  company_id?: number | null;
  company_name: string | null;
  company_type: { name: string } | null;
  company_url: string | null;
  email: string | null;
  phone: string | null;
  phone2: string | null;
  phone3: string | null;
  fax: string | null;
  location_number: string | null;
  location_fax: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  url: string | null;
}): ContactField[] {
  const fields: ContactField[] = [];
  const has = (v: string | null | undefined): v is string => Boolean(v?.trim());
  if (has(c.title)) fields.push({ label: "Title", kind: "text", value: c.title });
  if (has(c.company_name))
    fields.push({
      label: "Company",
      kind: "company",
      value: c.company_name,
      companyId: c.company_id ?? null,
    });
  if (has(c.company_type?.name))
    fields.push({ label: "Company Type", kind: "text", value: c.company_type.name });
  if (has(c.company_url)) fields.push({ label: "Company Website", kind: "web", value: c.company_url });
  if (has(c.email)) fields.push({ label: "Email", kind: "email", value: c.email });
  if (has(c.phone)) fields.push({ label: "Phone", kind: "phone", value: c.phone });
  if (has(c.phone2)) fields.push({ label: "Phone 2", kind: "phone", value: c.phone2 });
  if (has(c.phone3)) fields.push({ label: "Phone 3", kind: "phone", value: c.phone3 });
  if (has(c.fax)) fields.push({ label: "Fax", kind: "text", value: c.fax });
  if (has(c.location_number))
    fields.push({ label: "Location Number", kind: "phone", value: c.location_number });
  if (has(c.location_fax)) fields.push({ label: "Location Fax", kind: "text", value: c.location_fax });
  const address = addressLine(c);
  if (address) fields.push({ label: "Address", kind: "text", value: address });
  if (has(c.url)) fields.push({ label: "Website", kind: "web", value: c.url });
  return fields;
}
