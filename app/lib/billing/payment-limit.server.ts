/**
 * Card attempts on the checkout and the activation (issue 25): at most 5 declined or refused cards per member
 * (or, on the checkout, per e-mail address) per hour, and PAYMENT_MAX_FAILED_CARDS_PER_CLIENT (5) per client
 * address, so that nobody tests card numbers through us. Each attempt is counted before the card is sent (parallel posts cannot all pass a check made
 * before any of them counts) and handed back when it did not end in a refused card. Every attempt and its outcome
 * is logged, never with card data. The reference API keeps the same limit per member and e-mail address
 * (upstream/payments/attempts.ts); the client address is only known here.
 */
import { createHash } from "node:crypto";
import { RateLimiterRes } from "rate-limiter-flexible";
import type { RouterContextProvider } from "react-router";
import { clientKeyOf } from "../platform/client-address.server";
import { config } from "../platform/config.server";
import { requestInfoContext } from "../platform/contexts";
import { store, waitText } from "../platform/rate-limit.server";

export const MAX_FAILED_CARDS_PER_HOUR = 5;
const HOUR_SECONDS = 3600;

const tooManyCardAttempts = (wait: string) => `Too many declined card attempts. Please try again in ${wait}.`;

const bySubject = store.counter({
  keyPrefix: "payment:subject",
  points: MAX_FAILED_CARDS_PER_HOUR,
  duration: HOUR_SECONDS,
});
const byClient = store.counter({
  keyPrefix: "payment:client",
  points: config.paymentFailuresPerClient,
  duration: HOUR_SECONDS,
});

/** The member paying: a member by id, a checkout by its e-mail address (hashed: no address is kept or logged). */
export const memberPayer = (userId: number) => `member:${userId}`;
export const emailPayer = (email: string) =>
  `email:${createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22)}`;

/**
 * How a card attempt ended: only a refused card counts against the limit ("unknown": its answer was lost, and the
 * page finds out what happened, decision 138).
 */
type CardOutcome = "approved" | "declined" | "not-charged" | "unknown";

type PaymentAttempt =
  | { allowed: true; end: (outcome: CardOutcome) => Promise<void> }
  | { allowed: false; message: string; retryAfterSeconds: number };

export async function beginCardAttempt(
  context: Readonly<RouterContextProvider>,
  payer: string,
): Promise<PaymentAttempt> {
  const client = clientKeyOf(context.get(requestInfoContext).clientAddress);
  const refused = (error: unknown): PaymentAttempt => {
    if (!(error instanceof RateLimiterRes)) throw error;
    console.log(`[payments] attempt refused payer=${payer} reason=too-many-declined-cards`);
    return {
      allowed: false,
      message: tooManyCardAttempts(waitText(error.msBeforeNext)),
      retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
    };
  };
  try {
    await bySubject.consume(payer);
  } catch (error) {
    return refused(error);
  }
  try {
    await byClient.consume(client);
  } catch (error) {
    await bySubject.reward(payer);
    return refused(error);
  }
  return {
    allowed: true,
    end: async (outcome) => {
      console.log(`[payments] attempt payer=${payer} outcome=${outcome}`);
      if (outcome !== "declined") await Promise.all([bySubject.reward(payer), byClient.reward(client)]);
    },
  };
}
