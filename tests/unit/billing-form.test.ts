/**
 * The checkout's and the activation's forms as Conform reads them (parseWithZod): what was typed is always kept
 * (slots by position, no card), and a final submit's rules give the spec's messages, each where its field shows it.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CheckoutPost, checkoutPost, checkoutRules } from "../../app/lib/account/signup.server";
import {
  ActivationPost,
  activationPost,
  activationRules,
  coverageRules,
} from "../../app/lib/billing/activation.server";
import { expirationAsTyped } from "../../app/lib/billing/form.server";
import type { PlanSummary } from "../../app/lib/billing/pricing";
import { messagesOf, readForm } from "../../app/lib/platform/read-form.server";
import { STATE_PLAN as STATE } from "./support/plans";

const COUNTY: PlanSummary = {
  ...STATE,
  id: 4,
  slug: "county",
  coverage_limit: 3,
  coverage_state: 0,
  coverage_county: 1,
  coverage_vertical_market: 0,
};
const NATIONAL: PlanSummary = {
  ...STATE,
  id: 1,
  slug: "national",
  coverage_limit: -1,
  coverage_vertical_market: 0,
};

function form(fields: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

const ACCOUNT: [string, string][] = [
  ["company", " Lee Builders "],
  ["first_name", "Pat"],
  ["last_name", "Lee"],
  ["email", "pat@example.test"],
  ["phone", "5125550100"],
  ["state", "tx"],
  ["password", "signup-password-1"],
  ["confirm_password", "signup-password-1"],
  ["terms", "on"],
];
const BILLING: [string, string][] = [
  ["bill_first_name", "Pat"],
  ["bill_last_name", "Lee"],
  ["bill_address", "1 Main St"],
  ["bill_city", "Austin"],
  ["bill_state", "tx"],
  ["bill_zip", "78701"],
];
const CARD: [string, string][] = [
  ["card_number", "4242 4242-4242 4242"],
  ["expiration_date", "12/39"],
  ["cvv", "123"],
];

describe("the checkout's post as typed", () => {
  it("keeps the slots by position, trims and cuts the text, and never holds the card", () => {
    const post = checkoutPost(
      readForm(
        form([
          ...ACCOUNT,
          ...CARD,
          ["plan_states", "44"],
          ["plan_states", ""],
          ["plan_states", "TX"],
          ["county_states", "tx"],
          ["county_names", "Travis"],
          ["plan_verticals", "10"],
          ["plan_verticals", "x"],
          ["extra_states", "2"],
          ["intent", "add-state"],
          ["shown_total", "3495"],
        ]),
        CheckoutPost,
      ),
    );
    expect(post.intent).toBe("add-state");
    expect(post.shown).toBe(3495);
    expect(post.honeypot).toBe("");
    expect(post.values).toMatchObject({
      company: "Lee Builders",
      state: "TX",
      plan_states: ["44", "", ""],
      county_states: ["TX"],
      county_names: ["Travis"],
      plan_verticals: ["10"],
      extra_states: 2,
      terms: true,
      password: "signup-password-1",
    });
    for (const field of ["card_number", "expiration_date", "cvv"])
      expect(post.values).not.toHaveProperty(field);
  });

  it("reads anything as something: a missing, repeated or odd field falls back, never refused", () => {
    const post = checkoutPost(
      readForm(
        form([
          ["email", "a@example.test"],
          ["email", "b@example.test"],
          ["extra_states", "-3"],
          ["intent", "charge-twice"],
          ["shown_total", "abc"],
          ["website_url", " "],
        ]),
        CheckoutPost,
      ),
    );
    expect(post.intent).toBe("register");
    expect(post.shown).toBeNull();
    expect(post.honeypot).toBe(" ");
    expect(post.values).toMatchObject({ email: "", extra_states: 0, plan_states: [], terms: false });
  });
});

describe("the checkout's rules", () => {
  it("give every message of an empty paid submit at once, each under its field or slot", () => {
    const submission = parseWithZod(form([["plan_states", ""]]), { schema: checkoutRules(STATE, false) });
    const messages = messagesOf(submission);
    expect(messages).toMatchObject({
      company: ["Please enter your company."],
      email: ["Please enter your email."],
      password: ["Please enter a password."],
      confirm_password: ["Please confirm your password."],
      plan_verticals: ["Please choose at least one project type."],
      "plan_states[0]": ["Please choose a state."],
      bill_first_name: ["Please enter the billing first name."],
      bill_state: ["Please choose the billing state."],
      card_number: ["Please enter the card number."],
      expiration_date: ["Please enter the expiration date."],
      cvv: ["Please enter the CVV."],
      terms: ["Please accept the terms of service to continue."],
    });
  });

  it("pass a complete paid submit, with the card's spaces and dashes taken out", () => {
    const submission = parseWithZod(
      form([...ACCOUNT, ...BILLING, ...CARD, ["plan_states", "44"], ["plan_verticals", "10"]]),
      { schema: checkoutRules(STATE, false) },
    );
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.card_number).toBe("4242424242424242");
  });

  it("say what is wrong with a typed card, the passwords and a state chosen twice", () => {
    const submission = parseWithZod(
      form([
        ...ACCOUNT.filter(([name]) => name !== "confirm_password"),
        ["confirm_password", "another-password"],
        ...BILLING,
        ["card_number", "4242x"],
        ["expiration_date", "13/39"],
        ["cvv", "12a"],
        ["plan_states", "44"],
        ["plan_states", "44"],
        ["extra_states", "1"],
        ["plan_verticals", "10"],
      ]),
      { schema: checkoutRules(STATE, false) },
    );
    expect(messagesOf(submission)).toEqual({
      confirm_password: ["Passwords do not match"],
      card_number: ["The card number may contain digits only."],
      expiration_date: ["Please enter the expiration date as mm/yy (month 01 to 12)."],
      cvv: ["The CVV may contain digits only."],
      "plan_states[1]": ["This state is already chosen."],
    });
  });

  it("ask a trial for no billing address and no card", () => {
    const submission = parseWithZod(form([...ACCOUNT, ["plan_states", "44"], ["plan_verticals", "10"]]), {
      schema: checkoutRules(STATE, true),
    });
    expect(submission.status).toBe("success");
  });

  it("want a state and a county in every county slot, each county once", () => {
    const submission = parseWithZod(
      form([
        ...ACCOUNT,
        ["county_states", "TX"],
        ["county_states", "TX"],
        ["county_states", ""],
        ["county_names", "Travis"],
        ["county_names", "Travis"],
        ["county_names", ""],
      ]),
      { schema: checkoutRules(COUNTY, true) },
    );
    expect(messagesOf(submission)).toEqual({
      "county_names[1]": ["This county is already chosen."],
      "county_states[2]": ["Please choose a state."],
    });
  });
});

describe("the activation's post and rules", () => {
  it("starts another plan's slots from the states chosen so far (a plan chosen without JavaScript)", () => {
    const post = activationPost(
      readForm(
        form([
          ["plan", "3"],
          ["slots_plan", "1"],
          ["plan_states", ""],
          ["plan_states", "44"],
        ]),
        ActivationPost,
      ),
      [NATIONAL, STATE],
    );
    expect(post.intent).toBe("activate");
    expect(post.plan?.id).toBe(3);
    expect(post.values).toMatchObject({ plan_states: ["44"], extra_states: 0, slots_plan: "3" });
  });

  it("want a paid plan, the billing address, the card and the terms", () => {
    const submission = parseWithZod(form([["plan", ""]]), { schema: activationRules(undefined) });
    expect(messagesOf(submission)).toMatchObject({
      plan: ["Please choose a plan."],
      bill_address: ["Please enter the billing address."],
      card_number: ["Please enter the card number."],
      terms: ["Please accept the terms of service to continue."],
    });
  });

  it("check the coverage of the current plan on 'Save coverage'", () => {
    const submission = parseWithZod(
      form([
        ["plan", "4"],
        ["slots_plan", "4"],
      ]),
      { schema: coverageRules(COUNTY, COUNTY) },
    );
    expect(Object.keys(messagesOf(submission)).sort()).toEqual([
      "county_states[0]",
      "county_states[1]",
      "county_states[2]",
    ]);
  });
});

describe("the expiration date as typed", () => {
  it("reads what a member types where no script inserts the slash", () => {
    for (const typed of ["1239", "12/39", "12 39", "12-39", "12/2039", "12 / 39"]) {
      expect(expirationAsTyped(typed), typed).toBe("12/39");
    }
    expect(expirationAsTyped("139")).toBe("01/39");
    expect(expirationAsTyped("1/39")).toBe("01/39");
  });

  it("leaves what it cannot read as typed, for the rule's message", () => {
    for (const typed of ["", "abc", "12/3", "123456789"]) expect(expirationAsTyped(typed)).toBe(typed);
  });
});
