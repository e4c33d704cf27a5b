/**
 * The sign-up checkout and the subscription page, the parts both the server and the browser use: texts of the
 * spec, the form's field names, and the plan summary's wording (signup-search-companies-calendar.md §2.4–2.7, §8, §9).
 */

export const PASSWORDS_DIFFER_LIVE = "The passwords do not match";
export const PASSWORDS_DIFFER = "Passwords do not match";
export const COUNTIES_FAILED = "Unknown error while fetching counties.";
export const TERMS_REQUIRED = "Please accept the terms of service to continue.";
export const SUBSCRIPTION_UPDATED = "Your subscription has been updated successfully.";
export const unknownError = (phone: string) => `Sorry, there was an unknown error. Call us at ${phone}`;
export const priceChanged = (total: string) =>
  `The price has changed to ${total}. Please check the new total and submit again.`;

/** Card fields: never logged, put in a URL or cookie, or rendered back into a page. */
export const CARD_FIELDS = ["card_number", "expiration_date", "cvv"] as const;

/** The honeypot: a field people never see or fill in. */
export const HONEYPOT_FIELD = "website_url";

export type PlanSummary = {
  id: number;
  slug: string;
  name: string;
  base_price: number;
  additional_vertical_market_cost: number;
  additional_state_cost: number;
  coverage_limit: number;
  coverage_state: 0 | 1;
  coverage_county: 0 | 1;
  coverage_vertical_market: 0 | 1;
  users_count: number;
  months: number;
  download: boolean;
  is_free_trial: boolean;
};

/** What the checkout form holds, card fields excepted (they are never kept). */
/** The billing address and promo code of a checkout or a subscription change, as typed. */
export type BillingValues = {
  bill_first_name: string;
  bill_last_name: string;
  bill_address: string;
  bill_address2: string;
  bill_city: string;
  bill_state: string;
  bill_zip: string;
  promo_code: string;
};

export type SignupValues = BillingValues & {
  company: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  state: string;
  password: string;
  confirm_password: string;
  plan_verticals: string[];
  plan_states: string[];
  county_states: string[];
  county_names: string[];
  discount: string;
  free_trial: string;
  referrer: string;
  idempotency_key: string;
  extra_states: number;
  terms: boolean;
};

export type SignupErrors = Partial<Record<string, string[]>>;

/** 'National Edition' → 'National'. */
export const planDisplayName = (name: string) => name.replace(/ Edition/g, "").trim();

/** USD, dropping '.00': $3,495 and $1,999.95. */
export function money(amount: number): string {
  const whole = Number.isInteger(Math.round(amount * 100) / 100);
  return amount.toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  });
}

/** '/ year' for 12 months, else '/ 6 months' (member-app.md §9). */
export const periodText = (months: number) => (months === 12 ? "/ year" : "/ 6 months");

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The coverage line of the plan summary: '1 State', 'N Vertical Markets', 'N Counties'. */
export function coverageText(
  plan: PlanSummary,
  chosen: { states: number; verticals: number; counties: number },
): string[] {
  const lines: string[] = [];
  if (plan.coverage_state) {
    lines.push(
      plan.coverage_limit === -1
        ? "All States"
        : plural(Math.max(chosen.states, plan.coverage_limit), "State", "States"),
    );
  }
  if (plan.coverage_county) lines.push(`${Math.max(chosen.counties, plan.coverage_limit)} Counties`);
  if (plan.coverage_vertical_market) {
    lines.push(plural(Math.max(chosen.verticals, 1), "Vertical Market", "Vertical Markets"));
  }
  return lines;
}

/** How many state selects the checkout shows: the plan's limit plus the states added; none for all states. */
export function stateSlots(plan: PlanSummary, extraStates: number): number {
  if (!plan.coverage_state || plan.coverage_limit === -1) return 0;
  return plan.coverage_limit + (canAddState(plan) ? Math.max(0, extraStates) : 0);
}

export const canAddState = (plan: PlanSummary) =>
  plan.coverage_state === 1 && plan.coverage_limit !== -1 && plan.additional_state_cost > 0;

export function countySlots(plan: PlanSummary): number {
  if (!plan.coverage_county) return 0;
  return plan.coverage_limit === -1 ? 0 : plan.coverage_limit;
}

/** Expiry as typed: digits only, at most 4, with a slash after the second. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
