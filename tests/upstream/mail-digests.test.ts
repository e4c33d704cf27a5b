/**
 * The scheduled mail: the daily reminder digest and the weekly alert e-mail, in each member's time zone, once per
 * member and period, and the unsubscribe links that turn them off without a session.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UnsubscribeAnswer, UnsubscribeInfoAnswer } from "../../contract/mail";
import { mailDigests } from "../../upstream/mail/digests";
import { testApi } from "./helpers";

const APP = "http://app.test";
// Monday 3 March 2031: 05:00 and 08:00 in Chicago (CST, UTC-6). The seed's dates are years before, so only
// what a test writes is due.
const MON_5AM = new Date("2031-03-03T11:00:00Z");
const MON_8AM = new Date("2031-03-03T14:00:00Z");
const TUE_8AM = new Date("2031-03-04T14:00:00Z");
// The next Monday, after daylight saving time began (CDT, UTC-5).
const NEXT_MON_8AM = new Date("2031-03-10T13:00:00Z");

let t: ReturnType<typeof testApi>;
let member: number;

beforeEach(() => {
  t = testApi({ projects: 300 });
  member = t.db.prepare("SELECT id FROM users WHERE email = 'member@example.com'").pluck().get() as number;
});
afterEach(() => t.cleanup());

/** The digests as one API instance runs them (a second call builds a second instance). */
const digests = () => mailDigests({ db: t.db, appBaseUrl: APP, tokenTtlMs: 1, now: () => t.clock.now });

type OutboxRow = {
  id: number;
  to: string;
  kind: string;
  subject: string;
  body: string;
  html: string;
  headers: string;
  secrets: string;
};
const mails = (kind: string) =>
  t.db.prepare("SELECT * FROM outbox WHERE kind = ? ORDER BY id").all(kind) as OutboxRow[];

