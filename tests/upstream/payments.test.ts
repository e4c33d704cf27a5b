/**
 * A charge whose answer the app did not get (issue 42, decision 138): the state of a charging request by its
 * idempotency key. GET Users/Me/Payments/{key} answers a member's own activations only; GET Register/Payments/{key}
 * answers a sign-up to whoever holds the key, without naming the member. Unknown, pending (a processor still at
 * work), refused (with the processor's words) and completed (with the amount and the receipt); a lookup never
 * charges, and a repeated post with the same key charges once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaymentStateAnswer, type RegisterOptions, RegisterOptionsAnswer } from "../../contract/register";
import { type CardProcessor, fakeProcessor } from "../../upstream/payments/processor";
import { API_BASE_PATH, createApi } from "../../upstream/server";
import { testApi } from "./helpers";

const GOOD = { card_number: "4242424242424242", expiration_date: "12/39", cvv: "123" };
const DECLINED = { ...GOOD, card_number: "4000000000000002" };
const BILL = {
  first_name: "Pat",
  last_name: "Lee",
  address: "1 Main St",
  city: "Austin",
  state: "TX",
  zip: "78701",
};

/** The fake processor, held at the gate while a test looks at the request in flight. */
function gatedProcessor(t: { db: ReturnType<typeof testApi>["db"]; now: () => Date }) {
  const fake = fakeProcessor(t.db, t.now);
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  const processor: CardProcessor = {
    async charge(request) {
      await gate;
      return fake.charge(request);
    },
  };
  return {
    processor,
    hold() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    release: () => open(),
  };
}

let t: ReturnType<typeof testApi>;
let gated: ReturnType<typeof gatedProcessor>;
let options: RegisterOptions;
let n = 0;

beforeAll(async () => {
  let processor: CardProcessor = { charge: () => ({ approved: false, message: "not ready" }) };
  t = testApi({ projects: 100, cardProcessor: { charge: (r) => processor.charge(r) } });
  gated = gatedProcessor({ db: t.db, now: () => t.clock.now });
  processor = gated.processor;
  options = RegisterOptionsAnswer.parse((await t.call("GET", "/Register/Options")).body).data;
}, 120_000);
afterAll(() => t?.cleanup());

const planId = (slug: string) => options.plans.find((p) => p.slug === slug)?.id as number;
const texas = () => options.states.find((s) => s.abbr === "TX")?.id as number;
const newKey = () => `key-${++n}-${Math.random().toString(36).slice(2, 12)}-0123456789`;
const processorCharges = () => t.db.prepare("SELECT count(*) FROM payment_charges").pluck().get() as number;

