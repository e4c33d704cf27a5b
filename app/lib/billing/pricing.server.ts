/**
 * The server side of what a plan costs and covers, shared by the checkout (/sign-up/{planId}) and the activation
 * (/Me/Subscription): the cached Register/Options, counties, the price (Register/Price), the check that the
 * total the page showed is the total that will be charged, and the forms' answers. The forms themselves (fields,
 * rules, the card read only into the call that charges it) are ./form.server.ts.
 */
import { data } from "react-router";
import { endpoints } from "../../../contract/endpoints";
import type { County, PriceRequest, RegisterOptions } from "../../../contract/register";
import { type ApiClient, ApiRequestError } from "../platform/api.server";
import { formFailure } from "../platform/form-failure.server";
import { LruCache } from "../platform/lru";
import { promoLookupLimiter } from "../platform/rate-limit.server";
import {
  type BillingValues,
  COUNTIES_FAILED,
  type CoverageValues,
  type FieldErrors,
  type FormAnswer,
  money,
  type PlanSummary,
  type PriceResult,
  priceChanged,
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
          // The spec's own message for any failure of the API (its words are not shown here).
          if (!formFailure(e)) throw e;
          error = COUNTIES_FAILED;
          list = [];
        }
      }
      counties[state] = list.map((c) => c.name);
    }),
  );
  return { counties, error };
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
function slotStateIds(values: CoverageValues, options: RegisterOptions): number[] {
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
    const failure = formFailure(error);
    const codeRefused = failure?.refused && promo && failure.fieldErrors.promo_code?.length;
    await (codeRefused ? lookup?.failed() : lookup?.release());
    if (failure && (failure.refused || upstream === "show"))
      return { components: null, error: failure.message };
    throw error;
  }
}

/**
 * The answer of a checkout's or an activation's action: the values it kept, its messages, the price (asked
 * again unless the caller has it) and the counties of the states chosen in county slots.
 */
export async function formAnswer<I extends string, V extends CoverageValues>(
  api: ApiClient,
  status: number,
  answer: { intent: I; values: V } & Partial<Pick<FormAnswer<I, V>, "price" | "errors" | "formError">>,
  priceOf: (values: V) => Promise<PriceResult>,
) {
  const [price, counties] = await Promise.all([
    answer.price ?? priceOf(answer.values),
    countiesFor(api, answer.values.county_states),
  ]);
  return data<FormAnswer<I, V>>(
    {
      errors: {},
      formError: null,
      ...answer,
      price,
      counties: counties.counties,
      countiesError: counties.error,
    },
    { status },
  );
}

type Refusal = { status: number; formError: string; errors: FieldErrors };

/**
 * The price of a final submit, asked again: it may be charged only when it is the total the page showed.
 * Otherwise what the form says instead: the price's failure (under the promo code too, when one was typed; or
 * `fallback`), or the new total (409, nothing charged).
 */
export async function priceToCharge(
  api: ApiClient,
  request: PriceRequest,
  shown: number | null,
  fallback: string,
): Promise<{ price: PriceResult; refusal: Refusal | null }> {
  const price = await fetchPrice(api, request);
  if (!price.components) {
    const message = price.error ?? fallback;
    const errors = request.promo_code ? { promo_code: [message] } : {};
    return { price, refusal: { status: 400, formError: message, errors } };
  }
  if (priceDiffers(shown, price.components.Total)) {
    return {
      price,
      refusal: { status: 409, formError: priceChanged(money(price.components.Total)), errors: {} },
    };
  }
  return { price, refusal: null };
}

/** The API refused the charge for a price that moved since the page showed it (409): the new total instead. */
async function priceMoved(api: ApiClient, request: PriceRequest, fallback: string) {
  const now = await fetchPrice(api, request);
  const formError = now.components ? priceChanged(money(now.components.Total)) : (now.error ?? fallback);
  return { price: now, formError };
}

/**
 * A charge the API did not make: the card attempt ends (only a card the processor refused counts against the
 * limit), and a price that moved since the page showed it is the new total to show (409). Null for any other
 * error, which is the caller's to answer.
 */
export async function afterFailedCharge(
  api: ApiClient,
  error: unknown,
  cards: { end: (outcome: "declined" | "not-charged") => Promise<void> } | null,
  request: PriceRequest,
  fallback: string,
) {
  await cards?.end(isCardRefusal(error) ? "declined" : "not-charged");
  return isPriceChange(error) ? priceMoved(api, request, fallback) : null;
}

/** Whether the price now differs from what the page showed: then nothing is charged and the new total is shown. */
const priceDiffers = (shown: number | null, total: number) =>
  shown === null || Math.abs(shown - total) > 0.004;

/** The API refused the charge because its price is not the total the page showed (409 on expected_total). */
const isPriceChange = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 409 && Boolean(error.fieldErrors.expected_total);

/** The API (its processor) refused the card: declined, incorrect, expired or a bad security code (402). */
const isCardRefusal = (error: unknown) => error instanceof ApiRequestError && error.status === 402;