function addNote(projectId: number, note: string, date: string) {
  t.db
    .prepare(
      "INSERT INTO project_notes (user_id, project_id, note, notification_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .run(member, projectId, note, date, "2031-01-01T00:00:00Z", "2031-01-01T00:00:00Z");
}

const projectIds = (n: number, offset = 0) =>
  t.db
    .prepare("SELECT id FROM projects WHERE active = 1 ORDER BY id LIMIT ? OFFSET ?")
    .pluck()
    .all(n, offset) as number[];
const titleOf = (id: number) =>
  t.db.prepare("SELECT title FROM projects WHERE id = ?").pluck().get(id) as string;

/** Makes projects match (or miss) the demo member's alert settings: Hotel or Multifamily, TX or FL, over $5M. */
function setProjects(ids: number[], fields: { value: number; at: Date }) {
  const hotel = t.db.prepare("SELECT id FROM project_types WHERE name = 'Hotel'").pluck().get() as number;
  for (const id of ids) {
    t.db
      .prepare(
        "UPDATE projects SET state = 'TX', minimum_value = ?, created_at = ?, updated_at = ? WHERE id = ?",
      )
      .run(fields.value, fields.at.toISOString(), fields.at.toISOString(), id);
    t.db
      .prepare(
        "INSERT OR IGNORE INTO project_project_types (project_id, project_type_id, position) VALUES (?, ?, 0)",
      )
      .run(id, hotel);
  }
}

const tokenOf = (row: OutboxRow) => (JSON.parse(row.secrets) as string[])[0];

describe("the daily reminder digest", () => {
  it("lists the notes due on the member's day, from 6:00 in their time zone, once", async () => {
    const [a, b, c] = projectIds(3);
    addNote(a, "Call the architect <b>before</b> noon.", "2031-03-03");
    addNote(b, "Bid due.\r\nBcc: thief@evil.test", "2031-03-03");
    addNote(c, "Not today.", "2031-03-04");

    expect(digests().runReminders(MON_5AM)).toEqual({ members: 0, mailed: 0 });
    expect(digests().runReminders(MON_8AM)).toEqual({ members: 1, mailed: 1 });
    const [mail] = mails("reminders");
    expect(mail.to).toBe("member@example.com");
    expect(mail.subject).toBe("Your reminders for Monday, March 3");
    expect(mail.body).toContain(`${APP}/Projects/${a}`);
    expect(mail.body).toContain(`${APP}/Projects/${b}`);
    expect(mail.body).not.toContain(`/Projects/${c}`);
    expect(mail.body).toContain(titleOf(a));
    expect(mail.body).toContain("Call the architect <b>before</b> noon.");
    // The HTML part shows the note's words, not markup of theirs.
    expect(mail.html).toContain("Call the architect &lt;b&gt;before&lt;/b&gt; noon.");
    expect(mail.html).not.toContain("<b>before</b>");
    // Every link is on the app's address; the calendar of the month is one of them.
    expect(mail.body).toContain(`${APP}/Calendar?month=2031-03`);
    for (const url of mail.body.match(/https?:\/\/\S+/g) ?? []) expect(url.startsWith(`${APP}/`)).toBe(true);
    const headers = JSON.parse(mail.headers) as Record<string, string>;
    expect(headers["List-Unsubscribe"]).toBe(`<${APP}/Unsubscribe/${tokenOf(mail)}>`);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // Later the same day, and from a second API instance: nothing more.
    expect(digests().runReminders(new Date(MON_8AM.getTime() + 3600_000))).toEqual({ members: 0, mailed: 0 });
    expect(mails("reminders")).toHaveLength(1);
    // The next day has its own note.
    expect(digests().runReminders(TUE_8AM).mailed).toBe(1);
    expect(mails("reminders")[1].body).toContain(`${APP}/Projects/${c}`);
  });

  it("follows the time zone of the account", () => {
    const [a] = projectIds(1);
    addNote(a, "West coast call.", "2031-03-03");
    t.db.prepare("UPDATE users SET time_zone = 'America/Los_Angeles' WHERE id = ?").run(member);
    // 08:00 in Chicago is 06:00 in Los Angeles; 13:00Z is 05:00 there.
    expect(digests().runReminders(new Date("2031-03-03T13:00:00Z")).mailed).toBe(0);
    expect(digests().runReminders(new Date("2031-03-03T14:00:00Z")).mailed).toBe(1);
  });

  it("waits for a run that holds the member's day, and takes it over once its lease has run out", () => {
    const [a] = projectIds(1);
    addNote(a, "Held.", "2031-03-03");
    // Another instance claimed the day and died before writing anything.
    t.db
      .prepare(
        "INSERT INTO mail_runs (job, user_id, period, lease_owner, lease_until) VALUES (?, ?, ?, ?, ?)",
      )
      .run(
        "reminders",
        member,
        "2031-03-03",
        "dead-instance",
        new Date(MON_8AM.getTime() + 5 * 60_000).toISOString(),
      );
    expect(digests().runReminders(MON_8AM).mailed).toBe(0);
    expect(digests().runReminders(new Date(MON_8AM.getTime() + 6 * 60_000)).mailed).toBe(1);
    expect(digests().runReminders(new Date(MON_8AM.getTime() + 12 * 60_000)).mailed).toBe(0);
  });

  it("stops after the one-click unsubscribe, which needs no session", async () => {
    const [a] = projectIds(1);
    addNote(a, "Monday.", "2031-03-03");
    addNote(a, "Tuesday.", "2031-03-04");
    digests().runReminders(MON_8AM);
    const token = tokenOf(mails("reminders")[0]);

    const info = await t.call("GET", `/Mail/Unsubscribe?token=${token}`);
    expect(info.status).toBe(200);
    expect(UnsubscribeInfoAnswer.parse(info.body).data).toEqual({
      list: "reminders",
      email: "m•••@example.com",
      subscribed: true,
    });
    // Reading it changed nothing.
    expect(t.db.prepare("SELECT reminder_mail FROM users WHERE id = ?").pluck().get(member)).toBe(1);

    const off = await t.call("POST", "/Mail/Unsubscribe", { token });
    expect(off.status).toBe(200);
    expect(UnsubscribeAnswer.parse(off.body)).toEqual({
      message: "You will no longer receive reminder e-mails.",
      data: { list: "reminders", email: "m•••@example.com", subscribed: false },
    });
    expect(t.db.prepare("SELECT reminder_mail FROM users WHERE id = ?").pluck().get(member)).toBe(0);
    // Again: the same answer.
    expect((await t.call("POST", "/Mail/Unsubscribe", { token })).status).toBe(200);
    expect(digests().runReminders(TUE_8AM)).toEqual({ members: 0, mailed: 0 });

    for (const bad of ["made-up-token-0123456789abcdef", "x", ""]) {
      expect((await t.call("GET", `/Mail/Unsubscribe?token=${bad}`)).status).toBe(404);
      expect((await t.call("POST", "/Mail/Unsubscribe", { token: bad })).status).toBe(404);
    }
  });
});

describe("the weekly alert e-mail", () => {
  it("mails the projects matching the member's settings once a week, and adds them to the alert list", () => {
    const matching = projectIds(3, 10);
    const missing = projectIds(1, 20);
    setProjects(matching, { value: 10, at: new Date("2031-03-02T12:00:00Z") });
    setProjects(missing, { value: 1, at: new Date("2031-03-02T12:00:00Z") });

    expect(digests().runAlerts(MON_5AM).mailed).toBe(0);
    expect(digests().runAlerts(MON_8AM)).toEqual({ members: 1, mailed: 1 });
    const [mail] = mails("alerts");
    expect(mail.to).toBe("member@example.com");
    expect(mail.subject).toBe("3 projects match your weekly alerts");
    for (const id of matching) {
      expect(mail.body).toContain(`${APP}/Projects/${id}`);
      expect(mail.body).toContain(titleOf(id));
    }
    expect(mail.body).not.toContain(`/Projects/${missing[0]}`);
    expect(mail.body).toContain(`${APP}/Alerts`);
    expect(mail.body).toContain("$10M");
    expect(JSON.parse(mail.headers)["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const alerts = t.db
      .prepare("SELECT project_id FROM alerts WHERE user_id = ? AND created_at = ? ORDER BY project_id")
      .pluck()
      .all(member, MON_8AM.toISOString());
    expect(alerts).toEqual([...matching].sort((x, y) => x - y));

    // The rest of the week, on any instance: nothing more.
    expect(digests().runAlerts(new Date("2031-03-07T14:00:00Z")).mailed).toBe(0);

    // Next week: only what came in since the last alert e-mail.
    const newer = projectIds(1, 30);
    setProjects(newer, { value: 50, at: new Date("2031-03-08T12:00:00Z") });
    expect(digests().runAlerts(NEXT_MON_8AM).mailed).toBe(1);
    const second = mails("alerts")[1];
    expect(second.subject).toBe("1 project matches your weekly alerts");
    expect(second.body).toContain(`${APP}/Projects/${newer[0]}`);
    for (const id of matching) expect(second.body).not.toContain(`${APP}/Projects/${id}\n`);
  });

  it("sends nothing after the alerts' unsubscribe link was used", async () => {
    setProjects(projectIds(2, 10), { value: 10, at: new Date("2031-03-02T12:00:00Z") });
    digests().runAlerts(MON_8AM);
    const token = tokenOf(mails("alerts")[0]);
    const off = await t.call("POST", "/Mail/Unsubscribe", { token });
    expect(off.body.message).toBe("You will no longer receive weekly alert e-mails.");
    expect(t.db.prepare("SELECT alert_weekly FROM users WHERE id = ?").pluck().get(member)).toBe(0);
    setProjects(projectIds(1, 30), { value: 50, at: new Date("2031-03-08T12:00:00Z") });
    expect(digests().runAlerts(NEXT_MON_8AM)).toEqual({ members: 0, mailed: 0 });
    expect(mails("alerts")).toHaveLength(1);
  });

  it("writes nothing for a week without matching projects, and mails a trial that is over nothing", () => {
    expect(digests().runAlerts(MON_8AM)).toEqual({ members: 1, mailed: 0 });
    const expired = t.db
      .prepare("SELECT id FROM users WHERE email = 'expired@example.com'")
      .pluck()
      .get() as number;
    t.db.prepare("UPDATE users SET alert_weekly = 1 WHERE id = ?").run(expired);
    setProjects(projectIds(2, 10), { value: 10, at: new Date("2031-03-08T12:00:00Z") });
    digests().runAlerts(NEXT_MON_8AM);
    expect(mails("alerts").map((m) => m.to)).toEqual(["member@example.com"]);
  });
});