function account(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    first_name: "Pat",
    last_name: "Lee",
    phone_number: "5125550100",
    email: `payments${n}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    company: "Lee Builders",
    state: "TX",
    password: "secret-pass",
    confirm_password: "secret-pass",
    idempotency_key: newKey(),
    plan: planId("free-trial"),
    plan_states: [texas()],
    plan_verticals: [options.verticals[0].id],
    ...overrides,
  };
}

/** A new trial member and their token. */
async function trialMember() {
  const body = account();
  expect((await t.call("POST", "/Register", body)).status).toBe(200);
  return { email: body.email, token: await t.login(body.email, "secret-pass") };
}

const activation = (key: string, card = GOOD) => ({
  plan: planId("national"),
  card,
  bill_to: BILL,
  expected_total: 12995,
  idempotency_key: key,
});

async function memberState(key: string, token?: string) {
  const res = await t.call("GET", `/Users/Me/Payments/${key}`, undefined, token);
  return { status: res.status, state: res.status === 200 ? PaymentStateAnswer.parse(res.body).data : null };
}

async function signupState(key: string) {
  const res = await t.call("GET", `/Register/Payments/${key}`);
  expect(res.status).toBe(200);
  return { body: res.body, state: PaymentStateAnswer.parse(res.body).data };
}

describe("an activation's state, by its key", () => {
  it("is unknown for a key never seen, and asks for the member's token", async () => {
    const { token } = await trialMember();
    expect(await memberState(newKey(), token)).toEqual({ status: 200, state: { state: "unknown" } });
    expect((await memberState(newKey())).status).toBe(401);
    // Not a key at all: too short for one.
    expect((await memberState("short", token)).status).toBe(404);
  });

  it("is pending while the processor works, then completed with the amount and the receipt", async () => {
    const { token } = await trialMember();
    const key = newKey();
    gated.hold();
    const posted = t.call("POST", "/Users/Me/Subscription", activation(key), token);
    await expect
      .poll(async () => (await memberState(key, token)).state)
      .toEqual({
        state: "pending",
        kind: "activation",
      });
    // The same post again while the first is at work: another process of the API refuses it (409), this one
    // waits for the first and answers what it did. Nothing more is charged.
    const otherProcess = createApi(t.db, { appBaseUrl: "http://app.test", now: () => t.clock.now });
    const refused = await otherProcess.request(`${API_BASE_PATH}/Users/Me/Subscription`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(activation(key)),
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(
      "This payment is being processed. Please wait for its result.",
    );
    const again = t.call("POST", "/Users/Me/Subscription", activation(key), token);
    gated.release();
    expect([(await posted).status, (await again).status]).toEqual([200, 200]);

    const charges = (await t.call("GET", "/Users/Me/Charges", undefined, token)).body.data;
    expect(charges).toHaveLength(1);
    expect((await memberState(key, token)).state).toEqual({
      state: "completed",
      kind: "activation",
      amount: 12995,
      trial: false,
      receipt_id: charges[0].id,
    });
  });

  it("is seen by its member only: another member and the sign-up's call read it as unknown", async () => {
    const owner = await trialMember();
    const other = await trialMember();
    const key = newKey();
    expect((await t.call("POST", "/Users/Me/Subscription", activation(key), owner.token)).status).toBe(200);
    expect((await memberState(key, owner.token)).state?.state).toBe("completed");
    expect((await memberState(key, other.token)).state).toEqual({ state: "unknown" });
    expect((await signupState(key)).state).toEqual({ state: "unknown" });
    // Nor can another member use that key for an activation of their own.
    const taken = await t.call("POST", "/Users/Me/Subscription", activation(key), other.token);
    expect(taken.status).toBe(409);
    expect((await memberState(key, other.token)).state).toEqual({ state: "unknown" });
  });

  it("is refused with the processor's words; the same key then completes with another card, charged once", async () => {
    const { token } = await trialMember();
    const key = newKey();
    const declined = await t.call("POST", "/Users/Me/Subscription", activation(key, DECLINED), token);
    expect(declined.status).toBe(402);
    expect((await memberState(key, token)).state).toEqual({
      state: "refused",
      kind: "activation",
      message: "Your card was declined.",
    });
    const before = processorCharges();
    expect((await t.call("POST", "/Users/Me/Subscription", activation(key), token)).status).toBe(200);
    // A retry of a lost answer, with the same key: told it worked, charged nothing more.
    const retry = await t.call("POST", "/Users/Me/Subscription", activation(key), token);
    expect(retry.status).toBe(200);
    expect(retry.body.message).toBe("Your subscription has been updated successfully.");
    expect(processorCharges()).toBe(before + 1);
    expect((await t.call("GET", "/Users/Me/Charges", undefined, token)).body.data).toHaveLength(1);
    expect((await memberState(key, token)).state?.state).toBe("completed");
  });

  it("never charges: looking up a key changes nothing", async () => {
    const { token } = await trialMember();
    const key = newKey();
    const before = processorCharges();
    for (let i = 0; i < 3; i++) await memberState(key, token);
    expect(processorCharges()).toBe(before);
    expect(
      t.db.prepare("SELECT count(*) FROM payment_requests WHERE idempotency_key = ?").pluck().get(key),
    ).toBe(0);
  });
});

describe("a sign-up's state, by its key", () => {
  it("is unknown for a key never seen, and needs no token", async () => {
    expect((await signupState(newKey())).state).toEqual({ state: "unknown" });
  });

  it("completed: a paid sign-up's amount, without a word of who signed up", async () => {
    const body = account({
      plan: planId("state"),
      plan_verticals: [options.verticals[0].id],
      card: GOOD,
      bill_to: BILL,
      expected_total: 3495,
    });
    expect((await t.call("POST", "/Register", body)).status).toBe(200);
    const { body: answer, state } = await signupState(body.idempotency_key);
    expect(state).toEqual({
      state: "completed",
      kind: "registration",
      amount: 3495,
      trial: false,
      receipt_id: null,
    });
    const text = JSON.stringify(answer);
    for (const personal of [body.email, body.first_name, body.last_name, body.phone_number, "user_id"]) {
      expect(text).not.toContain(personal);
    }
  });

  it("completed: a trial, charged nothing", async () => {
    const body = account();
    expect((await t.call("POST", "/Register", body)).status).toBe(200);
    expect((await signupState(body.idempotency_key)).state).toEqual({
      state: "completed",
      kind: "registration",
      amount: 0,
      trial: true,
      receipt_id: null,
    });
  });

  it("pending while the processor works; refused with its words when it declines", async () => {
    const body = account({ plan: planId("national"), card: DECLINED, bill_to: BILL, expected_total: 12995 });
    gated.hold();
    const posted = t.call("POST", "/Register", body);
    await expect
      .poll(async () => (await signupState(body.idempotency_key)).state)
      .toEqual({
        state: "pending",
        kind: "registration",
      });
    gated.release();
    expect((await posted).status).toBe(402);
    expect((await signupState(body.idempotency_key)).state).toEqual({
      state: "refused",
      kind: "registration",
      message: "Your card was declined.",
    });
    // The member fixes the card and submits again with the same key, and again (a lost answer's retry): one
    // account, one charge.
    const before = processorCharges();
    for (let i = 0; i < 2; i++)
      expect((await t.call("POST", "/Register", { ...body, card: GOOD })).status).toBe(200);
    expect((await signupState(body.idempotency_key)).state).toMatchObject({
      state: "completed",
      amount: 12995,
    });
    expect(processorCharges()).toBe(before + 1);
    expect(t.db.prepare("SELECT count(*) FROM users WHERE email = ?").pluck().get(body.email)).toBe(1);
  });

  it("a refusal before any charge (the e-mail is taken) is told too", async () => {
    const first = account();
    expect((await t.call("POST", "/Register", first)).status).toBe(200);
    const second = account({ email: first.email });
    expect((await t.call("POST", "/Register", second)).status).toBe(422);
    expect((await signupState(second.idempotency_key)).state).toEqual({
      state: "refused",
      kind: "registration",
      message: "The email has already been taken.",
    });
  });

  it("an activation's key is not a sign-up's: it cannot register an account", async () => {
    const { token } = await trialMember();
    const key = newKey();
    expect((await t.call("POST", "/Users/Me/Subscription", activation(key), token)).status).toBe(200);
    const res = await t.call("POST", "/Register", account({ idempotency_key: key }));
    expect(res.status).toBe(409);
  });
});
