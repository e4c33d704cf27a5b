/** Sign-up calls of the reference API: options, counties, price, register (atomic, idempotent), activation. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../contract/endpoints";
import { type RegisterOptions, RegisterOptionsAnswer } from "../../contract/register";
import { UserAnswer } from "../../contract/user";
import { testApi } from "./helpers";

let t: ReturnType<typeof testApi>;
let options: RegisterOptions;
const planId = (slug: string) => options.plans.find((p) => p.slug === slug)?.id as number;
const stateId = (abbr: string) => options.states.find((s) => s.abbr === abbr)?.id as number;
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
let n = 0;

function account(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    first_name: "Pat",
    last_name: "Lee",
    phone_number: "5125550100",
    email: `signup${n}@example.com`,
    company: "Lee Builders",
    state: "TX",
    password: "secret-pass",
    confirm_password: "secret-pass",
    idempotency_key: `key-${n}-abcdefghijklmnop`,
    plan: planId("free-trial"),
    ...overrides,
  };
}

const count = (sql: string, ...args: unknown[]) =>
  t.db
    .prepare(sql)
    .pluck()
    .get(...args) as number;

beforeAll(async () => {
  t = testApi({ projects: 50 });
  const res = await t.call("GET", "/Register/Options");
  expect(res.status).toBe(200);
  options = RegisterOptionsAnswer.parse(res.body).data;
});
afterAll(() => t.cleanup());

describe("Register/Options and Counties", () => {
  it("offers the seeded plans with their slugs, states, provinces and verticals", () => {
    const slugs = options.plans.map((p) => p.slug);
    expect(slugs).toEqual(expect.arrayContaining(["free-trial", "national", "state", "county", "vertical"]));
    expect(options.plans.find((p) => p.slug === "national")?.coverage_limit).toBe(-1);
    expect(options.plans.find((p) => p.slug === "free-trial")?.is_free_trial).toBe(true);
    expect(options.states.length).toBeGreaterThan(40);
    expect(options.provinces.length).toBeGreaterThan(5);
    expect(options.verticals.length).toBeGreaterThan(3);
  });

  it("lists a state's counties", async () => {
    const res = await t.call("GET", "/Register/Counties/TX");
    expect(endpoints.registerCounties.answer.parse(res.body).data.length).toBeGreaterThan(0);
  });
});

describe("Register/Price", () => {
  it("prices additional states and verticals beyond the plan's, services and promo codes; a trial is free", async () => {
    const price = async (body: object) => {
      const res = await t.call("POST", "/Register/Price", { plan: planId("state"), ...body });
      return { status: res.status, body: res.body };
    };
    const base = await price({ plan_states: [stateId("TX")] });
    expect(base.body.data.components).toEqual({ "Plan Price": 3495, Total: 3495 });
    const more = await price({
      plan_states: [stateId("TX"), stateId("FL")],
      plan_verticals: options.verticals.slice(0, 2).map((v) => v.id),
    });
    expect(more.body.data.components.Total).toBe(3495 + 835 + 1999.95);
    const promo = await price({ plan_states: [stateId("TX")], promo_code: "welcome10" });
    expect(promo.body.data.components.Total).toBe(3145.5);
    const bad = await price({ promo_code: "NOPE" });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe("The promo code is not valid.");
    const trial = await price({ is_free_trial: true, plan_states: [stateId("TX")] });
    expect(trial.body.data.components.Total).toBe(0);
  });
});

describe("Register", () => {
  it("creates a trial account that can log in, not activated, with its coverage", async () => {
    const body = account({ plan_states: [stateId("FL")], plan_verticals: [options.verticals[0].id] });
    const res = await t.call("POST", "/Register", body);
    expect(res.status).toBe(200);
    const token = await t.login(body.email, "secret-pass");
    const me = UserAnswer.parse((await t.call("GET", "/Users/Me", undefined, token)).body).data;
    expect(me.member_type).toBe("Free Trial");
    expect(me.subscription?.activated).toBe(false);
    expect(me.subscription?.remaining_projects).toBe(5);
    expect(me.subscription?.subscription_states.map((s) => s.abbr)).toEqual(["FL"]);
    expect(me.projectTags).toHaveLength(4);
  });

  it("charges a paid plan once per idempotency key: a double submit makes one account", async () => {
    const body = account({ plan: planId("national"), card: GOOD, bill_to: BILL, expected_total: 12995 });
    const charges = count("SELECT COUNT(*) FROM payment_charges");
    const [a, b] = await Promise.all([t.call("POST", "/Register", body), t.call("POST", "/Register", body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(a.body.data.payment_total).toBe(12995);
    expect(count("SELECT COUNT(*) FROM users WHERE email = ?", body.email)).toBe(1);
    expect(count("SELECT COUNT(*) FROM payment_charges")).toBe(charges + 1);
    const token = await t.login(body.email, "secret-pass");
    const me = UserAnswer.parse((await t.call("GET", "/Users/Me", undefined, token)).body).data;
    expect(me.subscription?.activated).toBe(true);
  });

  it("refuses a declined card and creates nothing; never stores the card", async () => {
    const body = account({ plan: planId("national"), card: DECLINED, bill_to: BILL, expected_total: 12995 });
    const res = await t.call("POST", "/Register", body);
    expect(res.status).toBe(402);
    expect(res.body.message).toBe("Your card was declined.");
    expect(count("SELECT COUNT(*) FROM users WHERE email = ?", body.email)).toBe(0);
    const dump = JSON.stringify(t.db.prepare("SELECT * FROM payment_charges").all());
    expect(dump).not.toContain("4242424242424242");
  });

  it("refuses mismatched passwords, a taken e-mail and a state plan without states", async () => {
    const mismatch = await t.call("POST", "/Register", account({ confirm_password: "other-pass" }));
    expect(mismatch.body.message).toBe("Passwords do not match");
    const taken = await t.call("POST", "/Register", account({ email: "member@example.com" }));
    expect(taken.body.message).toBe("The email has already been taken.");
    const noStates = await t.call(
      "POST",
      "/Register",
      account({ plan: planId("state"), card: GOOD, bill_to: BILL }),
    );
    expect(noStates.status).toBe(422);
  });
});

describe("subscription activation", () => {
  it("activates expired@'s subscription: the trial block is lifted and projects open again", async () => {
    const token = await t.login("expired@example.com");
    const projectId = count("SELECT id FROM projects WHERE active = 1 ORDER BY id DESC LIMIT 1");
    expect((await t.call("GET", `/Projects/${projectId}`, undefined, token)).status).toBe(403);
    const refused = await t.call(
      "POST",
      "/Users/Me/Subscription",
      { plan: planId("national"), card: DECLINED, bill_to: BILL, expected_total: 12995 },
      token,
    );
    expect(refused.status).toBe(402);
    const res = await t.call(
      "POST",
      "/Users/Me/Subscription",
      { plan: planId("national"), card: GOOD, bill_to: BILL, expected_total: 12995 },
      token,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Your subscription has been updated successfully.");
    const me = UserAnswer.parse((await t.call("GET", "/Users/Me", undefined, token)).body).data;
    expect(me.member_type).not.toBe("Free Trial");
    expect(me.subscription?.activated).toBe(true);
    expect((await t.call("GET", `/Projects/${projectId}`, undefined, token)).status).toBe(200);
    const again = await t.call(
      "POST",
      "/Users/Me/Subscription",
      { plan: planId("national"), card: GOOD, bill_to: BILL, expected_total: 12995 },
      token,
    );
    expect(again.status).toBe(422);
  });
});

describe("coverage", () => {
  it("a paid state plan finds and opens only the projects of its states and verticals; the national plan all", async () => {
    // The seed's most common US state and project type among the active projects.
    const pick = t.db
      .prepare(
        `SELECT p.state, y.project_type_id AS type FROM projects p JOIN project_project_types y ON y.project_id = p.id
         JOIN states s ON s.abbr = p.state AND s.country = 'US' WHERE p.active = 1
         GROUP BY p.state, y.project_type_id ORDER BY count(*) DESC LIMIT 1`,
      )
      .get() as { state: string; type: number };
    const hotel = pick.type;
    const typeName = options.verticals.find((v) => v.id === hotel)?.name;
    const body = account({
      plan: planId("state"),
      card: GOOD,
      bill_to: BILL,
      plan_states: [stateId(pick.state)],
      plan_verticals: [hotel],
      expected_total: 3495,
    });
    expect((await t.call("POST", "/Register", body)).status).toBe(200);
    const token = await t.login(body.email, "secret-pass");
    const list = await t.call("GET", "/Projects?perPage=100", undefined, token);
    expect(list.status).toBe(200);
    const rows = list.body.data.data as { id: number; state: string; types: { name: string }[] }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.state).toBe(pick.state);
      expect(row.types.map((type) => type.name)).toContain(typeName);
    }
    const expected = count(
      `SELECT COUNT(*) FROM projects p WHERE p.active = 1 AND p.state = ?
       AND EXISTS (SELECT 1 FROM project_project_types y WHERE y.project_id = p.id AND y.project_type_id = ?)`,
      pick.state,
      hotel,
    );
    expect(list.body.data.total).toBe(expected);
    const outside = count(
      "SELECT id FROM projects WHERE active = 1 AND state <> ? ORDER BY id LIMIT 1",
      pick.state,
    );
    const refused = await t.call("GET", `/Projects/${outside}`, undefined, token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("This project is outside the coverage of your subscription.");
    expect((await t.call("GET", `/Projects/${rows[0].id}`, undefined, token)).status).toBe(200);

    const member = await t.login("member@example.com");
    expect((await t.call("GET", `/Projects/${outside}`, undefined, member)).status).toBe(200);
  });
});
