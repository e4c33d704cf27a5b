/**
 * A charge whose answer did not come in time or was lost (decision 138): what the member reads while the app finds
 * out what happened, and what the page shows once it knows. Never "try again": the card may have been charged.
 */
import { money } from "./pricing";

export type LateChargeKind = "activation" | "sign-up";

/**
 * What the page knows of a late charge: still confirming (`checked` false when the API could not be asked this
 * time), done (the page moves on), refused by the API (its words), or never received (nothing was charged).
 */
export type LateChargeOutcome =
  | { state: "confirming"; checked: boolean }
  | { state: "completed"; trial: boolean }
  | { state: "refused"; message: string }
  | { state: "not-received" };

/** What the confirming panel shows of a late charge. */
export type LateChargeView = {
  kind: LateChargeKind;
  trial: boolean;
  amount: number | null;
  planName: string;
  checked: boolean;
  /** Where 'Check again' goes: the page itself, with its query. */
  path: string;
};

/** The heading of the confirming panel. */
export const confirmingTitle = (charge: Pick<LateChargeView, "trial">) =>
  charge.trial ? "We are confirming your sign-up…" : "We are confirming your payment…";

/** What is being confirmed, in the member's terms. */
export function confirmingText(charge: Omit<LateChargeView, "checked" | "path">): string {
  if (charge.trial)
    return `Your free trial of ${charge.planName} was sent to us, and its answer is taking longer than usual.`;
  const amount = charge.amount === null ? "Your payment" : `Your payment of ${money(charge.amount)}`;
  return `${amount} for ${charge.planName} was sent to us, and its answer is taking longer than usual.`;
}

/** Never pay twice: said on every confirming panel. */
export const NOT_TWICE =
  "Please do not pay again: whatever happens, you will not be charged twice. This page shows the result as soon as we have it.";

/** The form again after a request the API never received: nothing was charged or made. */
export function notReceived(charge: Pick<LateChargeView, "kind" | "trial">): string {
  const again = "Please check the details and submit the form again.";
  if (charge.kind === "activation") return `Your payment did not reach us, and nothing was charged. ${again}`;
  if (charge.trial) return `Your sign-up did not reach us, and no account was made. ${again}`;
  return `Your sign-up did not reach us: no account was made and nothing was charged. ${again}`;
}
