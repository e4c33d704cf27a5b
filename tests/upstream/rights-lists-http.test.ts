/**
 * Issue 42, each path on its own (decision 104): basic@ (State Edition: Texas, Hotel and Multifamily) and a
 * County Edition member made through sign-up and activation. Alert settings offer and accept only the plan's
 * coverage; alerts are never made outside it and stored ones outside it are not shown, counted or mailed; the
 * reminder digest, calendar, feed and notes name only projects the member may open; a company shows only the
 * projects, people and partners the member's rights reach; searches, saved searches and downloads keep to it.
 */
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UserAnswer } from "../../contract/user";
import { generateAlerts } from "../../upstream/alerts/generate";
import { mailDigests } from "../../upstream/mail/digests";
import { localTime } from "../../upstream/mail/zones";
import { memberRights } from "../../upstream/rights";
import { API_BASE_PATH } from "../../upstream/server";
import { testApi } from "./helpers";
import { type Member, type MemberSpec, rightsWorld } from "./rights-support";

let t: ReturnType<typeof testApi>;
let basic: string;
let basicId: number;
let county: Member;
/** Projects made to lie inside basic@'s coverage (a Texas hotel) and outside it (a California hotel, a Texas school). */
let texasHotel: number;
let californiaHotel: number;
let texasSchool: number;

const one = <T>(sql: string, ...args: unknown[]) =>
  t.db
    .prepare(sql)
    .pluck()
    .get(...args) as T;
const typeId = (name: string) => one<number>("SELECT id FROM project_types WHERE name = ?", name);
const stateId = (abbr: string) =>
  one<number>("SELECT id FROM states WHERE abbr = ? AND country = 'US'", abbr);

/** Rewrites a project as research would: its place, its one type, and a change now. */
function place(id: number, state: string, county: string, type: string) {
  const now = t.clock.now.toISOString();
  t.db
    .prepare(
      "UPDATE projects SET state = ?, county = ?, active = 1, minimum_value = 20, updated_at = ? WHERE id = ?",
    )
    .run(state, county, now, id);
  t.db.prepare("DELETE FROM project_project_types WHERE project_id = ?").run(id);
  t.db
    .prepare("INSERT INTO project_project_types (project_id, project_type_id, position) VALUES (?, ?, 0)")
    .run(id, typeId(type));
}

const quiet = (fate: MemberSpec["fate"]): MemberSpec => ({
  fate,
  opened: [],
  saved: [],
  noted: [],
  alertStates: [],
  alertTypes: [],
  alertValue: null,
  directory: false,
  changed: [],
});

const get = async (path: string, token = basic) => {
  const res = await t.call("GET", path, undefined, token);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
};
const projectIdsOf = (rows: { id: number }[]) => rows.map((r) => r.id);

beforeAll(async () => {
  t = testApi({ projects: 300 });
  const world = rightsWorld(t);
  await world.load();
  county = await world.make(
    quiet({
      kind: "paid",
      plan: "county",
      pick: [0],
      counties: [
        { state_abbr: "TX", name: "Travis" },
        { state_abbr: "TX", name: "Harris" },
        { state_abbr: "TX", name: "Dallas" },
      ],
    }),
  );
  [texasHotel, californiaHotel, texasSchool] = t.db
    .prepare("SELECT id FROM projects ORDER BY id LIMIT 3 OFFSET 10")
    .pluck()
    .all() as number[];
  place(texasHotel, "TX", "Travis", "Hotel");
  place(californiaHotel, "CA", "Los Angeles", "Hotel");
  place(texasSchool, "TX", "Travis", "Education");
  basic = await t.login("basic@example.com");
  basicId = one<number>("SELECT id FROM users WHERE email = 'basic@example.com'");
}, 120_000);
afterAll(() => t?.cleanup());

