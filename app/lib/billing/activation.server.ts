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
import {
  type BillingValues,
  type CoverageValues,
  extraStatesFor,
  type PlanSummary,
  TERMS_REQUIRED,
} from "./pricing";

/** What the activation form holds, card fields excepted; `slots_plan` is the plan its slots were drawn for. */
export type ActivationValues = BillingValues &
  CoverageValues & { plan: string; slots_plan: string; terms: boolean };

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
});

/** Another plan chosen without JavaScript: its slots start from the states chosen so far. */
function withSlotsOf<V extends ActivationValues>(values: V, plan: PlanSummary): V {
  if (values.slots_plan === values.plan) return values;
  const filled = values.plan_states.filter(Boolean);
  return {
    ...values,
    plan_states: filled,
    extra_states: extraStatesFor(plan, filled.length),
    slots_plan: values.plan,
  };
}

/** The activation's post: its intent, the total shown, the paid plan chosen, and the values to render from. */
export function activationPost(post: z.output<typeof ActivationPost>, paidPlans: PlanSummary[]) {
  const { intent, shown_total, ...typedValues } = post;
  const values: ActivationValues = typedValues;
  const plan = paidPlans.find((p) => String(p.id) === values.plan);
  return { intent, shown: shown_total, plan, values: plan ? withSlotsOf(values, plan) : values };
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
