/**
 * The sign-up checkout's own texts and values (signup-search-companies-calendar.md §2.4, §2.6, §8): the account
 * fields around the shared coverage and billing pieces (app/lib/billing/).
 */
import type { BillingValues, CoverageValues } from "../billing/pricing";

export const PASSWORDS_DIFFER_LIVE = "The passwords do not match";
export const PASSWORDS_DIFFER = "Passwords do not match";
export const unknownError = (phone: string) => `Sorry, there was an unknown error. Call us at ${phone}`;

/** What a phone number may hold besides its digits: spaces, dots, dashes, brackets and a leading '+'. */
const PHONE_CHARS = /^\+?[\d\s().-]+$/;
/** A US or Canadian number (NANP): area code and exchange do not start with 0 or 1. */
const NANP = /^([2-9]\d{2})([2-9]\d{2})(\d{4})$/;

/**
 * §5's phone format, '+1 (xxx) xxx-xxxx', for a 10-digit US or Canadian number however it was typed (with or
 * without the leading 1 or +1, spaces, dots, dashes or brackets). Anything else (an extension, another
 * country's number, too few digits) is kept as typed: §5 gives no message for it.
 */
export function formatPhone(input: string): string {
  const typed = input.trim();
  if (!PHONE_CHARS.test(typed)) return input;
  let digits = typed.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  else if (typed.startsWith("+")) return input;
  const parts = NANP.exec(digits);
  return parts ? `+1 (${parts[1]}) ${parts[2]}-${parts[3]}` : input;
}

/** The honeypot: a field people never see or fill in. */
export const HONEYPOT_FIELD = "website_url";

/** What the checkout form holds, card fields excepted (they are never kept). */
export type SignupValues = BillingValues &
  CoverageValues & {
    company: string;
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    state: string;
    password: string;
    confirm_password: string;
    discount: string;
    free_trial: string;
    referrer: string;
    idempotency_key: string;
    terms: boolean;
  };
