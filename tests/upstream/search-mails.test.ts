/**
 * Saved searches bring new leads (issue 45): a saved project search set to "daily" or "weekly" mails the projects
 * newly entered that it matches, inside what the member may open, once per member, search and period, up to 25
 * with a link to the whole search; its own one-click unsubscribe turns that search's mail off, and nothing else.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UnsubscribeAnswer, UnsubscribeInfoAnswer } from "../../contract/mail";
import { SavedSearchAnswer, SavedSearchListAnswer } from "../../contract/searches";
import { mailDigests } from "../../upstream/mail/digests";
import { projectsByCoverage, testApi } from "./helpers";

const APP = "http://app.test";
const EMAIL = "member@example.com";
// Monday 3 March 2031 in Chicago (CST, UTC-6): 04:00 (the search is saved), 05:00, 08:00; then Tuesday 08:00.
const MON_4AM = new Date("2031-03-03T10:00:00Z");
const MON_5AM = new Date("2031-03-03T11:00:00Z");
const MON_8AM = new Date("2031-03-03T14:00:00Z");
const TUE_8AM = new Date("2031-03-04T14:00:00Z");
const HOUR = 3600_000;
const CITY = "Zephyrville";

let t: ReturnType<typeof testApi>;
let member: number;
let token: string;

beforeEach(async () => {
  t = testApi({ projects: 300 });
  member = idOf(EMAIL);
  t.clock.now = MON_4AM;
  token = await t.login(EMAIL);
});
afterEach(() => t.cleanup());

const idOf = (email: string) =>
  t.db.prepare("SELECT id FROM users WHERE email = ?").pluck().get(email) as number;

/** One API instance's schedules (a second call is a second instance, or the API after a restart). */
const digests = () => mailDigests({ db: t.db, appBaseUrl: APP, tokenTtlMs: 1, now: () => t.clock.now });

type OutboxRow = {
  id: number;
  to: string;
  subject: string;
  body: string;
  html: string;
  headers: string;
  secrets: string;
};
const mails = () =>
  t.db.prepare("SELECT * FROM outbox WHERE kind = 'searches' ORDER BY id").all() as OutboxRow[];
const tokenOf = (row: OutboxRow) => (JSON.parse(row.secrets) as string[])[0];
const projectLinks = (body: string) => [...body.matchAll(/\/Projects\/(\d+)\b/g)].map((m) => Number(m[1]));

