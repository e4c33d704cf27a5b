/**
 * The sign-up checkout's own texts and values (signup-search-companies-calendar.md §2.4, §2.6, §8): the account
 * fields around the shared coverage and billing pieces (app/lib/billing/).
 */
import type { BillingValues, CoverageValues } from "../billing/pricing";

export const PASSWORDS_DIFFER_LIVE = "The passwords do not match";
export const PASSWORDS_DIFFER = "Passwords do not match";
export const unknownError = (phone: string) => `Sorry, there was an unknown error. Call us at ${phone}`;

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
