/**
 * Activation starts at the list price (issue 42): whatever a trial chose (states and provinces, verticals,
 * counties, in any number and order) and whatever plan the member then picks (the seeded ones, and plans of any
 * shape), the activation's first choices (includedChoices, as /Me/Subscription prefills them) price, on the
 * reference API's Register/Price with no promo code, at exactly the plan's price. Extras come only from the
 * member's own ticks.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CoverageValues, includedChoices, type PlanSummary } from "../../app/lib/billing/pricing";
import { priceRequest } from "../../app/lib/billing/pricing.server";
import { type RegisterOptions, RegisterOptionsAnswer } from "../../contract/register";
import { testApi } from "./helpers";

let t: ReturnType<typeof testApi>;
let options: RegisterOptions;
let counties: { state_abbr: string; name: string }[];

/** Plans of every shape the catalogue allows, added to the seeded ones. */
const SHAPES = fc.record({
  coverage_state: fc.constantFrom(0, 1),
  coverage_county: fc.constantFrom(0, 1),
  coverage_vertical_market: fc.constantFrom(0, 1),
  coverage_limit: fc.constantFrom(-1, 1, 2, 3, 5),
  additional_state_cost: fc.constantFrom(0, 835, 1200.5),
  additional_vertical_market_cost: fc.constantFrom(0, 1999.95, 500),
  base_price: fc.constantFrom(1495, 3495, 12995, 999.99),
  months: fc.constantFrom(6, 12),
});

beforeAll(async () => {
  t = testApi({ projects: 50 });
  const insert = t.db.prepare(
    `INSERT INTO plans (slug, name, description, base_price, additional_vertical_market_cost, additional_state_cost,
       coverage_limit, coverage_state, coverage_county, coverage_vertical_market, users_count, months, download,
       is_free_trial)
     VALUES (@slug, @name, '', @base_price, @additional_vertical_market_cost, @additional_state_cost, @coverage_limit,
       @coverage_state, @coverage_county, @coverage_vertical_market, 1, @months, 1, 0)`,
  );
  fc.sample(SHAPES, { numRuns: 40, seed: 42 }).forEach((shape, i) => {
    insert.run({ ...shape, slug: `shape-${i}`, name: `Shape ${i} Edition` });
  });
  options = RegisterOptionsAnswer.parse((await t.call("GET", "/Register/Options")).body).data;
  counties = t.db
    .prepare(
      "SELECT state_abbr, name FROM counties WHERE state_abbr IN ('TX', 'CA', 'OK') ORDER BY name LIMIT 40",
    )
    .all() as typeof counties;
}, 120_000);
afterAll(() => t?.cleanup());

describe("the activation's first choices", () => {
  it("price at the plan's list price, whatever the trial chose and the plan picked", async () => {
    const paid = options.plans.filter((p) => !p.is_free_trial);
    const places = [...options.states, ...options.provinces].map((s) => String(s.id));
    const verticals = options.verticals.map((v) => String(v.id));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paid),
        fc.uniqueArray(fc.constantFrom(...places), { maxLength: 8 }),
        fc.uniqueArray(fc.constantFrom(...verticals), { maxLength: verticals.length }),
        fc.uniqueArray(fc.constantFrom(...counties), {
          maxLength: 6,
          selector: (c) => `${c.state_abbr}:${c.name}`,
        }),
        async (plan, states, types, chosenCounties) => {
          const trial: CoverageValues = {
            plan_states: states,
            plan_verticals: types,
            county_states: chosenCounties.map((c) => c.state_abbr),
            county_names: chosenCounties.map((c) => c.name),
            extra_states: 0,
          };
          // The activation offers the US states (a trial may have chosen a province).
          const offered = options.states.map((s) => String(s.id));
          const first = includedChoices(plan as PlanSummary, trial, offered);
          const request = priceRequest(plan as PlanSummary, first, { promo_code: "", trial: false }, options);
          const res = await t.call("POST", "/Register/Price", request);
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          expect(res.body.data.components).toEqual({ "Plan Price": plan.base_price, Total: plan.base_price });
          // Nothing the trial chose is lost from view: what is left out is the trial's, in its order.
          expect(first.plan_verticals).toEqual(trial.plan_verticals.slice(0, first.plan_verticals.length));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("State after a trial made with every vertical: Texas and the trial's first vertical", () => {
    const state = options.plans.find((p) => p.slug === "state") as PlanSummary;
    const texas = String(options.states.find((s) => s.abbr === "TX")?.id);
    const all = options.verticals.map((v) => String(v.id));
    const first = includedChoices(
      state,
      { plan_states: [texas], plan_verticals: all, county_states: [], county_names: [], extra_states: 0 },
      options.states.map((s) => String(s.id)),
    );
    expect(first).toEqual({
      plan_states: [texas],
      plan_verticals: [all[0]],
      county_states: [],
      county_names: [],
      extra_states: 0,
    });
  });
});
