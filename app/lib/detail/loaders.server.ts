import { ApiRequestError } from "../api.server";

/** The API's answer for an id it does not know (400, 404 or 422): the detail screen's 'not found'. */
export function isMissingEntity(error: unknown): boolean {
  return error instanceof ApiRequestError && [400, 404, 422].includes(error.status);
}