/** Saves a project search through the API, as the app's Save Search dialog does. */
async function saveSearch(
  name: string,
  search: Record<string, unknown>,
  mail?: "off" | "daily" | "weekly",
  bearer = token,
) {
  const res = await t.call(
    "POST",
    "/Users/Me/SavedSearches",
    { name, search: JSON.stringify(search), ...(mail ? { mail_frequency: mail } : {}) },
    bearer,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return SavedSearchAnswer.parse(res.body).data;
}

/** Makes projects match the Zephyrville search, entered at `at` (and active). */
function enter(ids: number[], at: Date, city = CITY) {
  for (const id of ids)
    t.db
      .prepare("UPDATE projects SET city = ?, active = 1, created_at = ?, updated_at = ? WHERE id = ?")
      .run(city, at.toISOString(), at.toISOString(), id);
}
const titleOf = (id: number) =>
  t.db.prepare("SELECT title FROM projects WHERE id = ?").pluck().get(id) as string;

describe("the saved search's e-mail choice, stored by the API", () => {
  it("is 'off' unless chosen, set and read per search, and only for project searches", async () => {
    const plain = await saveSearch("Plain", { city: CITY });
    expect(plain.mail_frequency).toBe("off");
    const daily = await saveSearch("Daily", { city: CITY }, "daily");
    expect(daily.mail_frequency).toBe("daily");
    const since = (id: number) =>
      t.db.prepare("SELECT mail_since FROM saved_searches WHERE id = ?").pluck().get(id) as string | null;
    expect(since(plain.id)).toBeNull();
    expect(since(daily.id)).toBe(MON_4AM.toISOString());

    t.clock.now = MON_5AM;
    const set = await t.call(
      "PUT",
      `/Users/Me/SavedSearches/${plain.id}`,
      { mail_frequency: "weekly" },
      token,
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(SavedSearchAnswer.parse(set.body).data.mail_frequency).toBe("weekly");
    // Turned on now: new matches count from now. Daily → weekly keeps the count where it was.
    expect(since(plain.id)).toBe(MON_5AM.toISOString());
    await t.call("PUT", `/Users/Me/SavedSearches/${daily.id}`, { mail_frequency: "weekly" }, token);
    expect(since(daily.id)).toBe(MON_4AM.toISOString());

    const list = SavedSearchListAnswer.parse(
      (await t.call("GET", "/Users/Me/SavedSearches", undefined, token)).body,
    );
    const mine = list.data.filter((s) => s.name === "Daily" || s.name === "Plain");
    expect(mine.map((s) => [s.name, s.mail_frequency])).toEqual([
      ["Daily", "weekly"],
      ["Plain", "weekly"],
    ]);

    expect(
      (await t.call("PUT", `/Users/Me/SavedSearches/${plain.id}`, { mail_frequency: "hourly" }, token))
        .status,
    ).toBe(422);
    // Another member's search answers as a missing one does.
    const other = await t.login("basic@example.com");
    expect(
      (await t.call("PUT", `/Users/Me/SavedSearches/${plain.id}`, { mail_frequency: "off" }, other)).status,
    ).toBe(404);
    const contact = await t.call(
      "POST",
      "/Users/Me/SavedContactSearches",
      { name: "People", search: "{}", mail_frequency: "daily" },
      token,
    );
    expect(contact.status).toBe(422);
  });
});

describe("the saved search's e-mail of new matches", () => {
  it("first send: the projects entered since the search was saved that it matches, inside coverage, once a day", async () => {
    const [older, a, b, later] = projectsByCoverage(t.db, EMAIL, true, 4);
    enter([older], new Date(MON_4AM.getTime() - HOUR));
    const search = await saveSearch("Zephyr leads", { city: CITY }, "daily");
    enter([a], new Date(MON_4AM.getTime() + 30 * 60_000));
    enter([b], new Date(MON_4AM.getTime() + HOUR));

    // Before 6:00 in the member's zone, nothing is due.
    t.clock.now = MON_5AM;
    expect(digests().runSearches(MON_5AM)).toEqual({ members: 0, mailed: 0 });
    t.clock.now = MON_8AM;
    expect(digests().runSearches(MON_8AM)).toEqual({ members: 1, mailed: 1 });
    const [mail] = mails();
    expect(mail.to).toBe(EMAIL);
    expect(mail.subject).toBe("2 new projects match your saved search 'Zephyr leads'");
    // Newest first; the project entered before the search was saved is not there.
    expect(projectLinks(mail.body)).toEqual([b, a]);
    expect(mail.body).toContain(titleOf(a));
    expect(mail.body).toContain(
      `The full search, newest first: ${APP}/Projects?page=1&orderBy=created_at&orderDirection=desc&panel=1&city=${CITY}`,
    );
    expect(mail.html).toContain(
      `href="${APP}/Projects?page=1&amp;orderBy=created_at&amp;orderDirection=desc&amp;panel=1&amp;city=${CITY}"`,
    );
    for (const url of mail.body.match(/https?:\/\/\S+/g) ?? []) expect(url.startsWith(`${APP}/`)).toBe(true);
    const headers = JSON.parse(mail.headers) as Record<string, string>;
    expect(headers["List-Unsubscribe"]).toBe(`<${APP}/Unsubscribe/${tokenOf(mail)}>`);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.body).toContain(`${APP}/Unsubscribe/${tokenOf(mail)}`);

    // Idempotent: the same day again, from another instance (a restart), even with a new match: nothing.
    enter([later], new Date(MON_8AM.getTime() + HOUR));
    t.clock.now = new Date(MON_8AM.getTime() + 2 * HOUR);
    expect(digests().runSearches(t.clock.now)).toEqual({ members: 0, mailed: 0 });
    expect(mails()).toHaveLength(1);
    // The next day lists only what is new since the last send.
    t.clock.now = TUE_8AM;
    expect(digests().runSearches(TUE_8AM)).toEqual({ members: 1, mailed: 1 });
    expect(mails()[1].subject).toBe("1 new project matches your saved search 'Zephyr leads'");
    expect(projectLinks(mails()[1].body)).toEqual([later]);
    expect(search.id).toBeGreaterThan(0);
  });

  it("names only projects inside the member's coverage (a state plan)", async () => {
    const basic = await t.login("basic@example.com");
    const inside = projectsByCoverage(t.db, "basic@example.com", true, 2);
    const outside = projectsByCoverage(t.db, "basic@example.com", false, 3);
    expect(inside).toHaveLength(2);
    expect(outside).toHaveLength(3);
    await saveSearch("Covered", { city: CITY }, "daily", basic);
    enter([...inside, ...outside], new Date(MON_4AM.getTime() + HOUR));
    t.clock.now = MON_8AM;
    expect(digests().runSearches(MON_8AM)).toEqual({ members: 1, mailed: 1 });
    expect(mails()[0].to).toBe("basic@example.com");
    expect(projectLinks(mails()[0].body).sort((x, y) => x - y)).toEqual([...inside].sort((x, y) => x - y));
  });

  it("sends nothing when the search has no new match, and claims nothing, so a later match that day is sent", async () => {
    const [old, fresh] = projectsByCoverage(t.db, EMAIL, true, 2);
    enter([old], new Date(MON_4AM.getTime() - HOUR));
    await saveSearch("Nothing new", { city: CITY }, "daily");
    await saveSearch("Off", { city: CITY });
    t.clock.now = MON_8AM;
    expect(digests().runSearches(MON_8AM)).toEqual({ members: 0, mailed: 0 });
    expect(mails()).toHaveLength(0);
    expect(t.db.prepare("SELECT count(*) FROM mail_runs WHERE job = 'searches'").pluck().get()).toBe(0);

    enter([fresh], new Date(MON_8AM.getTime() + HOUR));
    t.clock.now = new Date(MON_8AM.getTime() + 2 * HOUR);
    // One mail: the search that is off sends nothing.
    expect(digests().runSearches(t.clock.now)).toEqual({ members: 1, mailed: 1 });
    expect(mails().map((m) => m.subject)).toEqual(["1 new project matches your saved search 'Nothing new'"]);
  });

  it("weekly: once per ISO week of the member's zone, from Monday 6:00", async () => {
    const [a, b] = projectsByCoverage(t.db, EMAIL, true, 2);
    await saveSearch("Weekly leads", { city: CITY }, "weekly");
    enter([a], new Date(MON_4AM.getTime() + 30 * 60_000));
    t.clock.now = MON_5AM;
    expect(digests().runSearches(MON_5AM).mailed).toBe(0);
    t.clock.now = MON_8AM;
    expect(digests().runSearches(MON_8AM).mailed).toBe(1);
    enter([b], new Date(MON_8AM.getTime() + HOUR));
    t.clock.now = TUE_8AM;
    expect(digests().runSearches(TUE_8AM).mailed).toBe(0);
    const nextMonday = new Date("2031-03-10T13:00:00Z");
    t.clock.now = nextMonday;
    expect(digests().runSearches(nextMonday).mailed).toBe(1);
    expect(projectLinks(mails()[1].body)).toEqual([b]);
    expect(
      t.db.prepare("SELECT period FROM mail_runs WHERE job = 'searches' ORDER BY period").pluck().all(),
    ).toEqual([expect.stringMatching(/^s\d+:2031-W10$/), expect.stringMatching(/^s\d+:2031-W11$/)]);
  });

  it("lists at most 25, newest first, counts the rest and links to the whole search", async () => {
    const ids = projectsByCoverage(t.db, EMAIL, true, 30);
    expect(ids).toHaveLength(30);
    await saveSearch("Many", { city: CITY, query: "" }, "daily");
    ids.forEach((id, i) => {
      enter([id], new Date(MON_4AM.getTime() + (i + 1) * 60_000));
    });
    t.clock.now = MON_8AM;
    expect(digests().runSearches(MON_8AM).mailed).toBe(1);
    const [mail] = mails();
    expect(mail.subject).toBe("30 new projects match your saved search 'Many'");
    expect(projectLinks(mail.body)).toEqual(ids.slice(5).reverse());
    expect(mail.body).toContain("…and 5 more in the full search.");
    expect(mail.body).toContain(
      `${APP}/Projects?page=1&orderBy=created_at&orderDirection=desc&panel=1&city=${CITY}`,
    );
    expect(mail.html).toContain("Open the full search");
  });

  it("goes through the list's own search: the keyword and the filters of the saved search", async () => {
    const [a, b] = projectsByCoverage(t.db, EMAIL, true, 2);
    const word =
      titleOf(a)
        .split(/\s+/)
        .find((w) => w.length > 3 && /^[A-Za-z]+$/.test(w)) ?? "";
    expect(word).not.toBe("");
    await saveSearch("Keyword", { city: CITY, query: word }, "daily");
    enter([a, b], new Date(MON_4AM.getTime() + HOUR));
    t.clock.now = MON_8AM;
    digests().runSearches(MON_8AM);
    const linked = projectLinks(mails()[0].body);
    expect(linked).toContain(a);
    const bMatches = titleOf(b).toLowerCase().includes(word.toLowerCase());
    if (!bMatches) expect(linked).not.toContain(b);
    expect(mails()[0].body).toContain(`query=${encodeURIComponent(word)}`);
  });

  it("sends nothing to a trial that is over", async () => {
    // The trial guard refuses an expired trial new searches: one it saved while it ran.
    const [a] = projectsByCoverage(t.db, EMAIL, true, 1);
    t.db
      .prepare(
        `INSERT INTO saved_searches (user_id, kind, name, search, created_at, mail_frequency, mail_since)
         VALUES (?, 'project', 'Expired', ?, ?, 'daily', ?)`,
      )
      .run(
        idOf("expired@example.com"),
        JSON.stringify({ city: CITY }),
        MON_4AM.toISOString(),
        MON_4AM.toISOString(),
      );
    // The same search of a member with access is mailed: the run itself is due.
    await saveSearch("Has access", { city: CITY }, "daily");
    enter([a], new Date(MON_4AM.getTime() + HOUR));
    t.clock.now = MON_8AM;
    expect(digests().runSearches(MON_8AM)).toEqual({ members: 1, mailed: 1 });
    expect(mails().map((m) => m.to)).toEqual([EMAIL]);
  });

  it("each search's one-click unsubscribe turns that search off, and nothing else", async () => {
    const [a, b, c] = projectsByCoverage(t.db, EMAIL, true, 3);
    const first = await saveSearch("First", { city: CITY }, "daily");
    const second = await saveSearch("Second", { city: "Quillton" }, "daily");
    enter([a], new Date(MON_4AM.getTime() + HOUR));
    enter([b], new Date(MON_4AM.getTime() + HOUR), "Quillton");
    t.clock.now = MON_8AM;
    expect(digests().runSearches(MON_8AM)).toEqual({ members: 2, mailed: 2 });
    const mailOf = (name: string) => mails().find((m) => m.subject.endsWith(`'${name}'`)) as OutboxRow;
    const link = tokenOf(mailOf("First"));
    expect(tokenOf(mailOf("Second"))).not.toBe(link);

    const settings = () =>
      t.db.prepare("SELECT alert_weekly, reminder_mail FROM users WHERE id = ?").get(member);
    const before = settings();
    const info = await t.call("GET", `/Mail/Unsubscribe?token=${link}`);
    expect(UnsubscribeInfoAnswer.parse(info.body).data).toEqual({
      list: "searches",
      email: "m•••@example.com",
      subscribed: true,
      search: "First",
    });
    const off = await t.call("POST", "/Mail/Unsubscribe", { token: link });
    expect(off.status).toBe(200);
    expect(UnsubscribeAnswer.parse(off.body)).toEqual({
      message: "You will no longer receive e-mails of new matches for this saved search.",
      data: { list: "searches", email: "m•••@example.com", subscribed: false, search: "First" },
    });
    const frequency = (id: number) =>
      t.db.prepare("SELECT mail_frequency FROM saved_searches WHERE id = ?").pluck().get(id);
    expect(frequency(first.id)).toBe("off");
    expect(frequency(second.id)).toBe("daily");
    expect(settings()).toEqual(before);
    // The same link again answers the same.
    expect((await t.call("POST", "/Mail/Unsubscribe", { token: link })).status).toBe(200);

    // Both searches have a new match the next day: only the second mails.
    enter([c], new Date(MON_8AM.getTime() + HOUR));
    t.db.prepare("UPDATE projects SET city = 'Quillton' WHERE id = ?").run(b);
    const d = projectsByCoverage(t.db, EMAIL, true, 4)[3];
    enter([d], new Date(MON_8AM.getTime() + HOUR), "Quillton");
    t.clock.now = TUE_8AM;
    expect(digests().runSearches(TUE_8AM)).toEqual({ members: 1, mailed: 1 });
    expect(mails().at(-1)?.subject).toBe("1 new project matches your saved search 'Second'");
    // A deleted search's link no longer works.
    const deleted = await t.call(
      "DELETE",
      `/Users/Me/SavedSearches/${second.id}`,
      undefined,
      await t.login(EMAIL),
    );
    expect(deleted.status).toBe(200);
    expect((await t.call("GET", `/Mail/Unsubscribe?token=${tokenOf(mailOf("Second"))}`)).status).toBe(404);
  });
});
