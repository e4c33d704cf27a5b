/**
 * What a plan costs and covers, as the checkout and the subscription page show it (signup-search-companies-
 * calendar.md §2.4–2.7, §4, §9): the plan summary's wording, the coverage slots, and the form's field names. Shared
 * by the server and the browser; the server side (reading the form, pricing) is pricing.server.ts.
 */
import { formatEnUs } from "~/lib/format/project-format";
import { countOf } from "../../../contract/plural";

export const COUNTIES_FAILED = "Unknown error while fetching counties.";
export const TERMS_REQUIRED = "Please accept the terms of service to continue.";
export const SUBSCRIPTION_UPDATED = "Your subscription has been updated successfully.";
export const priceChanged = (total: string) =>
  `The price has changed to ${total}. Please check the new total and submit again.`;

/** Card fields: never logged, put in a URL or cookie, or rendered back into a page. */
export const CARD_FIELDS = ["card_number", "expiration_date", "cvv"] as const;

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

/**
 * The coverage chosen on a form, as typed: state slots by position (an empty select stays empty, ids as text),
 * county slots as a state and a name each, the verticals ticked, and the 'Add additional state' presses.
 */
export type CoverageValues = {
  plan_verticals: string[];
  plan_states: string[];
  county_states: string[];
  county_names: string[];
  extra_states: number;
};

/** The billing address and promo code of a checkout or an activation, as typed (card fields are never kept). */
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

/** The billing part of a new checkout or activation: the account's name, the rest left to type. */
export const newBillingValues = (firstName: string, lastName: string): BillingValues => ({
  bill_first_name: firstName,
  bill_last_name: lastName,
  bill_address: "",
  bill_address2: "",
  bill_city: "",
  bill_state: "",
  bill_zip: "",
  promo_code: "",
});

export type FieldErrors = Partial<Record<string, string[]>>;

/** The price's parts as Register/Price answers them: 'Plan Price', …, 'Total'. */
type PriceParts = Record<string, number> & { "Plan Price": number; Total: number };
export type PriceResult = { components: PriceParts | null; error: string | null };

/** What a price asked by a form answers: the price and the counties of the states chosen in county slots. */
export type PriceAnswer = {
  price: PriceResult;
  counties: Record<string, string[]>;
  countiesError: string | null;
};

/** An answer of the checkout's or the activation's action: what it kept, its messages, the price and counties. */
export type FormAnswer<I extends string, V> = PriceAnswer & {
  intent: I;
  values: V;
  errors: FieldErrors;
  formError: string | null;
};

/** 'National Edition' → 'National'. */
export const planDisplayName = (name: string) => name.replace(/ Edition/g, "").trim();

/**
 * USD, dropping '.00': $3,495 and $1,999.95, as Intl's en-US currency format writes them, but without building
 * one: the first currency formatter of a page loads the browser's number and currency data, a 15–19 ms task on
 * the checkout's first load that no render could slice (decision 136).
 */
export function money(amount: number): string {
  const whole = Number.isInteger(Math.round(amount * 100) / 100);
  const digits = formatEnUs(Math.abs(amount), whole ? 0 : 2);
  const point = digits.indexOf(".");
  const shown = whole ? digits : point < 0 ? `${digits}.00` : digits.padEnd(point + 3, "0");
  return `${amount < 0 || Object.is(amount, -0) ? "-" : ""}$${shown}`;
}

/** '/ year' for 12 months, else '/ 6 months' (member-app.md §9). */
export const periodText = (months: number) => (months === 12 ? "/ year" : "/ 6 months");

/** What a charge bought, in time: '1 year' or '6 months'. */
export const durationText = (months: number) => (months === 12 ? "1 year" : `${months} months`);

/** 'per year' for 12 months, else 'per 6 months': the total's period on the checkout and the activation. */
export const perPeriodText = (months: number) => (months === 12 ? "per year" : "per 6 months");

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
        : countOf(Math.max(chosen.states, plan.coverage_limit), "State"),
    );
  }
  if (plan.coverage_county)
    lines.push(countOf(Math.max(chosen.counties, plan.coverage_limit), "County", "Counties"));
  if (plan.coverage_vertical_market) {
    lines.push(countOf(Math.max(chosen.verticals, 1), "Vertical Market"));
  }
  return lines;
}

export const canAddState = (plan: PlanSummary) =>
  plan.coverage_state === 1 && plan.coverage_limit !== -1 && plan.additional_state_cost > 0;

/** How many state selects a form shows: the plan's limit plus the states added; none for all states. */
export function stateSlots(plan: PlanSummary, extraStates: number): number {
  if (!plan.coverage_state || plan.coverage_limit === -1) return 0;
  return plan.coverage_limit + (canAddState(plan) ? Math.max(0, extraStates) : 0);
}

export function countySlots(plan: PlanSummary): number {
  if (!plan.coverage_county) return 0;
  return plan.coverage_limit === -1 ? 0 : plan.coverage_limit;
}

/** The 'Add additional state' presses that make room for `chosen` states on a plan. */
export const extraStatesFor = (plan: PlanSummary, chosen: number) =>
  canAddState(plan) ? Math.max(0, chosen - plan.coverage_limit) : 0;

/** Expiry as typed: digits only, at most 4, with a slash after the second. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * What a plan's list price includes of earlier choices (a trial's, in their order): the first states and counties
 * up to the plan's included count, the first vertical where each further one costs extra (all of them where they
 * are free). Only states in `offered` are kept (a trial may have chosen a province). The rest is shown unticked,
 * with its price, for the member to add: the activation starts at the plan's price (issue 42).
 */
export function includedChoices(
  plan: PlanSummary,
  earlier: CoverageValues,
  offered: string[],
): CoverageValues {
  const states = earlier.plan_states.filter((id) => offered.includes(id));
  const limited = plan.coverage_limit !== -1;
  const paidVerticals = plan.coverage_vertical_market === 1 && plan.additional_vertical_market_cost > 0;
  const counties = plan.coverage_county && limited ? plan.coverage_limit : earlier.county_states.length;
  return {
    plan_states: plan.coverage_state && limited ? states.slice(0, plan.coverage_limit) : states,
    plan_verticals: paidVerticals ? earlier.plan_verticals.slice(0, 1) : earlier.plan_verticals,
    county_states: earlier.county_states.slice(0, counties),
    county_names: earlier.county_names.slice(0, counties),
    extra_states: 0,
  };
}
