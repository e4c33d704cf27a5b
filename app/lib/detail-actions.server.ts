/** Pieces of the detail screens' actions (project and contact): where a done post goes, how a failure reads. */
import { ApiRequestError, upstreamFailureMessage } from "./api.server";
import { NOTE_REQUEST_FAILED } from "./project-forms";
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
