import { data, isRouteErrorResponse } from "react-router";
import { isTrialExpiredBody, trialOverTitle } from "./trial";

/**
 * What an error answer carries for the error page (app/components/error-page.tsx): the words to show instead of
 * the page's defaults for the status. A missing entity says which one ('Project not found', the spec's message).
 */
export type ErrorBody = {
  title?: string;
  message?: string;
  /** The way back the page offers besides its own (a missing project: back to the search it came from). */
  back?: { href: string; label: string };
};

/**
 * The one way a loader or an action says "not found" (or another refusal that ends the page): throws the status
 * with `body` to the error boundary, which draws the one error page (inside the member shell for a member, with a
 * login link for a guest). The shape of Epic Stack's `invariantResponse`; the status is 404 unless `init` says.
 *
 *   invariantResponse(id, PROJECT_NOT_FOUND);
 *   invariantResponse(charge, {}, { status: 404 });
 */
export function invariantResponse(
  condition: unknown,
  body: ErrorBody = {},
  init: { status?: number; headers?: HeadersInit } = {},
): asserts condition {
  if (condition) return;
  throw errorResponse(body, init);
}

/** The answer `invariantResponse` throws (status 404 unless `init` says), for a caller that has already decided. */
export function errorResponse(body: ErrorBody = {}, init: { status?: number; headers?: HeadersInit } = {}) {
  return data(body, {
    status: init.status ?? 404,
    headers: { "Cache-Control": "no-store", ...Object.fromEntries(new Headers(init.headers)) },
  });
}

type Described = { status: number; title: string; message: string; back?: ErrorBody["back"] };

/** The page's words for each status, unless the answer brought its own (`invariantResponse`'s body). */
const BY_STATUS: Record<number, Omit<Described, "status">> = {
  404: { title: "Page not found", message: "We could not find the page you asked for." },
  403: { title: "Not allowed", message: "Your account does not give access to this page." },
};

/** The status of an error and the words to say it in: the answer's own, else the status's, else a generic pair. */
export function describeError(error: unknown): Described {
  // Unexpected errors: never show their message or stack to the member.
  if (!isRouteErrorResponse(error))
    return {
      status: 500,
      title: "Something went wrong",
      message: "An unexpected error occurred. Please try again in a moment.",
    };
  const body = (typeof error.data === "object" && error.data ? error.data : {}) as ErrorBody;
  const byStatus = BY_STATUS[error.status] ?? {
    title: "Something went wrong",
    message: "Please try again in a moment.",
  };
  return {
    status: error.status,
    title: body.title || byStatus.title,
    message: body.message || byStatus.message,
    back: body.back,
  };
}

/** The document title of an error: the error page's own title (the trial-expired page's for a trial that is over). */
export function errorTitle(error: unknown): string {
  if (isRouteErrorResponse(error) && isTrialExpiredBody(error.data)) return trialOverTitle(error.data);
  return `${describeError(error).title} | Project Leads`;
}
