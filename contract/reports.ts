/**
 * A Free Trial's reports, priced up front (docs/decisions/107): saving or filing a project the trial has not opened
 * takes one of its reports; one it opened costs nothing. The words of the price and of the refusal live here, so
 * the dialog that asks before a bulk action and the API that refuses it say the same. Plain functions without
 * zod: browser code imports them.
 */

/** A choice of projects and what it costs a trial: `needed` reports for the `projects` chosen, `remaining` left. */
export interface ReportCost {
  projects: number;
  needed: number;
  remaining: number;
}

import { countOf, pluralWord } from "./plural";

const reports = (n: number) => countOf(n, "report");
const these = (n: number) => pluralWord(n, "this project", `these ${countOf(n, "project")}`);
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Whether the choice needs more reports than are left: the API refuses it whole, before anything is spent. */
export const overReports = (cost: ReportCost) => cost.needed > cost.remaining;

/**
 * The refusal of a choice that needs more reports than are left, naming the count:
 * "These 8 projects need 8 reports; you have 5 left. Choose at most 5 projects, or subscribe for unlimited projects."
 */
export function reportsRefusal({ projects, needed, remaining }: ReportCost): string {
  const opened = projects - needed;
  const need = `${capital(these(projects))} ${pluralWord(projects, "needs", "need")} ${reports(needed)}`;
  const free = opened > 0 ? ` (you have opened ${opened} of them already)` : "";
  const choose =
    remaining > 0
      ? `Choose at most ${countOf(remaining, "project")}${opened > 0 ? " you have not opened" : ""}, or subscribe`
      : "Subscribe";
  return `${need}${free}; you have ${remaining} left. ${choose} for unlimited projects.`;
}

/**
 * What a choice costs, said before the member confirms it:
 * "Saving these 3 projects to the folder uses 3 of your 5 remaining reports."
 * `action` is the dialog's own words for what it does ("Saving … to the folder").
 */
export function reportsCostLine(action: (subject: string) => string, cost: ReportCost): string {
  const { projects, needed, remaining } = cost;
  const lead = capital(action(these(projects)));
  if (overReports(cost)) return reportsRefusal(cost);
  const of = `of your ${remaining} remaining ${pluralWord(remaining, "report")}`;
  if (needed === 0) {
    return `${lead} uses none ${of}: you have opened ${pluralWord(projects, "it", "them")} already.`;
  }
  const opened = projects - needed;
  const already = opened > 0 ? ` (you have opened ${opened} of them already)` : "";
  if (needed === remaining) {
    const all = pluralWord(
      remaining,
      "your last remaining report",
      `all ${remaining} of your remaining reports`,
    );
    return `${lead} uses ${all}${already}.`;
  }
  return `${lead} uses ${needed} ${of}${already}.`;
}
