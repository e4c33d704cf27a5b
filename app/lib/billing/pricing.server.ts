/**
 * The server side of what a plan costs and covers, shared by the checkout (/sign-up/{planId}) and the activation
 * (/Me/Subscription): the cached Register/Options, counties, the coverage and billing read from a form post with
 * the spec's rules (§5), the price (Register/Price), and the check that the total the page showed is the total
 * that will be charged. Card data is read from the form only into the one API call that charges it.
 */
import { z } from "zod";
import { endpoints } from "../../../contract/endpoints";
import type { County, PriceRequest, RegisterOptions } from "../../../contract/register";
import { type ApiClient, ApiRequestError, upstreamFailureMessage } from "../api.server";
import { LruCache } from "../lru";
import { promoLookupLimiter } from "../rate-limit.server";
import {
  type BillingValues,
  COUNTIES_FAILED,
  type CoverageValues,
  countySlots,
  type FieldErrors,
  type PlanSummary,
  type PriceResult,
  stateSlots,
} from "./pricing";

const OPTIONS_TTL_MS = 5 * 60_000;
let cachedOptions: { value: RegisterOptions; expires: number } | null = null;

/** Register/Options, cached in-process for 5 minutes (slow-changing lists); a failure is not cached. */
export async function registerOptions(api: ApiClient): Promise<RegisterOptions> {
  if (cachedOptions && cachedOptions.expires > Date.now()) return cachedOptions.value;
  const { data } = await api.call(endpoints.registerOptions);
  cachedOptions = { value: data, expires: Date.now() + OPTIONS_TTL_MS };
  return data;
}

/** The plan of a checkout path: a slug or a numeric id. */
export function findPlan(options: RegisterOptions, planId: string): PlanSummary | null {
  const plan = /^\d+$/.test(planId)
    ? options.plans.find((p) => p.id === Number(planId))
    : options.plans.find((p) => p.slug.toLowerCase() === planId.toLowerCase());
  return plan ?? null;
}

const countyCache = new LruCache<string, County[]>(100, OPTIONS_TTL_MS);

/** The counties of the states chosen in county slots, by state; a failed state gets none and the spec's message. */
export async function countiesFor(
  api: ApiClient,
  states: string[],
): Promise<{ counties: Record<string, string[]>; error: string | null }> {
  const wanted = [...new Set(states.filter((s) => /^[A-Z]{2}$/.test(s)))];
  const counties: Record<string, string[]> = {};
  let error: string | null = null;
  await Promise.all(
    wanted.map(async (state) => {
      let list = countyCache.get(state);
      if (!list) {
        try {
          list = (await api.call(endpoints.registerCounties, { params: { state } })).data;
          countyCache.set(state, list);
        } catch (e) {
          if (e instanceof Response) throw e;
          error = COUNTIES_FAILED;
          list = [];
        }
      }
      counties[state] = list.map((c) => c.name);
    }),
  );
  return { counties, error };
}

/** One text field of a form post, trimmed and cut to `max`; "" when missing. */
export const formText = (form: FormData, name: string, max = 255) => {
  const v = form.get(name);
  return typeof v === "string" ? v.trim().slice(0, max) : "";
};
const formList = (form: FormData, name: string, max = 60) =>
  form
    .getAll(name)
    .filter((v): v is string => typeof v === "string")
    .slice(0, max)
    .map((v) => v.trim().slice(0, 100));

/** The coverage of a form post. Slots keep their positions (an empty select stays empty). */
export function readCoverage(form: FormData): CoverageValues {
  const extra = Number(formText(form, "extra_states", 3));
  return {
    plan_verticals: formList(form, "plan_verticals", 200).filter((v) => /^\d+$/.test(v)),
    plan_states: formList(form, "plan_states").map((v) => (/^\d+$/.test(v) ? v : "")),
    county_states: formList(form, "county_states").map((v) => v.toUpperCase()),
    county_names: formList(form, "county_names"),
    extra_states: Number.isInteger(extra) && extra > 0 ? Math.min(extra, 60) : 0,
  };
}

