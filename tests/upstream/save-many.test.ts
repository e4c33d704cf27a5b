/**
 * Projects/SaveMany (issue 42, decision 107): a bulk save prices a trial's reports up front and is all or nothing.
 * A choice needing more reports than are left is refused, naming the count, before anything is spent; a refusal
 * anywhere in the choice keeps everything as it was; two calls racing for the last reports cannot overspend.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../contract/endpoints";
import { ProjectListAnswer } from "../../contract/projects";
import { RegisterOptionsAnswer } from "../../contract/register";
import { UserAnswer } from "../../contract/user";
import { projectsByCoverage, testApi } from "./helpers";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");
const PASSWORD = "secret-pass";

let t: ReturnType<typeof testApi>;
let trial: { email: string; id: number; token: string; folder: number };
let keys = 0;

/** A Free Trial made by the API's own sign-up (Register), logged in, with its first project folder. */
async function registerTrial(tag: string) {
  const options = RegisterOptionsAnswer.parse((await t.call("GET", "/Register/Options")).body).data;
  const plan = options.plans.find((p) => p.slug === "free-trial")?.id;
  const texas = options.states.find((s) => s.abbr === "TX")?.id;
  const email = `save-many-${tag}@example.test`;
  keys += 1;
  const res = await t.call("POST", "/Register", {
    first_name: "Tri",
    last_name: "Al",
    phone_number: "5125550100",
    email,
    company: "Trial Co",
    state: "TX",
    password: PASSWORD,
    confirm_password: PASSWORD,
    idempotency_key: `save-many-${keys}-${tag}-abcdefghijklmnop`,
    plan,
    plan_states: [texas],
    plan_verticals: [options.verticals[0].id],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = t.db.prepare("SELECT id FROM users WHERE email = ?").pluck().get(email) as number;
  const folder = t.db
    .prepare("SELECT id FROM tags WHERE user_id = ? AND tag_type = 1 ORDER BY id LIMIT 1")
    .pluck()
    .get(id) as number;
  return { email, id, token: await t.login(email, PASSWORD), folder };
}

const remainingOf = (userId: number) =>
  t.db
    .prepare("SELECT remaining_projects FROM subscriptions WHERE user_id = ?")
    .pluck()
    .get(userId) as number;
const savedOf = (userId: number) =>
  t.db
    .prepare("SELECT project_id FROM user_projects WHERE user_id = ? ORDER BY project_id")
    .pluck()
    .all(userId) as number[];
const openedOf = (userId: number) =>
  t.db
    .prepare("SELECT project_id FROM project_views WHERE user_id = ? ORDER BY project_id")
    .pluck()
    .all(userId) as number[];

/** Puts the trial in a known state: `remaining` reports, `opened` projects opened, nothing saved. */
function setTrial(userId: number, remaining: number, opened: readonly number[] = []) {
  t.db.prepare("DELETE FROM user_projects WHERE user_id = ?").run(userId);
  t.db.prepare("DELETE FROM project_views WHERE user_id = ?").run(userId);
  t.db.prepare("UPDATE subscriptions SET remaining_projects = ? WHERE user_id = ?").run(remaining, userId);
  const view = t.db.prepare("INSERT INTO project_views (user_id, project_id, created_at) VALUES (?, ?, ?)");
  for (const id of opened) view.run(userId, id, new Date().toISOString());
}

/** Active projects, lowest ids first. */
const projectIds = (count: number, offset = 0) =>
  t.db
    .prepare("SELECT id FROM projects WHERE active = 1 ORDER BY id LIMIT ? OFFSET ?")
    .pluck()
    .all(count, offset) as number[];

const saveMany = (token: string, body: unknown) => t.call("POST", "/Projects/SaveMany", body, token);
const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

beforeAll(async () => {
  t = testApi({ projects: 600 });
  trial = await registerTrial("main");
}, 120_000);
afterAll(() => t?.cleanup());

describe("a trial's bulk save, priced up front", () => {
  it("refuses 8 new projects with 5 reports left, naming the count, and spends nothing", async () => {
    setTrial(trial.id, 5);
    const ids = projectIds(8);
    const res = await saveMany(trial.token, { project_ids: ids, tag_id: trial.folder });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      "These 8 projects need 8 reports; you have 5 left. Choose at most 5 projects, or subscribe for unlimited projects.",
    );
    expect(remainingOf(trial.id)).toBe(5);
    expect(savedOf(trial.id)).toEqual([]);
    expect(openedOf(trial.id)).toEqual([]);
    const me = UserAnswer.parse((await t.call("GET", "/Users/Me", undefined, trial.token)).body).data;
    expect(me.subscription?.remaining_projects).toBe(5);
  });

  it("saves 3 new projects with 5 left into the folder: 3 spent, 3 saved", async () => {
    setTrial(trial.id, 5);
    const ids = projectIds(3);
    const res = await saveMany(trial.token, { project_ids: ids, tag_id: trial.folder });
    expect(res.status).toBe(200);
    expect(endpoints.saveProjects.answer.parse(res.body).data).toEqual({
      saved: 3,
      reports_spent: 3,
      remaining_projects: 2,
    });
    expect(remainingOf(trial.id)).toBe(2);
    expect(savedOf(trial.id)).toEqual(sorted(ids));
    const tags = t.db
      .prepare("SELECT DISTINCT tag_id FROM user_projects WHERE user_id = ?")
      .pluck()
      .all(trial.id);
    expect(tags).toEqual([trial.folder]);
  });

  it("charges nothing for projects the trial opened, and says so in the rows it lists", async () => {
    const listed = async () =>
      ProjectListAnswer.parse((await t.call("GET", "/Projects?perPage=100", undefined, trial.token)).body)
        .data.data;
    setTrial(trial.id, 5);
    const ids = (await listed()).slice(0, 4).map((r) => r.id);
    setTrial(trial.id, 2, ids.slice(0, 3));
    const rows = await listed();
    expect(rows.length).toBeGreaterThan(4);
    for (const row of rows) expect(row.opened, String(row.id)).toBe(ids.slice(0, 3).includes(row.id));
    const res = await saveMany(trial.token, { project_ids: ids, tag_id: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ saved: 4, reports_spent: 1, remaining_projects: 1 });
    // What it opened stays its own, at no cost.
    const again = await saveMany(trial.token, { project_ids: ids.slice(0, 2), tag_id: trial.folder });
    expect(again.status).toBe(200);
    expect(again.body.data.reports_spent).toBe(0);
    // Its reports used up, the trial is over: the API refuses it every bulk save (decision 105).
    setTrial(trial.id, 0, ids);
    const more = await saveMany(trial.token, { project_ids: [ids[0]] });
    expect(more.status).toBe(403);
    expect(more.body.message).toBe("Your free trial has expired.");
  });

  it("names what the opened projects save in the refusal", async () => {
    const ids = projectIds(6);
    setTrial(trial.id, 2, ids.slice(0, 2));
    const res = await saveMany(trial.token, { project_ids: ids });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      "These 6 projects need 4 reports (you have opened 2 of them already); you have 2 left. Choose at most 2 projects you have not opened, or subscribe for unlimited projects.",
    );
    expect(remainingOf(trial.id)).toBe(2);
  });
});

