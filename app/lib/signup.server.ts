/**
 * The checkout's server side: the cached Register/Options, counties, the form's values and validation (zod, with
 * the spec's messages), the price, and the payloads of Register/Price and Register. Card data is read from the
 * form only into the Register payload; it is never part of the values a page is rendered from.
 */
import { z } from "zod";
import { endpoints } from "../../contract/endpoints";
import type {
  County,
  PriceComponents,
  PriceRequest,
  RegisterOptions,
  RegisterRequest,
} from "../../contract/register";
import { type ApiClient, ApiRequestError, upstreamFailureMessage } from "./api.server";
import { LruCache } from "./lru";
import { promoLookupLimiter } from "./rate-limit.server";
import {
  type BillingValues,
  COUNTIES_FAILED,
  countySlots,
  PASSWORDS_DIFFER,
  type PlanSummary,
  type SignupErrors,
  type SignupValues,
  stateSlots,
  TERMS_REQUIRED,
} from "./signup";

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

const text = (form: FormData, name: string, max = 255) => {
  const v = form.get(name);
  return typeof v === "string" ? v.trim().slice(0, max) : "";
};
const list = (form: FormData, name: string, max = 60) =>
  form
    .getAll(name)
    .filter((v): v is string => typeof v === "string")
    .slice(0, max)
    .map((v) => v.trim().slice(0, 100));

/** The form's values, card fields excepted. Slots keep their positions (an empty select stays empty). */
export function readValues(form: FormData): SignupValues {
  const extra = Number(text(form, "extra_states", 3));
  return {
    company: text(form, "company"),
    first_name: text(form, "first_name"),
    last_name: text(form, "last_name"),
    email: text(form, "email"),
    phone: text(form, "phone", 40),
    state: text(form, "state", 10).toUpperCase(),
    password: typeof form.get("password") === "string" ? String(form.get("password")).slice(0, 200) : "",
    confirm_password:
      typeof form.get("confirm_password") === "string"
        ? String(form.get("confirm_password")).slice(0, 200)
        : "",
    plan_verticals: list(form, "plan_verticals", 200).filter((v) => /^\d+$/.test(v)),
    plan_states: list(form, "plan_states").map((v) => (/^\d+$/.test(v) ? v : "")),
    county_states: list(form, "county_states").map((v) => v.toUpperCase()),
    county_names: list(form, "county_names"),
    bill_first_name: text(form, "bill_first_name"),
    bill_last_name: text(form, "bill_last_name"),
    bill_address: text(form, "bill_address"),
    bill_address2: text(form, "bill_address2"),
    bill_city: text(form, "bill_city"),
    bill_state: text(form, "bill_state", 10).toUpperCase(),
    bill_zip: text(form, "bill_zip", 20),
    promo_code: text(form, "promo_code", 50),
    discount: text(form, "discount", 50),
    free_trial: text(form, "free_trial", 50),
    referrer: text(form, "referrer"),
    idempotency_key: text(form, "idempotency_key", 100),
    extra_states: Number.isInteger(extra) && extra > 0 ? Math.min(extra, 60) : 0,
    terms: form.get("terms") === "on" || form.get("terms") === "1",
  };
}

/**
 * §4: the account state fills the first coverage state (state plans, fewer than 2 chosen); the billing name and
 * state follow the account's as typed, while they are empty.
 */
export function followAccount(
  values: SignupValues,
  plan: PlanSummary,
  options: RegisterOptions,
): SignupValues {
  const v = { ...values, plan_states: [...values.plan_states] };
  const accountState = options.states.find((s) => s.abbr === v.state);
  if (
    stateSlots(plan, v.extra_states) > 0 &&
    accountState &&
    v.plan_states.filter(Boolean).length < 2 &&
    !v.plan_states[0] &&
    !v.plan_states.includes(String(accountState.id))
  ) {
    v.plan_states[0] = String(accountState.id);
  }
  v.bill_first_name ||= v.first_name;
  v.bill_last_name ||= v.last_name;
  v.bill_state ||= v.state;
  return v;
}

/** The state ids of the slots: the selects carry state ids, the account state an abbreviation. */
export function slotStateIds(values: SignupValues, options: RegisterOptions): number[] {
  const places = [...options.states, ...options.provinces];
  return values.plan_states
    .map((v) => (/^\d+$/.test(v) ? Number(v) : (places.find((s) => s.abbr === v)?.id ?? 0)))
    .filter((id) => id > 0);
}

