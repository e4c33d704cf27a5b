/**
 * A charging call (the activation, the sign-up's Register) whose answer did not come in time or was lost
 * (decision 138). The API may have charged the card: the app does not say "try again". It keeps the request's
 * key, plan and what was typed (never card data or a password) in the member's session, and asks the API what
 * happened by the key (GET Users/Me/Payments/{key}, GET Register/Payments/{key}); the page shows "We are confirming
 * your payment…" until the answer is the completed result, the API's refusal, or that the request never arrived.
 * Any retry carries the same key, and the API charges a key once.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { endpoints } from "../../../contract/endpoints";
import type { PaymentState } from "../../../contract/register";
import { type ApiClient, reachedNoApi, upstreamFailureMessage } from "../platform/api.server";
import { config } from "../platform/config.server";
import { formFailure } from "../platform/form-failure.server";
import type { MemberSession } from "../platform/session.server";
import type { LateChargeKind, LateChargeOutcome, LateChargeView } from "./late-charge";

/** A new idempotency key for a charging form: 32 random characters, made here and never by the browser. */
export const newIdempotencyKey = () => randomBytes(24).toString("base64url");

/** A key as a form posts it back: the one the page was given, or a new one when it is missing or malformed. */
export const keptIdempotencyKey = (posted: string) =>
  /^[A-Za-z0-9_-]{16,100}$/.test(posted) ? posted : newIdempotencyKey();

/**
 * Whether a charging call's failure leaves its outcome unknown: the API may have charged, and its answer did not
 * come in time, was cut off or unreadable, or was a failure of its own (5xx). A refusal (4xx) was answered, and a
 * call that never left (the connection refused) charged nothing: the form shows those as it always did.
 */
export const outcomeUnknown = (error: unknown) =>
  upstreamFailureMessage(error) !== null && !reachedNoApi(error);

/** What the session keeps of a late charge: never card data, never a password. */
const LateCharge = z.object({
  kind: z.enum(["activation", "sign-up"]),
  key: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/),
  /** The page that confirms it: /Me/Subscription, or the checkout's path with its query. */
  path: z.string().startsWith("/"),
  planName: z.string(),
  /** The total the page showed (null when it showed none). */
  amount: z.number().nullable(),
  trial: z.boolean(),
  /** When the app gave up waiting for the answer (ms since the epoch). */
  since: z.number(),
  /** The form's values as typed, to render it again after a refusal; null when they were too many to keep. */
  values: z.record(z.string(), z.unknown()).nullable(),
});
export type LateCharge = z.infer<typeof LateCharge>;

/** Values larger than this (as JSON) are not kept: the session is a cookie, and a cookie holds about 4 KB. */
const MAX_VALUES_CHARS = 1200;

/** Remembers a late charge in the session, until the page knows what happened to it. */
export function rememberLateCharge(session: MemberSession, charge: Omit<LateCharge, "since">) {
  const values =
    charge.values && JSON.stringify(charge.values).length <= MAX_VALUES_CHARS ? charge.values : null;
  session.setLateCharge({ ...charge, values, since: Date.now() } satisfies LateCharge);
}

/** The late charge of this kind the session waits on, or null. */
export function lateChargeOf(session: MemberSession, kind: LateChargeKind): LateCharge | null {
  const parsed = LateCharge.safeParse(session.lateCharge());
  return parsed.success && parsed.data.kind === kind ? parsed.data : null;
}

/** A request the API has not seen this long after the app gave up on it never arrived: nothing was charged. */
const notReceivedAfterMs = () => config.upstreamTimeoutMs;

/**
 * What the API's answer about a key means for the page. 'unknown' is a request not (yet) seen: one that is still
 * on its way is given one more UPSTREAM_TIMEOUT_MS after the app gave up on it, and is then told as never received.
 */
export function outcomeOf(
  state: PaymentState,
  since: number,
  now: number,
  graceMs: number,
): LateChargeOutcome {
  switch (state.state) {
    case "completed":
      return { state: "completed", trial: state.trial };
    case "refused":
      return { state: "refused", message: state.message };
    case "pending":
      return { state: "confirming", checked: true };
    case "unknown":
      return now - since < graceMs ? { state: "confirming", checked: true } : { state: "not-received" };
  }
}

/**
 * Asks the API what happened to a late charge (a read: it never charges). When the API cannot answer now, the
 * charge is still being confirmed: the page asks again.
 */
export async function checkLateCharge(api: ApiClient, charge: LateCharge): Promise<LateChargeOutcome> {
  const endpoint = charge.kind === "activation" ? endpoints.paymentState : endpoints.signupPaymentState;
  try {
    const { data } = await api.call(endpoint, { params: { key: charge.key } });
    return outcomeOf(data, charge.since, Date.now(), notReceivedAfterMs());
  } catch (error) {
    if (!formFailure(error)) throw error;
    return { state: "confirming", checked: false };
  }
}

/**
 * A form's first values with what the session kept of it overlaid, field by field where the kept value has the
 * field's type (text, a flag, a number, a list of texts): the form again as the member typed it.
 */
export function restoredValues<V extends object>(first: V, kept: Record<string, unknown> | null): V {
  if (!kept) return first;
  const out: Record<string, unknown> = { ...(first as Record<string, unknown>) };
  for (const [name, value] of Object.entries(first)) {
    const typed = kept[name];
    const fits = Array.isArray(value)
      ? Array.isArray(typed) && typed.every((v) => typeof v === "string")
      : typeof typed === typeof value;
    if (fits) out[name] = typed;
  }
  return out as V;
}

/** The confirming panel's view of a late charge. */
export const viewOf = (charge: LateCharge, checked: boolean): LateChargeView => ({
  kind: charge.kind,
  trial: charge.trial,
  amount: charge.amount,
  planName: charge.planName,
  checked,
  path: charge.path,
});
