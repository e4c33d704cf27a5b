/**
 * The price of a plan with its coverage choices (Register/Price, Register, the subscription update):
 * the plan's base price, the states beyond the plan's limit, the vertical markets beyond the one included,
 * the additional services, then a promo code (or the marketing site's discount code). A trial costs nothing.
 */
import type { PriceComponents } from "../../contract/register";
import type { Db } from "../db/index";
import { ApiError } from "../http";
import { limitedDimensions } from "./coverage";

export interface PlanRecord {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  base_price: number;
  additional_vertical_market_cost: number;
  additional_state_cost: number;
  coverage_limit: number;
  coverage_state: number;
  coverage_county: number;
  coverage_vertical_market: number;
  users_count: number;
  months: number;
  download: number;
  is_free_trial: number;
  active: number;
}

export interface PriceChoices {
  plan: number;
  promo_code?: string | null;
  discount?: string | null;
  plan_verticals?: number[];
  plan_states?: number[];
  plan_counties?: { state_abbr: string; name: string }[];
  additional_services?: number[];
  is_free_trial?: boolean;
}

export interface CheckedChoices {
  plan: PlanRecord;
  trial: boolean;
  verticals: number[];
  states: number[];
  counties: number[];
  services: number[];
  promo: string | null;
  components: PriceComponents;
}

export const PLAN_NOT_FOUND = "The selected plan does not exist.";
export const PROMO_INVALID = "The promo code is not valid.";
export const STATES_NEEDED = "Please choose the states of your coverage.";
export const COUNTIES_NEEDED = "Please choose the counties of your coverage.";
export const VERTICALS_NEEDED = "Please choose at least one project type.";

/** USD as the pages write it, dropping '.00': $3,495 and $1,999.95. */
export function usd(amount: number): string {
  const whole = Number.isInteger(Math.round(amount * 100) / 100);
  return amount.toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  });
}

export const priceChanged = (total: number) =>
  `The price has changed to ${usd(total)}. Please check the new total and submit again.`;

/**
 * A plan limited by states, counties or verticals gets at least one of each kind it is limited by (422): no
 * coverage rows never means national (decision 151).
 */
export function requireCoverage(checked: Pick<CheckedChoices, "plan" | "states" | "counties" | "verticals">) {
  const dims = limitedDimensions(checked.plan);
  if (dims.verticals && checked.verticals.length === 0) invalid("plan_verticals", VERTICALS_NEEDED);
  if (dims.states && checked.states.length === 0) invalid("plan_states", STATES_NEEDED);
  if (dims.counties && checked.counties.length === 0) invalid("plan_counties", COUNTIES_NEEDED);
}

/** The total the member saw must be the total charged: otherwise nothing is charged (409, with the new total). */
export function requireShownTotal(expected: number | null | undefined, total: number) {
  if (expected === null || expected === undefined || Math.abs(expected - total) > 0.004) {
    throw new ApiError(409, priceChanged(total), { expected_total: [priceChanged(total)] });
  }
}

const cents = (n: number) => Math.round(n * 100) / 100;
const unique = (list: number[] | undefined) => [...new Set(list ?? [])];

function invalid(field: string, message: string): never {
  throw new ApiError(422, message, { [field]: [message] });
}

