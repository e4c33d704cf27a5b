/**
 * The calendar calls of the reference API: the member's reminders by month, the feed's secret and its reset, the
 * feed by secret without a token (404 for an unknown or replaced one), and the help content site's stand-in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CalendarFeedAnswer, ICalHashAnswer, NoteNotificationsAnswer } from "../../contract/calendar";
import { testApi } from "./helpers";

let t: ReturnType<typeof testApi>;
let member: string;
let basic: string;
let memberId: number;

beforeAll(async () => {
  t = testApi({ projects: 200 });
  member = await t.login("member@example.com");
  basic = await t.login("basic@example.com");
  memberId = t.db.prepare("SELECT id FROM users WHERE email = 'member@example.com'").pluck().get() as number;
});
afterAll(() => t.cleanup());

const thisMonth = () => new Date().toISOString().slice(0, 7);

describe("GET UserProjects/NoteNotifications", () => {
  it("lists the member's notes with a reminder date, with their project, in date order", async () => {
    const res = await t.call("GET", "/UserProjects/NoteNotifications", undefined, member);
    expect(res.status).toBe(200);
    const notes = NoteNotificationsAnswer.parse(res.body).data ?? [];
    const expected = t.db
      .prepare("SELECT count(*) FROM project_notes WHERE user_id = ? AND notification_date IS NOT NULL")
      .pluck()
      .get(memberId);
    expect(notes.length).toBe(expected);
    expect(notes.length).toBeGreaterThan(3);
    const dates = notes.map((n) => n.notification_date);
    expect(dates).toEqual([...dates].sort());
    for (const n of notes) expect(n.project.id).toBe(n.project_id);
  });

  it("keeps to one month when asked, and refuses a month that is not YYYY-MM", async () => {
    const month = thisMonth();
    const res = await t.call("GET", `/UserProjects/NoteNotifications?month=${month}`, undefined, member);
    const notes = NoteNotificationsAnswer.parse(res.body).data ?? [];
    expect(notes.length).toBeGreaterThanOrEqual(4); // the seed puts four reminders in the current month
    for (const n of notes) expect(n.notification_date.startsWith(month)).toBe(true);
    const bad = await t.call("GET", "/UserProjects/NoteNotifications?month=2026-13", undefined, member);
    expect(bad.status).toBe(422);
  });

  it("shows a member only their own reminders", async () => {
    const res = await t.call("GET", "/UserProjects/NoteNotifications", undefined, basic);
    const mine = new Set(
      t.db.prepare("SELECT pn.id FROM project_notes pn WHERE pn.user_id = ?").pluck().all(memberId),
    );
    for (const n of NoteNotificationsAnswer.parse(res.body).data ?? []) expect(mine.has(n.id)).toBe(false);
  });
});

describe("bid dates of saved projects", () => {
  it("come with the reminders (of one month when asked) and in the feed, for saved projects only", async () => {
    const month = thisMonth();
    const nextMonth = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 15))
      .toISOString()
      .slice(0, 10);
    const saved = t.db
      .prepare("SELECT project_id FROM user_projects WHERE user_id = ? ORDER BY project_id LIMIT 2")
      .pluck()
      .all(memberId) as number[];
    const unsaved = t.db
      .prepare(
        "SELECT id FROM projects WHERE id NOT IN (SELECT project_id FROM user_projects WHERE user_id = ?) ORDER BY id LIMIT 1",
      )
      .pluck()
      .get(memberId) as number;
    const setBid = t.db.prepare("UPDATE projects SET bidding_date = ? WHERE id = ?");
    setBid.run(`${month}-20`, saved[0]);
    setBid.run(nextMonth, saved[1]);
    setBid.run(`${month}-21`, unsaved);

    const res = await t.call("GET", `/UserProjects/NoteNotifications?month=${month}`, undefined, member);
    const bids = NoteNotificationsAnswer.parse(res.body).bids ?? [];
    const ids = bids.map((b) => b.project_id);
    expect(ids).toContain(saved[0]);
    expect(ids).not.toContain(saved[1]);
    expect(ids).not.toContain(unsaved);
    for (const b of bids) {
      expect(b.bidding_date.startsWith(month)).toBe(true);
      expect(b.project.id).toBe(b.project_id);
    }
    const bidOf = bids.find((b) => b.project_id === saved[0]);
    expect(bidOf?.bidding_date).toBe(`${month}-20`);

    const all = NoteNotificationsAnswer.parse(
      (await t.call("GET", "/UserProjects/NoteNotifications", undefined, member)).body,
    ).bids;
    expect(all?.map((b) => b.project_id)).toEqual(expect.arrayContaining(saved));
    const dates = (all ?? []).map((b) => b.bidding_date);
    expect(dates).toEqual([...dates].sort());

    const { hash } = ICalHashAnswer.parse(
      (await t.call("GET", "/Users/Me/iCalHash", undefined, member)).body,
    );
    const feed = CalendarFeedAnswer.parse((await t.call("GET", `/Calendar/Feed?hash=${hash}`)).body);
    const feedIds = (feed.data.bids ?? []).map((b) => b.project_id);
    expect(feedIds).toEqual(expect.arrayContaining(saved));
    expect(feedIds).not.toContain(unsaved);
  });
});

describe("the feed's secret and the feed", () => {
  it("answers the same secret until it is reset; the old one then answers 404", async () => {
    const first = ICalHashAnswer.parse((await t.call("GET", "/Users/Me/iCalHash", undefined, member)).body);
    const again = ICalHashAnswer.parse((await t.call("GET", "/Users/Me/iCalHash", undefined, member)).body);
    expect(again.hash).toBe(first.hash);

    const feed = await t.call("GET", `/Calendar/Feed?hash=${first.hash}`);
    expect(feed.status).toBe(200);
    const notes = CalendarFeedAnswer.parse(feed.body).data.notes;
    expect(notes.length).toBeGreaterThan(3);

    const reset = await t.call("POST", "/Users/Me/iCalHash/Reset", undefined, member);
    expect(reset.status).toBe(200);
    const next = ICalHashAnswer.parse(reset.body);
    expect(next.hash).not.toBe(first.hash);
    expect((await t.call("GET", `/Calendar/Feed?hash=${first.hash}`)).status).toBe(404);
    expect((await t.call("GET", `/Calendar/Feed?hash=${next.hash}`)).status).toBe(200);
  });

  it("answers 404 for an unknown, malformed or missing secret", async () => {
    expect((await t.call("GET", `/Calendar/Feed?hash=${"0".repeat(40)}`)).status).toBe(404);
    expect((await t.call("GET", "/Calendar/Feed?hash=' OR 1=1 --")).status).toBe(404);
    expect((await t.call("GET", "/Calendar/Feed")).status).toBe(404);
  });

  it("makes a secret for a member who has none", async () => {
    t.db.prepare("UPDATE users SET ical_hash = NULL WHERE email = 'basic@example.com'").run();
    const res = await t.call("GET", "/Users/Me/iCalHash", undefined, basic);
    expect(ICalHashAnswer.parse(res.body).hash).toMatch(/^[0-9a-f]{40}$/);
  });

  it("needs a token for the secret and the reminders", async () => {
    expect((await t.call("GET", "/Users/Me/iCalHash")).status).toBe(401);
    expect((await t.call("POST", "/Users/Me/iCalHash/Reset")).status).toBe(401);
    expect((await t.call("GET", "/UserProjects/NoteNotifications")).status).toBe(401);
  });
});

describe("the feed follows the account", () => {
  const feedOf = async (token: string) =>
    ICalHashAnswer.parse((await t.call("GET", "/Users/Me/iCalHash", undefined, token)).body).hash;

  it("a password change gives the feed a new address; the old one answers 404", async () => {
    const token = await t.login("researcher@example.com");
    const before = await feedOf(token);
    expect((await t.call("GET", `/Calendar/Feed?hash=${before}`)).status).toBe(200);
    const changed = await t.call(
      "POST",
      "/Users/Me/Password",
      {
        currentPassword: "demo-password",
        newPassword: "another-password-1",
        confirmNewPassword: "another-password-1",
      },
      token,
    );
    expect(changed.status).toBe(200);
    const after = await feedOf(token);
    expect(after).not.toBe(before);
    expect((await t.call("GET", `/Calendar/Feed?hash=${before}`)).status).toBe(404);
    expect((await t.call("GET", `/Calendar/Feed?hash=${after}`)).status).toBe(200);
  });

  it("a password reset gives the feed a new address; the old one answers 404", async () => {
    const email = "admin@example.com";
    const before = await feedOf(await t.login(email));
    expect((await t.call("POST", "/ForgotPassword", { email })).status).toBe(200);
    const mail = t.db
      .prepare('SELECT body FROM outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1')
      .pluck()
      .get(email);
    const resetToken = /\/ForgotPassword\/([A-Za-z0-9_-]+)/.exec(String(mail))?.[1] ?? "";
    const reset = await t.call("POST", "/ResetPassword", {
      reset_token: resetToken,
      newPassword: "a-new-password-2",
    });
    expect(reset.status).toBe(200);
    expect((await t.call("GET", `/Calendar/Feed?hash=${before}`)).status).toBe(404);
    const after = await feedOf(await t.login(email, "a-new-password-2"));
    expect(after).not.toBe(before);
    expect((await t.call("GET", `/Calendar/Feed?hash=${after}`)).status).toBe(200);
  });

  it("a free trial that is over gets 403 and no note; a trial with reports left reads its feed", async () => {
    // expired@ may no longer ask for its feed's address (decision 105): the one it had, from the database.
    const expired = t.db
      .prepare("SELECT ical_hash FROM users WHERE email = 'expired@example.com'")
      .pluck()
      .get() as string;
    expect(expired).toMatch(/^[0-9a-f]{40}$/);
    const refused = await t.call("GET", `/Calendar/Feed?hash=${expired}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: "Your free trial has expired." });
    const trial = await feedOf(await t.login("trial@example.com"));
    expect((await t.call("GET", `/Calendar/Feed?hash=${trial}`)).status).toBe(200);
    // Reports used up: over too.
    t.db
      .prepare(
        "UPDATE subscriptions SET remaining_projects = 0 WHERE user_id = (SELECT id FROM users WHERE email = 'trial@example.com')",
      )
      .run();
    expect((await t.call("GET", `/Calendar/Feed?hash=${trial}`)).status).toBe(403);
  });
});

describe("the help content site's stand-in", () => {
  it("lists manuals and videos in WordPress's REST shape, with files that exist", async () => {
    const manuals = await t.app.request("/content/wp-json/wp/v2/training-manual?per_page=100");
    expect(manuals.status).toBe(200);
    const items = (await manuals.json()) as {
      id: number;
      title: { rendered: string };
      excerpt: { rendered: string };
      acf: { gated_content_thumbnail: string; gated_content_pdf: string };
    }[];
    expect(items.length).toBeGreaterThanOrEqual(3);
    const pdf = await t.app.request(new URL(items[0].acf.gated_content_pdf).pathname);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const thumb = await t.app.request(new URL(items[0].acf.gated_content_thumbnail).pathname);
    expect(thumb.headers.get("content-type")).toBe("image/svg+xml");

    const videos = await t.app.request("/content/wp-json/wp/v2/training-videos");
    const vids = (await videos.json()) as { acf: { gated_content_video: string } }[];
    expect(vids.length).toBeGreaterThanOrEqual(3);
    for (const v of vids) expect(v.acf.gated_content_video).toMatch(/^https:\/\/www\.youtube\.com\/embed\//);
    expect((await t.app.request("/content/wp-content/uploads/..%2Fsite.ts")).status).toBe(404);
  });
});
