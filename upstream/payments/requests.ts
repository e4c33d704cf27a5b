/**
 * The state of each charging request by its idempotency key (payment_requests, migration 092; decision 138): a
 * sign-up (POST Register) or an activation (POST Users/Me/Subscription) is 'pending' from its start, then
 * 'completed' in the transaction of what it made, or 'refused' with the answer it got. When the app does not get
 * the answer in time (or loses it), it asks here what happened instead of asking the member to try again.
 */
import type { PaymentState } from "../../contract/register";
import type { Db } from "../db/index";
import { ApiError } from "../http";

export type PaymentKind = "registration" | "activation";

export const PAYMENT_IN_PROGRESS = "This payment is being processed. Please wait for its result.";
export const PAYMENT_KEY_USED =
  "This payment was already processed with other details. Please reload the page to start a new one.";

interface Row {
  kind: PaymentKind;
  user_id: number | null;
  state: "pending" | "completed" | "refused";
  amount: number | null;
  member_charge_id: number | null;
  trial: number;
  message: string | null;
}

export function paymentRequests(db: Db, now: () => Date) {
  const find = db.prepare<[string], Row>(
    `SELECT kind, user_id, state, amount, member_charge_id, trial, message FROM payment_requests
     WHERE idempotency_key = ?`,
  );
  const upsertPending = db.prepare(
    `INSERT INTO payment_requests (idempotency_key, kind, user_id, state, created_at, updated_at)
     VALUES (@key, @kind, @userId, 'pending', @now, @now)
     ON CONFLICT (idempotency_key) DO UPDATE SET state = 'pending', message = NULL, updated_at = @now`,
  );
  const setCompleted = db.prepare(
    `UPDATE payment_requests SET state = 'completed', user_id = @userId, amount = @amount,
       member_charge_id = @chargeId, trial = @trial, message = NULL, updated_at = @now
     WHERE idempotency_key = @key`,
  );
  const setRefused = db.prepare(
    `UPDATE payment_requests SET state = 'refused', message = ?, updated_at = ?
     WHERE idempotency_key = ? AND state = 'pending'`,
  );
  const stamp = () => now().toISOString();

  return {
    /**
     * A charging request begins: its key is 'pending' from now on. A key in progress is refused (409), and so is
     * a key another kind of request or another member used (409). A key that completed answers 'completed' (the
     * caller replays its answer); a refused one begins again (the member fixed the card).
     */
    begin(key: string, kind: PaymentKind, userId: number | null): "begun" | "completed" {
      const row = find.get(key);
      if (row && (row.kind !== kind || (kind === "activation" && row.user_id !== userId))) {
        throw new ApiError(409, PAYMENT_KEY_USED);
      }
      if (row?.state === "pending") throw new ApiError(409, PAYMENT_IN_PROGRESS);
      if (row?.state === "completed") return "completed";
      upsertPending.run({ key, kind, userId, now: stamp() });
      return "begun";
    },

    /** What the request made; call it inside the transaction that made it. */
    complete(
      key: string,
      done: { userId: number; amount: number; memberChargeId: number | null; trial: boolean },
    ) {
      setCompleted.run({
        key,
        userId: done.userId,
        amount: done.amount,
        chargeId: done.memberChargeId,
        trial: done.trial ? 1 : 0,
        now: stamp(),
      });
    },

    /** The request was refused with `message`: nothing was charged or made. */
    refuse(key: string, message: string) {
      setRefused.run(message, stamp(), key);
    },

    /**
     * The state of a key as its asker may see it: an activation only by its member (anyone else reads
     * 'unknown', as for a key never seen), a registration by whoever holds the key (`userId` null). A completed
     * registration says what the completion page needs (a trial, the amount), never who the member is.
     */
    lookup(key: string, asker: { kind: PaymentKind; userId: number | null }): PaymentState {
      const row = find.get(key);
      if (!row || row.kind !== asker.kind) return { state: "unknown" };
      if (row.kind === "activation" && row.user_id !== asker.userId) return { state: "unknown" };
      if (row.state === "pending") return { state: "pending", kind: row.kind };
      if (row.state === "refused") return { state: "refused", kind: row.kind, message: row.message ?? "" };
      return {
        state: "completed",
        kind: row.kind,
        amount: row.amount ?? 0,
        trial: row.trial === 1,
        receipt_id: row.kind === "activation" ? row.member_charge_id : null,
      };
    },
  };
}
