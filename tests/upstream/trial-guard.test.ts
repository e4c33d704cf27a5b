/**
 * A Free Trial that is over, against every call of the endpoint table (decision 105): the calls of the allowlist
 * (upstream/trial-guard.ts) answer as for anyone, every other one 403 with the trial-expired body, however the
 * call names its member (the Authorization header, a download's token field, the feed's secret). Three trials:
 * expired@ of the seed, a trial made by Register whose 14 days run out on the test clock, and one that spends its
 * 5 reports by opening projects (whose last project keeps its screen until the end date).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_FILE, type Endpoint, endpoints } from "../../contract/endpoints";
import { RegisterOptionsAnswer } from "../../contract/register";
import { TRIAL_EXPIRED } from "../../upstream/rights";
import { hashToken } from "../../upstream/security";
import { API_BASE_PATH } from "../../upstream/server";
import { type EndpointName, TRIAL_OVER_MAY_CALL } from "../../upstream/trial-guard";
import { testApi } from "./helpers";

let t: ReturnType<typeof testApi>;
const DAY = 86_400_000;
const table = Object.entries(endpoints) as [EndpointName, Endpoint][];
const access = TRIAL_OVER_MAY_CALL as Partial<Record<EndpointName, string>>;

beforeAll(() => {
  t = testApi({ projects: 120 });
});
afterAll(() => t.cleanup());

const one = (sql: string, ...args: unknown[]) =>
  t.db
    .prepare(sql)
    .pluck()
    .get(...args) as number;
const userIdOf = (email: string) => one("SELECT id FROM users WHERE email = ?", email);

/** A Free Trial made by the sign-up call, logged in. */
async function newTrial(name: string) {
  const options = RegisterOptionsAnswer.parse((await t.call("GET", "/Register/Options")).body).data;
  const email = `${name}-${Date.now().toString(36)}@example.test`;
  const res = await t.call("POST", "/Register", {
    first_name: "Tri",
    last_name: "Al",
    phone_number: "5125550100",
    email,
    company: "Trial Co",
    state: "TX",
    password: "secret-pass",
    confirm_password: "secret-pass",
    idempotency_key: `guard-${name}-${Date.now()}-abcdefghijklmnop`,
    plan: options.plans.find((p) => p.slug === "free-trial")?.id,
    plan_states: [options.states.find((s) => s.abbr === "TX")?.id],
    plan_verticals: [options.verticals[0].id],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const token = await t.login(email, "secret-pass");
  // Its feed's secret, made on first use as the calendar page does.
  expect((await t.call("GET", "/Users/Me/iCalHash", undefined, token)).status).toBe(200);
  return { email, token };
}

/** The table's call `name` as `token`'s member makes it, about `projectId` where it names a project. */
async function callAs(name: EndpointName, e: Endpoint, token: string, projectId: number) {
  const ids: Record<string, string | number> = {
    id: name.startsWith("contact")
      ? one("SELECT id FROM contacts ORDER BY id LIMIT 1")
      : name.startsWith("compan")
        ? one("SELECT id FROM companies ORDER BY id LIMIT 1")
        : name === "charge"
          ? 1
          : projectId,
    projectId,
    address: "Austin, TX",
    state: "TX",
    key: "a-payment-key-never-used-0001",
  };
  const path = (e.path as (p: Record<string, string | number>) => string)(ids);
  const query =
    name === "calendarFeed"
      ? `?hash=${one("SELECT ical_hash FROM users WHERE id = (SELECT user_id FROM access_tokens WHERE token_hash = ?)", hashToken(token))}`
      : "";
  const body =
    e.method === "GET"
      ? undefined
      : name === "saveProjectNote"
        ? { note: "still here?" }
        : { project_id: projectId, tag_id: null };
  const res = await t.call(e.method, `/${path}${query}`, body, name === "calendarFeed" ? undefined : token);
  return { status: res.status, body: res.body };
}

/** Every call that names a member (all but the public ones, and the feed by its secret), logout last. */
const guarded = table
  .filter(([name, e]) => !e.public || name === "calendarFeed")
  .sort(([a], [b]) => Number(a === "logout") - Number(b === "logout"));

async function expectRefusedBut(
  token: string,
  projectId: number,
  passes: (name: EndpointName) => boolean,
): Promise<void> {
  const outcome: string[] = [];
  for (const [name, e] of guarded) {
    const { status, body } = await callAs(name, e, token, projectId);
    const refused = status === 403 && body?.message === TRIAL_EXPIRED;
    if (refused === passes(name) || (!refused && status === 401)) outcome.push(`${name}: ${status}`);
  }
  // Each line is a call that answered otherwise than the allowlist says.
  expect(outcome).toEqual([]);
}

describe("a Free Trial that is over, on every call of the table", () => {
  it("lists only calls of the table", () => {
    for (const name of Object.keys(TRIAL_OVER_MAY_CALL)) expect(endpoints).toHaveProperty(name);
    expect(guarded.length).toBeGreaterThan(60);
  });

  it("expired@ (ended yesterday) is refused everything but the profile, subscription, receipts and logout", async () => {
    const token = await t.login("expired@example.com");
    const opened = one(
      "SELECT project_id FROM project_views WHERE user_id = ? ORDER BY created_at DESC LIMIT 1",
      userIdOf("expired@example.com"),
    );
    // Even the projects it opened, the last one included: its end date has passed.
    await expectRefusedBut(token, opened ?? 1, (name) => access[name] === "always");
  });

  it("a trial made by the sign-up is refused the same once its 14 days have run out (the test clock)", async () => {
    const trial = await newTrial("ends");
    const project = one("SELECT id FROM projects WHERE active = 1 ORDER BY id LIMIT 1");
    // While it lasts: nothing refused as expired.
    expect((await callAs("project", endpoints.project, trial.token, project)).status).toBe(200);
    expect((await callAs("projects", endpoints.projects, trial.token, project)).status).toBe(200);
    t.advance(15 * DAY);
    try {
      const token = await t.login(trial.email, "secret-pass");
      await expectRefusedBut(token, project, (name) => access[name] === "always");
    } finally {
      t.advance(-15 * DAY);
    }
  });

  it("a trial that spent its 5 reports keeps the screen of the last one, until its end date; nothing else", async () => {
    const trial = await newTrial("spends");
    const ids = t.db
      .prepare("SELECT id FROM projects WHERE active = 1 ORDER BY id DESC LIMIT 5")
      .pluck()
      .all() as number[];
    for (const id of ids) {
      t.advance(1000);
      expect((await t.call("GET", `/Projects/${id}`, undefined, trial.token)).status).toBe(200);
    }
    expect(one("SELECT remaining_projects FROM subscriptions WHERE user_id = ?", userIdOf(trial.email))).toBe(
      0,
    );
    const [first, last] = [ids[0], ids[4]];
    // An earlier project it opened: refused like any other (logout, last of the list, ends the token).
    await expectRefusedBut(trial.token, first, (name) => access[name] === "always");
    // The last one: its screen's calls pass.
    const again = await t.login(trial.email, "secret-pass");
    await expectRefusedBut(again, last, (name) => access[name] !== undefined);
    t.advance(15 * DAY);
    try {
      const token = await t.login(trial.email, "secret-pass");
      await expectRefusedBut(token, last, (name) => access[name] === "always");
    } finally {
      t.advance(-15 * DAY);
    }
  });

  it("refuses a download posted with the token in the body, and the feed by its secret", async () => {
    const token = await t.login("expired@example.com");
    for (const [name, e] of table.filter(([, e]) => e.answer === CSV_FILE)) {
      const res = await t.app.request(`${API_BASE_PATH}/${(e.path as () => string)()}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token, mine: "1" }).toString(),
      });
      expect(res.status, name).toBe(403);
      expect(await res.json()).toEqual({ message: TRIAL_EXPIRED });
    }
    const hash = t.db
      .prepare("SELECT ical_hash FROM users WHERE email = 'expired@example.com'")
      .pluck()
      .get();
    const feed = await t.call("GET", `/Calendar/Feed?hash=${hash}`);
    expect(feed.status).toBe(403);
    expect(feed.body).toEqual({ message: TRIAL_EXPIRED });
  });

  it("keeps the unsubscribe links of its mail working", async () => {
    const token = "guard-test-unsubscribe-token-0123456789";
    t.db
      .prepare(
        `INSERT INTO mail_unsubscribe_tokens (token_hash, user_id, list, created_at)
         VALUES (?, ?, 'alerts', '2026-01-01T00:00:00Z')`,
      )
      .run(hashToken(token), userIdOf("expired@example.com"));
    expect((await t.call("GET", `/Mail/Unsubscribe?token=${token}`)).status).toBe(200);
    expect((await t.call("POST", "/Mail/Unsubscribe", { token })).status).toBe(200);
  });

  it("answers a paid member and a trial with reports left as before", async () => {
    const member = await t.login("member@example.com");
    const project = one("SELECT id FROM projects WHERE active = 1 ORDER BY id LIMIT 1");
    for (const name of ["companies", "contacts", "similarProjects", "alerts"] as const)
      expect((await callAs(name, endpoints[name], member, project)).status, name).toBe(200);
  });
});
