/**
 * The mail the API's calls write into the outbox: a welcome after every sign-up, a receipt after every charge, the
 * reset link and the notice of an e-mail change (which also ends the reset links mailed before).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisterOptions, RegisterOptionsAnswer } from "../../contract/register";
import { testApi } from "./helpers";

let t: ReturnType<typeof testApi>;
let options: RegisterOptions;
const planId = (slug: string) => options.plans.find((p) => p.slug === slug)?.id as number;
const stateId = (abbr: string) => options.states.find((s) => s.abbr === abbr)?.id as number;
const CARD = { card_number: "4242424242424242", expiration_date: "12/39", cvv: "123" };
const BILL = {
  first_name: "Pat",
  last_name: "Lee",
  address: "1 Main St",
  city: "Austin",
  state: "TX",
  zip: "78701",
};
let n = 0;

function account(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    first_name: "Pat",
    last_name: "Lee",
    phone_number: "5125550100",
    email: `mail-signup${n}@example.com`,
    company: "Lee Builders",
    state: "TX",
    password: "secret-pass",
    confirm_password: "secret-pass",
    idempotency_key: `mail-key-${n}-abcdefghijklmnop`,
    plan: planId("free-trial"),
    plan_states: [stateId("FL")],
    plan_verticals: [options.verticals[0].id],
    ...overrides,
  };
}

type Row = { kind: string; subject: string; body: string; html: string; status: string };
const mailsTo = (email: string) =>
  t.db
    .prepare('SELECT kind, subject, body, html, status FROM outbox WHERE "to" = ? ORDER BY id')
    .all(email) as Row[];

beforeAll(async () => {
  t = testApi({ projects: 50 });
  options = RegisterOptionsAnswer.parse((await t.call("GET", "/Register/Options")).body).data;
});
afterAll(() => t.cleanup());

describe("sign-up mail", () => {
  it("a trial gets a welcome with its end date and reports, and no receipt", async () => {
    const body = account();
    expect((await t.call("POST", "/Register", body)).status).toBe(200);
    const mails = mailsTo(body.email);
    expect(mails.map((m) => m.kind)).toEqual(["welcome"]);
    expect(mails[0].subject).toBe("Welcome to Project Leads");
    expect(mails[0].body).toContain("Hello Pat,");
    expect(mails[0].body).toMatch(/Your free trial runs until \w+ \d+, \d{4}, with 5 project reports/);
    expect(mails[0].body).toContain("http://app.test/Projects");
    expect(mails[0].html).toMatch(/^<!doctype html>/);
    expect(mails[0].status).toBe("pending");
  });

  it("a paid sign-up gets the welcome, then the receipt: plan, coverage, price, last four digits", async () => {
    const choices = {
      plan: planId("state"),
      plan_states: [stateId("TX"), stateId("FL")],
      plan_verticals: [options.verticals[0].id],
      promo_code: "WELCOME10",
    };
    const shown = (await t.call("POST", "/Register/Price", choices)).body.data.components.Total as number;
    const body = account({ ...choices, card: CARD, bill_to: BILL, expected_total: shown });
    const res = await t.call("POST", "/Register", body);
    expect(res.status).toBe(200);
    // The answer's replay (same idempotency key) writes no second mail.
    expect((await t.call("POST", "/Register", body)).status).toBe(200);
    const [welcome, receipt, ...rest] = mailsTo(body.email);
    expect(rest).toEqual([]);
    expect(welcome.kind).toBe("welcome");
    expect(welcome.body).toContain("subscription is active");
    expect(receipt.kind).toBe("receipt");
    const total = res.body.data.payment_total as number;
    const dollars = `$${total.toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
    expect(receipt.subject).toBe(`Your receipt: State Edition, ${dollars}`);
    expect(receipt.body).toContain("Plan: State Edition (12 months)");
    expect(receipt.body).toContain("States: Florida, Texas");
    expect(receipt.body).toContain(`Total: ${dollars}`);
    expect(receipt.body).toContain("Paid with the card ending in 4242.");
    expect(receipt.body).toContain("Promo code: WELCOME10");
    expect(receipt.html).toContain(dollars);
    // Never the card number, the CVV or the password.
    const everything = JSON.stringify(t.db.prepare("SELECT * FROM outbox").all());
    expect(everything).not.toContain("4242424242424242");
    expect(everything).not.toContain("secret-pass");
  });

  it("an activation of a trial gets a receipt", async () => {
    const body = account();
    await t.call("POST", "/Register", body);
    const token = await t.login(body.email, "secret-pass");
    const res = await t.call(
      "POST",
      "/Users/Me/Subscription",
      { plan: planId("national"), card: CARD, bill_to: BILL, expected_total: 12995 },
      token,
    );
    expect(res.status).toBe(200);
    expect(mailsTo(body.email).map((m) => m.kind)).toEqual(["welcome", "receipt"]);
    expect(mailsTo(body.email)[1].body).toContain("Plan: National Edition (12 months)");
  });
});

describe("account mail", () => {
  const token = (email: string) => {
    const row = t.db
      .prepare(`SELECT body FROM outbox WHERE "to" = ? AND kind = 'password-reset' ORDER BY id DESC LIMIT 1`)
      .get(email) as { body: string };
    return /\/ForgotPassword\/([A-Za-z0-9_-]+)/.exec(row.body)?.[1] ?? "";
  };

  it("an e-mail change tells the previous address and ends the reset links mailed to it", async () => {
    const body = account();
    await t.call("POST", "/Register", body);
    await t.call("POST", "/ForgotPassword", { email: body.email });
    const link = token(body.email);
    expect(link).toHaveLength(43);
    const session = await t.login(body.email, "secret-pass");
    const moved = `moved-${body.email}`;
    const res = await t.call("PUT", "/Users/Me", { email: moved, currentPassword: "secret-pass" }, session);
    expect(res.status).toBe(200);
    const [notice] = mailsTo(body.email).filter((m) => m.kind === "email-changed");
    expect(notice.subject).toBe("Your e-mail address was changed");
    expect(notice.body).toContain(`changed from ${body.email} to ${moved}`);
    expect(mailsTo(moved)).toEqual([]);
    const reset = await t.call("POST", "/ResetPassword", {
      reset_token: link,
      newPassword: "a-new-password",
    });
    expect(reset.status).toBe(422);
  });
});
