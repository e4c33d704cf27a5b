/**
 * Display formatting shared by the screens. Dates follow spec §9 (MM/DD/YY in lists, MM/DD/YYYY on detail
 * pages, MM/DD/YYYY hh:mm A for updates); the one implementation lives in ./dates and is re-exported here.
 */
export { formatDate, formatDateTime, formatShortDate, isoDay } from "./dates";

/** The user-menu initials: first letters of the first and last name, upper-case ("?" when both are empty). */
export function initials(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const letters = [firstName, lastName].map((name) => (name ?? "").trim().charAt(0).toUpperCase()).join("");
  return letters || "?";
}

/** A person's display name, skipping empty parts. */
export function fullName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return [firstName, lastName]
    .map((n) => (n ?? "").trim())
    .filter(Boolean)
    .join(" ");
}
