import { randomUUID } from "node:crypto";
import { useEffect, useRef, useState } from "react";
import { data, Form, redirect, type ShouldRevalidateFunctionArgs, useFetcher } from "react-router";
import { BillingFields, SelectInput, TermsCheckbox, TextInput } from "~/components/billing-fields";
import { CheckboxGroup } from "~/components/checkbox-group";
import {
  buttonSecondaryClass,
  ErrorList,
  FormAlert,
  SubmitButton,
  useIsSubmitting,
} from "~/components/forms";
import { useHydrated } from "~/components/hydrated";
import { ApiRequestError, apiContext, GENERIC_API_MESSAGE, upstreamFailureMessage } from "~/lib/api.server";
import { config } from "~/lib/config.server";
import { formFailure } from "~/lib/form-failure.server";
import { publicFormLimiter } from "~/lib/rate-limit.server";
import { memberSessionContext } from "~/lib/session.server";
import {
  CARD_FIELDS,
  canAddState,
  countySlots,
  coverageText,
  HONEYPOT_FIELD,
  money,
  PASSWORDS_DIFFER_LIVE,
  type PlanSummary,
  planDisplayName,
  priceChanged,
  type SignupErrors,
  type SignupValues,
  stateSlots,
  unknownError,
} from "~/lib/signup";
import {
  countiesFor,
  fetchPrice,
  findPlan,
  followAccount,
  type PriceResult,
  priceRequest,
  readCard,
  readValues,
  registerOptions,
  registerPayload,
  validateSignup,
} from "~/lib/signup.server";
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
  let price: PriceResult;
  let status = 200;
  try {
    price = await fetchPrice(api, priceRequest(values, plan, trial, options), "throw");
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

type ActionData = {
  intent: Intent;
  values: SignupValues;
  errors: SignupErrors;
  formError: string | null;
  price: PriceResult;
  counties: Record<string, string[]>;
  countiesError: string | null;
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
  const answer = async (status: number, extra: Partial<ActionData>, kept: SignupValues) => {
    const [price, counties] = await Promise.all([
      extra.price ?? fetchPrice(api, priceRequest(kept, plan, trial, options)),
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

  const request_ = priceRequest(values, plan, trial, options);
  const price = await fetchPrice(api, request_);
  if (!price.components) {
    const message = price.error ?? unknownError(phone);
    const promo = values.promo_code ? { promo_code: [message] } : {};
    return answer(400, { price, formError: message, errors: promo }, values);
  }
  const shown = Number(form.get("shown_total"));
  if (!Number.isFinite(shown) || Math.abs(shown - price.components.Total) > 0.004) {
    return answer(409, { price, formError: priceChanged(money(price.components.Total)) }, values);
  }

  const limit = await publicFormLimiter("sign-up").begin(context, values.email);
  if (!limit.allowed) return answer(429, { price, formError: limit.message }, values);
  try {
    // A charge is not cut off half-way by the time the price took (decision 078).
    await api.call(endpoints.register, {
      body: registerPayload(values, card, request_, trial),
      extendDeadline: "charges a card",
    });
  } catch (error) {
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

  // The automatic login; the completion page follows even when it fails (§4).
  try {
    const login = await api.call(endpoints.login, {
      body: { email: values.email, password: values.password },
    });
    await context.get(memberSessionContext).startFresh(login.data.accessToken);
  } catch (error) {
    if (!(error instanceof ApiRequestError) && !upstreamFailureMessage(error)) throw error;
  }
  throw redirect(`/sign-up/${encodeURIComponent(params.planId)}/complete${trial ? "?free_trial=1" : ""}`);
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
  const fetcher = useFetcher<ActionData>();
  const [price, setPrice] = useState<PriceResult>(actionData?.price ?? page.price);
  const [counties, setCounties] = useState<Record<string, string[]>>(actionData?.counties ?? page.counties);
  const [countiesError, setCountiesError] = useState(actionData?.countiesError ?? page.countiesError);
  const [terms, setTerms] = useState(values.terms);
  const [password, setPassword] = useState(values.password);
  const [confirm, setConfirm] = useState(values.confirm_password);
  const [slots, setSlots] = useState<string[]>(values.plan_states);
  const [countyStates, setCountyStates] = useState<string[]>(values.county_states);
  const [verticalCount, setVerticalCount] = useState(values.plan_verticals.length);
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const submitting = useIsSubmitting();

  // A new answer of the action (no JavaScript: a new page) renders the form afresh from what it kept.
  const [version, setVersion] = useState(0);
  const lastAction = useRef(actionData);
  useEffect(() => {
    if (lastAction.current === actionData || !actionData) return;
    lastAction.current = actionData;
    setPrice(actionData.price);
    setCounties(actionData.counties);
    setCountiesError(actionData.countiesError);
    setTerms(actionData.values.terms);
    setPassword(actionData.values.password);
    setConfirm(actionData.values.confirm_password);
    setSlots(actionData.values.plan_states);
    setCountyStates(actionData.values.county_states);
    setVerticalCount(actionData.values.plan_verticals.length);
    setVersion((v) => v + 1);
  }, [actionData]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    setPrice(fetcher.data.price);
    setCounties((c) => ({ ...c, ...fetcher.data?.counties }));
    setCountiesError(fetcher.data.countiesError);
  }, [fetcher.state, fetcher.data]);

  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);

  /** With JavaScript: the price (and the counties of chosen states) 100 ms after any change, without the card. */
  const schedulePrice = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const formEl = formRef.current;
      if (!formEl) return;
      const body = new FormData(formEl);
      for (const name of [...CARD_FIELDS, "password", "confirm_password"]) body.delete(name);
      body.set("intent", "price");
      fetcher.submit(body, { method: "post" });
    }, 100);
  };

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
    if (target.name === "state" && stateCount > 0) {
      const chosen = page.coverageStates.find((s) => s.abbr === target.value);
      if (chosen && !slots[0] && slots.filter(Boolean).length < 2 && !slots.includes(String(chosen.id))) {
        setSlots((s) => [String(chosen.id), ...s.slice(1)]);
      }
    }
  };

  const stateCount = stateSlots(plan, values.extra_states);
  const countyCount = countySlots(plan);
  const components = price.components;
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
  const chosenStates = new Set(slots.filter(Boolean));

  return (
    <div className="mx-auto grid max-w-5xl gap-8 lg:grid-cols-[20rem_1fr]">
      <h1 className="sr-only lg:col-span-2">Sign up for {planDisplayName(plan.name)}</h1>
      <aside aria-labelledby="plan-heading" className="lg:sticky lg:top-4 lg:self-start">
        <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="plan-heading" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
            {trial ? "Your free trial plan" : "Your plan"}
          </h2>
          <p className="mt-1 text-2xl font-bold text-slate-900">{planDisplayName(plan.name)}</p>
          {trial ? (
            <ul className="mt-3 space-y-1 text-sm text-slate-700">
              <li>Five projects</li>
              <li>No credit card required</li>
            </ul>
          ) : (
            <ul className="mt-3 space-y-1 text-sm text-slate-700">
              <li>{plan.users_count === 1 ? "1 User" : `${plan.users_count} Users`}</li>
              {coverageText(plan, {
                states: slots.filter(Boolean).length,
                verticals: verticalCount,
                counties: countyCount,
              }).map((line) => (
                <li key={line}>{line}</li>
              ))}
              {plan.download ? <li>One-Click Excel Download</li> : null}
              {plan.coverage_vertical_market && plan.additional_vertical_market_cost > 0 ? (
                <li>
                  1 vertical included, {money(plan.additional_vertical_market_cost)} per additional vertical
                </li>
              ) : null}
              {canAddState(plan) ? (
                <li>1 state included, {money(plan.additional_state_cost)} per additional state</li>
              ) : null}
            </ul>
          )}
          <div aria-live="polite" className="mt-4 border-t border-slate-200 pt-3">
            {components ? (
              <dl className="space-y-1 text-sm">
                {Object.entries(components)
                  .filter(([key]) => key !== "Total")
                  .map(([key, value]) => (
                    <div key={key} className="flex justify-between gap-2">
                      <dt className="text-slate-600">{key}</dt>
                      <dd className="text-slate-900">{money(value)}</dd>
                    </div>
                  ))}
                <div className="flex justify-between gap-2 border-t border-slate-200 pt-1 text-base font-semibold">
                  <dt>Total</dt>
                  <dd data-testid="price-total">
                    {money(components.Total)}
                    {trial ? null : <span className="text-sm font-normal text-slate-600"> per year</span>}
                  </dd>
                </div>
              </dl>
            ) : (
              <p className="text-sm text-red-700">{price.error}</p>
            )}
          </div>
          {root?.config.marketingSiteUrl ? (
            <a
              href={root.config.marketingSiteUrl}
              className="mt-4 inline-block text-sm font-medium text-brand-700 underline"
            >
              Want to switch plans?
            </a>
          ) : null}
        </div>
      </aside>

      <Form
        key={version}
        ref={formRef}
        method="post"
        onChange={(event) => {
          follow(event);
          // A promo code is priced once typed (when the field is left), not letter by letter: each partial code
          // would be a lookup that does not apply, and those are limited per client (decision 080).
          if ((event.target as { name?: string }).name !== "promo_code") schedulePrice();
        }}
        onBlur={(event) => {
          const field: EventTarget = event.target;
          if (!(field instanceof HTMLInputElement) || field.name !== "promo_code") return;
          if (field.value === (field.dataset.priced ?? values.promo_code)) return;
          field.dataset.priced = field.value;
          schedulePrice();
        }}
        // A submission's answer carries the price: a price still waiting for its timer would only come after it.
        onSubmit={() => {
          if (timer.current) clearTimeout(timer.current);
        }}
        className="space-y-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <FormAlert errors={actionData?.formError ? [actionData.formError] : null} />
        {/* Enter in a field submits the sign-up, not 'Add additional state' (the form's first visible button). */}
        <button type="submit" name="intent" value="register" hidden tabIndex={-1} aria-hidden="true" />
        <input type="hidden" name="idempotency_key" value={values.idempotency_key} />
        <input type="hidden" name="discount" value={values.discount} />
        {trial ? <input type="hidden" name="free_trial" value={values.free_trial || "1"} /> : null}
        <input type="hidden" name="referrer" value={values.referrer} />
        <input type="hidden" name="extra_states" value={values.extra_states} />
        <input type="hidden" name="shown_total" value={components?.Total ?? ""} />
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

        {plan.coverage_vertical_market ? (
          <div
            onChange={(e) => {
              const boxes = (e.currentTarget as HTMLDivElement).querySelectorAll<HTMLInputElement>(
                'input[name="plan_verticals"]:checked',
              );
              setVerticalCount(boxes.length);
            }}
          >
            <CheckboxGroup
              legend="Project types"
              name="plan_verticals"
              options={page.verticals.map((v) => ({ value: String(v.id), label: v.name }))}
              selected={values.plan_verticals}
            />
            <ErrorList errors={errors.plan_verticals} />
          </div>
        ) : null}

        {plan.coverage_state ? (
          <fieldset className="space-y-3">
            <legend className="text-lg font-semibold text-slate-900">Coverage area</legend>
            {stateCount === 0 ? <p className="text-sm text-slate-700">All states and counties.</p> : null}
            {Array.from({ length: stateCount }, (_, i) => {
              const value = slots[i] ?? "";
              return (
                <SelectInput
                  // biome-ignore lint/suspicious/noArrayIndexKey: slots are positions
                  key={i}
                  label={`Coverage state ${i + 1}`}
                  name="plan_states"
                  errorKey={`plan_states[${i}]`}
                  value={value}
                  onChange={(e) => {
                    const next = [...slots];
                    next[i] = e.currentTarget.value;
                    setSlots(next);
                  }}
                  disabled={hydrated && i > 0 && !slots[i - 1]}
                  options={page.coverageStates.map((s) => ({
                    value: String(s.id),
                    label: s.name,
                    disabled: hydrated && chosenStates.has(String(s.id)) && value !== String(s.id),
                  }))}
                  errors={errors}
                />
              );
            })}
            {canAddState(plan) ? (
              <button
                type="submit"
                name="intent"
                value="add-state"
                formNoValidate
                className={buttonSecondaryClass}
              >
                Add additional state
              </button>
            ) : null}
          </fieldset>
        ) : null}

        {countyCount > 0 ? (
          <fieldset className="space-y-3">
            <legend className="text-lg font-semibold text-slate-900">Coverage counties</legend>
            {countiesError ? (
              <p role="alert" className="text-sm text-red-700">
                {countiesError}
              </p>
            ) : null}
            {Array.from({ length: countyCount }, (_, i) => {
              const state = countyStates[i] ?? "";
              const names = counties[state] ?? [];
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: slots are positions
                <div key={i} className="grid gap-3 sm:grid-cols-2">
                  <SelectInput
                    label={`County ${i + 1}: state`}
                    name="county_states"
                    errorKey={`county_states[${i}]`}
                    value={state}
                    onChange={(e) => {
                      const next = [...countyStates];
                      next[i] = e.currentTarget.value;
                      setCountyStates(next);
                    }}
                    options={page.states.map((s) => ({ value: s.abbr, label: s.name }))}
                    errors={errors}
                  />
                  <SelectInput
                    label={`County ${i + 1}`}
                    name="county_names"
                    errorKey={`county_names[${i}]`}
                    defaultValue={values.county_names[i] ?? ""}
                    disabled={hydrated && !state}
                    placeholder={state ? "Choose…" : "Choose a state first"}
                    options={names.map((n) => ({ value: n, label: n }))}
                    errors={errors}
                  />
                </div>
              );
            })}
          </fieldset>
        ) : null}

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
