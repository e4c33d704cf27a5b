/**
 * Rights the reference API enforces whatever the client shows (issue 11, docs/decisions/013): a member without
 * allow_directory reads only contacts they saved or that a project they may open names; a trial that is over gets
 * no search results; capability flags are refused, not only hidden.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContactAnswer } from "../../contract/contacts";
import { coverageFor } from "../../upstream/models/coverage";
import { memberRights } from "../../upstream/rights";
import { createTestApi, type TestApi, userId } from "./contacts-support";
import { projectsByCoverage } from "./helpers";

let t: TestApi;
let basic: string;
let member: string;
let expired: string;
let basicId: number;

beforeAll(async () => {
  t = createTestApi();
  [basic, member, expired] = await Promise.all([
    t.login("basic@example.com"),
    t.login("member@example.com"),
    t.login("expired@example.com"),
  ]);
  basicId = userId(t.db, "basic@example.com");
}, 120_000);
afterAll(() => t?.close());

/** A contact no project names and `user` has not saved. */
const unrelatedContact = (user: number) =>
  t.db
    .prepare<[number], number>(
      `SELECT id FROM contacts WHERE id NOT IN (SELECT contact_id FROM project_contacts)
       AND id NOT IN (SELECT contact_id FROM user_contacts WHERE user_id = ?) ORDER BY id LIMIT 1`,
    )
    .pluck()
    .get(user) as number;

const post = (path: string, token: string, json: unknown) => t.call(path, { method: "POST", token, json });

describe("contacts without allow_directory", () => {
  it("refuses an unrelated contact by id, and every way of reaching it (save, note, folder)", async () => {
    const id = unrelatedContact(basicId);
    expect(id).toBeGreaterThan(0);
    const res = await t.call(`Contacts/${id}`, { token: basic });
    expect(res.status).toBe(403);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({
      message: "Your subscription does not include the contact directory.",
    });
    const email = t.db.prepare<[number], string>("SELECT email FROM contacts WHERE id = ?").pluck().get(id);
    if (email) expect(body).not.toContain(email);

    expect((await post("Contacts/Save", basic, { contact_id: id })).status).toBe(403);
    expect((await post("Contacts/AddNote", basic, { contact_id: id, note: "x" })).status).toBe(403);
    expect((await post("Contacts/AddTag", basic, { contact_id: id, tag_id: null })).status).toBe(403);
    const links = t.db
      .prepare("SELECT count(*) AS n FROM user_contacts WHERE user_id = ? AND contact_id = ?")
      .get(basicId, id) as { n: number };
    expect(links.n).toBe(0);
  });

  it("reads a contact named by a project it may open, and a contact once saved; not one named only outside", async () => {
    const cover = coverageFor(t.db).condition(basicId);
    const namedBy = (inside: boolean) =>
      t.db
        .prepare(
          `SELECT pc.contact_id FROM project_contacts pc WHERE NOT EXISTS (
             SELECT 1 FROM project_contacts other JOIN projects p ON p.id = other.project_id
             WHERE other.contact_id = pc.contact_id AND ${inside ? "NOT" : ""} (${cover.sql}))
           AND pc.contact_id NOT IN (SELECT contact_id FROM user_contacts WHERE user_id = ?)
           ORDER BY pc.contact_id LIMIT 1`,
        )
        .pluck()
        .get(...cover.values, basicId) as number;
    const linked = namedBy(true);
    expect(linked).toBeGreaterThan(0);
    const res = await t.call(`Contacts/${linked}`, { token: basic });
    expect(res.status).toBe(200);
    expect(ContactAnswer.parse(await res.json()).data.id).toBe(linked);
    // Named only by projects outside basic@'s coverage (Texas hotels and apartments): refused.
    const outside = namedBy(false);
    expect(outside).toBeGreaterThan(0);
    expect((await t.call(`Contacts/${outside}`, { token: basic })).status).toBe(403);

    const id = unrelatedContact(basicId);
    t.db
      .prepare(
        "INSERT INTO user_contacts (user_id, contact_id, created_at, updated_at) VALUES (?, ?, datetime(), datetime())",
      )
      .run(basicId, id);
    try {
      expect((await t.call(`Contacts/${id}`, { token: basic })).status).toBe(200);
    } finally {
      t.db.prepare("DELETE FROM user_contacts WHERE user_id = ? AND contact_id = ?").run(basicId, id);
    }
  });

  it("a member with the directory reads any contact", async () => {
    const res = await t.call(`Contacts/${unrelatedContact(userId(t.db, "member@example.com"))}`, {
      token: member,
    });
    expect(res.status).toBe(200);
  });

  it("refuses the download to a member without allow_download", async () => {
    const res = await post("Projects/Download", basic, {});
    expect(res.status).toBe(403);
  });
});