export function priceRequest(
  values: SignupValues,
  plan: PlanSummary,
  trial: boolean,
  options: RegisterOptions,
): PriceRequest {
  return {
    plan: plan.id,
    promo_code: values.promo_code || null,
    discount: values.discount || null,
    plan_verticals: plan.coverage_vertical_market ? values.plan_verticals.map(Number) : [],
    plan_states: slotStateIds(values, options),
    plan_counties: plan.coverage_county
      ? values.county_states
          .map((state_abbr, i) => ({ state_abbr, name: values.county_names[i] ?? "" }))
          .filter((c) => c.state_abbr && c.name)
      : [],
    additional_services: [],
    is_free_trial: trial,
  };
}

export type PriceResult = { components: PriceComponents | null; error: string | null };

/**
 * Register/Price; a refusal (an unknown promo code) is shown with the price left out. An unreachable or failing
 * API is shown the same way on a form post (`upstream: "show"`), and is the friendly error page for a page load.
 *
 * A price asked with a code (the promo code, or the marketing link's discount code) is a lookup of a guessable
 * value: the codes that do not apply are limited per client (promoLookupLimiter, decision 080), and past the
 * limit the price with a code is refused with a message, without asking the API. Every price of the app goes
 * through here: the checkout's live price and final submit, and the subscription page's.
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
  if (lookup && !lookup.allowed) {
    return { components: null, error: lookup.message };
  }
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const need = (message: string) => z.string().min(1, message);

/** The final submit's rules (§5) for a plan and mode, with the spec's messages where it gives them. */
export function validateSignup(
  values: SignupValues,
  card: { card_number: string; expiration_date: string; cvv: string },
  plan: PlanSummary,
  trial: boolean,
): SignupErrors {
  const errors: SignupErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const account = z.object({
    company: need("Please enter your company."),
    first_name: need("Please enter your first name."),
    last_name: need("Please enter your last name."),
    email: z.string().min(1, "Please enter your email.").regex(EMAIL, "Please enter a valid email address."),
    phone: need("Please enter your phone number."),
    state: need("Please choose your state."),
    password: z
      .string()
      .min(1, "Please enter a password.")
      .min(8, "The password must be at least 8 characters."),
    confirm_password: need("Please confirm your password."),
  });
  const parsed = account.safeParse(values);
  if (!parsed.success) for (const issue of parsed.error.issues) add(String(issue.path[0]), issue.message);
  if (values.confirm_password && values.password !== values.confirm_password)
    add("confirm_password", PASSWORDS_DIFFER);

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

  if (!trial) {
    const billing = z.object({
      bill_first_name: need("Please enter the billing first name."),
      bill_last_name: need("Please enter the billing last name."),
      bill_address: need("Please enter the billing address."),
      bill_city: need("Please enter the billing city."),
      bill_state: need("Please choose the billing state."),
      bill_zip: need("Please enter the billing zip code."),
    });
    const b = billing.safeParse(values);
    if (!b.success) for (const issue of b.error.issues) add(String(issue.path[0]), issue.message);
    for (const [field, message] of cardErrors(card)) add(field, message);
  }
  if (!values.terms) add("terms", TERMS_REQUIRED);
  return errors;
}

/** Card number and CVV digits only; expiry mm/yy with month 01–12 (§5). */
export function cardErrors(card: {
  card_number: string;
  expiration_date: string;
  cvv: string;
}): [string, string][] {
  const out: [string, string][] = [];
  if (!card.card_number) out.push(["card_number", "Please enter the card number."]);
  else if (!/^\d+$/.test(card.card_number))
    out.push(["card_number", "The card number may contain digits only."]);
  if (!card.expiration_date) out.push(["expiration_date", "Please enter the expiration date."]);
  else if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(card.expiration_date)) {
    out.push(["expiration_date", "Please enter the expiration date as mm/yy (month 01 to 12)."]);
  }
  if (!card.cvv) out.push(["cvv", "Please enter the CVV."]);
  else if (!/^\d+$/.test(card.cvv)) out.push(["cvv", "The CVV may contain digits only."]);
  return out;
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

/** The card as typed (spaces taken out of the number); held in memory for the one API call only. */
export function readCard(form: FormData) {
  const get = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim().slice(0, 40) : "";
  };
  return {
    card_number: get("card_number").replace(/[\s-]/g, ""),
    expiration_date: get("expiration_date"),
    cvv: get("cvv"),
  };
}

export function registerPayload(
  values: SignupValues,
  card: ReturnType<typeof readCard>,
  price: PriceRequest,
  trial: boolean,
): RegisterRequest {
  return {
    ...price,
    first_name: values.first_name,
    last_name: values.last_name,
    phone_number: values.phone,
    email: values.email,
    company: values.company,
    state: values.state,
    password: values.password,
    confirm_password: values.confirm_password,
    referrer: values.referrer || null,
    card: trial ? null : card,
    bill_to: trial ? null : billTo(values),
    idempotency_key: values.idempotency_key,
  };
}
