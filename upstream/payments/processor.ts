/**
 * The card processor behind sign-up and subscription activation: one small interface, and a fake that approves
 * and declines the README's test cards. Card data passes through in memory only: it is never logged and never
 * stored (a charge row keeps the amount and the outcome).
 */
import type { Db } from "../db/index";

export interface Card {
  card_number: string;
  expiration_date: string;
  cvv: string;
}

export interface ChargeRequest {
  /** The same key never charges twice: a repeat answers the first outcome. */
  idempotencyKey: string;
  amount: number;
  card: Card;
}

export type ChargeResult = { approved: true; chargeId: number } | { approved: false; message: string };

/**
 * A processor may answer at once (the fake one) or later (a real one, over the network): while it works, the
 * request's state is 'pending' (payments/requests.ts).
 */
export interface CardProcessor {
  charge(request: ChargeRequest): ChargeResult | Promise<ChargeResult>;
}

export const APPROVED_TEST_CARD = "4242424242424242";
export const DECLINED_TEST_CARD = "4000000000000002";

export const CARD_DECLINED = "Your card was declined.";
export const CARD_NUMBER_INVALID = "Your card number is incorrect.";
export const CARD_EXPIRED = "Your card has expired.";
export const CVV_INVALID = "Your card's security code is incorrect.";

/** mm/yy whose month is not over yet, on the clock's day. */
export function expiryInFuture(expiration: string, today: Date): boolean {
  const m = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiration);
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  const nowYear = today.getUTCFullYear();
  const nowMonth = today.getUTCMonth() + 1;
  return year > nowYear || (year === nowYear && month >= nowMonth);
}

/**
 * The fake processor: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined, any other number is
 * refused as incorrect; the expiry must be a future mm/yy and the CVV three digits.
 */
export function fakeProcessor(db: Db, now: () => Date): CardProcessor {
  const find = db.prepare<[string], { id: number; approved: number }>(
    "SELECT id, approved FROM payment_charges WHERE idempotency_key = ?",
  );
  const insert = db.prepare(
    "INSERT INTO payment_charges (idempotency_key, amount, approved, created_at) VALUES (?, ?, ?, ?)",
  );
  return {
    charge({ idempotencyKey, amount, card }) {
      const previous = find.get(idempotencyKey);
      if (previous?.approved) return { approved: true, chargeId: previous.id };
      const number = card.card_number.replace(/\s+/g, "");
      let refusal: string | null = null;
      if (!expiryInFuture(card.expiration_date, now())) refusal = CARD_EXPIRED;
      else if (!/^\d{3}$/.test(card.cvv)) refusal = CVV_INVALID;
      else if (number === DECLINED_TEST_CARD) refusal = CARD_DECLINED;
      else if (number !== APPROVED_TEST_CARD) refusal = CARD_NUMBER_INVALID;
      if (refusal) return { approved: false, message: refusal };
      if (previous) {
        db.prepare("UPDATE payment_charges SET approved = 1, amount = ? WHERE id = ?").run(
          amount,
          previous.id,
        );
        return { approved: true, chargeId: previous.id };
      }
      const id = Number(insert.run(idempotencyKey, amount, 1, now().toISOString()).lastInsertRowid);
      return { approved: true, chargeId: id };
    },
  };
}
