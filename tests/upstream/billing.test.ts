/**
 * What a member pays against what they get (issue 25), on the reference API: coverage is never empty by accident,
 * the amount charged is the total priced for the same choices (and only with that total), a limited plan sees
 * nothing outside its coverage, a trial spends a report to keep a project, card attempts are limited, a replayed
 * sign-up with another body says so, and every charge has a receipt. Property tests over plan × states × counties
 * × verticals × promo code × where the trial came from.
 */
import Database from "better-sqlite3";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisterOptions, RegisterOptionsAnswer } from "../../contract/register";
import { UserAnswer } from "../../contract/user";
import { type Db, loadMigrations, migrate } from "../../upstream/db/index";
import { seedDatabase } from "../../upstream/seed/index";
import { testApi } from "./helpers";

let t: ReturnType<typeof testApi>;
let options: RegisterOptions;
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

const plan = (slug: string) => {
  const found = options.plans.find((p) => p.slug === slug);
  if (!found) throw new Error(`no plan ${slug}`);
  return found;
};
const stateId = (abbr: string) => options.states.find((s) => s.abbr === abbr)?.id as number;
const vertical = (name: string) => options.verticals.find((v) => v.name === name)?.id as number;
const one = <T>(sql: string, ...args: unknown[]) =>
  t.db
    .prepare(sql)
    .pluck()
    .get(...args) as T;

