import { data } from "react-router";
import { ApiRequestError } from "../platform/api.server";
import { type ErrorBody, errorResponse } from "../platform/invariant";
import { settle } from "../platform/settle";
import type { DetailOutcome, Refusal } from "./types";

/** The API's answer for an id it does not know (400, 404 or 422). */
function isMissingEntity(error: unknown): boolean {
  return error instanceof ApiRequestError && [400, 404, 422].includes(error.status);
}

/**
 * Reads a detail screen's entity and everything the screen shows with it, in one outcome:
 *
 * - no such entity (the route id cannot be an id, or the API does not know it: 400, 404, 422): `missing` is
 *   thrown as a 404 through `invariantResponse`, the one error page saying it;
 * - `refusal` (`forbidden` or `locked`, as the screen says a 403 on its entity means), with
 *   `refusalMessage(the API's message)`, by default the API's own words;
 * - `found`: what `load` returns.
 *
 * `read` is the entity's own call: only its failure decides the outcome. `load` is handed that read as it
 * starts, so the screen's other calls go out alongside it; any other failure is thrown (the route's error
 * page). A failed `load` after a failed `read` is the read's consequence and is not reported.
 */
export async function loadDetail<E, T extends object, R extends Refusal>({
  id,
  read,
  load,
  refusal,
  refusalMessage = (apiMessage) => apiMessage,
  missing,
}: {
  id: number | null;
  /** The words of the 404 page for an entity that does not exist ('Project not found', the spec's message). */
  missing: ErrorBody | (() => Promise<ErrorBody>);
  read: (id: number) => Promise<E>;
  load: (entity: Promise<E>, id: number) => Promise<T>;
  refusal: R;
  refusalMessage?: (apiMessage: string) => string;
}): Promise<DetailOutcome<T, R>> {
  const missingBody = async () => (typeof missing === "function" ? missing() : missing);
  if (!id) throw errorResponse(await missingBody());
  const entity = read(id);
  const [entityR, loaded] = await Promise.all([settle(entity), settle(load(entity, id))]);
  if (!entityR.ok) {
    const error = entityR.error;
    if (isMissingEntity(error)) throw errorResponse(await missingBody());
    if (error instanceof ApiRequestError && error.status === 403)
      return { outcome: refusal, message: refusalMessage(error.message) };
    throw error;
  }
  if (!loaded.ok) throw loaded.error;
  return { outcome: "found", ...loaded.value };
}

const STATUS = { found: 200, forbidden: 403, locked: 403 } as const;

/** A detail screen's loader answer: the outcome with where its 'Back' link leads, under the outcome's status. */
export function detailData<T extends object, R extends Refusal>(
  detail: DetailOutcome<T, R>,
  backHref: string,
) {
  return data(
    { ...detail, backHref },
    { status: STATUS[detail.outcome], headers: { "Cache-Control": "no-store" } },
  );
}
