/**
 * Issue 45, project changes: the seeded history of the last 90 days (consistent with the projects), the research
 * simulator driven by a direct call at the test clock's time, GET Projects/{id}/Changes and
 * GET Users/Me/Changes?since=, and the property that a member's changes name only projects they may open.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemberChangesAnswer, ProjectChangesAnswer } from "../../contract/changes";
import { CHANGE_FIELDS } from "../../contract/constants";
import { changeQueries } from "../../upstream/changes/read";
import { researchSimulator } from "../../upstream/changes/simulator";
import { memberRights } from "../../upstream/rights";
import { projectsByCoverage, testApi } from "./helpers";
import { fateArb, indexArb, type MemberSpec, oracle, rightsWorld } from "./rights-support";

const DAY_MS = 86_400_000;
let t: ReturnType<typeof testApi>;
let member: string;
let basic: string;
let memberId: number;

beforeAll(async () => {
  t = testApi({ projects: 300 });
  member = await t.login("member@example.com");
  basic = await t.login("basic@example.com");
  memberId = t.db.prepare("SELECT id FROM users WHERE email = 'member@example.com'").pluck().get() as number;
}, 120_000);
afterAll(() => t?.cleanup());

type Current = {
  stage: string | null;
  bidding_date: string | null;
  minimum_value: number | null;
  active: number;
};
const current = (id: number) =>
  t.db
    .prepare(
      "SELECT s.name AS stage, p.bidding_date, p.minimum_value, p.active FROM projects p LEFT JOIN stages s ON s.id = p.stage_id WHERE p.id = ?",
    )
    .get(id) as Current;
/** The newest change of each field of a project, by field. */
const latest = (id: number) =>
  new Map(
    (
      t.db
        .prepare("SELECT field, new_value FROM project_changes WHERE project_id = ? ORDER BY changed_at, id")
        .all(id) as { field: string; new_value: string | null }[]
    ).map((r) => [r.field, r.new_value]),
  );
/** Each field's newest change ends at the project's present value. */
function expectConsistent(id: number) {
  const now = current(id);
  const last = latest(id);
  if (last.has("stage")) expect(last.get("stage"), `stage of ${id}`).toBe(now.stage);
  if (last.has("bid_date")) expect(last.get("bid_date"), `bid date of ${id}`).toBe(now.bidding_date);
  if (last.has("estimated_value"))
    expect(Number(last.get("estimated_value")), `value of ${id}`).toBe(now.minimum_value);
  if (last.has("status"))
    expect(last.get("status"), `status of ${id}`).toBe(now.active === 1 ? "active" : "inactive");
}

describe("the seeded history", () => {
  it("covers the last 90 days with every kind of change, each ending at the project's present value", () => {
    const rows = t.db.prepare("SELECT project_id, field, changed_at FROM project_changes").all() as {
      project_id: number;
      field: string;
      changed_at: string;
    }[];
    expect(rows.length).toBeGreaterThan(50);
    const from = new Date(Date.now() - 91 * DAY_MS).toISOString();
    const to = new Date(Date.now() + DAY_MS).toISOString();
    for (const r of rows) expect(r.changed_at >= from && r.changed_at <= to, r.changed_at).toBe(true);
    const fields = new Set(rows.map((r) => r.field));
    for (const field of ["stage", "bid_date", "estimated_value", "contact_added", "update_note"])
      expect(fields.has(field), field).toBe(true);
    for (const id of new Set(rows.map((r) => r.project_id))) expectConsistent(id);
  });
});

describe("the research simulator", () => {
  it("applies the changes it is asked for at the clock's time, each recorded with the project's new value", () => {
    const at = new Date(t.clock.now.getTime() + 60_000);
    const before = t.db.prepare("SELECT count(*) FROM project_changes").pluck().get() as number;
    const done = researchSimulator(t.db, 45).simulateChanges(25, at);
    expect(done.length).toBe(25);
    const written = t.db
      .prepare("SELECT project_id, field, changed_at FROM project_changes WHERE id > ? ORDER BY id")
      .all(before) as { project_id: number; field: string; changed_at: string }[];
    expect(written.length).toBeGreaterThanOrEqual(25);
    for (const w of written) {
      expect(w.changed_at).toBe(at.toISOString());
      expect(CHANGE_FIELDS).toContain(w.field);
    }
    for (const { projectId } of done) {
      expectConsistent(projectId);
      expect(t.db.prepare("SELECT updated_at FROM projects WHERE id = ?").pluck().get(projectId)).toBe(
        at.toISOString(),
      );
    }
    // The same seed makes the same kinds of change: a test can count on it.
    expect(new Set(done.map((d) => d.kind)).size).toBeGreaterThan(2);
  });
});

describe("GET Projects/{id}/Changes", () => {
  it("lists a project's changes newest first; refuses a project outside the member's coverage", async () => {
    const [inside] = projectsByCoverage(t.db, "basic@example.com", true, 1);
    const [outside] = projectsByCoverage(t.db, "basic@example.com", false, 1);
    const at = new Date(t.clock.now.getTime() + 120_000);
    t.db
      .prepare(
        "INSERT INTO project_changes (project_id, field, old_value, new_value, changed_at) VALUES (?, 'update_note', NULL, 'Plans issued.', ?)",
      )
      .run(inside, at.toISOString());
    const res = await t.call("GET", `/Projects/${inside}/Changes`, undefined, basic);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const changes = ProjectChangesAnswer.parse(res.body).data;
    expect(changes[0]).toMatchObject({
      project_id: inside,
      field: "update_note",
      new_value: "Plans issued.",
    });
    const times = changes.map((c) => c.changed_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await t.call("GET", `/Projects/${outside}/Changes`, undefined, basic)).status).toBe(403);
    expect((await t.call("GET", "/Projects/99999999/Changes", undefined, member)).status).toBe(404);
    expect((await t.call("GET", `/Projects/${inside}/Changes`)).status).toBe(401);
  });
});

