/** Pieces of the detail screens' actions (project and contact): where a done post goes, how a failure reads. */
import { data } from "react-router";
import { MessageAnswer } from "../../contract/common";
import type { ActionResult } from "../components/note-dialogs";
import { type ApiClient, ApiRequestError, upstreamFailureMessage } from "./api.server";
import { FolderSchema, NOTE_REQUEST_FAILED, SaveSchema } from "./project-forms.server";
import { visiblePath } from "./request-url";

/** After a successful post the same page without its dialog (Post/Redirect/Get). */
export function pageAfterPost(request: Request): string {
  const url = new URL(visiblePath(request), "http://x");
  url.searchParams.delete("dialog");
  url.searchParams.delete("noteId");
  return `${url.pathname}${url.search}`;
}

/** An upstream failure (5xx, timeout) or an API refusal as a message and status; null for anything else. */
export function failureMessage(error: unknown): { message: string; status: number } | null {
  const upstream = upstreamFailureMessage(error);
  if (upstream) return { message: upstream, status: 503 };
  if (error instanceof ApiRequestError) return { message: error.message, status: error.status };
  return null;
}

export const GENERIC_API_MESSAGE = "The request could not be completed.";

/** A failed note save: the API's own message when it sent one, otherwise 'error' (member-app.md §8). */
export function noteFailureMessage(error: unknown): string {
  return error instanceof ApiRequestError && error.message && error.message !== GENERIC_API_MESSAGE
    ? error.message
    : NOTE_REQUEST_FAILED;
}

const SAVED_STATE_CALLS = {
  project: { save: "Projects/Save", remove: "Projects", addTag: "Projects/AddTag", idField: "project_id" },
  contact: { save: "Contacts/Save", remove: "Contacts", addTag: "Contacts/AddTag", idField: "contact_id" },
} as const;

type ActionAnswer = ReturnType<typeof data<ActionResult>>;

/**
 * The saved-state intents both detail screens share: 'save' and 'unsave' (Add Saved … / Remove) and 'folder'
 * (the folder selector; an empty tag_id clears the folder). `done` answers a success (JSON for a fetcher,
 * else the redirect of Post/Redirect/Get).
 */
export async function savedStateAction(
  kind: keyof typeof SAVED_STATE_CALLS,
  intent: "save" | "unsave" | "folder",
  formData: FormData,
  api: ApiClient,
  id: number,
  done: (js: string | undefined) => ActionAnswer,
): Promise<ActionAnswer> {
  const calls = SAVED_STATE_CALLS[kind];
  const fields = Object.fromEntries(formData);
  const parsed = intent === "folder" ? FolderSchema.safeParse(fields) : SaveSchema.safeParse(fields);
  if (!parsed.success) {
    const error = intent === "folder" ? "Please choose a folder." : "Please try again.";
    return data<ActionResult>({ intent, error }, { status: 400 });
  }
  try {
    if (intent === "folder") {
      const tagId = "tag_id" in parsed.data ? (parsed.data.tag_id ?? null) : null;
      await api.post(calls.addTag, { [calls.idField]: id, tag_id: tagId }, MessageAnswer.partial());
    } else if (intent === "save") {
      await api.post(calls.save, { [calls.idField]: id }, MessageAnswer.partial());
    } else {
      await api.delete(`${calls.remove}/${id}`, MessageAnswer.partial());
    }
  } catch (error) {
    const failure = failureMessage(error);
    if (!failure) throw error;
    return data<ActionResult>({ intent, error: failure.message }, { status: failure.status });
  }
  return done(parsed.data.js);
}
