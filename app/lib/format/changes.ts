/**
 * Issue 45's watch list in words: a saved row's short marks ("Bid date moved", "Stage: Bidding") and the project
 * page's "What changed" lines (what, old → new). The API gives the change as data (contract/changes.ts).
 */
import type { ChangeMark } from "../../../contract/changes";
import { formatDate } from "./dates";
import { formatMillions } from "./project-format";

/** A saved row's mark: what changed, in two or three words. */
export function changeMarkLabel(change: Pick<ChangeMark, "field" | "new_value">): string {
  switch (change.field) {
    case "stage":
      return change.new_value ? `Stage: ${change.new_value}` : "Stage changed";
    case "bid_date":
      return change.new_value ? "Bid date moved" : "Bid date removed";
    case "estimated_value":
      return "Value changed";
    case "status":
      return change.new_value === "inactive" ? "Now inactive" : "Now active";
    case "contact_added":
      return "Contact added";
    case "company_added":
      return "Company added";
    case "update_note":
      return "Update note added";
  }
}

/** The name of the changed field on the project page. */
const FIELD_NAMES: Record<ChangeMark["field"], string> = {
  stage: "Stage",
  bid_date: "Bid date",
  estimated_value: "Estimated value",
  status: "Status",
  contact_added: "Contact added",
  company_added: "Company added",
  update_note: "Update note added",
};

export function changeFieldName(field: ChangeMark["field"]): string {
  return FIELD_NAMES[field];
}

/** A value as the page shows it elsewhere: a date in the member's format, millions with their unit. */
export function changeValue(field: ChangeMark["field"], value: string | null): string {
  if (value === null || value === "") return "none";
  if (field === "bid_date") return formatDate(value) || value;
  if (field === "estimated_value") {
    const n = Number(value);
    return Number.isFinite(n) ? formatMillions(n) : value;
  }
  if (field === "status") return value === "inactive" ? "Inactive" : "Active";
  return value;
}

/** Whether the change has an old value to show (the additions have none: only the new one). */
export function changeHasOld(field: ChangeMark["field"]): boolean {
  return field === "stage" || field === "bid_date" || field === "estimated_value" || field === "status";
}
