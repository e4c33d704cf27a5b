import { CardSection } from "~/components/card-section";
import { changeFieldName, changeHasOld, changeValue } from "~/lib/format/changes";
import { formatDate } from "~/lib/format/dates";
import type { ProjectChange } from "../../../contract/changes";

/** How far back the project page says what changed (the seeded history's span). */
export const WHAT_CHANGED_DAYS = 90;
/** The most lines the section shows. */
const MOST = 20;
const DAY_MS = 86_400_000;

type ChangeLine = Pick<ProjectChange, "id" | "field" | "old_value" | "new_value" | "changed_at">;

/** The changes of the last WHAT_CHANGED_DAYS days, newest first (as the API gives them), only what the page shows. */
export function recentChanges(changes: readonly ProjectChange[], now: Date): ChangeLine[] {
  const from = new Date(now.getTime() - WHAT_CHANGED_DAYS * DAY_MS).toISOString();
  return changes
    .filter((c) => c.changed_at > from)
    .slice(0, MOST)
    .map(({ id, field, old_value, new_value, changed_at }) => ({
      id,
      field,
      old_value,
      new_value,
      changed_at,
    }));
}

/**
 * The project page's "What changed" (issue 45): the recent changes, newest first, each dated, old → new. Absent when
 * nothing changed. Opening the page is what marks the project seen (the API's GET Projects/{id}).
 */
export function WhatChanged({ changes }: { changes: readonly ChangeLine[] }) {
  if (changes.length === 0) return null;
  return (
    <CardSection id="what-changed-heading" title="What changed" className="p-4 shadow-sm sm:p-6">
      <ol className="mt-3 divide-y divide-slate-100 text-sm">
        {changes.map((c) => (
          <li key={c.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
            <span className="shrink-0 text-slate-600 tabular-nums sm:w-24">{formatDate(c.changed_at)}</span>
            <span className="min-w-0 break-words">
              <span className="font-medium text-slate-900">{changeFieldName(c.field)}</span>
              {": "}
              {changeHasOld(c.field) ? (
                <>
                  <span>{changeValue(c.field, c.old_value)}</span>
                  {" → "}
                </>
              ) : null}
              <span>{changeValue(c.field, c.new_value)}</span>
            </span>
          </li>
        ))}
      </ol>
    </CardSection>
  );
}
