import { parseWithZod } from "@conform-to/zod/v4";
import { useRef } from "react";
import { data, Form, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { AccountFieldset, billingFollowsAccount } from "~/components/billing/account-fieldset";
import { BillingFields, TermsCheckbox } from "~/components/billing/billing-fields";
import { BillingFormButtons, DefaultIntent, useBillingForm } from "~/components/billing/billing-form";
import { ChargeConfirming } from "~/components/billing/charge-confirming";
import { CoverageFields, chosenOf } from "~/components/billing/coverage-fields";
import { PlanSummaryPanel } from "~/components/billing/plan-summary";
import { ShownTotal } from "~/components/billing/price-summary";
import { FormAlert, useIsSubmitting } from "~/components/forms";
import { useHydrated } from "~/components/hydrated";
import { formatPhone, HONEYPOT_FIELD, type SignupValues, unknownError } from "~/lib/account/signup";
import {
  CheckoutPost,
  checkoutPost,
  checkoutRules,
  followAccount,
  registerPayload,
} from "~/lib/account/signup.server";
import { cardOf } from "~/lib/billing/form.server";
import { type LateChargeView, notReceived } from "~/lib/billing/late-charge";
import {
  checkLateCharge,
  type LateCharge,
  lateChargeOf,
  newIdempotencyKey,
  outcomeUnknown,
  rememberLateCharge,
  restoredValues,
  viewOf,
} from "~/lib/billing/late-charge.server";
import { beginCardAttempt, emailPayer } from "~/lib/billing/payment-limit.server";
import {
  canAddState,
  type FieldErrors,
  newBillingValues,
  type PlanSummary,
  type PriceResult,
  planDisplayName,
} from "~/lib/billing/pricing";
import {
  afterFailedCharge,
  countiesFor,
  fetchPrice,
  findPlan,
  formAnswer,
  priceRequest,
  priceToCharge,
  registerOptions,
} from "~/lib/billing/pricing.server";
import { config } from "~/lib/platform/config.server";
import { apiContext, memberSessionContext } from "~/lib/platform/contexts";
import { rememberDevice } from "~/lib/platform/device-cookie.server";
import { formFailure, refusalText } from "~/lib/platform/form-failure.server";
import { publicFormLimiter } from "~/lib/platform/rate-limit.server";
import { messagesOf, readForm } from "~/lib/platform/read-form.server";
import { pageUrl } from "~/lib/platform/request-url";
import type { MemberSession } from "~/lib/platform/session.server";
import { boundedFormData } from "~/lib/platform/submission.server";
import { useRootData } from "~/root-data";
import { screenMeta } from "~/screen-titles";
import { endpoints } from "../../contract/endpoints";
import type { PriceRequest, RegisterOptions } from "../../contract/register";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = screenMeta;

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

/** The completion page of a checkout (§2.6); a trial's says so in its address, for when the login failed. */
const completionPath = (checkout: string, trial: boolean) =>
  `${checkout.split("?")[0]}/complete${trial ? "?free_trial=1" : ""}`;

/** The checkout's own address, with its query (a trial's free_trial): where a late sign-up is confirmed. */
const checkoutPath = (request: Request) => {
  const url = pageUrl(request);
  return `${url.pathname}${url.search}`;
};

/**
 * What a late sign-up's outcome means for the checkout (decision 138): done (the completion page; the member logs
 * in there, the password was never kept), still confirming (the panel), or refused or never received (the form
 * again as typed, passwords and card excepted, with why). The session forgets the charge once it is known.
 */
async function lateSignup(context: Route.LoaderArgs["context"], request: Request, late: LateCharge) {
  const session = context.get(memberSessionContext);
  if (pageUrl(request).pathname !== late.path.split("?")[0]) throw redirect(late.path);
  const outcome = await checkLateCharge(context.get(apiContext), late);
  if (outcome.state === "confirming")
    return { view: viewOf(late, outcome.checked), formError: null, values: null };
  session.clearLateCharge();
  if (outcome.state === "completed") throw redirect(completionPath(late.path, outcome.trial));
  const formError = outcome.state === "refused" ? outcome.message : notReceived(late);
  return { view: null, formError, values: late.values };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const late = lateChargeOf(context.get(memberSessionContext), "sign-up");
  const [{ options, plan }, lateOutcome] = await Promise.all([
    planOrMarketing(context, params.planId),
    late ? lateSignup(context, request, late) : null,
  ]);
  const q = pageUrl(request).searchParams;
  const get = (name: string) => (q.get(name) ?? "").trim().slice(0, 255);
  const trial = plan.is_free_trial || get("free_trial") !== "";
  const [fullFirst, ...fullRest] = get("fullname").split(" ");
  const firstName = get("first_name") || (get("fullname") ? fullFirst : "");
  const lastName = get("last_name") || fullRest.join(" ").trim();
  const first: SignupValues = {
    company: get("company"),
    first_name: firstName,
    last_name: lastName,
    email: get("email"),
    phone: formatPhone(get("phone")),
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
    ...newBillingValues(firstName, lastName),
    discount: get("discount"),
    free_trial: trial ? get("free_trial") || "1" : "",
    referrer: get("utm_campaign") || referrerCookie(request),
    idempotency_key: newIdempotencyKey(),
    extra_states: 0,
    terms: false,
  };
  // After a refusal, the form as the member typed it (the passwords and the card to type again), with the same
  // key: a retry charges that key once.
  const values = restoredValues(first, lateOutcome?.values ?? null);
  const page = {
    ...pageOf(options, plan, trial),
    values,
    counties: {} as Record<string, string[]>,
    countiesError: null as string | null,
    lateCharge: lateOutcome?.view ?? null,
    formError: lateOutcome?.formError ?? null,
  };
  if (page.lateCharge) return data({ ...page, price: { components: null, error: null } as PriceResult });
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
  if (lateOutcome?.values) {
    const counties = await countiesFor(api, values.county_states);
    Object.assign(page, { counties: counties.counties, countiesError: counties.error });
  }
  return data({ ...page, price }, { status });
}

/**
 * 'Update price' (and the live price), 'Add additional state', and the sign-up: every rule first, then the price
 * the page showed, then the limits, then Register (which charges the card of a paid plan) and the automatic login.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await boundedFormData(request);
  const { options, plan } = await planOrMarketing(context, params.planId);
  const post = checkoutPost(readForm(form, CheckoutPost));
  const { intent, values } = post;
  const trial = plan.is_free_trial || values.free_trial !== "";
  const phone = config.supportPhone;
  const pricing = (v: SignupValues) =>
    priceRequest(plan, v, { promo_code: v.promo_code, discount: v.discount, trial }, options);
  const answer: Answer = (status, extra, kept = values) =>
    formAnswer(api, status, { intent, values: kept, ...extra }, (v) => fetchPrice(api, pricing(v)));

  // A sign-up whose answer was lost is being confirmed: never a second one meanwhile (decision 138).
  const pending = lateChargeOf(context.get(memberSessionContext), "sign-up");
  if (intent === "register" && pending) throw redirect(pending.path);
  if (intent !== "register") {
    const more = intent === "add-state" && canAddState(plan) ? 1 : 0;
    return answer(
      200,
      {},
      followAccount({ ...values, extra_states: values.extra_states + more }, plan, options),
    );
  }

  // A failed submit keeps everything typed but the card, which is never read into `values` (issue 13; the
  // passwords come back in that one no-store answer, as after a failed password change: decision 042).
  if (post.honeypot !== "") return answer(400, { formError: unknownError(phone) });
  const checked = parseWithZod(form, { schema: checkoutRules(plan, trial) });
  if (checked.status !== "success") return answer(400, { errors: messagesOf(checked) });

  const priced = pricing(values);
  const { price, refusal } = await priceToCharge(api, priced, post.shown, unknownError(phone));
  if (refusal) return answer(refusal.status, { price, ...refusal });
  const card = trial ? null : cardOf(checked.value);
  const late = { path: checkoutPath(request), planName: planDisplayName(plan.name), trial };
  const failed = await register(context, { values, card, priced, shown: post.shown, price, late }, answer);
  if (failed) return failed;

  // The automatic login; the completion page follows even when it fails (§4). This browser is then a device
  // the new member logged in from (decision 079).
  const complete = `/sign-up/${encodeURIComponent(params.planId)}/complete${trial ? "?free_trial=1" : ""}`;
  try {
    const login = await api.call(endpoints.login, {
      body: { email: values.email, password: values.password },
    });
    await context.get(memberSessionContext).startFresh(login.data.accessToken);
  } catch (error) {
    if (!formFailure(error)) throw error;
    throw redirect(complete);
  }
  throw redirect(complete, { headers: { "Set-Cookie": await rememberDevice(request, values.email) } });
}

type Answer = (
  status: number,
  extra: { price?: PriceResult; errors?: FieldErrors; formError?: string },
  kept?: SignupValues,
) => ReturnType<typeof formAnswer<"price" | "add-state" | "register", SignupValues>>;

/**
 * Register, within the sign-up limit (per e-mail and client) and, for a paid plan, the card limit: null when the
 * account was made; otherwise the form again with why (the card, a price that moved, the API's words or the
 * spec's 'Sorry, there was an unknown error').
 */
async function register(
  context: Route.ActionArgs["context"],
  submit: {
    values: SignupValues;
    card: ReturnType<typeof cardOf> | null;
    priced: PriceRequest;
    shown: number | null;
    price: PriceResult;
    /** Where and what to confirm when the answer is lost. */
    late: Pick<LateCharge, "path" | "planName" | "trial">;
  },
  answer: Answer,
) {
  const { values, card, priced, price } = submit;
  const api = context.get(apiContext);
  const phone = config.supportPhone;
  const limit = await publicFormLimiter("sign-up").begin(context, values.email);
  if (!limit.allowed) return answer(429, { price, formError: limit.message });
  const cards = card ? await beginCardAttempt(context, emailPayer(values.email)) : null;
  if (cards && !cards.allowed) {
    await limit.attempt.release();
    return answer(429, { price, formError: cards.message });
  }
  try {
    // A charge is not cut off half-way by the time the price took (decision 078).
    await api.call(endpoints.register, {
      body: registerPayload(values, card, priced, submit.shown),
      extendDeadline: "charges a card",
    });
    await cards?.end("approved");
  } catch (error) {
    if (outcomeUnknown(error)) {
      // The account may exist and the card may be charged: the checkout confirms what happened by the key.
      await cards?.end("unknown");
      await limit.attempt.count();
      rememberLateSignup(context.get(memberSessionContext), submit);
      throw redirect(submit.late.path);
    }
    const moved = await afterFailedCharge(api, error, cards, priced, unknownError(phone));
    if (moved) {
      await limit.attempt.release();
      return answer(409, moved);
    }
    const failure = formFailure(error);
    if (!failure) throw error;
    if (!failure.refused) {
      await limit.attempt.release();
      return answer(503, { price, formError: unknownError(phone) });
    }
    await limit.attempt.count();
    const status = failure.status === 429 ? 429 : 400;
    return answer(status, { price, formError: refusalText(failure, unknownError(phone)) });
  }
  await limit.attempt.count();
  return null;
}

/** A sign-up whose answer was lost, as the session keeps it: its key and plan, what was typed but the passwords. */
function rememberLateSignup(
  session: MemberSession,
  submit: {
    values: SignupValues;
    shown: number | null;
    late: Pick<LateCharge, "path" | "planName" | "trial">;
  },
) {
  const { password: _password, confirm_password: _confirm, ...typed } = submit.values;
  rememberLateCharge(session, {
    kind: "sign-up",
    key: submit.values.idempotency_key,
    ...submit.late,
    amount: submit.late.trial ? 0 : submit.shown,
    values: typed,
  });
}

/** The live price (a fetcher posting intent=price) changes nothing: the page's loaders need not run again. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "price") return false;
  return defaultShouldRevalidate;
}

export default function SignupCheckout({ loaderData: page, actionData }: Route.ComponentProps) {
  if (page.lateCharge) return <LateSignup charge={page.lateCharge} planName={page.plan.name} />;
  return <CheckoutForm page={page} actionData={actionData} />;
}

/** A sign-up whose answer was lost, while the checkout confirms what happened (decision 138). */
function LateSignup({ charge, planName }: { charge: LateChargeView; planName: string }) {
  const root = useRootData();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="sr-only">Sign up for {planDisplayName(planName)}</h1>
      <ChargeConfirming charge={charge} supportPhone={root?.config.supportPhone} />
    </div>
  );
}

