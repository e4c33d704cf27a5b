/**
 * Issue 45, saved projects are a watch list (decision 126): a saved list's rows carry the changes since the member
 * last opened each project (or saved it), opening the project (GET Projects/{id}) clears them, searches carry none,
 * and the marks name only projects the member may open (the rights function, as every list).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProjectListAnswer } from "../../contract/projects";
import { changeQueries } from "../../upstream/changes/read";
import { changeWriter } from "../../upstream/changes/record";
import { memberRights } from "../../upstream/rights";
import { projectsByCoverage, testApi } from "./helpers";

let t: ReturnType<typeof testApi>;
let member: string;
let memberId: number;

beforeAll(async () => {
  t = testApi({ projects: 200 });
  member = await t.login("member@example.com");
  memberId = t.db.prepare("SELECT id FROM users WHERE email = 'member@example.com'").pluck().get() as number;
}, 120_000);
afterAll(() => t?.cleanup());

async function savedRows(query = "mine=1&perPage=100") {
  const res = await t.call("GET", `/Projects?${query}`, undefined, member);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ProjectListAnswer.parse(res.body).data.data;
}
const later = (minutes: number) => new Date(t.clock.now.getTime() + minutes * 60_000).toISOString();

describe("the saved list's marks", () => {
  it("appear after a recorded change, newest first, one per field, two at most; go once the project is opened", async () => {
    const [id, other] = projectsByCoverage(t.db, "member@example.com", true, 2);
    t.db.prepare("DELETE FROM user_projects WHERE user_id = ?").run(memberId);
    for (const p of [id, other]) {
      const res = await t.call("POST", "/Projects/Save", { project_id: p }, member);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const before = await savedRows();
    expect(before.find((r) => r.id === id)?.changes).toEqual([]);

    const write = changeWriter(t.db);
    t.advance(60_000);
    write.bidDate(id, "2031-03-04", later(0));
    write.updateNote(id, "Plans issued.", later(1));
    write.bidDate(id, "2031-04-05", later(2));
    t.advance(10 * 60_000);
    const rows = await savedRows();
    const marks = rows.find((r) => r.id === id)?.changes;
    expect(marks?.map((m) => [m.field, m.new_value])).toEqual([
      ["bid_date", "2031-04-05"],
      ["update_note", "Plans issued."],
    ]);
    expect(marks?.[0].old_value).toBe("2031-03-04");
    expect(rows.find((r) => r.id === other)?.changes).toEqual([]);
    // A search carries no marks, only the saved lists do.
    const search = await t.call("GET", `/Projects?perPage=5`, undefined, member);
    expect(ProjectListAnswer.parse(search.body).data.data.every((r) => r.changes === undefined)).toBe(true);

    expect((await t.call("GET", `/Projects/${id}`, undefined, member)).status).toBe(200);
    expect((await savedRows()).find((r) => r.id === id)?.changes).toEqual([]);

    // A change after the opening marks it again.
    t.advance(60_000);
    write.stage(id, "Bidding", later(0)) || write.stage(id, "Planning", later(0));
    t.advance(60_000);
    const again = (await savedRows()).find((r) => r.id === id)?.changes ?? [];
    expect(again.map((m) => m.field)).toEqual(["stage"]);
  });

  it("are in a folder's list too", async () => {
    const [inside] = projectsByCoverage(t.db, "member@example.com", true, 3).slice(2);
    const tag = Number(
      t.db
        .prepare(
          "INSERT INTO tags (user_id, name, color, tag_type, created_at) VALUES (?, 'Watch', '#123456', 1, ?)",
        )
        .run(memberId, t.clock.now.toISOString()).lastInsertRowid,
    );
    t.db
      .prepare(
        "INSERT OR REPLACE INTO user_projects (user_id, project_id, tag_id, created_at) VALUES (?, ?, ?, ?)",
      )
      .run(memberId, inside, tag, t.clock.now.toISOString());
    t.advance(60_000);
    changeWriter(t.db).value(inside, 987.5, later(0));
    t.advance(60_000);
    const rows = await savedRows(`tag=${tag}&perPage=100`);
    expect(rows.map((r) => [r.id, r.changes?.map((m) => m.field)])).toEqual([[inside, ["estimated_value"]]]);
  });

  it("name only projects the member may open (a trial that is over: what it opened)", async () => {
    const expired = await t.login("expired@example.com");
    const userId = t.db
      .prepare("SELECT id FROM users WHERE email = 'expired@example.com'")
      .pluck()
      .get() as number;
    const [opened, unopened] = t.db
      .prepare(
        `SELECT id FROM projects WHERE active = 1 AND id NOT IN (SELECT project_id FROM project_views WHERE user_id = ?)
         ORDER BY id DESC LIMIT 2`,
      )
      .pluck()
      .all(userId) as number[];
    const now = t.clock.now.toISOString();
    t.db
      .prepare("INSERT INTO project_views (user_id, project_id, created_at) VALUES (?, ?, ?)")
      .run(userId, opened, now);
    const save = t.db.prepare(
      "INSERT OR REPLACE INTO user_projects (user_id, project_id, tag_id, created_at) VALUES (?, ?, NULL, ?)",
    );
    save.run(userId, opened, now);
    save.run(userId, unopened, now);
    t.advance(60_000);
    const write = changeWriter(t.db);
    write.updateNote(opened, "Addendum 2 issued.", later(0));
    write.updateNote(unopened, "Addendum 2 issued.", later(0));
    t.advance(60_000);
    // The query itself keeps to the rights function, whatever ids it is asked about.
    const marks = changeQueries(t.db, memberRights({ db: t.db, now: () => t.clock.now })).marksOf(userId, [
      opened,
      unopened,
    ]);
    expect([...marks.keys()]).toEqual([opened]);
    // (The API itself refuses a trial that is over, the saved list too: the filter is the query's own guard.)
    expect((await t.call("GET", "/Projects?mine=1", undefined, expired)).status).toBe(403);
  });
});