describe("alert settings (PUT Users/Me, Users/Me)", () => {
  it("says what alerts may be about: basic@ Texas and its two verticals, the county member its counties", async () => {
    const me = UserAnswer.parse(await get("/Users/Me")).data;
    expect(me.alert_coverage).toEqual({
      states: [stateId("TX")],
      project_types: [typeId("Hotel"), typeId("Multifamily")].sort((a, b) => a - b),
      counties: null,
    });
    const countyMe = UserAnswer.parse(await get("/Users/Me", county.token)).data;
    expect(countyMe.alert_coverage?.states).toEqual([stateId("TX")]);
    expect(countyMe.alert_coverage?.project_types).toBeNull();
    expect(countyMe.alert_coverage?.counties?.map((c) => c.name).sort()).toEqual([
      "Dallas",
      "Harris",
      "Travis",
    ]);
    const national = UserAnswer.parse(await get("/Users/Me", await t.login("member@example.com"))).data;
    expect(national.alert_coverage).toBeNull();
    const trial = UserAnswer.parse(await get("/Users/Me", await t.login("trial@example.com"))).data;
    expect(trial.alert_coverage).toBeNull();
  });

  it("refuses a state or project type outside the plan with a message (422), keeps what was stored", async () => {
    const before = UserAnswer.parse(await get("/Users/Me")).data.settings;
    const states = await t.call("PUT", "/Users/Me", { alert_states: [stateId("TX"), stateId("CA")] }, basic);
    expect(states.status).toBe(422);
    expect(states.body.errors.alert_states).toEqual([
      "Your plan does not cover California. Alerts can only be for the states your plan covers.",
    ]);
    const types = await t.call("PUT", "/Users/Me", { alert_project_types: [typeId("Education")] }, basic);
    expect(types.status).toBe(422);
    expect(types.body.errors.alert_project_types).toEqual([
      "Your plan does not cover Education projects. Alerts can only be for the project types your plan covers.",
    ]);
    expect(UserAnswer.parse(await get("/Users/Me")).data.settings).toEqual(before);
    const inside = await t.call(
      "PUT",
      "/Users/Me",
      { alert_states: [stateId("TX")], alert_project_types: [typeId("Hotel")] },
      basic,
    );
    expect(inside.status).toBe(200);
    // The county member: Texas (its counties' state) only.
    const outside = await t.call("PUT", "/Users/Me", { alert_states: [stateId("OK")] }, county.token);
    expect(outside.status).toBe(422);
    expect((await t.call("PUT", "/Users/Me", { alert_states: [stateId("TX")] }, county.token)).status).toBe(
      200,
    );
  });

  it("a setting stored outside the plan (before this rule) is neither answered nor matched", async () => {
    t.db
      .prepare("INSERT OR IGNORE INTO user_alert_states (user_id, state_id) VALUES (?, ?)")
      .run(basicId, stateId("CA"));
    const settings = UserAnswer.parse(await get("/Users/Me")).data.settings;
    expect(settings.alert_states).not.toContain(stateId("CA"));
  });
});

