import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef } from "react";
import { data, Form, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { AccountFieldset, billingFollowsAccount } from "~/components/billing/account-fieldset";
import { BillingFields, TermsCheckbox } from "~/components/billing/billing-fields";
import { BillingFormButtons, DefaultIntent, useBillingForm } from "~/components/billing/billing-form";
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
import { useRootData } from "~/root-data";
import { endpoints } from "../../contract/endpoints";
import type { PriceRequest, RegisterOptions } from "../../contract/register";
import type { Route } from "./+types/signup";

export const handle = { title: "Sign up" };

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
  const q = pageUrl(request).searchParams;
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
    ...newBillingValues(first, last),
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

/**
 * 'Update price' (and the live price), 'Add additional state', and the sign-up: every rule first, then the price
 * the page showed, then the limits, then Register (which charges the card of a paid plan) and the automatic login.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await request.formData();
  const { options, plan } = await planOrMarketing(context, params.planId);
  const post = checkoutPost(readForm(form, CheckoutPost));
  const { intent, values } = post;
  const trial = plan.is_free_trial || values.free_trial !== "";
  const phone = config.supportPhone;
  const pricing = (v: SignupValues) =>
    priceRequest(plan, v, { promo_code: v.promo_code, discount: v.discount, trial }, options);
  const answer: Answer = (status, extra, kept = values) =>
    formAnswer(api, status, { intent, values: kept, ...extra }, (v) => fetchPrice(api, pricing(v)));

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
  const failed = await register(context, { values, card, priced, shown: post.shown, price }, answer);
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

/** The live price (a fetcher posting intent=price) changes nothing: the page's loaders need not run again. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "price") return false;
  return defaultShouldRevalidate;
}

export default function SignupCheckout({ loaderData: page, actionData }: Route.ComponentProps) {
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
        <FormAlert errors={actionData?.formError ? [actionData.formError] : null} />
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

export const meta: Route.MetaFunction = () => [{ title: "Sign up | Project Leads" }];