function account(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    first_name: "Pat",
    last_name: "Lee",
    phone_number: "5125550100",
    email: `billing${n}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    company: "Lee Builders",
    state: "TX",
    password: "secret-pass",
    confirm_password: "secret-pass",
    idempotency_key: `billing-${n}-${Math.random().toString(36).slice(2, 12)}-key`,
    plan: plan("free-trial").id,
    ...overrides,
  };
}

/** A free trial, made as the checkout makes one: its account state and the plan's pre-selected verticals. */
async function trial(origin: "checkout" | "seeded") {
  const body =
    origin === "checkout"
      ? account({ plan_states: [stateId("TX")], plan_verticals: options.verticals.map((v) => v.id) })
      : account({ plan_states: [stateId("FL")], plan_verticals: [vertical("Hotel")] });
  const res = await t.call("POST", "/Register", body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { email: body.email, token: await t.login(body.email, "secret-pass") };
}

async function price(choices: Record<string, unknown>) {
  return t.call("POST", "/Register/Price", choices);
}

beforeAll(async () => {
  t = testApi({ projects: 300 });
  options = RegisterOptionsAnswer.parse((await t.call("GET", "/Register/Options")).body).data;
}, 120_000);
afterAll(() => t?.cleanup());

describe("coverage is never empty by accident", () => {
  it("refuses a limited plan without a choice of each kind it is limited by, on Register and on activation", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ["vertical", {}, "plan_verticals"],
      ["state", { plan_verticals: [vertical("Hotel")] }, "plan_states"],
      ["state", { plan_states: [stateId("TX")] }, "plan_verticals"],
      ["county", {}, "plan_counties"],
      ["regional-edition", {}, "plan_states"],
    ];
    for (const [slug, choices, field] of cases) {
      const body = account({ plan: plan(slug).id, card: GOOD, bill_to: BILL, expected_total: 0, ...choices });
      const res = await t.call("POST", "/Register", body);
      expect(res.status, slug).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), slug).toContain(field);
      expect(one<number>("SELECT count(*) FROM users WHERE email = ?", body.email)).toBe(0);
    }
    const { token } = await trial("checkout");
    const charges = one<number>("SELECT count(*) FROM payment_charges");
    const res = await t.call(
      "POST",
      "/Users/Me/Subscription",
      { plan: plan("county").id, card: GOOD, bill_to: BILL, expected_total: 1495 },
      token,
    );
    expect(res.status).toBe(422);
    expect(res.body.errors.plan_counties).toEqual(["Please choose the counties of your coverage."]);
    expect(one<number>("SELECT count(*) FROM payment_charges")).toBe(charges);
  });

  it("no rows in a limited dimension means nothing, never national", async () => {
    const { email, token } = await trial("seeded");
    const counties = [{ state_abbr: "TX", name: "Travis" }];
    const priced = (await price({ plan: plan("county").id, plan_counties: counties })).body.data.components;
    expect(
      (
        await t.call(
          "POST",
          "/Users/Me/Subscription",
          {
            plan: plan("county").id,
            plan_counties: counties,
            card: GOOD,
            bill_to: BILL,
            expected_total: priced.Total,
          },
          token,
        )
      ).status,
    ).toBe(200);
    const total = (await t.call("GET", "/Projects", undefined, token)).body.data.total;
    // Rows removed behind the API's back (as before the repair): the member now sees nothing.
    t.db
      .prepare(
        "DELETE FROM subscription_counties WHERE subscription_id = (SELECT s.id FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = ?)",
      )
      .run(email);
    const after = await t.call("GET", "/Projects", undefined, token);
    expect(after.body.data.total).toBe(0);
    expect(total).toBe(
      one<number>("SELECT count(*) FROM projects WHERE active = 1 AND state = 'TX' AND county = 'Travis'"),
    );
    // The member chooses the missing counties on the subscription page, within the plan, at no charge.
    const charges = one<number>("SELECT count(*) FROM payment_charges");
    const tooMany = await t.call(
      "POST",
      "/Users/Me/Subscription/Coverage",
      {
        plan_counties: ["Travis", "Harris", "Dallas", "Bexar"].map((name) => ({ state_abbr: "TX", name })),
      },
      token,
    );
    expect(tooMany.status).toBe(422);
    const chosen = await t.call(
      "POST",
      "/Users/Me/Subscription/Coverage",
      { plan_counties: counties },
      token,
    );
    expect(chosen.status).toBe(200);
    expect((await t.call("GET", "/Projects", undefined, token)).body.data.total).toBe(total);
    expect(one<number>("SELECT count(*) FROM payment_charges")).toBe(charges);
    const again = await t.call("POST", "/Users/Me/Subscription/Coverage", { plan_counties: counties }, token);
    expect(again.status).toBe(422);
  });

  it("migration 071 repairs the subscriptions it can and leaves the rest covering nothing", () => {
    const db = repairedDatabase();
    const states = (email: string) =>
      db
        .prepare(
          `SELECT st.abbr FROM subscription_states x JOIN states st ON st.id = x.state_id JOIN subscriptions s ON s.id = x.subscription_id
           JOIN users u ON u.id = s.user_id WHERE u.email = ?`,
        )
        .pluck()
        .all(email);
    const types = (email: string) =>
      db
        .prepare(
          `SELECT count(*) FROM subscription_project_types x JOIN subscriptions s ON s.id = x.subscription_id
           JOIN users u ON u.id = s.user_id WHERE u.email = ?`,
        )
        .pluck()
        .get(email);
    expect(states("broken-state@example.com")).toEqual(["OK"]);
    expect(types("broken-regional@example.com")).toBe(0);
    expect(states("broken-regional@example.com")).toEqual(["OK"]);
    expect(types("broken-county@example.com")).toBe(0);
    db.close();
  });
});

/**
 * A seeded database with broken activated subscriptions, as made before migration 071, then 071's repair run on it.
 * (Seeded at the latest schema: the seed is today's code, which writes the columns of later migrations.)
 */
function repairedDatabase(): Db {
  const db: Db = new Database(":memory:");
  db.pragma("foreign_keys = ON");
  const all = loadMigrations();
  migrate(db, all);
  seedDatabase(db, { projects: 30 });
  const now = new Date().toISOString();
  for (const [email, slug] of [
    ["broken-state@example.com", "state"],
    ["broken-regional@example.com", "regional-edition"],
    ["broken-county@example.com", "county"],
  ]) {
    const userId = db
      .prepare(
        "INSERT INTO users (email, password_hash, first_name, last_name, state, member_type, created_at, updated_at) VALUES (?, 'x', 'B', 'Roken', 'OK', 'Member', ?, ?)",
      )
      .run(email, now, now).lastInsertRowid;
    db.prepare(
      "INSERT INTO subscriptions (user_id, plan_id, start_date, activated, payment_total, created_at, updated_at) VALUES (?, (SELECT id FROM plans WHERE slug = ?), ?, 1, 1, ?, ?)",
    ).run(userId, slug, now.slice(0, 10), now, now);
  }
  const sql = all.find((m) => m.version === 71)?.sql ?? "";
  db.exec(sql.slice(sql.indexOf("-- Repair:")));
  return db;
}

describe("one price, charged only as shown", () => {
  it("refuses a total the member did not see: nothing is charged, the answer names the new total", async () => {
    const { token } = await trial("checkout");
    const choices = {
      plan: plan("state").id,
      plan_states: [stateId("TX")],
      plan_verticals: [vertical("Hotel")],
    };
    const charges = one<number>("SELECT count(*) FROM payment_charges");
    const res = await t.call(
      "POST",
      "/Users/Me/Subscription",
      { ...choices, card: GOOD, bill_to: BILL, expected_total: 3000 },
      token,
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      "The price has changed to $3,495. Please check the new total and submit again.",
    );
    expect(one<number>("SELECT count(*) FROM payment_charges")).toBe(charges);
    const missing = await t.call(
      "POST",
      "/Users/Me/Subscription",
      { ...choices, card: GOOD, bill_to: BILL },
      token,
    );
    expect(missing.status).toBe(409);
    const body = account({ ...choices, card: GOOD, bill_to: BILL, expected_total: 1 });
    expect((await t.call("POST", "/Register", body)).status).toBe(409);
    expect(one<number>("SELECT count(*) FROM users WHERE email = ?", body.email)).toBe(0);
  });

  it("a replayed sign-up with the same key and another body says it was already processed", async () => {
    const body = account({ plan_states: [stateId("TX")], plan_verticals: [vertical("Hotel")] });
    expect((await t.call("POST", "/Register", body)).status).toBe(200);
    const same = await t.call("POST", "/Register", body);
    expect(same.status).toBe(200);
    const changed = await t.call("POST", "/Register", { ...body, company: "Someone Else" });
    expect(changed.status).toBe(409);
    const nested = await t.call("POST", "/Register", { ...body, plan_states: [stateId("OK")] });
    expect(nested.status).toBe(409);
    expect(changed.body.message).toMatch(/already processed/);
    expect(one<number>("SELECT count(*) FROM users WHERE company = 'Someone Else'")).toBe(0);
  });

  it("lists each charge with a receipt: what was bought, the amount and the card's last four digits", async () => {
    const { token } = await trial("seeded");
    const choices = {
      plan: plan("state").id,
      plan_states: [stateId("TX"), stateId("OK")],
      plan_verticals: [vertical("Hotel")],
      promo_code: "WELCOME10",
    };
    const total = (await price(choices)).body.data.components.Total;
    expect(total).toBe(Math.round((3495 + 835) * 0.9 * 100) / 100);
    const res = await t.call(
      "POST",
      "/Users/Me/Subscription",
      { ...choices, card: GOOD, bill_to: BILL, expected_total: total },
      token,
    );
    expect(res.status).toBe(200);
    const list = (await t.call("GET", "/Users/Me/Charges", undefined, token)).body.data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      kind: "activation",
      plan_name: "State Edition",
      months: 12,
      amount: total,
      card_last4: "4242",
      promo_code: "WELCOME10",
      coverage: { states: ["Oklahoma", "Texas"], counties: [], verticals: ["Hotel"] },
    });
    const receipt = await t.call("GET", `/Users/Me/Charges/${list[0].id}`, undefined, token);
    expect(receipt.body.data.components.Total).toBe(total);
    const other = await t.login("member@example.com");
    expect((await t.call("GET", `/Users/Me/Charges/${list[0].id}`, undefined, other)).status).toBe(404);
    expect(JSON.stringify(t.db.prepare("SELECT * FROM member_charges").all())).not.toContain(
      GOOD.card_number,
    );
  });
});

describe("card attempts", () => {
  it("stops a member after 5 declined or refused cards within the hour, and says how long to wait", async () => {
    const { token } = await trial("seeded");
    const body = { plan: plan("national").id, card: DECLINED, bill_to: BILL, expected_total: 12995 };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const card = i % 2 ? DECLINED : { ...GOOD, card_number: `41111111111111${10 + i}` };
      statuses.push((await t.call("POST", "/Users/Me/Subscription", { ...body, card }, token)).status);
    }
    expect(statuses).toEqual([402, 402, 402, 402, 402, 429, 429]);
    const good = await t.call("POST", "/Users/Me/Subscription", { ...body, card: GOOD }, token);
    expect(good.status).toBe(429);
    expect(good.body.message).toMatch(
      /^Too many declined card attempts\. Please try again in \d+ minutes?\.$/,
    );
    t.advance(3_600_001);
    expect((await t.call("POST", "/Users/Me/Subscription", { ...body, card: GOOD }, token)).status).toBe(200);
  });

  it("counts sign-ups per e-mail address", async () => {
    const email = `cards-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const body = account({
        email,
        plan: plan("national").id,
        card: DECLINED,
        bill_to: BILL,
        expected_total: 12995,
      });
      statuses.push((await t.call("POST", "/Register", body)).status);
    }
    expect(statuses).toEqual([402, 402, 402, 402, 402, 429]);
  });
});