describe("all or nothing", () => {
  it("a project that does not exist in the middle of the choice: nothing spent, nothing saved", async () => {
    setTrial(trial.id, 5);
    const [a, b, c] = projectIds(3);
    const missing = (t.db.prepare("SELECT max(id) FROM projects").pluck().get() as number) + 1000;
    const res = await saveMany(trial.token, { project_ids: [a, b, missing, c], tag_id: trial.folder });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("A project with this ID could not be found.");
    expect(remainingOf(trial.id)).toBe(5);
    expect(savedOf(trial.id)).toEqual([]);
    expect(openedOf(trial.id)).toEqual([]);
    // Without it, the same choice goes through whole.
    expect((await saveMany(trial.token, { project_ids: [a, b, c], tag_id: trial.folder })).status).toBe(200);
    expect(remainingOf(trial.id)).toBe(2);
  });

  it("a folder that is not the member's: nothing spent, nothing saved", async () => {
    setTrial(trial.id, 5);
    const other = t.db
      .prepare("SELECT id FROM tags WHERE user_id <> ? AND tag_type = 1 ORDER BY id LIMIT 1")
      .pluck()
      .get(trial.id) as number;
    const res = await saveMany(trial.token, { project_ids: projectIds(2), tag_id: other });
    expect(res.status).toBe(422);
    expect(remainingOf(trial.id)).toBe(5);
    expect(savedOf(trial.id)).toEqual([]);
  });

  it("a paid member: one project outside the coverage in the middle refuses the whole choice", async () => {
    const basic = await t.login("basic@example.com", "demo-password");
    const basicId = t.db
      .prepare("SELECT id FROM users WHERE email = 'basic@example.com'")
      .pluck()
      .get() as number;
    const before = savedOf(basicId);
    const inside = projectsByCoverage(t.db, "basic@example.com", true, 10).filter(
      (id) => !before.includes(id),
    );
    expect(inside.length, "projects inside basic@'s coverage it has not saved").toBeGreaterThanOrEqual(2);
    const [outside] = projectsByCoverage(t.db, "basic@example.com", false, 1);
    const res = await saveMany(basic, { project_ids: [inside[0], outside, inside[1]], tag_id: null });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("This project is outside the coverage of your subscription.");
    expect(savedOf(basicId)).toEqual(before);
    const ok = await saveMany(basic, { project_ids: inside.slice(0, 2) });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ saved: 2, reports_spent: 0, remaining_projects: null });
    expect(savedOf(basicId)).toEqual(sorted([...before, ...inside.slice(0, 2)]));
  });

  it("refuses a request without projects, or with more than 100", async () => {
    expect((await saveMany(trial.token, { project_ids: [] })).status).toBe(422);
    expect((await saveMany(trial.token, { project_ids: projectIds(101) })).status).toBe(422);
    expect((await saveMany(trial.token, {})).status).toBe(422);
  });
});