describe("alerts: made, listed, counted and mailed only inside the member's rights", () => {
  it("basic@ with California ticked gets no California alert from the weekly run; the county member only its counties", async () => {
    t.db.prepare("DELETE FROM alerts WHERE user_id IN (?, ?)").run(basicId, county.id);
    t.db
      .prepare("UPDATE users SET alert_weekly = 1, alert_value = NULL WHERE id IN (?, ?)")
      .run(basicId, county.id);
    t.db.prepare("DELETE FROM user_alert_states WHERE user_id IN (?, ?)").run(basicId, county.id);
    t.db.prepare("DELETE FROM user_alert_project_types WHERE user_id IN (?, ?)").run(basicId, county.id);
    // What the settings page used to let basic@ store: California.
    t.db
      .prepare("INSERT INTO user_alert_states (user_id, state_id) VALUES (?, ?)")
      .run(basicId, stateId("CA"));
    t.db.prepare("UPDATE projects SET updated_at = ?").run(t.clock.now.toISOString());
    const since = new Date(t.clock.now.getTime() - 60_000);
    const result = generateAlerts(t.db, { since, now: t.clock.now, userIds: [basicId, county.id] });
    expect(result.created).toBeGreaterThan(0);
    const made = (user: number) =>
      t.db
        .prepare(
          `SELECT p.state, p.county, (SELECT group_concat(t.name) FROM project_project_types y JOIN project_types t
             ON t.id = y.project_type_id WHERE y.project_id = p.id) AS types
           FROM alerts a JOIN projects p ON p.id = a.project_id WHERE a.user_id = ?`,
        )
        .all(user) as { state: string; county: string; types: string }[];
    const basicAlerts = made(basicId);
    expect(basicAlerts.map((a) => a.state)).not.toContain("CA");
    for (const a of basicAlerts) {
      expect(a.state).toBe("TX");
      expect(a.types).toMatch(/Hotel|Multifamily/);
    }
    const countyAlerts = made(county.id);
    expect(countyAlerts.length).toBeGreaterThan(0);
    for (const a of countyAlerts) expect(`${a.state} ${a.county}`).toMatch(/^TX (Travis|Harris|Dallas)$/);
  });

  it("the Alerts list, its unread count and the weekly e-mail hide a stored alert outside the plan", async () => {
    t.db.prepare("DELETE FROM alerts WHERE user_id = ?").run(basicId);
    t.db.prepare("UPDATE users SET alerts_seen_at = NULL, alert_weekly = 1 WHERE id = ?").run(basicId);
    const at = t.clock.now.toISOString();
    const add = t.db.prepare(
      "INSERT INTO alerts (user_id, message, project_id, contact_id, created_at) VALUES (?, ?, ?, NULL, ?)",
    );
    add.run(basicId, "Inside", texasHotel, at);
    add.run(basicId, "Outside", californiaHotel, at);
    add.run(basicId, "Outside too", texasSchool, at);
    const me = UserAnswer.parse(await get("/Users/Me")).data;
    expect(me.unread_alerts).toBe(1);
    const alerts = (await get("/Alerts")).data as { project_id: number; message: string }[];
    expect(alerts.map((a) => a.project_id)).toEqual([texasHotel]);

    // The weekly e-mail of basic@ (California still stored, as above): Texas hotels only.
    t.db
      .prepare("INSERT OR IGNORE INTO user_alert_states (user_id, state_id) VALUES (?, ?)")
      .run(basicId, stateId("CA"));
    t.db
      .prepare("UPDATE projects SET updated_at = ? WHERE id IN (?, ?, ?)")
      .run(at, texasHotel, californiaHotel, texasSchool);
    const digests = mailDigests({
      db: t.db,
      appBaseUrl: "http://app.test",
      tokenTtlMs: 1,
      now: () => t.clock.now,
    });
    const from = (one<number | null>("SELECT max(id) FROM outbox") ?? 0) + 1;
    expect(digests.runAlerts(afterSendHour(), { userIds: [basicId] }).mailed).toBe(1);
    const body = one<string>(
      "SELECT body FROM outbox WHERE user_id = ? AND kind = 'alerts' AND id >= ?",
      basicId,
      from,
    );
    const named = [...body.matchAll(/\/Projects\/(\d+)/g)].map((m) => Number(m[1]));
    expect(named).toContain(texasHotel);
    expect(named).not.toContain(californiaHotel);
    expect(named).not.toContain(texasSchool);
    const rights = memberRights({ db: t.db, now: () => t.clock.now });
    expect(rights.openableIds(basicId, named)).toEqual(named);
  });
});

/** Midday in basic@'s zone (US Central) on today's local date: the digests send from SEND_HOUR local time on,
 * so a run at the clock's own time would send nothing when the suite runs at night in Chicago. */