describe("GET Users/Me/Changes", () => {
  it("lists the changes of the member's saved projects since a time, newest first", async () => {
    const saved = t.db
      .prepare("SELECT project_id FROM user_projects WHERE user_id = ? ORDER BY project_id LIMIT 1")
      .pluck()
      .get(memberId) as number;
    const unsaved = t.db
      .prepare(
        "SELECT id FROM projects WHERE active = 1 AND id NOT IN (SELECT project_id FROM user_projects WHERE user_id = ?) ORDER BY id LIMIT 1",
      )
      .pluck()
      .get(memberId) as number;
    const since = new Date(t.clock.now.getTime() + 10 * 60_000);
    const at = new Date(since.getTime() + 60_000);
    const insert = t.db.prepare(
      "INSERT INTO project_changes (project_id, field, old_value, new_value, changed_at) VALUES (?, 'stage', 'Design', 'Bidding', ?)",
    );
    insert.run(saved, at.toISOString());
    insert.run(unsaved, at.toISOString());
    const res = await t.call(
      "GET",
      `/Users/Me/Changes?since=${encodeURIComponent(since.toISOString())}`,
      undefined,
      member,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const changes = MemberChangesAnswer.parse(res.body).data;
    expect(changes.map((c) => c.project_id)).toEqual([saved]);
    expect(changes[0]).toMatchObject({ field: "stage", old_value: "Design", new_value: "Bidding" });
    expect(changes[0].project.id).toBe(saved);
    const later = await t.call(
      "GET",
      `/Users/Me/Changes?since=${encodeURIComponent(at.toISOString())}`,
      undefined,
      member,
    );
    expect(MemberChangesAnswer.parse(later.body).data).toEqual([]);
    // Without `since`: the last 7 days by the API's clock.
    const week = MemberChangesAnswer.parse(
      (await t.call("GET", "/Users/Me/Changes", undefined, member)).body,
    );
    const weekAgo = new Date(t.clock.now.getTime() - 7 * DAY_MS).toISOString();
    expect(week.data.every((c) => c.changed_at > weekAgo)).toBe(true);
    expect((await t.call("GET", "/Users/Me/Changes?since=yesterday", undefined, member)).status).toBe(422);
  });
});

describe("property: a member's changes name only projects they may open", () => {
  const specArb: fc.Arbitrary<MemberSpec> = fc.record({
    fate: fateArb,
    opened: fc.array(indexArb, { maxLength: 4 }),
    saved: fc.array(indexArb, { maxLength: 3 }),
    noted: fc.constant([]),
    alertStates: fc.constant([]),
    alertTypes: fc.constant([]),
    alertValue: fc.constant(null),
    directory: fc.boolean(),
    changed: fc.constant([]),
  });

  it("over members × coverage × generated changes", async () => {
    const world = rightsWorld(t);
    await world.load();
    const start = t.clock.now.toISOString();
    await fc.assert(
      fc.asyncProperty(
        specArb,
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(indexArb, { minLength: 1, maxLength: 6 }),
        async (spec, seed, extra) => {
          const m = await world.make(spec);
          // Saved projects anywhere (a trial that is over keeps some it may no longer open), then research changes
          // to random projects and to each saved one.
          const savedIds = t.db
            .prepare("SELECT project_id FROM user_projects WHERE user_id = ?")
            .pluck()
            .all(m.id) as number[];
          for (const i of extra) {
            const id = world.projectIds[i % world.projectIds.length];
            t.db
              .prepare(
                "INSERT OR IGNORE INTO user_projects (user_id, project_id, tag_id, created_at) VALUES (?, ?, NULL, ?)",
              )
              .run(m.id, id, start);
            savedIds.push(id);
          }
          const at = new Date(t.clock.now.getTime() + 1000);
          researchSimulator(t.db, seed).simulateChanges(15, at);
          for (const id of savedIds)
            t.db
              .prepare(
                "INSERT INTO project_changes (project_id, field, old_value, new_value, changed_at) VALUES (?, 'update_note', NULL, 'Revised.', ?)",
              )
              .run(id, at.toISOString());
          const res = await t.call(
            "GET",
            `/Users/Me/Changes?since=${encodeURIComponent(start)}`,
            undefined,
            m.token,
          );
          const named =
            res.status === 200 ? MemberChangesAnswer.parse(res.body).data.map((c) => c.project_id) : [];
          const rule = oracle(t.db, m.id, t.clock.now);
          // The query itself, for every member (the API's guard refuses a trial that is over before it runs).
          const rights = memberRights({ db: t.db, now: () => t.clock.now });
          const direct = changeQueries(t.db, rights)
            .ofMember(m.id, new Date(start))
            .map((c) => c.project_id);
          for (const id of direct)
            expect(rule.may(id), `query: ${JSON.stringify(spec.fate)} ${id}`).toBe(true);
          for (const id of savedIds) if (rule.may(id)) expect(direct, `query: saved ${id}`).toContain(id);
          const saved = new Set(
            t.db
              .prepare("SELECT project_id FROM user_projects WHERE user_id = ?")
              .pluck()
              .all(m.id) as number[],
          );
          for (const id of named) {
            expect(rule.may(id), `${JSON.stringify(spec.fate)} project ${id}`).toBe(true);
            expect(saved.has(id)).toBe(true);
          }
          // Nothing the member may open and saved is left out (when the call answers at all).
          if (res.status === 200)
            for (const id of savedIds) if (rule.may(id)) expect(named, `saved ${id}`).toContain(id);
        },
      ),
      { numRuns: 12 },
    );
  }, 600_000);
});
