import { data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { SAVED_SEARCH_MAIL } from "../../../contract/constants";
import { endpoints } from "../../../contract/endpoints";
import { SAVED_SEARCH_NAME_MAX, type SavedSearch } from "../../../contract/searches";
import type { ApiClient } from "../platform/api.server";
import { apiContext, memberSessionContext } from "../platform/contexts";
import { hrefWithoutDialog } from "../platform/dialog-url";
import { formFailure } from "../platform/form-failure.server";
import { pageUrl } from "../platform/request-url";
import type { FormSubmission } from "../platform/submission.server";
import { SAVED_SEARCH_NAME_IN_USE } from "./saved-search-names";

/** The lists that keep saved searches, with their calls. */
const KINDS = {
  project: {
    list: endpoints.savedProjectSearches,
    save: endpoints.saveProjectSearch,
    remove: endpoints.deleteProjectSearch,
  },
  contact: {
    list: endpoints.savedContactSearches,
    save: endpoints.saveContactSearch,
    remove: endpoints.deleteContactSearch,
  },
  company: {
    list: endpoints.savedCompanySearches,
    save: endpoints.saveCompanySearch,
    remove: endpoints.deleteCompanySearch,
  },
} as const;
export type SavedSearchKind = keyof typeof KINDS;

/** The words of each e-mail choice of a saved project search, as the dialogs and the toast say them. */
export const SEARCH_MAIL_LABELS = { off: "Off", daily: "Daily", weekly: "Weekly" } as const;

const SaveSchema = z.object({
  intent: z.literal("save-search"),
  name: z
    .string({ error: "Please enter a name." })
    .trim()
    .min(1, "Please enter a name.")
    .max(SAVED_SEARCH_NAME_MAX, `The name may not be longer than ${SAVED_SEARCH_NAME_MAX} characters.`),
  search: z.string().max(8000),
  mail_frequency: z.enum(SAVED_SEARCH_MAIL).optional(),
  /** 'Replace', once the name was found in use: the saved search of that name takes this search. */
  replace: z.literal("1").optional(),
});
const DeleteSchema = z.object({ intent: z.literal("delete-search"), id: z.coerce.number().int().positive() });
const MailSchema = z.object({
  intent: z.literal("search-mail"),
  id: z.coerce.number().int().positive(),
  mail_frequency: z.enum(SAVED_SEARCH_MAIL, { error: "Please choose Off, Daily or Weekly." }),
});
/** The saved-search dialogs' posts: the list route's schema has them among its intents. */
export const SAVED_SEARCH_POSTS = [SaveSchema, DeleteSchema, MailSchema] as const;
export type SavedSearchPost =
  | z.output<typeof SaveSchema>
  | z.output<typeof DeleteSchema>
  | z.output<typeof MailSchema>;

/** The member's saved searches of a list, or null when they cannot be read (only logged: no member message). */
export async function savedSearchesOrNull(
  api: ApiClient,
  kind: SavedSearchKind,
): Promise<SavedSearch[] | null> {
  try {
    return (await api.call(KINDS[kind].list)).data;
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn(`[saved-searches] ${kind} list could not be read`);
    return null;
  }
}

/**
 * Save search (a project search with how often it mails its new matches) / set a saved project search's e-mails /
 * delete a saved search, as form posts from the list page's dialogs. Post/Redirect/Get: back to the
 * list without the dialog (the saved-searches list after a delete), with a message. A failed save re-renders the
 * dialog with the name typed and the reason.
 */
export async function savedSearchAction(
  submission: FormSubmission<SavedSearchPost>,
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: SavedSearchKind,
) {
  if (submission.status !== "success") return data({ savedSearch: submission.reply() }, { status: 400 });
  const url = pageUrl(request);
  const session = context.get(memberSessionContext);
  const api = context.get(apiContext);
  const { value } = submission;
  try {
    if (value.intent === "save-search") {
      // Only a project search mails its new matches; the other lists' dialogs have no such field.
      const mail = kind === "project" ? (value.mail_frequency ?? "off") : "off";
      const replace = value.replace === "1";
      await api.call(KINDS[kind].save, {
        body: {
          name: value.name,
          search: value.search,
          ...(mail !== "off" ? { mail_frequency: mail } : {}),
          ...(replace ? { replace: true } : {}),
        },
      });
      session.flashToast({
        title: "Saved",
        description: replace
          ? `The search '${value.name}' was replaced.`
          : `The search '${value.name}' was saved.`,
        autoClose: true,
      });
      return redirect(hrefWithoutDialog(url));
    }
    if (value.intent === "search-mail") {
      if (kind !== "project") return data({ savedSearch: submission.reply() }, { status: 400 });
      const { data: saved } = await api.call(endpoints.updateProjectSearch, {
        params: { id: value.id },
        body: { mail_frequency: value.mail_frequency },
      });
      session.flashToast({
        title: "Saved",
        description:
          saved.mail_frequency === "off"
            ? `The search '${saved.name}' sends no e-mails.`
            : `New matches of '${saved.name}' will be e-mailed ${saved.mail_frequency === "daily" ? "daily" : "weekly"}.`,
        autoClose: true,
      });
      const back = new URLSearchParams(url.search);
      back.set("dialog", "saved-searches");
      return redirect(`${url.pathname}?${back}`);
    }
    await api.call(KINDS[kind].remove, { params: { id: value.id } });
    session.flashToast({ title: "Deleted", description: "The saved search was deleted.", autoClose: true });
    const back = new URLSearchParams(url.search);
    back.delete("deleteSearch");
    back.set("dialog", "saved-searches");
    return redirect(`${url.pathname}?${back}`);
  } catch (error) {
    // The service failing (502) or refusing the search (its own status): the dialog says why, the name kept.
    const failure = formFailure(error);
    if (!failure) throw error;
    // A name in use: the dialog asks whether to replace that search (its Replace button), the name kept.
    if (value.intent === "save-search" && failure.refused && failure.status === 409) {
      return data(
        { savedSearch: submission.reply({ fieldErrors: { name: [SAVED_SEARCH_NAME_IN_USE] } }) },
        { status: 409 },
      );
    }
    const status = failure.refused ? failure.status : 502;
    return data({ savedSearch: submission.reply({ formErrors: [failure.message] }) }, { status });
  }
}