describe("a free trial that is over", () => {
  it("gets no project or contact search, nor another's contact", async () => {
    for (const path of ["Projects", "Projects?query=hotel", "Contacts"]) {
      const res = await t.call(path, { token: expired });
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual({ message: "Your free trial has expired." });
    }
    const contact = await t.call(`Contacts/${unrelatedContact(userId(t.db, "expired@example.com"))}`, {
      token: expired,
    });
    expect(contact.status).toBe(403);
    const project = t.db.prepare<[], number>("SELECT id FROM projects ORDER BY id LIMIT 1").pluck().get();
    expect((await t.call(`Projects/${project}/Similar`, { token: expired })).status).toBe(403);
  });

  it("gets not even its own saved lists (decision 105: the app shows it none of them either)", async () => {
    expect((await t.call("Projects?mine=1", { token: expired })).status).toBe(403);
    expect((await t.call("Contacts?mine=1", { token: expired })).status).toBe(403);
  });
});

describe("one right to a project, on every path (issue 25)", () => {
  /** Every path that reaches a project, and whether it answered with the project's data (2xx). */
  async function paths(token: string, projectId: number, owner: number) {
    const answered = async (res: Response) => {
      await res.body?.cancel();
      return res.status;
    };
    const folder = t.db
      .prepare("SELECT id FROM tags WHERE user_id = ? AND tag_type = 1 ORDER BY id LIMIT 1")
      .pluck()
      .get(owner) as number;
    return {
      save: await answered(await post("Projects/Save", token, { project_id: projectId })),
      folder: await answered(
        await post("Projects/AddTag", token, { project_id: projectId, tag_id: folder ?? null }),
      ),
      note: await answered(await post(`Projects/${projectId}/Notes`, token, { note: "mine now?" })),
      notes: await answered(await t.call(`Projects/${projectId}/Notes`, { token })),
      similar: await answered(await t.call(`Projects/${projectId}/Similar`, { token })),
      open: await answered(await t.call(`Projects/${projectId}`, { token })),
    };
  }
  const refusedEverywhere = (result: Record<string, number>) =>
    expect(
      Object.values(result).every((status) => status === 403 || status === 404),
      JSON.stringify(result),
    ).toBe(true);

  it("basic@ (a Texas plan) reaches a project outside its coverage by no path, before or after trying them all", async () => {
    const [outside] = projectsByCoverage(t.db, "basic@example.com", false, 1);
    refusedEverywhere(await paths(basic, outside, basicId));
    refusedEverywhere(await paths(basic, outside, basicId));
    const saved = t.db
      .prepare("SELECT count(*) FROM user_projects WHERE user_id = ? AND project_id = ?")
      .pluck()
      .get(basicId, outside);
    expect(saved).toBe(0);
    // Its saved list and a download of it hold nothing outside either.
    const list = (await (await t.call("Projects?mine=1&perPage=100", { token: basic })).json()) as {
      data: { data: { id: number }[] };
    };
    expect(list.data.data.map((r) => r.id)).not.toContain(outside);
  });

  it("basic@ opens, saves, files and annotates a project inside its coverage; similar lists stay inside", async () => {
    const [inside] = projectsByCoverage(t.db, "basic@example.com", true, 1);
    const result = await paths(basic, inside, basicId);
    expect(result).toEqual({ save: 200, folder: 200, note: 201, notes: 200, similar: 200, open: 200 });
    const similar = (await (await t.call(`Projects/${inside}/Similar`, { token: basic })).json()) as {
      data: { data: { id: number }[] };
    };
    const allowed = new Set(
      memberRights({ db: t.db, now: () => new Date() }).openableIds(
        basicId,
        similar.data.data.map((r) => r.id),
      ),
    );
    for (const row of similar.data.data) expect(allowed.has(row.id)).toBe(true);
  });

  it("a trial that is over reaches no project it never opened, by any path", async () => {
    const expiredId = userId(t.db, "expired@example.com");
    const never = t.db
      .prepare(
        "SELECT id FROM projects WHERE id NOT IN (SELECT project_id FROM project_views WHERE user_id = ?) ORDER BY id LIMIT 1",
      )
      .pluck()
      .get(expiredId) as number;
    refusedEverywhere(await paths(expired, never, expiredId));
    refusedEverywhere(await paths(expired, never, expiredId));
  });
});

describe("maximum lengths", () => {
  it("answers an over-long text 422 with a message, never a 500", async () => {
    const cases: [string, string, unknown, string][] = [
      ["POST", "Login", { email: "member@example.com", password: "x".repeat(100_000) }, "password"],
      ["POST", "ForgotPassword", { email: `${"a".repeat(300)}@example.com` }, "email"],
      ["POST", "Messages", { reason: "Question", comment: "c".repeat(5001) }, "comment"],
      ["PUT", "Users/Me", { first_name: "F".repeat(256) }, "first_name"],
      [
        "POST",
        "Users/Me/Password",
        { currentPassword: "p".repeat(201), newPassword: "x", confirmNewPassword: "x" },
        "currentPassword",
      ],
    ];
    for (const [method, path, json, field] of cases) {
      const res = await t.call(path, { method, token: member, json });
      expect(res.status, path).toBe(422);
      const body = (await res.json()) as { message: string; errors?: Record<string, string[]> };
      expect(body.errors?.[field]?.[0], path).toMatch(/may not be (greater|longer) than \d+ characters/);
    }
  });
});