function CheckoutForm({
  page,
  actionData,
}: {
  page: Route.ComponentProps["loaderData"];
  actionData: Route.ComponentProps["actionData"];
}) {
  const root = useRootData();
  const hydrated = useHydrated();
  const { plan, trial } = page;
  const formRef = useRef<HTMLFormElement>(null);
  const state = useBillingForm(page, actionData, formRef);
  const { values, live, coverage, errors } = state;
  const submitting = useIsSubmitting();
  const follow = billingFollowsAccount(formRef, plan, coverage, page.coverageStates);

  return (
    <div className="mx-auto grid max-w-5xl gap-8 lg:grid-cols-[20rem_1fr]">
      <h1 className="sr-only lg:col-span-2">Sign up for {planDisplayName(plan.name)}</h1>
      <aside aria-labelledby="plan-heading" className="lg:sticky lg:top-4 lg:self-start">
        <PlanSummaryPanel
          heading={trial ? "Your free trial plan" : "Your plan"}
          headingId="plan-heading"
          plan={plan}
          trial={trial}
          chosen={chosenOf(coverage, plan)}
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
        key={state.version}
        {...state.formProps}
        onChange={(event) => {
          follow(event);
          live.onFormChange(event);
        }}
        className="space-y-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <FormAlert errors={formErrorOf(actionData, page)} />
        <DefaultIntent intent="register" />
        <CheckoutHiddenFields values={values} trial={trial} price={live.price} />
        <AccountFieldset
          values={values}
          errors={errors}
          states={page.states}
          provinces={page.provinces}
          hydrated={hydrated}
        />
        <CoverageFields
          plan={plan}
          values={values}
          verticals={page.verticals}
          coverageStates={page.coverageStates}
          countyStateOptions={page.states}
          hydrated={hydrated}
          {...state.coverageProps}
        />
        {trial ? null : <BillingFields values={values} errors={errors} states={page.states} />}
        <TermsCheckbox checked={state.terms} onChange={state.setTerms} errors={errors} />
        {trial ? null : (
          <p className="text-sm text-slate-600">
            The charge appears on your card statement under {siteHost(root?.config.marketingSiteUrl)} and is a
            one-time charge.
          </p>
        )}
        <BillingFormButtons
          intent="register"
          pending={submitting}
          disabled={hydrated && !state.terms}
          hydrated={hydrated}
        >
          {trial ? "View projects" : "Create account"}
        </BillingFormButtons>
      </Form>
    </div>
  );
}

/** The message above the form: the action's last answer's, or what the page learned of a late sign-up. */
function formErrorOf(
  actionData: Route.ComponentProps["actionData"],
  page: Route.ComponentProps["loaderData"],
) {
  const message = actionData ? actionData.formError : page.formError;
  return message ? [message] : null;
}

/** What the checkout posts besides the fields: the idempotency key, the link's codes, the total shown, the honeypot. */
function CheckoutHiddenFields({
  values,
  trial,
  price,
}: {
  values: SignupValues;
  trial: boolean;
  price: PriceResult;
}) {
  return (
    <>
      <input type="hidden" name="idempotency_key" value={values.idempotency_key} />
      <input type="hidden" name="discount" value={values.discount} />
      {trial ? <input type="hidden" name="free_trial" value={values.free_trial || "1"} /> : null}
      <input type="hidden" name="referrer" value={values.referrer} />
      <ShownTotal price={price} />
      <div className="absolute -left-[9999px]" aria-hidden="true">
        <label>
          Leave this field empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}

/** The marketing site's host, as the card statement names it. */
function siteHost(marketingSiteUrl: string | undefined) {
  try {
    return new URL(marketingSiteUrl ?? "").host;
  } catch {
    return "our website";
  }
}
