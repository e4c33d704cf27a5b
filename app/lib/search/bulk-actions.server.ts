import { data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { endpoints } from "../../../contract/endpoints";
import { countOf, pluralWord } from "../../../contract/plural";
import type { ApiClient } from "../platform/api.server";
import { apiContext, memberSessionContext } from "../platform/contexts";
import { formFailure } from "../platform/form-failure.server";
import { PATH_MAX } from "../platform/form-limits";
import { pageUrl } from "../platform/request-url";
import { safeRedirectPath } from "../platform/safe-redirect";
import type { FormSubmission } from "../platform/submission.server";

type SavedKind = "project" | "contact";

const REMOVE_FAILED: Record<SavedKind, string> = {
  project: "Could not remove saved projects. Please try again.",
  contact: "Could not remove saved contacts. Please try again.",
};

const ids = z
  .array(z.coerce.number().int().positive(), { error: "Please select at least one row." })
  .min(1, "Please select at least one row.")
  .max(100);
const common = {
  ids,
  returnTo: z.string().max(PATH_MAX).optional().catch(undefined),
  js: z.literal("1").optional(),
};
const MoveSchema = z.object({
  intent: z.literal("move"),
  tag_id: z.coerce.number({ error: "Please select a folder." }).int().positive("Please select a folder."),
  ...common,
});
const RemoveSchema = z.object({ intent: z.literal("remove"), ...common });
/** Move to folder and Remove selected: the saved lists' schema has them among its intents. */
export const BULK_POSTS = [MoveSchema, RemoveSchema] as const;
export type BulkPost = z.output<typeof MoveSchema> | z.output<typeof RemoveSchema>;

const UrlIds = z.array(z.coerce.number().int().positive()).max(100);

/** The row ids a no-JavaScript bulk dialog carries in its URL (`?dialog=move&ids=1&ids=2`). */
export function selectedIdsFromUrl(searchParams: URLSearchParams): number[] {
  const parsed = UrlIds.safeParse(searchParams.getAll("ids"));
  return parsed.success ? parsed.data : [];
}

export function bulkDialogFromUrl(searchParams: URLSearchParams): "move" | "remove" | null {
  const dialog = searchParams.get("dialog");
  return dialog === "move" || dialog === "remove" ? dialog : null;
}

/**
 * Files the rows in the folder (saving those not saved yet). Projects go in one call, all or none, which spends a
 * trial's reports for the ones it has not opened or refuses the whole choice (decision 107); contacts cost nothing
 * and go one call each. Answers what a trial spent, if anything.
 */
async function moveToFolder(api: ApiClient, kind: SavedKind, ids: number[], tagId: number) {
  if (kind === "contact") {
    await Promise.all(
      ids.map((id) => api.call(endpoints.setContactFolder, { body: { contact_id: id, tag_id: tagId } })),
    );
    return null;
  }
  const answer = await api.call(endpoints.saveProjects, { body: { project_ids: ids, tag_id: tagId } });
  const { reports_spent, remaining_projects } = answer.data;
  return reports_spent > 0 && remaining_projects !== null
    ? { spent: reports_spent, remaining: remaining_projects }
    : null;
}

const spentText = ({ spent, remaining }: { spent: number; remaining: number }) =>
  `${countOf(spent, "report")} ${pluralWord(spent, "was", "were")} used; ${remaining} ${pluralWord(remaining, "is", "are")} left.`;

/**
 * Move to folder / Remove selected, for projects and contacts: the API calls, a flash message, then
 * Post/Redirect/Get (or a small answer for a fetcher, `js=1`, so it can close its dialog).
 */
export async function bulkAction(
  submission: FormSubmission<BulkPost>,
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: SavedKind,
) {
  if (submission.status !== "success") {
    return data({ ok: false, reply: submission.reply() }, { status: 400 });
  }
  const api = context.get(apiContext);
  const value = submission.value;
  const n = value.ids.length;
  const what = `${countOf(n, kind)} ${pluralWord(n, "was", "were")}`;
  try {
    if (value.intent === "move") {
      const spent = await moveToFolder(api, kind, value.ids, value.tag_id);
      context.get(memberSessionContext).flashToast({
        title: "Moved",
        description: `${what} moved to the folder.${spent ? ` ${spentText(spent)}` : ""}`,
        autoClose: true,
        banner: true,
      });
    } else {
      if (kind === "project") await api.call(endpoints.unsaveProjects, { body: { ids: value.ids } });
      else await Promise.all(value.ids.map((id) => api.call(endpoints.unsaveContact, { params: { id } })));
      context.get(memberSessionContext).flashToast({
        title: "Removed",
        description: `${what} removed from your saved list.`,
        autoClose: true,
        banner: true,
      });
    }
  } catch (error) {
    const failure = formFailure(error);
    if (!failure) throw error;
    // Removing says the spec's own text; moving, the API's words.
    const message = value.intent === "remove" ? REMOVE_FAILED[kind] : failure.message;
    return data({ ok: false, reply: submission.reply({ formErrors: [message] }) }, { status: 400 });
  }
  if (value.js) return data({ ok: true, reply: undefined });
  throw redirect(safeRedirectPath(value.returnTo, pageUrl(request).pathname));
}
