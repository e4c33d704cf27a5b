import { ApiRequestError, upstreamFailureMessage } from "./api.server";

export type FormFailure = { message: string; status: number; fieldErrors: Record<string, string[]> };

/**
 * What a form shows when its API call failed: the API's 4xx message and field messages, or the friendly
 * text of an infrastructure failure (502/503/504). Anything else (a redirect to login, a bug) is not a
 * form failure: null, and the caller rethrows it.
 */
export function formFailure(error: unknown): FormFailure | null {
  if (error instanceof ApiRequestError) {
    return { message: error.message, status: error.status, fieldErrors: error.fieldErrors };
  }
  const upstream = upstreamFailureMessage(error);
  if (upstream) {
    const status = (error as { init?: { status?: number } | null }).init?.status ?? 503;
    return { message: upstream, status, fieldErrors: {} };
  }
  return null;
}