/** The billing address and promo code of a form post. */
export function readBilling(form: FormData): BillingValues {
  return {
    bill_first_name: formText(form, "bill_first_name"),
    bill_last_name: formText(form, "bill_last_name"),
    bill_address: formText(form, "bill_address"),
    bill_address2: formText(form, "bill_address2"),
    bill_city: formText(form, "bill_city"),
    bill_state: formText(form, "bill_state", 10).toUpperCase(),
    bill_zip: formText(form, "bill_zip", 20),
    promo_code: formText(form, "promo_code", 50),
  };
}

/** The card as typed (spaces taken out of the number); held in memory for the one API call only. */
export function readCard(form: FormData) {
  const get = (name: string) => formText(form, name, 40);
  return {
    card_number: get("card_number").replace(/[\s-]/g, ""),
    expiration_date: get("expiration_date"),
    cvv: get("cvv"),
  };
}

export type Card = ReturnType<typeof readCard>;

function collector() {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  return { errors, add };
}

/**
 * The coverage rules (§5) for a plan: at least one vertical on a vertical plan; every state slot filled, each
 * state once; every county slot a state and a county, each county once.
 */
export function coverageErrors(values: CoverageValues, plan: PlanSummary): FieldErrors {
  const { errors, add } = collector();
  if (plan.coverage_vertical_market && values.plan_verticals.length === 0) {
    add("plan_verticals", "Please choose at least one project type.");
  }
  const slots = stateSlots(plan, values.extra_states);
  const seen = new Set<string>();
  for (let i = 0; i < slots; i++) {
    const v = values.plan_states[i] ?? "";
    if (!v) add(`plan_states[${i}]`, "Please choose a state.");
    else if (seen.has(v)) add(`plan_states[${i}]`, "This state is already chosen.");
    seen.add(v);
  }
  const counties = countySlots(plan);
  const seenCounties = new Set<string>();
  for (let i = 0; i < counties; i++) {
    const state = values.county_states[i] ?? "";
    const name = values.county_names[i] ?? "";
    if (!state) add(`county_states[${i}]`, "Please choose a state.");
    else if (!name) add(`county_names[${i}]`, "Please choose a county.");
    else if (seenCounties.has(`${state}:${name}`))
      add(`county_names[${i}]`, "This county is already chosen.");
    seenCounties.add(`${state}:${name}`);
  }
  return errors;
}

const need = (message: string) => z.string().min(1, message);
const Billing = z.object({
  bill_first_name: need("Please enter the billing first name."),
  bill_last_name: need("Please enter the billing last name."),
  bill_address: need("Please enter the billing address."),
  bill_city: need("Please enter the billing city."),
  bill_state: need("Please choose the billing state."),
  bill_zip: need("Please enter the billing zip code."),
});

/** The billing address's and the card's rules (§5): required fields; card and CVV digits only; mm/yy. */
export function paymentErrors(values: BillingValues, card: Card): FieldErrors {
  const { errors, add } = collector();
  const billing = Billing.safeParse(values);
  if (!billing.success) for (const issue of billing.error.issues) add(String(issue.path[0]), issue.message);
  if (!card.card_number) add("card_number", "Please enter the card number.");
  else if (!/^\d+$/.test(card.card_number)) add("card_number", "The card number may contain digits only.");
  if (!card.expiration_date) add("expiration_date", "Please enter the expiration date.");
  else if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(card.expiration_date)) {
    add("expiration_date", "Please enter the expiration date as mm/yy (month 01 to 12).");
  }
  if (!card.cvv) add("cvv", "Please enter the CVV.");
  else if (!/^\d+$/.test(card.cvv)) add("cvv", "The CVV may contain digits only.");
  return errors;
}

/** The billing address of the API's Register and Subscribe bodies (US only), from what was typed. */
export function billTo(values: BillingValues) {
  return {
    first_name: values.bill_first_name,
    last_name: values.bill_last_name,
    address: values.bill_address,
    address2: values.bill_address2 || null,
    city: values.bill_city,
    state: values.bill_state,
    country: "US",
    zip: values.bill_zip,
  };
}

