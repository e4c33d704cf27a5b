/** Texts and select options of the profile pages (account and alert settings); the schemas are server-side. */
export const ACCOUNT_SAVED = "Your account was saved successfully.";
export const SETTINGS_SAVED_TITLE = "Success!";
export const SETTINGS_SAVED = "Your settings were saved successfully.";
export const SETTINGS_FAILED = "Your settings could not be saved. Please try again.";
export const PASSWORD_FAILED_TITLE = "Whoops!";
export const PASSWORD_CHANGED = "Your password was changed successfully.";
export const DEFAULT_COUNTRY = "US";
export const EMAIL_NEEDS_PASSWORD = "Please enter your current password to change your email.";
export const EMAIL_PASSWORD_HINT = "Needed only when you change your email address.";

type Place = { abbr: string; name: string };
type SelectOption = { value: string; label: string };
type SelectGroup = { label: string; options: SelectOption[] };

/**
 * The state select of the account form: US states, then Canadian provinces, by abbreviation. A stored value
 * that is none of them (an old free-text entry) is kept as its own first option, so saving never loses it.
 */
export function stateSelect(
  states: readonly Place[],
  provinces: readonly Place[],
  current: string | null | undefined,
): { groups: SelectGroup[]; selected: string } {
  const toOption = (p: Place): SelectOption => ({ value: p.abbr, label: p.name });
  const groups: SelectGroup[] = [
    { label: "United States", options: states.map(toOption) },
    { label: "Canada", options: provinces.map(toOption) },
  ].filter((g) => g.options.length > 0);
  const value = (current ?? "").trim();
  if (!value) return { groups, selected: "" };
  const lower = value.toLowerCase();
  const match = [...states, ...provinces].find(
    (p) => p.abbr.toLowerCase() === lower || p.name.toLowerCase() === lower,
  );
  if (match) return { groups, selected: match.abbr };
  return { groups: [{ label: "Current", options: [{ value, label: value }] }, ...groups], selected: value };
}

/** Countries of the account form (the states list covers the US and Canada); another stored value is kept. */
export function countryOptions(current: string | null | undefined): SelectOption[] {
  const options: SelectOption[] = [
    { value: "US", label: "United States" },
    { value: "CA", label: "Canada" },
  ];
  const value = (current ?? "").trim();
  if (value && !options.some((o) => o.value === value.toUpperCase())) options.push({ value, label: value });
  return options;
}
