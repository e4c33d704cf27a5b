/**
 * The endpoint table against the reference API: the API serves exactly the table's calls, each call asks for a
 * token unless the table says it is public, every read answers what the table's schema says, and the path builders
 * encode and refuse as they promise.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_FILE, type Endpoint, endpoints } from "../../contract/endpoints";
import { hashToken } from "../../upstream/security";
import { API_BASE_PATH } from "../../upstream/server";
import { testApi } from "./helpers";

let t: ReturnType<typeof testApi>;
let member: string;
let admin: string;
let projectId: number;
let contactId: number;

beforeAll(async () => {
  t = testApi({ projects: 200 });
  member = await t.login("member@example.com");
  admin = await t.login("admin@example.com");
  projectId = t.db
    .prepare("SELECT id FROM projects WHERE active = 1 ORDER BY id LIMIT 1")
    .pluck()
    .get() as number;
  contactId = t.db.prepare("SELECT id FROM contacts ORDER BY id LIMIT 1").pluck().get() as number;
});
afterAll(() => t.cleanup());

const table = Object.entries(endpoints) as [string, Endpoint][];

/** An unsubscribe link's token of the demo member, as a mail would carry it. */
function unsubscribeToken() {
  const token = "endpoint-test-token-0123456789abcdef";
  t.db
    .prepare(
      `INSERT OR IGNORE INTO mail_unsubscribe_tokens (token_hash, user_id, list, created_at)
       SELECT ?, id, 'alerts', '2026-01-01T00:00:00Z' FROM users WHERE email = 'member@example.com'`,
    )
    .run(hashToken(token));
  return token;
}
const call = (method: string, pattern: string) => `${method} /${pattern}`;

/** Sample values for every path parameter of the table. */
const SAMPLE: Record<string, string | number> = {
  id: 1,
  projectId: 1,
  address: "Austin, TX",
  state: "TX",
  key: "sample-key-0123456789",
};
const samplePath = (e: Endpoint) => (e.path as (params: Record<string, string | number>) => string)(SAMPLE);

describe("the endpoint table and the reference API", () => {
  it("the API serves every call of the table and no other", () => {
    const served = new Set(
      t.app.routes
        .filter((r) => r.method !== "ALL" && r.path.startsWith(`${API_BASE_PATH}/`))
        .map((r) => `${r.method} ${r.path.slice(API_BASE_PATH.length)}`)
        .filter((route) => route !== "GET /Health"),
    );
    const listed = new Set(table.map(([, e]) => call(e.method, e.pattern)));
    expect([...served].filter((route) => !listed.has(route))).toEqual([]);
    expect([...listed].filter((route) => !served.has(route))).toEqual([]);
    // Users/Me is read two ways (with and without the settings), and no other call is listed twice.
    expect(table.length - listed.size).toBe(1);
  });

  it("names each entry's route after its pattern", () => {
    for (const [, e] of table) expect(e.route).toBe(`/${e.pattern}`);
  });

  it("asks for a token on every call but the public ones", async () => {
    for (const [name, e] of table) {
      const res = await t.app.request(`${API_BASE_PATH}/${samplePath(e)}`, {
        method: e.method,
        headers: { "content-type": "application/json" },
        body: e.method === "GET" ? undefined : "{}",
      });
      expect([name, res.status === 401], `${name}: ${res.status}`).toEqual([name, e.public !== true]);
    }
  });

  it("answers every read with what the table's answer schema says", async () => {
    const params = { id: projectId, projectId, address: "Austin, TX", state: "TX", key: SAMPLE.key };
    const reads = table.filter(([, e]) => e.method === "GET");
    expect(reads.length).toBeGreaterThan(10);
    for (const [name, e] of reads) {
      const id = name.startsWith("contact")
        ? contactId
        : name === "charge"
          ? (t.db
              .prepare(
                "SELECT c.id FROM member_charges c JOIN users u ON u.id = c.user_id WHERE u.email = 'member@example.com'",
              )
              .pluck()
              .get() as number)
          : projectId;
      const path = (e.path as (p: Record<string, string | number>) => string)({ ...params, id });
      const query =
        name === "meWithSettings"
          ? "?withSettings=1"
          : name === "calendarFeed"
            ? `?hash=${t.db.prepare("SELECT ical_hash FROM users WHERE email = 'member@example.com'").pluck().get()}`
            : name === "unsubscribeInfo"
              ? `?token=${unsubscribeToken()}`
              : "";
      const res = await t.app.request(`${API_BASE_PATH}/${path}${query}`, {
        // A company's duplicates are for the merging roles only.
        headers: { authorization: `Bearer ${name === "companyDuplicates" ? admin : member}` },
      });
      expect(res.status, name).toBe(200);
      expect(e.answer).not.toBe(CSV_FILE);
      const parsed = (
        e.answer as { safeParse: (v: unknown) => { success: boolean; error?: unknown } }
      ).safeParse(await res.json());
      expect(parsed.error, name).toBeUndefined();
    }
  });

  it("marks the downloads as CSV files, and the API answers them as such", async () => {
    const downloads = table.filter(([, e]) => e.answer === CSV_FILE);
    expect(downloads.map(([name]) => name).sort()).toEqual([
      "downloadCompanies",
      "downloadContacts",
      "downloadProjects",
    ]);
    for (const [name, e] of downloads) {
      const res = await t.app.request(`${API_BASE_PATH}/${samplePath(e)}`, {
        method: e.method,
        headers: { authorization: `Bearer ${member}`, "content-type": "application/json" },
        body: JSON.stringify({ mine: 1 }),
      });
      expect(res.status, name).toBe(200);
      expect(res.headers.get("content-type"), name).toMatch(new RegExp(`^${CSV_FILE.file}\\b`));
      await res.body?.cancel();
    }
  });
});

describe("path builders", () => {
  it("fill the parameters in, URI-encoded", () => {
    expect(endpoints.projects.path()).toBe("Projects");
    expect(endpoints.projectNotes.path({ id: 12 })).toBe("Projects/12/Notes");
    expect(endpoints.deleteProjectNote.path({ projectId: 3, id: "9" })).toBe("Projects/3/Notes/9");
    expect(endpoints.geocode.path({ address: "12 Main St #4 / Austin, TX?" })).toBe(
      "Geocode/12%20Main%20St%20%234%20%2F%20Austin%2C%20TX%3F",
    );
    expect(endpoints.geocode.path({ address: ".." })).toBe("Geocode/%2E%2E");
  });

  it("refuse a value that does not fit its parameter, or a missing one", () => {
    expect(() => endpoints.project.path({ id: "12/../Users" })).toThrow(/does not fit/);
    expect(() => endpoints.project.path({ id: -1 })).toThrow(/does not fit/);
    expect(() => endpoints.geocode.path({ address: "" })).toThrow(/does not fit/);
    // @ts-expect-error the pattern has an :id
    expect(() => endpoints.project.path()).toThrow(/no value for :id/);
    // @ts-expect-error the pattern's parameters are projectId and id
    expect(() => endpoints.deleteProjectNote.path({ id: 1 })).toThrow(/no value for :projectId/);
  });

  it("build paths the API routes to the same call", async () => {
    const res = await t.app.request(`${API_BASE_PATH}/${endpoints.projectNotes.path({ id: projectId })}`, {
      headers: { authorization: `Bearer ${member}` },
    });
    expect(res.status).toBe(200);
    expect(endpoints.projectNotes.answer.safeParse(await res.json()).success).toBe(true);
  });
});
