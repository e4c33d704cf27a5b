import { parseWithZod } from "@conform-to/zod/v4";
import { useRef, useState } from "react";
import { Form, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { AppLink } from "~/components/app-link";
import { BillingFields, TermsCheckbox } from "~/components/billing/billing-fields";
import { BillingFormButtons, DefaultIntent, useBillingForm } from "~/components/billing/billing-form";
import { ChargeConfirming } from "~/components/billing/charge-confirming";
import { CoverageFields, chosenOf } from "~/components/billing/coverage-fields";
import { PlanSummaryPanel } from "~/components/billing/plan-summary";
import { ShownTotal } from "~/components/billing/price-summary";
import { CardSection } from "~/components/card-section";
import { FormAlert, SelectInput, useIsSubmitting } from "~/components/forms";
import { useHydrated } from "~/components/hydrated";
import { signedInMember } from "~/lib/account/member.server";
import {
  ActivationPost,
  type ActivationValues,
  activationPost,
  activationRules,
  coverageRules,
  planChanged,
} from "~/lib/billing/activation.server";
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
import { beginCardAttempt, memberPayer } from "~/lib/billing/payment-limit.server";
import {
  type CoverageValues,
  canAddState,
  durationText,
  type FieldErrors,
  type FormAnswer,
  includedChoices,
  money,
  newBillingValues,
  type PlanSummary,
  type PriceResult,
  periodText,
  planDisplayName,
  SUBSCRIPTION_UPDATED,
} from "~/lib/billing/pricing";
import {
  afterFailedCharge,
  billTo,
  countiesFor,
  fetchPrice,
  formAnswer,
  priceRequest,
  priceToCharge,
  registerOptions,
} from "~/lib/billing/pricing.server";
import { formatDate } from "~/lib/format/dates";
import { ApiRequestError } from "~/lib/platform/api.server";
import { apiContext, memberSessionContext } from "~/lib/platform/contexts";
import { formFailure } from "~/lib/platform/form-failure.server";
import { messagesOf, readForm } from "~/lib/platform/read-form.server";
import type { MemberSession } from "~/lib/platform/session.server";
import { boundedFormData } from "~/lib/platform/submission.server";
import { isFreeTrial } from "~/lib/platform/trial";
import { useRootData } from "~/root-data";
import { screenMeta } from "~/screen-titles";
import { endpoints } from "../../contract/endpoints";
import type { RegisterOptions } from "../../contract/register";
import type { Subscription as MemberSubscription } from "../../contract/user";
import type { Route } from "./+types/subscription";

export const meta: Route.MetaFunction = screenMeta;

const PATH = "/Me/Subscription";
export const COVERAGE_SAVED = "Your coverage was saved.";

type Intent = "price" | "add-state" | "activate" | "coverage";
type ActionData = FormAnswer<Intent, ActivationValues>;

const paidPlansOf = (options: RegisterOptions): PlanSummary[] =>
  options.plans.filter((p) => !p.is_free_trial);

/** The dimensions an activated subscription's plan is limited by and has no coverage for (made before decision 151). */
function missingCoverage(subscription: MemberSubscription, plan: PlanSummary | undefined) {
  if (!plan || !subscription.activated) return null;
  const limited = plan.coverage_limit !== -1;
  const missing = {
    states: limited && plan.coverage_state === 1 && subscription.subscription_states.length === 0,
    counties:
      limited && plan.coverage_county === 1 && (subscription.subscription_counties ?? []).length === 0,
    verticals: plan.coverage_vertical_market === 1 && subscription.subscription_project_types.length === 0,
  };
  return missing.states || missing.counties || missing.verticals ? missing : null;
}

/** The coverage a trial chose (or a subscription awaiting billing), in the order the API lists it. */
function earlierChoices(subscription: MemberSubscription | null): CoverageValues {
  const counties = subscription?.subscription_counties ?? [];
  return {
    plan_states: (subscription?.subscription_states ?? []).map((s) => String(s.id)),
    plan_verticals: (subscription?.subscription_project_types ?? []).map((t) => String(t.id)),
    county_states: counties.map((c) => c.state_abbr),
    county_names: counties.map((c) => c.name),
    extra_states: 0,
  };
}

/** The member's charges, newest first; a refusal of the list leaves it empty. */
const chargesOf = (api: ReturnType<typeof apiContextOf>) =>
  api.call(endpoints.charges).then(
    (answer) => answer.data,
    (error: unknown) => {
      if (error instanceof ApiRequestError) return [];
      throw error;
    },
  );
const apiContextOf = (context: Route.LoaderArgs["context"]) => context.get(apiContext);

/**
 * The member's subscription (Users/Me), what the activation offers (Register/Options: the paid plans, states,
 * verticals), the activation's first values (what the chosen plan's price includes of the trial's choices) and
 * their price, and the member's charges. While an activation whose answer was lost is being confirmed, the page
 * says so instead of offering the form again (decision 138).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiContextOf(context);
  const session = context.get(memberSessionContext);
  const late = lateChargeOf(session, "activation");
  const [user, options, charges, lateOutcome] = await Promise.all([
    signedInMember(context, request),
    registerOptions(api),
    chargesOf(api),
    late ? checkLateCharge(api, late).then((outcome) => settleLateCharge(session, late, outcome)) : null,
  ]);
  const subscription = user.subscription;
  const currentPlan = options.plans.find((p) => p.id === subscription?.plan.id);
  const choosePlan = !currentPlan || currentPlan.is_free_trial;
  const paidPlans = paidPlansOf(options);
  const page = {
    subscription,
    currentPlan: currentPlan ?? null,
    missing: subscription ? missingCoverage(subscription, currentPlan) : null,
    choosePlan,
    paidPlans,
    states: options.states.map(({ id, abbr, name }) => ({ id, abbr, name })),
    verticals: options.verticals,
    earlier: earlierChoices(subscription),
    charges,
    lateCharge: lateOutcome?.view ?? null,
    formError: lateOutcome?.formError ?? null,
  };
  const plan = choosePlan ? (paidPlans.find((p) => p.slug === "national") ?? paidPlans[0]) : currentPlan;
  const offered = page.states.map((s) => String(s.id));
  const first: ActivationValues = {
    ...(plan ? includedChoices(plan, page.earlier, offered) : page.earlier),
    plan: String(plan?.id ?? ""),
    slots_plan: String(plan?.id ?? ""),
    ...newBillingValues(user.first_name, user.last_name),
    terms: false,
    idempotency_key: newIdempotencyKey(),
  };
  // After a refusal, the form as the member typed it, with the same key (a retry charges that key once).
  const values = restoredValues(first, lateOutcome?.values ?? null);
  const shownPlan = paidPlans.find((p) => String(p.id) === values.plan) ?? plan;
  const needsPrice =
    !page.lateCharge &&
    subscription &&
    shownPlan &&
    (!subscription.activated || missingCoverage(subscription, currentPlan));
  const [price, counties] = await Promise.all([
    needsPrice
      ? fetchPrice(api, pricing(options, values, shownPlan))
      : ({ components: null, error: null } as PriceResult),
    page.lateCharge ? { counties: {}, error: null } : countiesFor(api, values.county_states),
  ]);
  return { ...page, values, price, counties: counties.counties, countiesError: counties.error };
}

/**
 * What a late activation's outcome means for the page: done (the success message, and the page again with the
 * active plan and its receipt), still confirming (the panel), or refused or never received (the form again, as
 * typed, with why). The session forgets the charge once it is known.
 */
function settleLateCharge(
  session: MemberSession,
  late: LateCharge,
  outcome: Awaited<ReturnType<typeof checkLateCharge>>,
): { view: LateChargeView | null; formError: string | null; values: Record<string, unknown> | null } {
  if (outcome.state === "confirming") {
    return { view: viewOf(late, outcome.checked), formError: null, values: null };
  }
  session.clearLateCharge();
  if (outcome.state === "completed") {
    session.flashToast({ title: "Success!", description: SUBSCRIPTION_UPDATED, autoClose: false });
    throw redirect(PATH);
  }
  const formError = outcome.state === "refused" ? outcome.message : notReceived(late);
  return { view: null, formError, values: late.values };
}

/**
 * The activation ('Update price', 'Add additional state', the live price, 'Activate subscription') and, for an
 * activated subscription without the coverage its plan is limited by, choosing that coverage.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await boundedFormData(request);
  const options = await registerOptions(api);
  const read = readForm(form, ActivationPost);
  // Another plan chosen without JavaScript: its coverage starts from what its price includes of the trial's.
  const earlier = planChanged(read)
    ? {
        choices: earlierChoices((await signedInMember(context, request)).subscription),
        offered: options.states.map((s) => String(s.id)),
      }
    : undefined;
  const post = activationPost(read, paidPlansOf(options), earlier);
  const { intent, plan, values } = post;
  const answer: Answer = (status, extra, kept = values) =>
    formAnswer(api, status, { intent, values: kept, ...extra }, (v) =>
      plan ? fetchPrice(api, pricing(options, v, plan)) : Promise.resolve({ components: null, error: null }),
    );

  if (intent === "price" || intent === "add-state") {
    const more = intent === "add-state" && plan && canAddState(plan) ? 1 : 0;
    return answer(200, {}, { ...values, extra_states: values.extra_states + more });
  }
  const submit = { request, context, form, options, post, answer, planChanged: planChanged(read) };
  return intent === "coverage" ? chooseCoverage(submit) : activate(submit);
}

type Answer = (
  status: number,
  extra: { price?: PriceResult; errors?: FieldErrors; formError?: string },
  kept?: ActivationValues,
) => ReturnType<typeof formAnswer<Intent, ActivationValues>>;
/** A final submit: the request's context, the form, the register options, the post as read, its answer. */
type Submit = {
  request: Request;
  context: Route.ActionArgs["context"];
  form: FormData;
  options: RegisterOptions;
  post: ReturnType<typeof activationPost>;
  answer: Answer;
  /** The plan was chosen anew in this post (without JavaScript): its coverage and total were not shown yet. */
  planChanged: boolean;
};

const pricing = (options: RegisterOptions, v: ActivationValues, plan: PlanSummary) =>
  priceRequest(plan, v, { promo_code: v.promo_code, trial: false }, options);

/** The API's refusal or failure, said above the form (and under the fields it names). */
function failed(error: unknown, answer: Answer) {
  const failure = formFailure(error);
  if (!failure) throw error;
  return answer(failure.status, { formError: failure.message, errors: failure.fieldErrors });
}

/** 'Save coverage': the coverage the member's current plan is limited by, at no charge. */
async function chooseCoverage({ request, context, form, options, post, answer }: Submit) {
  const api = context.get(apiContext);
  const me = await signedInMember(context, request);
  const current = options.plans.find((p) => p.id === me.subscription?.plan.id);
  if (!current) return answer(400, { formError: "You have no subscription to choose coverage for." });
  const checked = parseWithZod(form, { schema: coverageRules(current, post.plan) });
  if (checked.status !== "success") return answer(400, { errors: messagesOf(checked) });
  const priced = pricing(options, post.values, current);
  try {
    await api.call(endpoints.completeCoverage, {
      body: {
        plan_states: priced.plan_states,
        plan_counties: priced.plan_counties,
        plan_verticals: priced.plan_verticals,
      },
    });
  } catch (error) {
    return failed(error, answer);
  }
  context.get(memberSessionContext).flashToast({ title: "Success!", description: COVERAGE_SAVED });
  throw redirect(PATH);
}

export const CHECK_NEW_PLAN =
  "You chose another plan: please check its coverage and total, then activate it.";

/**
 * 'Activate subscription': every rule first, then the price the page showed, then the card. An answer that does
 * not come in time (or is lost) is no failure: the card may have been charged, so the page confirms what happened
 * by the request's key (decision 138). While it does, no other activation is sent.
 */
async function activate({ request, context, form, options, post, answer, planChanged }: Submit) {
  const api = context.get(apiContext);
  const session = context.get(memberSessionContext);
  if (lateChargeOf(session, "activation")) throw redirect(PATH);
  const { plan, values } = post;
  if (planChanged) return answer(409, { formError: CHECK_NEW_PLAN });
  const checked = parseWithZod(form, { schema: activationRules(plan) });
  if (checked.status !== "success" || !plan) return answer(400, { errors: messagesOf(checked) });

  const priced = pricing(options, values, plan);
  const { price, refusal } = await priceToCharge(
    api,
    priced,
    post.shown,
    "The price could not be calculated.",
  );
  if (refusal) return answer(refusal.status, { price, ...refusal });
  const me = await signedInMember(context, request);
  const cards = await beginCardAttempt(context, memberPayer(me.id));
  if (!cards.allowed) return answer(429, { price, formError: cards.message });
  try {
    // A charge is not cut off half-way by the time the page's reads took (decision 078).
    await api.call(endpoints.subscribe, {
      extendDeadline: "charges a card",
      body: {
        plan: plan.id,
        bill_to: billTo(values),
        card: cardOf(checked.value),
        additional_services: [],
        plan_verticals: priced.plan_verticals,
        plan_states: priced.plan_states,
        plan_counties: priced.plan_counties,
        promo_code: values.promo_code || null,
        expected_total: post.shown,
        idempotency_key: values.idempotency_key,
      },
    });
    await cards.end("approved");
  } catch (error) {
    if (outcomeUnknown(error)) {
      await cards.end("unknown");
      rememberLateCharge(session, {
        kind: "activation",
        key: values.idempotency_key,
        path: PATH,
        planName: planDisplayName(plan.name),
        amount: post.shown,
        trial: false,
        values,
      });
      throw redirect(PATH);
    }
    const moved = await afterFailedCharge(api, error, cards, priced, "");
    return moved ? answer(409, moved) : failed(error, answer);
  }
  session.flashToast({ title: "Success!", description: SUBSCRIPTION_UPDATED, autoClose: false });
  throw redirect(PATH);
}

/** The live price (a fetcher posting intent=price) changes nothing: the page's loaders need not run again. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "price") return false;
  return defaultShouldRevalidate;
}

export default function Subscription({ loaderData, actionData }: Route.ComponentProps) {
  const { subscription } = loaderData;
  const root = useRootData();
  if (!subscription) {
    return (
      <div className="max-w-3xl space-y-4">
        <h1 className="text-2xl font-bold text-slate-900">Subscription</h1>
        <p className="text-slate-700">You have no subscription.</p>
      </div>
    );
  }
  const plan = subscription.plan;
  return (
    <div className="max-w-5xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Subscription</h1>
      <CardSection id="current-plan" title={plan.name} className="max-w-3xl p-6 shadow-sm">
        <p className="mt-1 text-slate-800">
          {/* A Free Trial is charged nothing: said so, not as "$0 / year" (issue 43). */}
          {isFreeTrial(root?.user) && !subscription.payment_total
            ? "Free trial: no charge"
            : `Total: ${money(subscription.payment_total ?? 0)} ${periodText(plan.months)}`}
        </p>
        {subscription.activated ? (
          <p role="status" className="mt-3 rounded-md bg-green-50 px-4 py-3 text-sm text-green-900">
            Your subscription is active.
          </p>
        ) : null}
        {subscription.subscription_additional_services.length > 0 ? (
          <>
            <h3 className="mt-5 text-base font-semibold text-slate-900">Additional services</h3>
            <ul className="mt-2 space-y-2">
              {subscription.subscription_additional_services.map((s) => (
                <li key={s.id} className="text-sm text-slate-700">
                  <span className="font-medium text-slate-900">{s.name}</span> — {money(s.base_price)}{" "}
                  {periodText(plan.months)}
                  {s.description ? <span className="block text-slate-600">{s.description}</span> : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </CardSection>

      {loaderData.missing && loaderData.currentPlan ? (
        <CoverageChoice plan={loaderData.currentPlan} loaderData={loaderData} actionData={actionData} />
      ) : null}
      {loaderData.lateCharge ? (
        <ChargeConfirming charge={loaderData.lateCharge} supportPhone={root?.config.supportPhone} />
      ) : subscription.activated ? null : (
        <Activation loaderData={loaderData} actionData={actionData} />
      )}
      <Charges charges={loaderData.charges} />
    </div>
  );
}

type Data = Route.ComponentProps["loaderData"];

/** The activation: plan, coverage, the itemized total, billing, terms; the total is shown before the charge. */
function Activation({ loaderData, actionData }: { loaderData: Data; actionData: ActionData | undefined }) {
  const hydrated = useHydrated();
  const submitting = useIsSubmitting(PATH);
  const formRef = useRef<HTMLFormElement>(null);
  // A plan chosen before the script arrived stays chosen, starting from what its price includes (as chosen here).
  const state = useBillingForm(loaderData, actionData, formRef, (typed) => {
    const typedPlan = loaderData.paidPlans.find((p) => String(p.id) === String(typed.get("plan") ?? ""));
    if (typedPlan && String(typedPlan.id) !== planId) choosePlan(String(typedPlan.id));
  });
  const { values, live, coverage, errors } = state;
  // The plan chosen in the form, until a new answer of the action (a new version) says otherwise; a plan chosen
  // here starts from what its price includes of the trial's choices (`start`).
  const fromServer = {
    version: state.version,
    planId: values.plan,
    extraStates: values.extra_states,
    start: null as CoverageValues | null,
  };
  const [choice, setChoice] = useState(fromServer);
  const { planId, extraStates, start } = choice.version === state.version ? choice : fromServer;
  const plan = loaderData.paidPlans.find((p) => String(p.id) === planId) ?? null;

  /** Another plan: its coverage starts from what its price includes of the trial's choices; the price follows. */
  const choosePlan = (id: string) => {
    const next = loaderData.paidPlans.find((p) => String(p.id) === id);
    if (!next) return setChoice({ version: state.version, planId: id, extraStates: 0, start: null });
    const offered = loaderData.states.map((s) => String(s.id));
    const included = includedChoices(next, loaderData.earlier, offered);
    coverage.reset(included);
    setChoice({ version: state.version, planId: id, extraStates: 0, start: included });
  };

  return (
    <SubscriptionForm
      state={state}
      labelledBy="activate-heading"
      className="grid gap-6 lg:grid-cols-[1fr_20rem]"
    >
      {plan ? (
        <aside aria-label="Your total" className="lg:sticky lg:top-4 lg:order-last lg:self-start">
          <PlanSummaryPanel
            heading="Your plan"
            headingId="activation-plan"
            plan={plan}
            trial={false}
            chosen={chosenOf(coverage, plan)}
            price={live.price}
          />
        </aside>
      ) : null}
      <div className="space-y-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="activate-heading" className="text-lg font-semibold text-slate-900">
          Activate your subscription
        </h2>
        <FormAlert errors={formErrorOf(actionData, loaderData)} />
        <DefaultIntent intent="activate" />
        <input type="hidden" name="slots_plan" value={planId} />
        <input type="hidden" name="idempotency_key" value={values.idempotency_key} />
        <ShownTotal price={live.price} />
        {loaderData.choosePlan ? (
          <SelectInput
            label="Plan"
            name="plan"
            value={planId}
            onChange={(e) => choosePlan(e.currentTarget.value)}
            options={loaderData.paidPlans.map((p) => ({
              value: String(p.id),
              label: `${planDisplayName(p.name)}: ${money(p.base_price)} ${periodText(p.months)}`,
            }))}
            errors={errors.plan}
            required
          />
        ) : (
          <input type="hidden" name="plan" value={planId} />
        )}
        {plan ? (
          <CoverageFields
            // A plan chosen here draws its fields afresh, from what its price includes.
            key={start ? `plan-${planId}` : "posted"}
            plan={plan}
            values={{ ...values, ...start, extra_states: extraStates }}
            verticals={loaderData.verticals}
            coverageStates={loaderData.states}
            countyStateOptions={loaderData.states}
            hydrated={hydrated}
            earlier={loaderData.earlier}
            {...state.coverageProps}
          />
        ) : null}
        <BillingFields values={values} errors={errors} states={loaderData.states} legend="Billing details" />
        <TermsCheckbox checked={state.terms} onChange={state.setTerms} errors={errors} />
        <BillingFormButtons
          intent="activate"
          pending={submitting}
          disabled={hydrated && !state.terms}
          hydrated={hydrated}
        >
          Activate subscription
        </BillingFormButtons>
      </div>
    </SubscriptionForm>
  );
}

/** An activated subscription without the coverage its plan is limited by chooses it, at no charge. */
function CoverageChoice({
  plan,
  loaderData,
  actionData,
}: {
  plan: PlanSummary;
  loaderData: Data;
  actionData: ActionData | undefined;
}) {
  const hydrated = useHydrated();
  const submitting = useIsSubmitting(PATH);
  const formRef = useRef<HTMLFormElement>(null);
  const state = useBillingForm(loaderData, actionData, formRef);
  return (
    <SubscriptionForm
      state={state}
      labelledBy="coverage-heading"
      className="max-w-3xl space-y-6 rounded-lg border border-amber-300 bg-white p-6 shadow-sm"
    >
      <h2 id="coverage-heading" className="text-lg font-semibold text-slate-900">
        Choose your coverage
      </h2>
      <p className="text-sm text-slate-700">
        Your plan covers the places and project types you choose. Until you choose them, searches find no
        projects. Choosing what your plan includes costs nothing.
      </p>
      <FormAlert errors={actionData?.formError ? [actionData.formError] : null} />
      <DefaultIntent intent="coverage" />
      <input type="hidden" name="plan" value={plan.id} />
      <input type="hidden" name="slots_plan" value={plan.id} />
      <CoverageFields
        plan={plan}
        values={state.values}
        verticals={loaderData.verticals}
        coverageStates={loaderData.states}
        countyStateOptions={loaderData.states}
        hydrated={hydrated}
        {...state.coverageProps}
      />
      <BillingFormButtons
        intent="coverage"
        pending={submitting}
        hydrated={hydrated}
        priceLabel="Show counties"
      >
        Save coverage
      </BillingFormButtons>
    </SubscriptionForm>
  );
}

/** A form of this page, named by its heading: it posts here, and each answer of the action renders it afresh. */
function SubscriptionForm({
  state,
  labelledBy,
  className,
  children,
}: {
  state: Pick<ReturnType<typeof useBillingForm<ActivationValues>>, "version" | "formProps">;
  labelledBy: string;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <Form
      key={state.version}
      {...state.formProps}
      action={PATH}
      aria-labelledby={labelledBy}
      className={className}
    >
      {children}
    </Form>
  );
}

/** The message above the activation form: the action's last answer's, or what the page learned of a late charge. */
const formErrorOf = (actionData: ActionData | undefined, loaderData: Data) => {
  const message = actionData ? actionData.formError : loaderData.formError;
  return message ? [message] : null;
};

/** The member's charges, each opening its printable receipt. */
function Charges({ charges }: { charges: Data["charges"] }) {
  if (charges.length === 0) return null;
  return (
    <CardSection id="charges-heading" title="Payments" className="max-w-3xl p-6 shadow-sm">
      <ul className="mt-3 divide-y divide-slate-100 text-sm">
        {charges.map((charge) => (
          <li key={charge.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
            <span className="text-slate-600">{formatDate(charge.local_date)}</span>
            <span className="grow font-medium text-slate-900">
              {charge.plan_name}, {durationText(charge.months)}
            </span>
            <span className="text-slate-900">{money(charge.amount)}</span>
            <span className="text-slate-600">Card ending {charge.card_last4}</span>
            <AppLink to={`${PATH}/Receipts/${charge.id}`} className="font-medium text-brand-700 underline">
              Receipt<span className="sr-only"> of {formatDate(charge.local_date)}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </CardSection>
  );
}