export function pricing(db: Db, now: () => Date) {
  const plan = db.prepare<[number], PlanRecord>("SELECT * FROM plans WHERE id = ? AND active = 1");
  const vertical = db.prepare<[number], { id: number }>("SELECT id FROM project_types WHERE id = ?");
  const state = db.prepare<[number], { id: number; country: string }>(
    "SELECT id, country FROM states WHERE id = ?",
  );
  const county = db.prepare<[string, string], { id: number }>(
    "SELECT id FROM counties WHERE state_abbr = ? AND name = ?",
  );
  const service = db.prepare<[number], { id: number; base_price: number }>(
    "SELECT id, base_price FROM additional_services WHERE id = ?",
  );
  const promo = db.prepare<
    [string],
    { code: string; percent_off: number | null; amount_off: number | null; expires_at: string | null }
  >("SELECT code, percent_off, amount_off, expires_at FROM promo_codes WHERE code = ? AND active = 1");

  const livePromo = (code: string) => {
    const row = promo.get(code);
    if (!row || (row.expires_at !== null && row.expires_at < now().toISOString())) return null;
    return row;
  };

  /** Checks the choices against the plan and prices them; a choice the plan does not allow is a 422. */
  function check(choices: PriceChoices): CheckedChoices {
    const p = plan.get(choices.plan);
    if (!p) invalid("plan", PLAN_NOT_FOUND);
    const trial = p.is_free_trial === 1 || choices.is_free_trial === true;

    const verticals = p.coverage_vertical_market ? unique(choices.plan_verticals) : [];
    for (const id of verticals)
      if (!vertical.get(id)) invalid("plan_verticals", "A project type does not exist.");

    const states = p.coverage_state && p.coverage_limit !== -1 ? unique(choices.plan_states) : [];
    for (const id of states) {
      const s = state.get(id);
      if (!s || (s.country !== "US" && !trial)) invalid("plan_states", "A coverage state does not exist.");
    }
    if (
      p.coverage_limit !== -1 &&
      states.length > p.coverage_limit &&
      (trial || p.additional_state_cost <= 0)
    ) {
      invalid(
        "plan_states",
        `This plan covers at most ${p.coverage_limit} state${p.coverage_limit === 1 ? "" : "s"}.`,
      );
    }

    const counties: number[] = [];
    if (p.coverage_county) {
      for (const c of choices.plan_counties ?? []) {
        const row = county.get(c.state_abbr.toUpperCase(), c.name);
        if (!row) invalid("plan_counties", "A coverage county does not exist.");
        if (!counties.includes(row.id)) counties.push(row.id);
      }
      if (p.coverage_limit !== -1 && counties.length > p.coverage_limit) {
        invalid("plan_counties", `This plan covers at most ${p.coverage_limit} counties.`);
      }
    }

    const services = unique(choices.additional_services);
    let servicesTotal = 0;
    for (const id of services) {
      const s = service.get(id);
      if (!s) invalid("additional_services", "An additional service does not exist.");
      servicesTotal += s.base_price;
    }

    const code = choices.promo_code?.trim() || null;
    const promoRow = code ? livePromo(code) : null;
    if (code && !promoRow) invalid("promo_code", PROMO_INVALID);
    // The marketing site's discount code counts only when no promo code was typed, and only if it is one.
    const discountCode = !code && choices.discount?.trim() ? livePromo(choices.discount.trim()) : null;
    const applied = promoRow ?? discountCode;

    const components: PriceComponents = { "Plan Price": trial ? 0 : p.base_price, Total: 0 };
    if (!trial) {
      const extraStates = p.coverage_limit === -1 ? 0 : Math.max(0, states.length - p.coverage_limit);
      if (extraStates > 0) components["Additional States"] = cents(extraStates * p.additional_state_cost);
      const extraVerticals = Math.max(0, verticals.length - 1);
      if (extraVerticals > 0 && p.additional_vertical_market_cost > 0) {
        components["Additional Vertical Markets"] = cents(extraVerticals * p.additional_vertical_market_cost);
      }
      if (servicesTotal > 0) components["Additional Services"] = cents(servicesTotal);
    }
    const subtotal = Object.entries(components)
      .filter(([key]) => key !== "Total")
      .reduce((sum, [, value]) => sum + value, 0);
    let discount = 0;
    if (applied && subtotal > 0) {
      discount = applied.percent_off ? (subtotal * applied.percent_off) / 100 : (applied.amount_off ?? 0);
      discount = Math.min(cents(discount), subtotal);
      components.Discount = -discount;
    }
    components.Total = cents(subtotal - discount);
    return {
      plan: p,
      trial,
      verticals,
      states,
      counties,
      services,
      promo: applied?.code ?? null,
      components,
    };
  }

  return { check, plan: (id: number) => plan.get(id) };
}