/** The state ids of the slots: the selects carry state ids, an account state an abbreviation. */
export function slotStateIds(values: CoverageValues, options: RegisterOptions): number[] {
  const places = [...options.states, ...options.provinces];
  return values.plan_states
    .map((v) => (/^\d+$/.test(v) ? Number(v) : (places.find((s) => s.abbr === v)?.id ?? 0)))
    .filter((id) => id > 0);
}

/** What the price of a plan with these choices depends on (Register/Price; part of Register and Subscribe). */
export function priceRequest(
  plan: PlanSummary,
  coverage: CoverageValues,
  extras: { promo_code: string; discount?: string; trial: boolean },
  options: RegisterOptions,
): PriceRequest {
  return {
    plan: plan.id,
    promo_code: extras.promo_code || null,
    discount: extras.discount || null,
    plan_verticals: plan.coverage_vertical_market ? coverage.plan_verticals.map(Number) : [],
    plan_states: stateSlots(plan, coverage.extra_states) > 0 ? slotStateIds(coverage, options) : [],
    plan_counties: plan.coverage_county
      ? coverage.county_states
          .map((state_abbr, i) => ({ state_abbr, name: coverage.county_names[i] ?? "" }))
          .filter((c) => c.state_abbr && c.name)
      : [],
    additional_services: [],
    is_free_trial: extras.trial,
  };
}

/**
 * Register/Price; a refusal (an unknown promo code) is shown with the price left out. An unreachable or failing
 * API is shown the same way on a form post (`upstream: "show"`), and is the friendly error page for a page load.
 *
 * A price asked with a code (the promo code, or the marketing link's discount code) is a lookup of a guessable
 * value: the codes that do not apply are limited per client (promoLookupLimiter, decision 080), and past the
 * limit the price with a code is refused with a message, without asking the API. Every price of the app goes
 * through here: the checkout's live price and final submit, and the activation's.
 */
export async function fetchPrice(
  api: ApiClient,
  request: PriceRequest,
  upstream: "show" | "throw" = "show",
): Promise<PriceResult> {
  const promo = request.promo_code?.trim() ?? "";
  const discount = promo ? "" : (request.discount?.trim() ?? "");
  const code = promo || discount;
  const lookup = code ? await promoLookupLimiter.begin(api.clientAddress, code) : null;
  if (lookup && !lookup.allowed) return { components: null, error: lookup.message };
  try {
    const components = (await api.call(endpoints.registerPrice, { body: request })).data.components;
    // The marketing link's discount code is applied quietly when it is one: a price without a discount, where
    // there was something to take it off, is a code that did not apply.
    const discountMissed = discount !== "" && components.Discount === undefined && components.Total > 0;
    await (discountMissed ? lookup?.failed() : lookup?.release());
    return { components, error: null };
  } catch (error) {
    if (error instanceof ApiRequestError) {
      await (promo && error.fieldErrors.promo_code?.length ? lookup?.failed() : lookup?.release());
      return { components: null, error: error.message };
    }
    await lookup?.release();
    const message = upstream === "show" ? upstreamFailureMessage(error) : null;
    if (message) return { components: null, error: message };
    throw error;
  }
}

/** The total the page showed (its hidden `shown_total`), or null when it showed none. */
export function shownTotal(form: FormData): number | null {
  const raw = formText(form, "shown_total", 20);
  const value = raw === "" ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** Whether the price now differs from what the page showed: then nothing is charged and the new total is shown. */
export const priceDiffers = (shown: number | null, total: number) =>
  shown === null || Math.abs(shown - total) > 0.004;

/** The API refused the charge because its price is not the total the page showed (409 on expected_total). */
export const isPriceChange = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 409 && Boolean(error.fieldErrors.expected_total);

/** The API (its processor) refused the card: declined, incorrect, expired or a bad security code (402). */
export const isCardRefusal = (error: unknown) => error instanceof ApiRequestError && error.status === 402;
