import { randomUUID } from "node:crypto";
import { useEffect, useRef, useState } from "react";
import { data, Form, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { BillingFields, SelectInput, TermsCheckbox, TextInput } from "~/components/billing/billing-fields";
import { CoverageFields, useCoverageChoices } from "~/components/billing/coverage-fields";
import { PlanSummaryPanel } from "~/components/billing/plan-summary";
import { ShownTotal } from "~/components/billing/price-summary";
import { type PriceAnswer, useLivePrice } from "~/components/billing/use-live-price";
import { buttonSecondaryClass, FormAlert, SubmitButton, useIsSubmitting } from "~/components/forms";
import { useHydrated } from "~/components/hydrated";
import { ApiRequestError, apiContext, GENERIC_API_MESSAGE, upstreamFailureMessage } from "~/lib/api.server";
import { beginCardAttempt, emailPayer } from "~/lib/billing/payment-limit.server";
import {
  canAddState,
  countySlots,
  type FieldErrors,
  money,
  type PlanSummary,
  type PriceResult,
  planDisplayName,
  priceChanged,
} from "~/lib/billing/pricing";
import {
  countiesFor,
  fetchPrice,
  findPlan,
  isCardRefusal,
  isPriceChange,
  priceDiffers,
  priceRequest,
  readCard,
  registerOptions,
  shownTotal,
} from "~/lib/billing/pricing.server";
import { config } from "~/lib/config.server";
import { rememberDevice } from "~/lib/device-cookie.server";
import { formFailure } from "~/lib/form-failure.server";
import { publicFormLimiter } from "~/lib/rate-limit.server";
import { memberSessionContext } from "~/lib/session.server";
import { HONEYPOT_FIELD, PASSWORDS_DIFFER_LIVE, type SignupValues, unknownError } from "~/lib/signup";
import { followAccount, readValues, registerPayload, validateSignup } from "~/lib/signup.server";
import { useRootData } from "~/root-data";
import { endpoints } from "../../contract/endpoints";
import type { RegisterOptions } from "../../contract/register";
import type { Route } from "./+types/signup";

export const handle = { title: "Sign up" };

type Intent = "price" | "add-state" | "register";

/** The signup_referrer cookie's value, if any (set by the marketing site). */
function referrerCookie(request: Request): string {
  const header = request.headers.get("cookie") ?? "";
  const match = /(?:^|;\s*)signup_referrer=([^;]*)/.exec(header);
  if (!match) return "";
  try {
    return decodeURIComponent(match[1]).slice(0, 255);
  } catch {
    return "";
  }
}

function pageOf(options: RegisterOptions, plan: PlanSummary, trial: boolean) {
  return {
    plan,
    trial,
    states: options.states.map(({ id, abbr, name }) => ({ id, abbr, name })),
    // §4: the state-edition plan in trial mode also offers Canadian provinces (here every state plan's trial).
    coverageStates: [...options.states, ...(trial ? options.provinces : [])].map(({ id, abbr, name }) => ({
      id,
      abbr,
      name,
    })),
    provinces: options.provinces.map(({ id, abbr, name }) => ({ id, abbr, name })),
    verticals: options.verticals,
  };
}

async function planOrMarketing(context: Route.LoaderArgs["context"], planId: string) {
  const options = await registerOptions(context.get(apiContext));
  const plan = findPlan(options, planId);
  if (!plan) throw redirect(config.marketingSiteUrl);
  return { options, plan };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const { options, plan } = await planOrMarketing(context, params.planId);
  const q = new URL(request.url).searchParams;
  const get = (name: string) => (q.get(name) ?? "").trim().slice(0, 255);
  const trial = plan.is_free_trial || get("free_trial") !== "";
  const [fullFirst, ...fullRest] = get("fullname").split(" ");
  const first = get("first_name") || (get("fullname") ? fullFirst : "");
  const last = get("last_name") || fullRest.join(" ").trim();
  const values: SignupValues = {
    company: get("company"),
    first_name: first,
    last_name: last,
    email: get("email"),
    phone: get("phone"),
    state: "",
    password: "",
    confirm_password: "",
    plan_verticals:
      plan.coverage_vertical_market && plan.additional_vertical_market_cost === 0
        ? options.verticals.map((v) => String(v.id))
        : [],
    plan_states: [],
    county_states: [],
    county_names: [],
    bill_first_name: first,
    bill_last_name: last,
    bill_address: "",
    bill_address2: "",
    bill_city: "",
    bill_state: "",
    bill_zip: "",
    promo_code: "",
    discount: get("discount"),
    free_trial: trial ? get("free_trial") || "1" : "",
    referrer: get("utm_campaign") || referrerCookie(request),
    idempotency_key: randomUUID(),
    extra_states: 0,
    terms: false,
  };
  // The price failing (the API down or slow) still renders the checkout, with the failure in the summary and the
  // failure's status (a no-JavaScript re-render after a failed submit runs this loader too).
  const pricing = (v: SignupValues) =>
    priceRequest(plan, v, { promo_code: v.promo_code, discount: v.discount, trial }, options);
  let price: PriceResult;
  let status = 200;
  try {
    price = await fetchPrice(api, pricing(values), "throw");
  } catch (error) {
    const failure = formFailure(error);
    if (!failure) throw error;
    price = { components: null, error: failure.message };
    status = failure.status;
  }
  return data(
    {
      ...pageOf(options, plan, trial),
      values,
      price,
      counties: {} as Record<string, string[]>,
      countiesError: null as string | null,
    },
    { status },
  );
}

type ActionData = PriceAnswer & {
  intent: Intent;
  values: SignupValues;
  errors: FieldErrors;
  formError: string | null;
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await request.formData();
  const intentValue = form.get("intent");
  const intent: Intent = intentValue === "price" || intentValue === "add-state" ? intentValue : "register";
  const { options, plan } = await planOrMarketing(context, params.planId);
  let values = readValues(form);
  const trial = plan.is_free_trial || values.free_trial !== "";
  const phone = config.supportPhone;
  const pricing = (v: SignupValues) =>
    priceRequest(plan, v, { promo_code: v.promo_code, discount: v.discount, trial }, options);
  const answer = async (status: number, extra: Partial<ActionData>, kept: SignupValues) => {
    const [price, counties] = await Promise.all([
      extra.price ?? fetchPrice(api, pricing(kept)),
      countiesFor(api, kept.county_states),
    ]);
    return data<ActionData>(
      {
        intent,
        values: kept,
        errors: {},
        formError: null,
        price,
        counties: counties.counties,
        countiesError: counties.error,
        ...extra,
      },
      { status },
    );
  };

  if (intent !== "register") {
    if (intent === "add-state" && canAddState(plan)) values.extra_states += 1;
    values = followAccount(values, plan, options);
    return answer(200, {}, values);
  }

  // A failed submit keeps everything typed but the card, which is never read into `values` (issue 13; the
  // passwords come back in that one no-store answer, as after a failed password change: decision 042).
  if (typeof form.get(HONEYPOT_FIELD) === "string" && String(form.get(HONEYPOT_FIELD)) !== "") {
    return answer(400, { formError: unknownError(phone) }, values);
  }
  const card = readCard(form);
  const errors = validateSignup(values, card, plan, trial);
  if (Object.keys(errors).length > 0) return answer(400, { errors }, values);

  const request_ = pricing(values);
  const price = await fetchPrice(api, request_);
  if (!price.components) {
    const message = price.error ?? unknownError(phone);
    const promo = values.promo_code ? { promo_code: [message] } : {};
    return answer(400, { price, formError: message, errors: promo }, values);
  }
  // The amount charged is the total the page showed: a price that moved since is shown, and nothing is charged.
  const shown = shownTotal(form);
  if (priceDiffers(shown, price.components.Total)) {
    return answer(409, { price, formError: priceChanged(money(price.components.Total)) }, values);
  }

  const limit = await publicFormLimiter("sign-up").begin(context, values.email);
  if (!limit.allowed) return answer(429, { price, formError: limit.message }, values);
  const cards = trial ? null : await beginCardAttempt(context, emailPayer(values.email));
  if (cards && !cards.allowed) {
    await limit.attempt.release();
    return answer(429, { price, formError: cards.message }, values);
  }
  try {
    // A charge is not cut off half-way by the time the price took (decision 078).
    await api.call(endpoints.register, {
      body: registerPayload(values, card, request_, trial, shown),
      extendDeadline: "charges a card",
    });
    await cards?.end("approved");
  } catch (error) {
    await cards?.end(isCardRefusal(error) ? "declined" : "not-charged");
    if (isPriceChange(error)) {
      await limit.attempt.release();
      const now = await fetchPrice(api, request_);
      const message = now.components
        ? priceChanged(money(now.components.Total))
        : (now.error ?? unknownError(phone));
      return answer(409, { price: now, formError: message }, values);
    }
    if (error instanceof ApiRequestError) {
      await limit.attempt.count();
      const message =
        error.message && error.message !== GENERIC_API_MESSAGE ? error.message : unknownError(phone);
      return answer(error.status === 429 ? 429 : 400, { price, formError: message }, values);
    }
    if (!upstreamFailureMessage(error)) throw error;
    await limit.attempt.release();
    return answer(503, { price, formError: unknownError(phone) }, values);
  }
  await limit.attempt.count();

  // The automatic login; the completion page follows even when it fails (§4). This browser is then a device
  // the new member logged in from (decision 079).
  const complete = `/sign-up/${encodeURIComponent(params.planId)}/complete${trial ? "?free_trial=1" : ""}`;
  try {
    const login = await api.call(endpoints.login, {
      body: { email: values.email, password: values.password },
    });
    await context.get(memberSessionContext).startFresh(login.data.accessToken);
  } catch (error) {
    if (!(error instanceof ApiRequestError) && !upstreamFailureMessage(error)) throw error;
    throw redirect(complete);
  }
  throw redirect(complete, { headers: { "Set-Cookie": await rememberDevice(request, values.email) } });
}

/** The live price (a fetcher posting intent=price) changes nothing: the page's loaders need not run again. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "price") return false;
  return defaultShouldRevalidate;
}

export default function SignupCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  const hydrated = useHydrated();
  const page = loaderData;
  const { plan, trial } = page;
  const values = actionData?.values ?? page.values;
  const errors = actionData?.errors ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  const live = useLivePrice(actionData ?? page, formRef);
  const coverage = useCoverageChoices(values);
  const [terms, setTerms] = useState(values.terms);
  const [password, setPassword] = useState(values.password);
  const [confirm, setConfirm] = useState(values.confirm_password);
  const submitting = useIsSubmitting();

  // A new answer of the action (no JavaScript: a new page) renders the form afresh from what it kept.
  const [version, setVersion] = useState(0);
  const lastAction = useRef(actionData);
  const { reset: resetPrice } = live;
  const { reset: resetCoverage } = coverage;
  useEffect(() => {
    if (lastAction.current === actionData || !actionData) return;
    lastAction.current = actionData;
    resetPrice(actionData);
    resetCoverage(actionData.values);
    setTerms(actionData.values.terms);
    setPassword(actionData.values.password);
    setConfirm(actionData.values.confirm_password);
    setVersion((v) => v + 1);
  }, [actionData, resetPrice, resetCoverage]);

  /** §4: billing names and state follow the account's while they are empty or still equal to it. */
  const follow = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    const formEl = formRef.current;
    const pairs: Record<string, string> = {
      first_name: "bill_first_name",
      last_name: "bill_last_name",
      state: "bill_state",
    };
    const billName = pairs[target.name];
    if (!formEl || !billName) return;
    const bill = formEl.elements.namedItem(billName) as HTMLInputElement | null;
    const previous = target.dataset.previous ?? "";
    if (bill && (bill.value === "" || bill.value === previous)) bill.value = target.value;
    target.dataset.previous = target.value;
    const { slots, setSlots } = coverage;
    if (target.name === "state" && plan.coverage_state && plan.coverage_limit !== -1) {
      const chosen = page.coverageStates.find((s) => s.abbr === target.value);
      if (chosen && !slots[0] && slots.filter(Boolean).length < 2 && !slots.includes(String(chosen.id))) {
        setSlots((s) => [String(chosen.id), ...s.slice(1)]);
      }
    }
  };

  const mismatch = confirm !== "" && password !== confirm;
  const siteHost = (() => {
    try {
      return new URL(root?.config.marketingSiteUrl ?? "").host;
    } catch {
      return "our website";
    }
  })();
  const stateGroups = [
    { label: "United States", options: page.states.map((s) => ({ value: s.abbr, label: s.name })) },
    { label: "Canada", options: page.provinces.map((s) => ({ value: s.abbr, label: s.name })) },
  ];

  return (
    <div className="mx-auto grid max-w-5xl gap-8 lg:grid-cols-[20rem_1fr]">
      <h1 className="sr-only lg:col-span-2">Sign up for {planDisplayName(plan.name)}</h1>
      <aside aria-labelledby="plan-heading" className="lg:sticky lg:top-4 lg:self-start">
        <PlanSummaryPanel
          heading={trial ? "Your free trial plan" : "Your plan"}
          headingId="plan-heading"
          plan={plan}
          trial={trial}
          chosen={{
            states: coverage.slots.filter(Boolean).length,
            verticals: coverage.verticalCount,
            counties: countySlots(plan),
          }}
          price={live.price}
        >
          {root?.config.marketingSiteUrl ? (
            <a
              href={root.config.marketingSiteUrl}
              className="mt-4 inline-block text-sm font-medium text-brand-700 underline"
            >
              Want to switch plans?
            </a>
          ) : null}
        </PlanSummaryPanel>
      </aside>

      <Form
        key={version}
        ref={formRef}
        method="post"
        onChange={(event) => {
          follow(event);
          live.onFormChange(event);
        }}
        onBlur={live.onFormBlur}
        onSubmit={live.cancel}
        className="space-y-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <FormAlert errors={actionData?.formError ? [actionData.formError] : null} />
        {/* Enter in a field submits the sign-up, not 'Add additional state' (the form's first visible button). */}
        <button type="submit" name="intent" value="register" hidden tabIndex={-1} aria-hidden="true" />
        <input type="hidden" name="idempotency_key" value={values.idempotency_key} />
        <input type="hidden" name="discount" value={values.discount} />
        {trial ? <input type="hidden" name="free_trial" value={values.free_trial || "1"} /> : null}
        <input type="hidden" name="referrer" value={values.referrer} />
        <ShownTotal price={live.price} />
        <div className="absolute -left-[9999px]" aria-hidden="true">
          <label>
            Leave this field empty
            <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>

        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-slate-900">Account information</legend>
          <TextInput
            label="Company"
            name="company"
            defaultValue={values.company}
            errors={errors}
            autoComplete="organization"
            required
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              label="First name"
              name="first_name"
              defaultValue={values.first_name}
              errors={errors}
              autoComplete="given-name"
              required
            />
            <TextInput
              label="Last name"
              name="last_name"
              defaultValue={values.last_name}
              errors={errors}
              autoComplete="family-name"
              required
            />
          </div>
          <TextInput
            label="Email"
            name="email"
            type="email"
            defaultValue={values.email}
            errors={errors}
            autoComplete="email"
            required
          />
          <TextInput
            label="Phone"
            name="phone"
            type="tel"
            defaultValue={values.phone}
            errors={errors}
            autoComplete="tel"
            inputMode="tel"
            required
          />
          <SelectInput
            label="State"
            name="state"
            defaultValue={values.state}
            groups={stateGroups}
            errors={errors}
            autoComplete="address-level1"
            required
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              label="Password"
              name="password"
              type="password"
              defaultValue={values.password}
              errors={errors}
              autoComplete="new-password"
              onInput={(e) => setPassword(e.currentTarget.value)}
              required
            />
            <div>
              <TextInput
                label="Confirm password"
                name="confirm_password"
                type="password"
                defaultValue={values.confirm_password}
                errors={errors}
                autoComplete="new-password"
                onInput={(e) => setConfirm(e.currentTarget.value)}
                required
              />
              <p role="status" className="mt-1 text-sm text-red-700">
                {hydrated && mismatch ? PASSWORDS_DIFFER_LIVE : null}
              </p>
            </div>
          </div>
        </fieldset>

        <CoverageFields
          plan={plan}
          values={values}
          choices={coverage}
          verticals={page.verticals}
          coverageStates={page.coverageStates}
          countyStateOptions={page.states}
          counties={live.counties}
          countiesError={live.countiesError}
          errors={errors}
          hydrated={hydrated}
          onChange={live.schedule}
        />

        {trial ? null : <BillingFields values={values} errors={errors} states={page.states} />}

        <TermsCheckbox checked={terms} onChange={setTerms} errors={errors} />
        {trial ? null : (
          <p className="text-sm text-slate-600">
            The charge appears on your card statement under {siteHost} and is a one-time charge.
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton name="intent" value="register" pending={submitting} disabled={hydrated && !terms}>
            {trial ? "View projects" : "Create account"}
          </SubmitButton>
          {hydrated ? null : (
            <button type="submit" name="intent" value="price" formNoValidate className={buttonSecondaryClass}>
              Update price
            </button>
          )}
        </div>
      </Form>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Sign up | Project Leads" }];
