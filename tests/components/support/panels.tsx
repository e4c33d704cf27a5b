/** What the search panels' tests share: the panel's fields as a member reads them. */
import { screen } from "@testing-library/react";

/** The list's own fields a panel's form carries besides its field table. */
const LIST_FIELDS = new Set(["panel", "perPage", "query", "orderBy", "orderDirection"]);

/** The form of the panel, found by its accessible name. */
export const panelForm = (name: string) => screen.getByRole("form", { name }) as HTMLFormElement;

/**
 * The panel's fields in the order a member meets them: a labelled control by its label, a group of radios or
 * checkboxes by its legend (once).
 */
export function fieldLabels(form: HTMLFormElement): string[] {
  const labels: string[] = [];
  const seenGroups = new Set<Element>();
  for (const control of form.querySelectorAll<HTMLElement>("input, select, textarea")) {
    if (control.getAttribute("type") === "hidden") continue;
    const group = control.closest("fieldset");
    if (group) {
      if (!seenGroups.has(group)) labels.push(group.querySelector("legend")?.textContent ?? "?");
      seenGroups.add(group);
    } else if (control.id) {
      labels.push(form.querySelector(`label[for="${control.id}"]`)?.textContent ?? "?");
    } else {
      labels.push(control.closest("label")?.textContent ?? "?");
    }
  }
  return labels;
}

/** The names the panel's form sends, in order and once each, without the list's own fields. */
export function fieldNames(form: HTMLFormElement): string[] {
  const names = [...form.querySelectorAll("[name]")].map((e) => e.getAttribute("name") ?? "");
  return [...new Set(names)].filter((name) => !LIST_FIELDS.has(name));
}

/** The values of a select that are chosen (a multi-select's, several). */
export const chosen = (select: HTMLElement) =>
  [...(select as HTMLSelectElement).options].filter((o) => o.selected).map((o) => o.value);
