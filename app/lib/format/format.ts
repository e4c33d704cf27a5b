/** Display formatting of names and addresses shared by the screens (dates: ./dates). */

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

/** An address on one line: street lines, then "City, ST 12345", skipping empty parts. */
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
