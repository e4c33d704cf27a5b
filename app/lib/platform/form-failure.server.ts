import { ApiRequestError, GENERIC_API_MESSAGE, upstreamFailureMessage } from "./api.server";

type FormFailure = {
  message: string;
  status: number;
  fieldErrors: Record<string, string[]>;
  /**
   * True when the API answered and refused (a 4xx: it read the request and may have acted on it, a limiter counts
   * it); false when it could not be reached or failed (502/503/504: the friendly text of the failure).
   */
  refused: boolean;
};

/**
 * What a form shows when its API call failed: the API's 4xx message and field messages, or the friendly
 * text of an infrastructure failure (502/503/504). Anything else (a redirect to login, a bug) is not a
 * form failure: null, and the caller rethrows it.
 */
export function formFailure(error: unknown): FormFailure | null {
  if (error instanceof ApiRequestError) {
    return { message: error.message, status: error.status, fieldErrors: error.fieldErrors, refused: true };
  }
  const upstream = upstreamFailureMessage(error);
  if (upstream) {
    const status = (error as { init?: { status?: number } | null }).init?.status ?? 503;
    return { message: upstream, status, fieldErrors: {}, refused: false };
  }
  return null;
}

/** The API's own words of a refusal, or the screen's text (the spec's) where it said nothing readable. */
export const refusalText = (failure: FormFailure, fallback: string) =>
  failure.message && failure.message !== GENERIC_API_MESSAGE ? failure.message : fallback;
