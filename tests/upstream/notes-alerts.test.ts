import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AlertListAnswer, NoteListAnswer } from "../../contract/notes";
import { UserAnswer } from "../../contract/user";
import { generateAlerts, parseMillions } from "../../upstream/alerts/generate";
import { createTestApi, type TestApi, userId } from "./contacts-support";
import { projectsByCoverage } from "./helpers";

let t: TestApi;
let member: string;
let basic: string;
let memberId: number;

beforeAll(async () => {
  t = createTestApi();
  member = await t.login("member@example.com");
  basic = await t.login("basic@example.com");
  memberId = userId(t.db, "member@example.com");
}, 120_000);
afterAll(() => t?.close());

async function get<T>(path: string, schema: { parse: (v: unknown) => T }, token = member) {
  const res = await t.call(path, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return schema.parse(await res.json());
}

describe("GET Notes/Projects", () => {
  it("pages the member's project notes, newest first, with the project", async () => {
    const count = (
      t.db.prepare("SELECT count(*) AS n FROM project_notes WHERE user_id = ?").get(memberId) as { n: number }
    ).n;
    expect(count).toBeGreaterThan(5);
    const body = await get("Notes/Projects", NoteListAnswer);
    expect(body.data.total).toBe(count);
    expect(body.data.data.length).toBe(Math.min(15, count));
    for (const n of body.data.data) expect(n.project?.title).toBeTruthy();
    const dates = body.data.data.map((n) => n.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const asc = await get("Notes/Projects?orderBy=created_at&orderDirection=asc&perPage=100", NoteListAnswer);
    expect(asc.data.data.map((n) => n.created_at)).toEqual(
      [...asc.data.data.map((n) => n.created_at)].sort(),
    );
    const page = await get("Notes/Projects?perPage=5&page=2", NoteListAnswer);
    expect(page.data.data).toHaveLength(5);
    expect(page.data.data[0].id).toBe(body.data.data[5].id);
  });

  it("searches the note text and the project title", async () => {
    const note = await get("Notes/Projects?query=architect", NoteListAnswer);
    expect(note.data.total).toBeGreaterThan(0);
    const row = t.db
      .prepare(
        "SELECT p.title FROM project_notes pn JOIN projects p ON p.id = pn.project_id WHERE pn.user_id = ? LIMIT 1",
      )
      .get(memberId) as { title: string };
    const byTitle = await get(`Notes/Projects?query=${encodeURIComponent(row.title)}`, NoteListAnswer);
    expect(
      byTitle.data.data.every((n) => n.project?.title.includes(row.title) || n.note.includes(row.title)),
    ).toBe(true);
    expect(byTitle.data.total).toBeGreaterThan(0);
    const wild = await get("Notes/Projects?query=%25", NoteListAnswer);
    expect(wild.data.total).toBe(0);
  });

  it("is empty for a member without notes", async () => {
    const body = await get("Notes/Projects", NoteListAnswer, basic);
    expect(body.data).toEqual({ total: 0, data: [] });
  });
});

describe("GET Notes/Contacts", () => {
  it("lists contact notes with the contact, and searches note and name", async () => {
    await t.call("Contacts/AddNote", {
      method: "POST",
      token: member,
      json: { contact_id: 3, note: "Zebra crossing meeting notes" },
    });
    const body = await get("Notes/Contacts", NoteListAnswer);
    const withNotes = (
      t.db
        .prepare(
          "SELECT count(*) AS n FROM user_contacts WHERE user_id = ? AND note IS NOT NULL AND note <> ''",
        )
        .get(memberId) as { n: number }
    ).n;
    expect(body.data.total).toBe(withNotes);
    expect(body.data.data[0].note).toBe("Zebra crossing meeting notes");
    expect(body.data.data[0].contact?.id).toBe(3);
    const found = await get("Notes/Contacts?query=zebra", NoteListAnswer);
    expect(found.data.data.map((n) => n.contact?.id)).toEqual([3]);
    const c3 = t.db.prepare("SELECT first_name, last_name FROM contacts WHERE id = 3").get() as {
      first_name: string;
      last_name: string;
    };
    const byName = await get(
      `Notes/Contacts?query=${encodeURIComponent(`${c3.first_name} ${c3.last_name}`)}`,
      NoteListAnswer,
    );
    expect(byName.data.data.map((n) => n.contact?.id)).toContain(3);
  });
});

describe("alerts", () => {
  it("answers the member's alerts, newest first", async () => {
    const body = await get("Alerts", AlertListAnswer);
    expect(body.data.length).toBeGreaterThan(0);
    const dates = body.data.map((a) => a.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.data.some((a) => a.project !== null)).toBe(true);
    expect(body.data.some((a) => a.contact !== null)).toBe(true);
    expect((await get("Alerts", AlertListAnswer, basic)).data).toEqual([]);
    expect((await t.call("Alerts")).status).toBe(401);
  });

  it("counts unread alerts in Users/Me until the member reads the list", async () => {
    const alertsOf = t.db.prepare("SELECT count(*) AS n FROM alerts WHERE user_id = ?");
    const basicId = userId(t.db, "basic@example.com");
    t.db.prepare("UPDATE users SET alerts_seen_at = NULL WHERE id = ?").run(basicId);
    // Alerts about a project basic@'s plan covers: one outside it is not shown, nor counted (decision 104).
    const [inside] = projectsByCoverage(t.db, "basic@example.com", true, 1);
    const add = t.db.prepare(
      "INSERT INTO alerts (user_id, message, project_id, contact_id, created_at) VALUES (?, ?, ?, NULL, ?)",
    );
    const insert = { run: (user: number, message: string, at: string) => add.run(user, message, inside, at) };
    insert.run(basicId, "Unread one", "2026-01-02T10:00:00.000Z");
    insert.run(basicId, "Unread two", "2026-01-03T10:00:00.000Z");
    const total = (alertsOf.get(basicId) as { n: number }).n;
    const unread = async () =>
      UserAnswer.parse(await (await t.call("Users/Me", { token: basic })).json()).data.unread_alerts;
    expect(await unread()).toBe(total);
    expect((await get("Alerts", AlertListAnswer, basic)).data.length).toBe(total);
    expect(await unread()).toBe(0);
    // An alert created after the read counts again.
    insert.run(basicId, "Newer", new Date(Date.now() + 60_000).toISOString());
    expect(await unread()).toBe(1);
    t.db.prepare("DELETE FROM alerts WHERE user_id = ?").run(basicId);
  });

  it("reads alert values leniently", () => {
    expect(parseMillions("5")).toBe(5);
    expect(parseMillions(" $2.5M ")).toBe(2.5);
    expect(parseMillions("10 million")).toBe(10);
    expect(parseMillions("2,500,000")).toBe(2.5);
    expect(parseMillions("lots")).toBeNull();
    expect(parseMillions(null)).toBeNull();
  });

  function insertProject(fields: {
    title: string;
    state: string;
    city: string;
    value: number;
    typeName: string;
    at: string;
  }) {
    const typeId = (
      t.db.prepare("SELECT id FROM project_types WHERE name = ?").get(fields.typeName) as { id: number }
    ).id;
    const id = Number(
      t.db
        .prepare(
          `INSERT INTO projects (title, city, state, minimum_value, active, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)`,
        )
        .run(fields.title, fields.city, fields.state, fields.value, fields.at, fields.at).lastInsertRowid,
    );
    t.db
      .prepare("INSERT INTO project_project_types (project_id, project_type_id) VALUES (?, ?)")
      .run(id, typeId);
    return id;
  }

  it("generates an alert for a new matching project, once per day", async () => {
    // The seeded member wants types/states from the seed, value Greater Than 5 (millions).
    const settings = t.db
      .prepare(
        `SELECT (SELECT pt.name FROM user_alert_project_types x JOIN project_types pt ON pt.id = x.project_type_id WHERE x.user_id = u.id LIMIT 1) AS type,
                (SELECT s.abbr FROM user_alert_states x JOIN states s ON s.id = x.state_id WHERE x.user_id = u.id LIMIT 1) AS state
         FROM users u WHERE u.id = ?`,
      )
      .get(memberId) as { type: string; state: string };
    const since = new Date(Date.now() + 60_000); // after every seeded project
    const at = new Date(since.getTime() + 1000).toISOString();
    const match = insertProject({
      title: "Alert Test Tower",
      city: "Springfield",
      state: settings.state,
      value: 42,
      typeName: settings.type,
      at,
    });
    const tooSmall = insertProject({
      title: "Tiny Shed",
      city: "Springfield",
      state: settings.state,
      value: 1,
      typeName: settings.type,
      at,
    });
    const otherType = t.db
      .prepare(
        "SELECT name FROM project_types WHERE id NOT IN (SELECT project_type_id FROM user_alert_project_types WHERE user_id = ?) LIMIT 1",
      )
      .get(memberId) as { name: string };
    const wrongType = insertProject({
      title: "Wrong Type",
      city: "Springfield",
      state: settings.state,
      value: 42,
      typeName: otherType.name,
      at,
    });

    const first = generateAlerts(t.db, { since });
    expect(first.created).toBe(1);
    expect(first.projects).toBe(3);
    const alerts = (await get("Alerts", AlertListAnswer)).data;
    const made = alerts.find((a) => a.project_id === match);
    expect(made).toMatchObject({
      project_id: match,
      contact_id: null,
      project: { id: match, title: "Alert Test Tower" },
    });
    expect(made?.message).toBe(
      `New project matching your alert: Alert Test Tower (Springfield, ${settings.state})`,
    );
    expect(alerts.some((a) => a.project_id === tooSmall || a.project_id === wrongType)).toBe(false);

    const second = generateAlerts(t.db, { since });
    expect(second.created).toBe(0);
    const count = (
      t.db
        .prepare("SELECT count(*) AS n FROM alerts WHERE user_id = ? AND project_id = ?")
        .get(memberId, match) as { n: number }
    ).n;
    expect(count).toBe(1);

    // An update to an older project: 'Project updated: …' — and the operator Less Than picks small projects.
    t.db.prepare("UPDATE users SET alert_operator = 0, alert_value = '$3M' WHERE id = ?").run(memberId);
    const later = new Date(since.getTime() + 5000);
    t.db
      .prepare("UPDATE projects SET updated_at = ? WHERE id = ?")
      .run(new Date(later.getTime() + 1000).toISOString(), tooSmall);
    const third = generateAlerts(t.db, { since: later });
    expect(third.created).toBe(1);
    const newest = (await get("Alerts", AlertListAnswer)).data.find((a) => a.project_id === tooSmall);
    expect(newest?.message).toBe(`Project updated: Tiny Shed (Springfield, ${settings.state})`);
  });

  it("runs from the command line", () => {
    t.db.pragma("wal_checkpoint(TRUNCATE)");
    const out = execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        join(process.cwd(), "upstream/alerts/cli.ts"),
        "--db",
        t.path,
        "--since",
        "2000-01-01",
      ],
      { encoding: "utf8" },
    );
    const summary = JSON.parse(out) as { users: number; created: number; projects: number };
    expect(summary.users).toBeGreaterThanOrEqual(1);
    expect(summary.projects).toBeGreaterThan(0);
  });
});
