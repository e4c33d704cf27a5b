/**
 * One payment, one date (issue 42): a charge is dated in the member's time zone (users.time_zone, US Central when
 * unset) as it is made, and the charges the API answers carry that date (local_date) beside the instant: the
 * receipt e-mail, the receipt page and the subscription page all show it. A charge at 00:15 UTC on December 2 is
 * December 1 in Chicago.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChargesAnswer, type RegisterOptions, RegisterOptionsAnswer } from "../../contract/register";
import { testApi } from "./helpers";

const GOOD = { card_number: "4242424242424242", expiration_date: "12/39", cvv: "123" };
const BILL = {
  first_name: "Pat",
  last_name: "Lee",
  address: "1 Main St",
  city: "Austin",
  state: "TX",
  zip: "78701",
};
const AT_00_15_UTC = new Date("2026-12-02T00:15:00.000Z");

let t: ReturnType<typeof testApi>;
let options: RegisterOptions;
let n = 0;

beforeAll(async () => {
  t = testApi({ projects: 50 });
  options = RegisterOptionsAnswer.parse((await t.call("GET", "/Register/Options")).body).data;
}, 120_000);
afterAll(() => t?.cleanup());

const planId = (slug: string) => options.plans.find((p) => p.slug === slug)?.id as number;

/** A trial member who then activates National at `at`, in `zone` (null: none set); their charges and receipt mail. */
async function activatedAt(at: Date, zone: string | null) {
  n += 1;
  const email = `dates${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const texas = options.states.find((s) => s.abbr === "TX")?.id as number;
  const registered = await t.call("POST", "/Register", {
    first_name: "Pat",
    last_name: "Lee",
    phone_number: "5125550100",
    email,
    company: "Lee Builders",
    state: "TX",
    password: "secret-pass",
    confirm_password: "secret-pass",
    idempotency_key: `dates-${n}-${Math.random().toString(36).slice(2)}-0123456789`,
    plan: planId("free-trial"),
    plan_states: [texas],
    plan_verticals: [options.verticals[0].id],
  });
  expect(registered.status).toBe(200);
  const token = await t.login(email, "secret-pass");
  if (zone) expect((await t.call("PUT", "/Users/Me", { time_zone: zone }, token)).status).toBe(200);
  t.clock.now = at;
  const body = { plan: planId("national"), card: GOOD, bill_to: BILL, expected_total: 12995 };
  const paid = await t.call("POST", "/Users/Me/Subscription", body, token);
  t.clock.now = new Date();
  expect(paid.status).toBe(200);
  const charges = ChargesAnswer.parse((await t.call("GET", "/Users/Me/Charges", undefined, token)).body).data;
  const one = await t.call("GET", `/Users/Me/Charges/${charges[0].id}`, undefined, token);
  const mail = t.db
    .prepare(`SELECT body, html FROM outbox WHERE "to" = ? AND kind = 'receipt'`)
    .get(email) as { body: string; html: string };
  return { email, charges, one: one.body.data, mail };
}

describe("the date of a charge", () => {
  it("is the member's local date: 00:15 UTC is December 1 for a US Central member, in the list, the receipt and the mail", async () => {
    const { charges, one, mail } = await activatedAt(AT_00_15_UTC, null);
    expect(charges).toHaveLength(1);
    expect(charges[0].created_at).toBe("2026-12-02T00:15:00.000Z");
    expect(charges[0].local_date).toBe("2026-12-01");
    expect(one.local_date).toBe("2026-12-01");
    expect(mail.body).toContain("Date: December 1, 2026");
    expect(mail.html).toContain("December 1, 2026");
    expect(mail.body).not.toContain("December 2, 2026");
  });

  it("follows the zone the member chose, the same everywhere", async () => {
    const { charges, mail } = await activatedAt(AT_00_15_UTC, "Europe/Berlin");
    expect(charges[0].local_date).toBe("2026-12-02");
    expect(mail.body).toContain("Date: December 2, 2026");
  });

  it("stays the date it was made on when the member changes zones later, as the mail already sent does", async () => {
    const { email, charges } = await activatedAt(AT_00_15_UTC, null);
    const token = await t.login(email, "secret-pass");
    expect((await t.call("PUT", "/Users/Me", { time_zone: "Asia/Tokyo" }, token)).status).toBe(200);
    const again = ChargesAnswer.parse((await t.call("GET", "/Users/Me/Charges", undefined, token)).body).data;
    expect(again[0].local_date).toBe(charges[0].local_date);
  });

  it("a charge made before dates were kept is read in the member's zone", async () => {
    const { email } = await activatedAt(AT_00_15_UTC, null);
    t.db
      .prepare(
        "UPDATE member_charges SET local_date = NULL WHERE user_id = (SELECT id FROM users WHERE email = ?)",
      )
      .run(email);
    const token = await t.login(email, "secret-pass");
    const charges = ChargesAnswer.parse(
      (await t.call("GET", "/Users/Me/Charges", undefined, token)).body,
    ).data;
    expect(charges[0].local_date).toBe("2026-12-01");
  });
});
