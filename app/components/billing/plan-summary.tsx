/**
 * The plan summary of the checkout and the activation (§2.5): the plan, its users and coverage as chosen so far,
 * the download flag, the fixed pricing notes, and the itemized total with its period.
 */
import {
  canAddState,
  coverageText,
  money,
  type PlanSummary,
  type PriceResult,
  planDisplayName,
} from "~/lib/billing/pricing";
import { PriceSummary } from "./price-summary";

export function PlanSummaryPanel({
  heading,
  headingId,
  plan,
  trial,
  chosen,
  price,
  children,
}: {
  heading: string;
  headingId: string;
  plan: PlanSummary;
  trial: boolean;
  /** How many states, verticals and counties the form holds now. */
  chosen: { states: number; verticals: number; counties: number };
  price: PriceResult;
  /** What follows the total ('Want to switch plans?'). */
  children?: React.ReactNode;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {heading}
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
          {coverageText(plan, chosen).map((line) => (
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
      <div className="mt-4 border-t border-slate-200 pt-3">
        <PriceSummary price={price} months={plan.months} trial={trial} />
      </div>
      {children}
    </div>
  );
}
