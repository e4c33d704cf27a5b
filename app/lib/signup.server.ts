/**
 * The checkout's server side around the shared coverage, price and billing (app/lib/billing/pricing.server.ts):
 * the account fields of a post, the account state and names the coverage and billing follow (§4), the final
 * submit's rules (§5, with the spec's messages) and the Register payload. Card data is read from the form only
 * into that payload; it is never part of the values a page is rendered from.
 */
import { z } from "zod";
import type { PriceRequest, RegisterOptions, RegisterRequest } from "../../contract/register";
import { type FieldErrors, type PlanSummary, stateSlots, TERMS_REQUIRED } from "./billing/pricing";
import {
  billTo,
  type Card,
  coverageErrors,
  formText,
  paymentErrors,
  readBilling,
  readCoverage,
} from "./billing/pricing.server";
import { PASSWORDS_DIFFER, type SignupValues } from "./signup";

const password = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v.slice(0, 200) : "";
};

/** The form's values, card fields excepted. */
export function readValues(form: FormData): SignupValues {
  return {
    ...readCoverage(form),
    ...readBilling(form),
    company: formText(form, "company"),
    first_name: formText(form, "first_name"),
    last_name: formText(form, "last_name"),
    email: formText(form, "email"),
    phone: formText(form, "phone", 40),
    state: formText(form, "state", 10).toUpperCase(),
    password: password(form, "password"),
    confirm_password: password(form, "confirm_password"),
    discount: formText(form, "discount", 50),
    free_trial: formText(form, "free_trial", 50),
    referrer: formText(form, "referrer"),
    idempotency_key: formText(form, "idempotency_key", 100),
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const need = (message: string) => z.string().min(1, message);
const Account = z.object({
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

/** The final submit's rules (§5) for a plan and mode, with the spec's messages where it gives them. */
export function validateSignup(
  values: SignupValues,
  card: Card,
  plan: PlanSummary,
  trial: boolean,
): FieldErrors {
  const errors: FieldErrors = {};
  const merge = (more: FieldErrors) => {
    for (const [field, list] of Object.entries(more))
      errors[field] = [...(errors[field] ?? []), ...(list ?? [])];
  };
  const account = Account.safeParse(values);
  if (!account.success)
    for (const issue of account.error.issues) merge({ [String(issue.path[0])]: [issue.message] });
  if (values.confirm_password && values.password !== values.confirm_password)
    merge({ confirm_password: [PASSWORDS_DIFFER] });
  merge(coverageErrors(values, plan));
  if (!trial) merge(paymentErrors(values, card));
  if (!values.terms) merge({ terms: [TERMS_REQUIRED] });
  return errors;
}

export function registerPayload(
  values: SignupValues,
  card: Card,
  price: PriceRequest,
  trial: boolean,
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
    card: trial ? null : card,
    bill_to: trial ? null : billTo(values),
    expected_total: trial ? null : expectedTotal,
    idempotency_key: values.idempotency_key,
  };
}