function afterSendHour(): Date {
  return new Date(`${localTime(t.clock.now, "America/Chicago").date}T18:00:00Z`);
}

describe("notes: the reminder digest, the calendar, its feed and the notes list", () => {
  it("name only projects basic@ may open", async () => {
    const day = localTime(t.clock.now, "America/Chicago").date;
    const note = t.db.prepare(
      "INSERT INTO project_notes (user_id, project_id, note, notification_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
    );
    const at = t.clock.now.toISOString();
    // A note on a project outside the plan: written when the member could open it (another plan, a trial).
    note.run(basicId, texasHotel, "Call the owner", day, at, at);
    note.run(basicId, californiaHotel, "Call the architect", day, at, at);

    const digests = mailDigests({
      db: t.db,
      appBaseUrl: "http://app.test",
      tokenTtlMs: 1,
      now: () => t.clock.now,
    });
    const from = (one<number | null>("SELECT max(id) FROM outbox") ?? 0) + 1;
    digests.runReminders(afterSendHour(), { userIds: [basicId] });
    const body = one<string>(
      "SELECT body FROM outbox WHERE user_id = ? AND kind = 'reminders' AND id >= ?",
      basicId,
      from,
    );
    expect(body).toContain("Call the owner");
    expect(body).not.toContain("Call the architect");
    expect(body).not.toContain(`/Projects/${californiaHotel}`);

    const calendar = (await get(`/UserProjects/NoteNotifications?month=${day.slice(0, 7)}`)).data as {
      project_id: number;
    }[];
    expect(calendar.map((r) => r.project_id)).toContain(texasHotel);
    expect(calendar.map((r) => r.project_id)).not.toContain(californiaHotel);
    const hash = (await get("/Users/Me/iCalHash")).hash;
    const feed = await t.call("GET", `/Calendar/Feed?hash=${hash}`);
    const feedIds = feed.body.data.notes.map((r: { project_id: number }) => r.project_id);
    expect(feedIds).toContain(texasHotel);
    expect(feedIds).not.toContain(californiaHotel);
    const notes = (await get("/Notes/Projects?perPage=100")).data.data as { project: { id: number } }[];
    expect(notes.map((n) => n.project.id)).toContain(texasHotel);
    expect(notes.map((n) => n.project.id)).not.toContain(californiaHotel);
  });
});

