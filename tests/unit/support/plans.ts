/** The checkout's State Edition as the API describes it: the plan the billing tests start from. */
import type { PlanSummary } from "../../../app/lib/billing/pricing";

export const STATE_PLAN: PlanSummary = {
  id: 3,
  slug: "state",
  name: "State Edition",
  base_price: 3495,
  additional_vertical_market_cost: 1999.95,
  additional_state_cost: 835,
  coverage_limit: 1,
  coverage_state: 1,
  coverage_county: 0,
  coverage_vertical_market: 1,
  users_count: 1,
  months: 12,
  download: true,
  is_free_trial: false,
};

/** The State Edition with other terms. */
export const planWith = (over: Partial<PlanSummary>): PlanSummary => ({ ...STATE_PLAN, ...over });
