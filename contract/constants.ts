/**
 * The contract's plain constants, without zod: browser code imports them from here, so a page does not pull
 * in the schemas (and zod) just to know a colour or a column name. The schema modules re-export them.
 */

/** The page size of every list (projects, contacts, companies, notes) when the request does not name one. */
export const PER_PAGE = 15;
/** A list download (CSV) holds at most this many rows: the list page and the file's name say so beyond it. */
export const DOWNLOAD_LIMIT = 10_000;

/** A project's Similar Projects table shows this many rows a page. */
export const SIMILAR_PER_PAGE = 5;

/** A list's sort direction. */
export const ORDER_DIRECTIONS = ["asc", "desc"] as const;

/** Tag (folder): tag_type 1 = project folder, 2 = contact folder. */
export const TAG_TYPE = { project: 1, contact: 2 } as const;

export const FREE_TRIAL = "Free Trial";

/** The mail a member can turn off with an unsubscribe link: the weekly alerts and the daily reminder digest. */
export const MAIL_LISTS = ["alerts", "reminders", "searches"] as const;
export type MailList = (typeof MAIL_LISTS)[number];

/** How often a saved project search mails its new matches (issue 45); "off" for every other saved search. */
export const SAVED_SEARCH_MAIL = ["off", "daily", "weekly"] as const;
export type SavedSearchMail = (typeof SAVED_SEARCH_MAIL)[number];

/** The time zones offered for the mail schedules (IANA names); a member without one gets US Central. */
export const MAIL_TIME_ZONES = [
  { id: "America/New_York", label: "Eastern Time" },
  { id: "America/Chicago", label: "Central Time" },
  { id: "America/Denver", label: "Mountain Time" },
  { id: "America/Phoenix", label: "Arizona (Mountain, no daylight saving)" },
  { id: "America/Los_Angeles", label: "Pacific Time" },
  { id: "America/Anchorage", label: "Alaska Time" },
  { id: "Pacific/Honolulu", label: "Hawaii Time" },
  { id: "America/Halifax", label: "Atlantic Time" },
  { id: "America/St_Johns", label: "Newfoundland Time" },
] as const;
export const DEFAULT_MAIL_TIME_ZONE = "America/Chicago";

/** The value-alert operators; a member's alert_operator is an index into this list. */
export const ALERT_OPERATORS = ["Less Than", "Greater Than"] as const;

/** The ten selectable folder colours; the first four are the defaults, which cannot be recoloured or deleted. */
export const TAG_PALETTE = [
  { name: "Green", color: "#2e7d32" },
  { name: "Yellow", color: "#f9a825" },
  { name: "Red", color: "#c62828" },
  { name: "Black", color: "#212121" },
  { name: "Blue", color: "#1565c0" },
  { name: "Orange", color: "#ef6c00" },
  { name: "Purple", color: "#6a1b9a" },
  { name: "Teal", color: "#00838f" },
  { name: "Pink", color: "#ad1457" },
  { name: "Gray", color: "#757575" },
] as const;
export const DEFAULT_TAG_COLORS: readonly string[] = TAG_PALETTE.slice(0, 4).map((c) => c.color);
export const MAX_FOLDERS_PER_TYPE = 8;

export function isDefaultTagColor(color: string) {
  return DEFAULT_TAG_COLORS.includes(color.toLowerCase());
}

/** The colours a new or non-default folder may take: the palette without the four defaults (decision 040). */
export const SELECTABLE_TAG_PALETTE = TAG_PALETTE.slice(4);

export const PROJECT_ORDER_BY = [
  "title",
  "city",
  "state",
  "project_type",
  "construction_type",
  "stage",
  "minimum_value",
  "created_at",
  "updated_at",
  "tag",
  "bidding_date",
] as const;

/** The "Bids due" windows of the project search, in days from today (`bidsDue`, issue 45). */
export const BIDS_DUE_DAYS = ["7", "30", "90"] as const;

/**
 * The fields of a project's change history (issue 45): its stage, bid date, estimated value, status (active or
 * inactive), a contact or a company added, an update note.
 */
export const CHANGE_FIELDS = [
  "stage",
  "bid_date",
  "estimated_value",
  "status",
  "contact_added",
  "company_added",
  "update_note",
] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];

export const CONTACT_ORDER_BY = [
  "first_name",
  "last_name",
  "title",
  "company_name",
  "company_type",
  "email",
  "city",
  "state",
  "created_at",
  "updated_at",
  "tag",
] as const;

export const COMPANY_ORDER_BY = ["name", "url", "company_type", "created_at", "updated_at"] as const;

/** The roles that may edit a company (name, URL, phone, types, locations). */
export const COMPANY_EDIT_ROLES = ["admin", "subadmin", "research_director", "researcher"] as const;

/** The roles that see a company's duplicates and merge one into it (the Merge & fix tab). */
export const COMPANY_MERGE_ROLES = ["admin", "subadmin", "research_director"] as const;

/** Whether a member with `roles` may edit companies / merge them. */
export const mayEditCompanies = (roles: readonly string[]) =>
  roles.some((r) => (COMPANY_EDIT_ROLES as readonly string[]).includes(r));
export const mayMergeCompanies = (roles: readonly string[]) =>
  roles.some((r) => (COMPANY_MERGE_ROLES as readonly string[]).includes(r));

/** A company edit keeps at most this many locations. */
export const MAX_COMPANY_LOCATIONS = 20;
