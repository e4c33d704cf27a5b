/**
 * The checkout's server side around the shared coverage, price and billing (app/lib/billing/): its form as typed
 * and the final submit's rules (§5, with the spec's messages), both read by Conform's parseWithZod; the account
 * state and names the coverage and billing follow (§4); the Register payload. Card data is read from the form
 * only into that payload; it is never part of the values a page is rendered from.
 */
import { z } from "zod";
import type { PriceRequest, RegisterOptions, RegisterRequest } from "../../../contract/register";
import {
  always,
  billingRules,
  billingShape,
  type Card,
  cardRules,
  checkCoverage,
  coverageShape,
  need,
  secret,
  shownTotal,
  ticked,
  typed,
} from "../billing/form.server";
import { type PlanSummary, stateSlots, TERMS_REQUIRED } from "../billing/pricing";
import { billTo } from "../billing/pricing.server";
import { formatPhone, HONEYPOT_FIELD, PASSWORDS_DIFFER, type SignupValues } from "./signup";

const upper = (v: string) => v.toUpperCase();

/**
 * The checkout's post as typed, card fields left out: never refused, so that 'Update price', 'Add additional
 * state' and a failed submit render the form again from it. `intent`: 'Update price' (and the live price),
 * 'Add additional state', or the sign-up.
 */
export const CheckoutPost = z.object({
  intent: z.enum(["price", "add-state", "register"]).catch("register"),
  shown_total: shownTotal,
  /** The honeypot: anything in it, even a space, is a robot. */
  [HONEYPOT_FIELD]: z.string().catch(""),
  ...coverageShape,
  ...billingShape,
  company: typed(),
  first_name: typed(),
  last_name: typed(),
  email: typed(),
  /** Formatted as §5 wants on the server: the form rendered again and the API both get '+1 (xxx) xxx-xxxx'. */
  phone: typed(40).transform(formatPhone),
  state: typed(10).transform(upper),
  password: secret(),
  confirm_password: secret(),
  discount: typed(50),
  free_trial: typed(50),
  referrer: typed(),
  idempotency_key: typed(100),
  terms: ticked("on", "1"),
});

/** The checkout's post: its intent, the total the page showed, the honeypot, and the values to render from. */
export function checkoutPost(post: z.output<typeof CheckoutPost>) {
  const { intent, shown_total, [HONEYPOT_FIELD]: honeypot, ...values } = post;
  return { intent, shown: shown_total, honeypot, values: values satisfies SignupValues };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const accountRules = {
  company: need("Please enter your company."),
  first_name: need("Please enter your first name."),
  last_name: need("Please enter your last name."),
  email: need("Please enter your email.").regex(EMAIL, "Please enter a valid email address."),
  phone: need("Please enter your phone number.", 40).overwrite(formatPhone),
  state: need("Please choose your state.", 10).overwrite(upper),
  password: z
    .string({ error: "Please enter a password." })
    .overwrite((v) => v.slice(0, 200))
    .min(1, "Please enter a password.")
    .min(8, "The password must be at least 8 characters."),
  confirm_password: z
    .string({ error: "Please confirm your password." })
    .overwrite((v) => v.slice(0, 200))
    .min(1, "Please confirm your password."),
  terms: ticked("on", "1").refine(Boolean, TERMS_REQUIRED),
};

/** A trial's checkout takes no card: its card fields are read as typed and never sent. */
const noCard = { card_number: typed(40), expiration_date: typed(40), cvv: typed(40) };

/**
 * The sign-up's rules (§5) for a plan and mode: the account, the passwords alike, the coverage, the billing
 * address and card (not for a trial), the terms. Every message of a submit is given at once.
 */
export function checkoutRules(plan: PlanSummary, trial: boolean) {
  const payment = trial ? noCard : { ...billingRules, ...cardRules };
  return CheckoutPost.extend({ ...accountRules, ...payment }).superRefine((v, ctx) => {
    if (v.confirm_password && v.password !== v.confirm_password) {
      ctx.addIssue({ code: "custom", path: ["confirm_password"], message: PASSWORDS_DIFFER });
    }
    checkCoverage(v, plan, ctx);
  }, always);
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

export function registerPayload(
  values: SignupValues,
  card: Card | null,
  price: PriceRequest,
  expectedTotal: number | null,
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
    card,
    bill_to: card ? billTo(values) : null,
    expected_total: card ? expectedTotal : null,
    idempotency_key: values.idempotency_key,
  };
}
