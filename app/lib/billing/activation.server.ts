/**
 * The activation form of /Me/Subscription and its coverage choice, as Conform reads them (parseWithZod): the
 * post as typed (never refused: 'Update price' and 'Add additional state' render it again), and the rules of
 * 'Activate subscription' and of 'Save coverage' (§5, the checkout's messages).
 */
import { z } from "zod";
import {
  always,
  billingRules,
  billingShape,
  cardRules,
  checkCoverage,
  coverageShape,
  shownTotal,
  ticked,
  typed,
} from "./form.server";
import { keptIdempotencyKey } from "./late-charge.server";
import {
  type BillingValues,
  type CoverageValues,
  extraStatesFor,
  includedChoices,
  type PlanSummary,
  TERMS_REQUIRED,
} from "./pricing";

/**
 * What the activation form holds, card fields excepted; `slots_plan` is the plan its slots were drawn for, and
 * `idempotency_key` the key the page was given for its charge (decision 138).
 */
export type ActivationValues = BillingValues &
  CoverageValues & { plan: string; slots_plan: string; terms: boolean; idempotency_key: string };

/**
 * The activation's post as typed. `intent`: 'Update price' (and the live price), 'Add additional state',
 * 'Activate subscription', or 'Save coverage' (an activated plan without the coverage it is limited by).
 */
export const ActivationPost = z.object({
  intent: z.enum(["price", "add-state", "activate", "coverage"]).catch("activate"),
  shown_total: shownTotal,
  ...coverageShape,
  ...billingShape,
  plan: typed(10),
  slots_plan: typed(10),
  terms: ticked("on"),
  idempotency_key: typed(100).transform(keptIdempotencyKey),
});

/**
 * Another plan chosen without JavaScript: its coverage starts from what its price includes of the earlier choices
 * (`earlier`: the trial's, when known), else from the states chosen so far.
 */
function withSlotsOf<V extends ActivationValues>(values: V, plan: PlanSummary, earlier?: Earlier): V {
  if (values.slots_plan === values.plan) return values;
  if (earlier) {
    return { ...values, ...includedChoices(plan, earlier.choices, earlier.offered), slots_plan: values.plan };
  }
  const filled = values.plan_states.filter(Boolean);
  return {
    ...values,
    plan_states: filled,
    extra_states: extraStatesFor(plan, filled.length),
    slots_plan: values.plan,
  };
}

/** The coverage a trial chose, and the states the activation offers (its US states). */
type Earlier = { choices: CoverageValues; offered: string[] };

/** Whether the post chose another plan than the one its coverage fields were drawn for. */
export const planChanged = (post: z.output<typeof ActivationPost>) => post.slots_plan !== post.plan;

/**
 * The activation's post: its intent, the total shown, the paid plan chosen, and the values to render from (for a
 * plan chosen anew, `earlier` choices fill its coverage up to what its price includes).
 */
export function activationPost(
  post: z.output<typeof ActivationPost>,
  paidPlans: PlanSummary[],
  earlier?: Earlier,
) {
  const { intent, shown_total, ...typedValues } = post;
  const values: ActivationValues = typedValues;
  const plan = paidPlans.find((p) => String(p.id) === values.plan);
  return { intent, shown: shown_total, plan, values: plan ? withSlotsOf(values, plan, earlier) : values };
}

/** 'Activate subscription': a paid plan, its coverage, the billing address and card, the terms. */
export function activationRules(plan: PlanSummary | undefined) {
  return ActivationPost.extend({
    ...billingRules,
    ...cardRules,
    terms: ticked("on").refine(Boolean, TERMS_REQUIRED),
  }).superRefine((v, ctx) => {
    if (!plan) ctx.addIssue({ code: "custom", path: ["plan"], message: "Please choose a plan." });
    else checkCoverage(withSlotsOf(v, plan), plan, ctx);
  }, always);
}

/** 'Save coverage': the coverage of the member's current plan, on the slots the form shows (`shown`'s). */
export function coverageRules(current: PlanSummary, shown: PlanSummary | undefined) {
  return ActivationPost.superRefine((v, ctx) => {
    checkCoverage(shown ? withSlotsOf(v, shown) : v, current, ctx);
  });
}