describe("a new trial's reports", () => {
  it("saving spends a report as opening does, and the contacts of a project kept that way open with it", async () => {
    const { email, token } = await trial("checkout");
    const remaining = () =>
      one<number>(
        "SELECT s.remaining_projects FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = ?",
        email,
      );
    const [project, contact] = t.db
      .prepare(
        "SELECT pc.project_id, pc.contact_id FROM project_contacts pc JOIN projects p ON p.id = pc.project_id WHERE p.active = 1 ORDER BY pc.project_id LIMIT 1",
      )
      .raw()
      .get() as [number, number];
    expect((await t.call("GET", `/Contacts/${contact}`, undefined, token)).status).toBe(403);
    expect((await t.call("POST", "/Projects/Save", { project_id: project }, token)).status).toBe(200);
    expect(remaining()).toBe(4);
    expect((await t.call("GET", `/Contacts/${contact}`, undefined, token)).status).toBe(200);
    expect((await t.call("GET", `/Projects/${project}`, undefined, token)).status).toBe(200);
    expect(remaining()).toBe(4);
    const others = t.db
      .prepare("SELECT id FROM projects WHERE active = 1 AND id <> ? ORDER BY id LIMIT 5")
      .pluck()
      .all(project) as number[];
    for (const id of others.slice(0, 4))
      expect((await t.call("POST", "/Projects/Save", { project_id: id }, token)).status).toBe(200);
    expect(remaining()).toBe(0);
    const refused = await t.call("POST", "/Projects/Save", { project_id: others[4] }, token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Your free trial has expired.");
  });
});

type Choices = {
  slug: string;
  states: string[];
  counties: string[];
  verticals: string[];
  promo: string | null;
  origin: "checkout" | "seeded";
};

/** The choices the page offers for each plan: what a member may pick, valid or not. */
const choicesArb: fc.Arbitrary<Choices> = fc.record({
  slug: fc.constantFrom(
    "state",
    "county",
    "vertical",
    "regional-edition",
    "national",
    "national-edition-6-months",
  ),
  states: fc.uniqueArray(fc.constantFrom("TX", "CA", "FL", "NY", "OK"), { maxLength: 4 }),
  counties: fc.uniqueArray(fc.constantFrom("Travis", "Harris", "Dallas", "Bexar"), { maxLength: 4 }),
  verticals: fc.uniqueArray(fc.constantFrom("Hotel", "Multifamily", "Retail", "Education"), { maxLength: 3 }),
  promo: fc.constantFrom(null, "WELCOME10", "SAVE500", "NOPE"),
  origin: fc.constantFrom("checkout" as const, "seeded" as const),
});

/** The price from the plan's published numbers (§9 of the sign-up document): an oracle independent of the API's. */
function expectedPrice(c: Choices) {
  const p = plan(c.slug);
  const limited = p.coverage_limit !== -1;
  const states = p.coverage_state && limited ? c.states.length : 0;
  const verticals = p.coverage_vertical_market ? c.verticals.length : 0;
  let subtotal = p.base_price;
  if (limited && p.coverage_state)
    subtotal += Math.max(0, states - p.coverage_limit) * p.additional_state_cost;
  if (p.additional_vertical_market_cost > 0)
    subtotal += Math.max(0, verticals - 1) * p.additional_vertical_market_cost;
  subtotal = Math.round(subtotal * 100) / 100;
  const discount = c.promo === "WELCOME10" ? subtotal * 0.1 : c.promo === "SAVE500" ? 500 : 0;
  return Math.round((subtotal - Math.min(Math.round(discount * 100) / 100, subtotal)) * 100) / 100;
}

describe("property: the amount charged is the total shown, and a limited plan sees only its coverage", () => {
  it("holds for every plan, coverage and promo combination, whichever way the trial was made", async () => {
    await fc.assert(
      fc.asyncProperty(choicesArb, async (c) => {
        const p = plan(c.slug);
        const { email, token } = await trial(c.origin);
        const choices = {
          plan: p.id,
          plan_states: c.states.map(stateId),
          plan_counties: c.counties.map((name) => ({ state_abbr: "TX", name })),
          plan_verticals: c.verticals.map(vertical),
          promo_code: c.promo,
        };
        const shown = await price(choices);
        const charges = one<number>("SELECT count(*) FROM payment_charges");
        const res = await t.call(
          "POST",
          "/Users/Me/Subscription",
          { ...choices, card: GOOD, bill_to: BILL, expected_total: shown.body?.data?.components?.Total ?? 0 },
          token,
        );
        const dims = {
          states: p.coverage_state === 1 && p.coverage_limit !== -1,
          counties: p.coverage_county === 1 && p.coverage_limit !== -1,
          verticals: p.coverage_vertical_market === 1,
        };
        const tooManyCounties = dims.counties && c.counties.length > p.coverage_limit;
        const valid =
          shown.status === 200 &&
          !tooManyCounties &&
          (!dims.states || c.states.length > 0) &&
          (!dims.counties || c.counties.length > 0) &&
          (!dims.verticals || c.verticals.length > 0);
        if (!valid) {
          expect(res.status, JSON.stringify(res.body)).toBe(422);
          expect(one<number>("SELECT count(*) FROM payment_charges")).toBe(charges);
          return;
        }
        const total = shown.body.data.components.Total;
        expect(total).toBe(expectedPrice(c));
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const charged = t.db
          .prepare(
            `SELECT mc.amount AS receipt, pc.amount AS processor, s.payment_total AS subscription
             FROM member_charges mc JOIN payment_charges pc ON pc.id = mc.payment_charge_id
             JOIN users u ON u.id = mc.user_id JOIN subscriptions s ON s.user_id = u.id WHERE u.email = ?`,
          )
          .all(email);
        expect(charged).toEqual(total > 0 ? [{ receipt: total, processor: total, subscription: total }] : []);

        // What the member may now find and open: nothing outside the chosen coverage.
        const me = UserAnswer.parse((await t.call("GET", "/Users/Me", undefined, token)).body).data;
        expect(me.subscription?.activated).toBe(true);
        const rows = (await t.call("GET", "/Projects?perPage=100", undefined, token)).body.data.data as {
          id: number;
          state: string;
          types: { name: string }[];
        }[];
        const countyOf = t.db.prepare("SELECT county FROM projects WHERE id = ?").pluck();
        for (const row of rows) {
          if (dims.states) expect(c.states).toContain(row.state);
          if (dims.counties) {
            expect(row.state).toBe("TX");
            expect(c.counties).toContain(countyOf.get(row.id));
          }
          if (dims.verticals) expect(row.types.some((type) => c.verticals.includes(type.name))).toBe(true);
        }
        if (dims.states || dims.counties || dims.verticals) {
          const outside = t.db
            .prepare(
              `SELECT p.id FROM projects p WHERE p.active = 1 AND NOT (
                 ${dims.states ? `p.state IN (${c.states.map(() => "?").join(",")})` : "1"}
                 AND ${dims.counties ? `p.state = 'TX' AND p.county IN (${c.counties.map(() => "?").join(",")})` : "1"}
                 AND ${dims.verticals ? `EXISTS (SELECT 1 FROM project_project_types y JOIN project_types pt ON pt.id = y.project_type_id WHERE y.project_id = p.id AND pt.name IN (${c.verticals.map(() => "?").join(",")}))` : "1"}
               ) LIMIT 1`,
            )
            .pluck()
            .get(
              ...(dims.states ? c.states : []),
              ...(dims.counties ? c.counties : []),
              ...(dims.verticals ? c.verticals : []),
            ) as number | undefined;
          if (outside !== undefined) {
            for (const path of [
              `Projects/${outside}`,
              `Projects/${outside}/Similar`,
              `Projects/${outside}/Notes`,
            ]) {
              expect((await t.call("GET", `/${path}`, undefined, token)).status, path).toBe(403);
            }
            expect((await t.call("POST", "/Projects/Save", { project_id: outside }, token)).status).toBe(403);
          }
        }
      }),
      { numRuns: 40 },
    );
  }, 240_000);
});
