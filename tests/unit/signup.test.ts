import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPhone } from "../../app/lib/account/signup";
import { CheckoutPost, checkoutPost } from "../../app/lib/account/signup.server";
import {
  coverageText,
  formatExpiry,
  money,
  type PlanSummary,
  periodText,
  perPeriodText,
  planDisplayName,
  stateSlots,
} from "../../app/lib/billing/pricing";
import { planWith } from "./support/plans";

const plan = (over: Partial<PlanSummary>): PlanSummary => planWith({ id: 1, ...over });

describe("sign-up texts", () => {
  it("drops '.00' from prices and ' Edition' from plan names", () => {
    expect(money(3495)).toBe("$3,495");
    expect(money(1999.95)).toBe("$1,999.95");
    expect(money(11695.5)).toBe("$11,695.50");
    expect(planDisplayName("National Edition")).toBe("National");
  });

  it("writes any amount in cents as USD with two decimals, or none when they are .00", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => {
        const dollars = Math.floor(cents / 100)
          .toString()
          .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
        const expected =
          cents % 100 === 0 ? `$${dollars}` : `$${dollars}.${String(cents % 100).padStart(2, "0")}`;
        expect(money(cents / 100)).toBe(expected);
      }),
    );
  });

  it("writes money as Intl's en-US currency format does, without building one", () => {
    const dollars = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      maximumFractionDigits: 0,
    });
    const cents = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const intl = (amount: number) =>
      (Number.isInteger(Math.round(amount * 100) / 100) ? dollars : cents).format(amount);
    for (const amount of [0, -0, 2.995, 1.005, 0.995, 999.995, -1999.9, -0.004, 1234567.891, 0.1 + 0.2, 1e15])
      expect(money(amount), `${amount}`).toBe(intl(amount));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: -1e9, max: 1e9, noNaN: true }),
          fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
        ),
        (amount) => money(amount) === intl(amount),
      ),
      { numRuns: 3000 },
    );
  });

  it("names the period and the coverage as the spec does", () => {
    expect(periodText(12)).toBe("/ year");
    expect(periodText(6)).toBe("/ 6 months");
    expect(perPeriodText(12)).toBe("per year");
    expect(perPeriodText(6)).toBe("per 6 months");
    expect(coverageText(plan({}), { states: 2, verticals: 1, counties: 0 })).toEqual([
      "2 States",
      "1 Vertical Market",
    ]);
    expect(
      coverageText(plan({ coverage_vertical_market: 0 }), { states: 0, verticals: 0, counties: 0 }),
    ).toEqual(["1 State"]);
    expect(
      coverageText(
        plan({ coverage_state: 0, coverage_county: 1, coverage_limit: 3, coverage_vertical_market: 0 }),
        {
          states: 0,
          verticals: 0,
          counties: 3,
        },
      ),
    ).toEqual(["3 Counties"]);
  });

  it("counts state slots: the plan's limit plus added states, none for all states", () => {
    expect(stateSlots(plan({}), 2)).toBe(3);
    expect(stateSlots(plan({ additional_state_cost: 0 }), 2)).toBe(1);
    expect(stateSlots(plan({ coverage_limit: -1 }), 0)).toBe(0);
  });

  it("types the expiry as digits with the slash after the second", () => {
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("12")).toBe("12");
    expect(formatExpiry("123")).toBe("12/3");
    expect(formatExpiry("12/39")).toBe("12/39");
    expect(formatExpiry("1a2b3c9d9")).toBe("12/39");
  });
});

describe("checkout phone (§5: +1 (xxx) xxx-xxxx)", () => {
  it("formats a 10-digit US or Canadian number however it was typed", () => {
    for (const typed of [
      "5125550199",
      "512-555-0199",
      "(512) 555-0199",
      "512.555.0199",
      " 512 555 0199 ",
      "15125550199",
      "1-512-555-0199",
      "+1 512 555 0199",
      "+15125550199",
      "+1 (512) 555-0199",
    ]) {
      expect(formatPhone(typed), typed).toBe("+1 (512) 555-0199");
    }
    expect(formatPhone("416 555 0123")).toBe("+1 (416) 555-0123");
  });

  it("keeps anything else as typed", () => {
    for (const typed of [
      "",
      "1",
      "555-0199",
      "512555019",
      "512555019999",
      "25125550199",
      "+44 20 7946 0958",
      "+5125550199",
      "0125550199",
      "5121550199",
      "512-555-0199 ext 12",
      "call me",
    ]) {
      expect(formatPhone(typed), typed).toBe(typed);
    }
  });

  it("is formatted in the post the server renders from and sends", () => {
    const form = new FormData();
    form.set("phone", " (512) 555-0199 ");
    const { values } = checkoutPost(CheckoutPost.parse(Object.fromEntries(form)));
    expect(values.phone).toBe("+1 (512) 555-0199");
  });
});