describe("property: spent = needed when needed ≤ remaining, else 0 and refused", () => {
  it("holds over remaining reports × opened set × selection", async () => {
    const pool = projectIds(8, 20);
    const subset = fc.subarray(pool);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 6 }),
        subset,
        fc.subarray(pool, { minLength: 1 }),
        async (remaining, opened, selection) => {
          setTrial(trial.id, remaining, opened);
          const needed = selection.filter((id) => !opened.includes(id)).length;
          const res = await saveMany(trial.token, { project_ids: selection, tag_id: trial.folder });
          if (remaining === 0) {
            // No report left: the trial is over, and the API's guard refuses it whole (decision 105).
            expect(res.status).toBe(403);
            expect(remainingOf(trial.id)).toBe(0);
            expect(savedOf(trial.id)).toEqual([]);
          } else if (needed <= remaining) {
            expect(res.status).toBe(200);
            expect(res.body.data.reports_spent).toBe(needed);
            expect(remainingOf(trial.id)).toBe(remaining - needed);
            expect(savedOf(trial.id)).toEqual(sorted(selection));
            expect(openedOf(trial.id)).toEqual(sorted(new Set([...opened, ...selection])));
          } else {
            // Refused whole, naming the count.
            expect(res.status).toBe(409);
            expect(res.body.message).toContain(`need ${needed} report`);
            expect(remainingOf(trial.id)).toBe(remaining);
            expect(savedOf(trial.id)).toEqual([]);
            expect(openedOf(trial.id)).toEqual(sorted(opened));
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe("two API processes racing for the last reports", () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill("SIGTERM");
  });

  /** The reference API in a process of its own over the test's database file: its API base URL. */
  async function apiProcess(): Promise<string> {
    const child = spawn(process.execPath, ["--import", "tsx", join(HERE, "api-process.ts"), t.db.name], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      let out = "";
      child.stdout?.on("data", (d) => {
        out += d;
        const line = out.split("\n").find((l) => l.startsWith("http"));
        if (line) resolve(line.trim());
      });
      child.once("exit", (code) => reject(new Error(`the API process ended (${code})`)));
    });
  }

  it("never spends more than is left, nor twice for one project", async () => {
    const [a, b] = await Promise.all([apiProcess(), apiProcess()]);
    const post = (base: string, ids: number[]) =>
      fetch(`${base}/Projects/SaveMany`, {
        method: "POST",
        headers: { authorization: `Bearer ${trial.token}`, "content-type": "application/json" },
        body: JSON.stringify({ project_ids: ids, tag_id: trial.folder }),
      }).then(async (res) => ({ status: res.status, body: await res.json() }));
    for (let round = 0; round < 20; round++) {
      const ids = projectIds(6, round * 6);
      // Disjoint choices of 2 with 3 reports left: one gets them, the other is refused whole.
      setTrial(trial.id, 3);
      const [first, second] = [ids.slice(0, 2), ids.slice(2, 4)];
      const answers = await Promise.all([post(a, first), post(b, second)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const won = answers[0].status === 200 ? first : second;
      expect(remainingOf(trial.id)).toBe(1);
      expect(savedOf(trial.id)).toEqual(sorted(won));
      expect(openedOf(trial.id)).toEqual(sorted(won));
      // The same choice of 3 with 4 left, twice at once: both save it, its reports are spent once. (With 3 left
      // the trial would be over after the first, and the guard would refuse the second.)
      setTrial(trial.id, 4);
      const same = ids.slice(3, 6);
      const both = await Promise.all([post(a, same), post(b, same)]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      expect(both.map((r) => r.body.data.reports_spent).sort()).toEqual([0, 3]);
      expect(remainingOf(trial.id)).toBe(1);
      expect(savedOf(trial.id)).toEqual(sorted(same));
    }
  }, 120_000);
});
