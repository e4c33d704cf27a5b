/**
 * Card attempts of the sign-up and the activation (issue 25): each is recorded with its outcome, never with card
 * data, and logged the same way. A subject (a member, or on sign-up an e-mail address) with 5 declined or refused
 * cards within the last hour is refused (429) until the oldest of them is an hour old, so that nobody can test
 * card numbers against the processor through us.
 */
import { createHash } from "node:crypto";
import type { Db } from "../db/index";
import { ApiError } from "../http";

export const MAX_FAILED_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

export type AttemptOutcome = "approved" | "declined" | "refused";

export const tooManyAttempts = (wait: string) =>
  `Too many declined card attempts. Please try again in ${wait}.`;

/** "1 minute", "45 minutes". */
function minutes(ms: number): string {
  const n = Math.max(1, Math.ceil(ms / 60_000));
  return `${n} minute${n === 1 ? "" : "s"}`;
}

/** The subject of a sign-up: the e-mail address, hashed (no address is kept here or logged). */
export const emailSubject = (email: string) =>
  `email:${createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22)}`;
export const memberSubject = (userId: number) => `user:${userId}`;

export function paymentAttempts(db: Db, now: () => Date, log: (line: string) => void = console.log) {
  const failures = db.prepare<[string, string], { n: number; oldest: string | null }>(
    `SELECT count(*) AS n, min(created_at) AS oldest FROM payment_attempts
     WHERE subject = ? AND outcome <> 'approved' AND created_at > ?`,
  );
  const insert = db.prepare("INSERT INTO payment_attempts (subject, outcome, created_at) VALUES (?, ?, ?)");

  return {
    /** Refuses (429) a subject with too many failed cards in the last hour. */
    requireAllowed(subject: string) {
      const since = new Date(now().getTime() - HOUR_MS).toISOString();
      const { n, oldest } = failures.get(subject, since) ?? { n: 0, oldest: null };
      if (n >= MAX_FAILED_PER_HOUR && oldest) {
        const wait = new Date(oldest).getTime() + HOUR_MS - now().getTime();
        log(`[payments] attempt refused subject=${subject} reason=too-many-failures`);
        throw new ApiError(429, tooManyAttempts(minutes(wait)));
      }
    },

    record(subject: string, outcome: AttemptOutcome, amount: number) {
      insert.run(subject, outcome, now().toISOString());
      log(`[payments] attempt subject=${subject} amount=${amount.toFixed(2)} outcome=${outcome}`);
    },
  };
}