describe("a company's projects, people and partners", () => {
  it("show basic@ (no directory) only what its rights reach", async () => {
    t.db.prepare("UPDATE users SET allow_companysearch = 1 WHERE id = ?").run(basicId);
    try {
      // A company whose people are on the Texas hotel and the California hotel, and two partners: one with a
      // person on the Texas hotel, one only on the California hotel.
      const [company, texasPartner, californiaPartner] = t.db
        .prepare("SELECT id FROM companies ORDER BY id LIMIT 3 OFFSET 5")
        .pluck()
        .all() as number[];
      const person = (companyId: number, name: string) =>
        Number(
          t.db
            .prepare(
              "INSERT INTO contacts (first_name, last_name, company_id, email, created_at, updated_at) VALUES (?, 'Test', ?, ?, ?, ?)",
            )
            .run(
              name,
              companyId,
              `${name.toLowerCase()}@example.com`,
              t.clock.now.toISOString(),
              t.clock.now.toISOString(),
            ).lastInsertRowid,
        );
      const onTexas = person(company, "Tex");
      const onCalifornia = person(company, "Cal");
      const texasPeer = person(texasPartner, "Pete");
      const californiaPeer = person(californiaPartner, "Carl");
      const link = t.db.prepare(
        "INSERT OR IGNORE INTO project_contacts (project_id, contact_id) VALUES (?, ?)",
      );
      link.run(texasHotel, onTexas);
      link.run(californiaHotel, onCalifornia);
      link.run(texasHotel, texasPeer);
      link.run(californiaHotel, californiaPeer);
      // Only projects outside basic@'s plan for the second partner: none of its people elsewhere.
      t.db
        .prepare(
          "DELETE FROM project_contacts WHERE contact_id IN (SELECT id FROM contacts WHERE company_id = ?) AND project_id <> ?",
        )
        .run(californiaPartner, californiaHotel);
      t.db.prepare("DELETE FROM company_partners WHERE company_id = ?").run(company);
      t.db
        .prepare("INSERT OR IGNORE INTO company_partners (company_id, partner_id) VALUES (?, ?), (?, ?)")
        .run(company, texasPartner, company, californiaPartner);

      const detail = (await get(`/Companies/${company}`)).data;
      const people = detail.contacts.map((c: { id: number }) => c.id);
      expect(people).toContain(onTexas);
      expect(people).not.toContain(onCalifornia);
      expect(JSON.stringify(detail)).not.toContain("cal@example.com");
      expect(detail.partners.map((p: { id: number }) => p.id)).toEqual([texasPartner]);
      const partners = (await get(`/Companies/${company}/Partners`)).data;
      expect(partners.map((p: { id: number }) => p.id)).toEqual([texasPartner]);
      const projects = projectIdsOf((await get(`/Companies/${company}/Projects`)).data);
      expect(projects).toContain(texasHotel);
      expect(projects).not.toContain(californiaHotel);

      // A member with the directory and a national plan sees all of them.
      const member = await t.login("member@example.com");
      const whole = (await get(`/Companies/${company}`, member)).data;
      expect(whole.contacts.map((c: { id: number }) => c.id)).toEqual(
        expect.arrayContaining([onTexas, onCalifornia]),
      );
      expect(whole.partners.map((p: { id: number }) => p.id).sort()).toEqual(
        [texasPartner, californiaPartner].sort((a, b) => a - b),
      );
    } finally {
      t.db.prepare("UPDATE users SET allow_companysearch = 0 WHERE id = ?").run(basicId);
    }
  });
});

describe("searches, saved searches, map rows, similar projects and the download", () => {
  it("keep the county member to its counties (and what it saved)", async () => {
    const rights = memberRights({ db: t.db, now: () => t.clock.now });
    const may = (ids: number[]) => expect(rights.openableIds(county.id, ids)).toEqual(ids);
    const countyOf = t.db.prepare("SELECT state || ' ' || county FROM projects WHERE id = ?").pluck();
    const search = projectIdsOf((await get("/Projects?perPage=100", county.token)).data.data);
    expect(search.length).toBeGreaterThan(0);
    for (const id of search) expect(countyOf.get(id)).toMatch(/^TX (Travis|Harris|Dallas)$/);
    // A saved search, as the projects page runs it (and its map geocodes the same rows).
    const saved = await t.call(
      "POST",
      "/Users/Me/SavedSearches",
      {
        name: "California hotels",
        search: JSON.stringify({ state: ["CA"], projectType: [typeId("Hotel")] }),
      },
      county.token,
    );
    expect(saved.status).toBe(201);
    const rows = projectIdsOf(
      (
        await get(
          `/Projects?perPage=100&advanced=${encodeURIComponent(saved.body.data.search)}`,
          county.token,
        )
      ).data.data,
    );
    expect(rows).toEqual([]);
    may(projectIdsOf((await get(`/Projects/${texasHotel}/Similar`, county.token)).data.data));

    t.db.prepare("UPDATE users SET allow_download = 1 WHERE id = ?").run(county.id);
    const csv = await t.app.request(`${API_BASE_PATH}/Projects/Download`, {
      method: "POST",
      headers: { authorization: `Bearer ${county.token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(csv.status).toBe(200);
    const lines = parse((await csv.text()).replace(/^\uFEFF/, ""), { columns: true }) as Record<
      string,
      string
    >[];
    expect(lines.length).toBe(search.length);
    for (const line of lines) expect(line.State).toBe("TX");
  });
});
