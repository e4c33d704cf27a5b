import { data } from "react-router";

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
