import { useEffect, useRef, useState } from "react";
import { data, Form, redirect } from "react-router";
import { BillingFields, SelectInput, TermsCheckbox } from "~/components/billing-fields";
import { FormAlert, SubmitButton, useIsSubmitting } from "~/components/forms";
import { useHydrated } from "~/components/hydrated";
import { apiContext } from "~/lib/api.server";
import { formFailure } from "~/lib/form-failure.server";
import { memberSessionContext } from "~/lib/session.server";
import {
  type BillingValues,
  money,
  periodText,
  planDisplayName,
  SUBSCRIPTION_UPDATED,
  TERMS_REQUIRED,
} from "~/lib/signup";
import { billTo, cardErrors, readCard, registerOptions } from "~/lib/signup.server";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/subscription";

export const handle = { title: "Subscription" };

const PATH = "/Me/Subscription";

/** The member's subscription (Users/Me) and, for the billing form, the paid plans and states (Register/Options). */
export async function loader({ context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [me, options] = await Promise.all([api.call(endpoints.me), registerOptions(api)]);
  const user = me.data;
  const subscription = user.subscription;
  const currentPlan = options.plans.find((p) => p.id === subscription?.plan.id) ?? null;
  const paidPlans = options.plans
    .filter((p) => !p.is_free_trial)
    .map((p) => ({ id: p.id, slug: p.slug, name: p.name, base_price: p.base_price, months: p.months }));
  return {
    subscription,
    firstName: user.first_name,
    lastName: user.last_name,
    choosePlan: !currentPlan || currentPlan.is_free_trial,
    paidPlans,
    states: options.states.map(({ abbr, name }) => ({ abbr, name })),
  };
}

type Values = BillingValues & { plan: string; terms: boolean };
type ActionData = { values: Values; errors: Partial<Record<string, string[]>>; formError: string | null };

const field = (form: FormData, name: string, max = 255) => {
  const v = form.get(name);
  return typeof v === "string" ? v.trim().slice(0, max) : "";
};

/** The billing form: Users/Me/Subscription with the subscribe payload; success flashes the spec's message. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values: Values = {
    plan: field(form, "plan", 10),
    bill_first_name: field(form, "bill_first_name"),
    bill_last_name: field(form, "bill_last_name"),
    bill_address: field(form, "bill_address"),
    bill_address2: field(form, "bill_address2"),
    bill_city: field(form, "bill_city"),
    bill_state: field(form, "bill_state", 10),
    bill_zip: field(form, "bill_zip", 20),
    promo_code: field(form, "promo_code", 50),
    terms: form.get("terms") === "on",
  };
  const card = readCard(form);
  const errors: ActionData["errors"] = {};
  const required: [keyof Values, string][] = [
    ["bill_first_name", "Please enter the billing first name."],
    ["bill_last_name", "Please enter the billing last name."],
    ["bill_address", "Please enter the billing address."],
    ["bill_city", "Please enter the billing city."],
    ["bill_state", "Please choose the billing state."],
    ["bill_zip", "Please enter the billing zip code."],
  ];
  for (const [name, message] of required) if (!values[name]) errors[name] = [message];
  if (!/^\d+$/.test(values.plan)) errors.plan = ["Please choose a plan."];
  for (const [name, message] of cardErrors(card)) errors[name] = [...(errors[name] ?? []), message];
  if (!values.terms) errors.terms = [TERMS_REQUIRED];
  if (Object.keys(errors).length > 0) {
    return data<ActionData>({ values, errors, formError: null }, { status: 400 });
  }
  try {
    // A charge is not cut off half-way by the time the page's reads took (decision 078).
    await context.get(apiContext).call(endpoints.subscribe, {
      extendDeadline: "charges a card",
      body: {
        plan: Number(values.plan),
        bill_to: billTo(values),
        card,
        additional_services: [],
        plan_verticals: [],
        plan_states: [],
        promo_code: values.promo_code || null,
      },
    });
  } catch (error) {
    const failure = formFailure(error);
    if (!failure) throw error;
    return data<ActionData>({ values, errors: {}, formError: failure.message }, { status: failure.status });
  }
  context
    .get(memberSessionContext)
    .flashToast({ title: "Success!", description: SUBSCRIPTION_UPDATED, autoClose: false });
  throw redirect(PATH);
}

export default function Subscription({ loaderData, actionData }: Route.ComponentProps) {
  const { subscription } = loaderData;
  const hydrated = useHydrated();
  const submitting = useIsSubmitting(PATH);
  const values: Values = actionData?.values ?? {
    plan: String(
      loaderData.choosePlan
        ? (loaderData.paidPlans.find((p) => p.slug === "national")?.id ?? loaderData.paidPlans[0]?.id ?? "")
        : (subscription?.plan.id ?? ""),
    ),
    bill_first_name: loaderData.firstName,
    bill_last_name: loaderData.lastName,
    bill_address: "",
    bill_address2: "",
    bill_city: "",
    bill_state: "",
    bill_zip: "",
    promo_code: "",
    terms: false,
  };
  const errors = actionData?.errors ?? {};
  const [terms, setTerms] = useState(values.terms);
  const [version, setVersion] = useState(0);
  const last = useRef(actionData);
  useEffect(() => {
    if (!actionData || last.current === actionData) return;
    last.current = actionData;
    setTerms(actionData.values.terms);
    setVersion((v) => v + 1);
  }, [actionData]);

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
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Subscription</h1>
      <section
        aria-labelledby="current-plan"
        className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="current-plan" className="text-lg font-semibold text-slate-900">
          {plan.name}
        </h2>
        <p className="mt-1 text-slate-800">
          Total: {money(subscription.payment_total ?? 0)} {periodText(plan.months)}
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
      </section>

      {subscription.activated ? null : (
        <Form
          key={version}
          method="post"
          action={PATH}
          className="space-y-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 className="text-lg font-semibold text-slate-900">Activate your subscription</h2>
          <FormAlert errors={actionData?.formError ? [actionData.formError] : null} />
          {loaderData.choosePlan ? (
            <SelectInput
              label="Plan"
              name="plan"
              defaultValue={values.plan}
              options={loaderData.paidPlans.map((p) => ({
                value: String(p.id),
                label: `${planDisplayName(p.name)}: ${money(p.base_price)} ${periodText(p.months)}`,
              }))}
              errors={errors}
              required
            />
          ) : (
            <input type="hidden" name="plan" value={values.plan} />
          )}
          <BillingFields
            values={values}
            errors={errors}
            states={loaderData.states}
            legend="Billing details"
          />
          <TermsCheckbox checked={terms} onChange={setTerms} errors={errors} />
          <SubmitButton pending={submitting} disabled={hydrated && !terms}>
            Activate subscription
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Subscription | Project Leads" }];
