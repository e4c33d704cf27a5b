import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../upstream/db/index";
import { DEMO_ACCOUNTS, seedDatabase } from "../../upstream/seed/index";
import { Random } from "../../upstream/seed/prng";
import { tempDatabase } from "./helpers";

type Temp = ReturnType<typeof tempDatabase>;
let a: Temp;
let b: Temp;

beforeAll(() => {
  a = tempDatabase(200, "a.sqlite");
  b = tempDatabase(200, "b.sqlite");
});
afterAll(() => {
  a.cleanup();
  b.cleanup();
});

const dump = (t: Temp, sql: string) => t.db.prepare(sql).all();

describe("seed", () => {
  it("is deterministic: two seeds of the same size give identical rows", () => {
    for (const sql of [
      "SELECT * FROM projects ORDER BY id",
      "SELECT * FROM project_project_types ORDER BY project_id, project_type_id",
      "SELECT * FROM project_contacts ORDER BY project_id, contact_id",
      "SELECT * FROM project_updates ORDER BY id",
      "SELECT * FROM contacts ORDER BY id",
      "SELECT * FROM companies ORDER BY id",
      "SELECT user_id, project_id, tag_id FROM user_projects ORDER BY id",
      "SELECT user_id, project_id, note, notification_date FROM project_notes ORDER BY id",
    ]) {
      expect(dump(a, sql)).toEqual(dump(b, sql));
    }
    expect(dump(a, "SELECT count(*) AS n FROM projects")).toEqual([{ n: 200 }]);
  });

  it("writes project text as English: no comma after a lone adjective, types as common nouns (issue 43)", () => {
    const texts = a.db.prepare("SELECT details FROM projects").pluck().all() as string[];
    const opening = texts.map((t) => /^Plans call for [^.]*? (?:a|an) (\d+-story[^ ]*)( [^ ]+)/.exec(t));
    expect(opening.filter(Boolean).length).toBeGreaterThan(100);
    // "a 1-story, Mosque": the comma only ever separates two adjectives ("3-story, 120-room").
    for (const m of opening) if (m?.[1].endsWith(",")) expect(m[2]).toMatch(/^ [\d,]+-[a-z]/);
    expect(texts.filter((t) => /-story, [A-Z]/.test(t))).toEqual([]);
    expect(texts.filter((t) => /\ba 8|\ban [1-79]-story/.test(t))).toEqual([]);
  });

  it("a different PRNG seed gives different projects", () => {
    const db = openDatabase(":memory:");
    seedDatabase(db, { projects: 200, seed: 7 });
    expect(db.prepare("SELECT * FROM projects ORDER BY id").all()).not.toEqual(
      dump(a, "SELECT * FROM projects ORDER BY id"),
    );
    db.close();
  });

  it("leaves a consistent database: foreign keys hold, WAL and foreign keys back on", () => {
    expect(a.db.pragma("foreign_key_check")).toEqual([]);
    expect(a.db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(a.db.pragma("foreign_keys", { simple: true })).toBe(1);
  });

  it("keeps the proportions: ~0.6 contacts and ~0.15 companies per project", () => {
    const t = tempDatabase(2000);
    const n = (table: string) =>
      (t.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(n("contacts")).toBe(1200);
    expect(n("companies")).toBe(300);
    expect(n("company_locations")).toBeGreaterThan(300);
    t.cleanup();
  });

  it("uses real geography: every US project's county exists in its state", () => {
    const orphans = dump(
      a,
      `SELECT p.id FROM projects p JOIN states s ON s.abbr = p.state AND s.country = 'US'
      WHERE p.county IS NULL OR NOT EXISTS (SELECT 1 FROM counties c WHERE c.state_abbr = p.state AND c.name = p.county)`,
    );
    expect(orphans).toEqual([]);
    expect(dump(a, "SELECT count(*) AS n FROM states WHERE country = 'US'")).toEqual([{ n: 51 }]);
    expect(dump(a, "SELECT count(*) AS n FROM states WHERE country = 'CA'")).toEqual([{ n: 13 }]);
    const bad = dump(
      a,
      "SELECT id FROM projects WHERE lat NOT BETWEEN 17 AND 72 OR lng NOT BETWEEN -180 AND -52",
    );
    expect(bad).toEqual([]);
  });

  it("writes quarter-coded date notes and values in millions", () => {
    const notes = dump(
      a,
      "SELECT start_date_notes AS n FROM projects WHERE start_date_notes IS NOT NULL",
    ) as { n: string }[];
    expect(notes.length).toBeGreaterThan(0);
    for (const { n } of notes) expect(n).toMatch(/^(q1|q2|q3|q4|q1q2|q2q3|q3q4|q4q1)-\d{4}$/);
    const values = dump(a, "SELECT min(minimum_value) AS lo, max(minimum_value) AS hi FROM projects")[0] as {
      lo: number;
      hi: number;
    };
    expect(values.lo).toBeGreaterThan(0);
    expect(values.hi).toBeLessThan(5000);
  });

  it("indexes keyword search", () => {
    const row = dump(a, "SELECT id, city FROM projects WHERE id = 1")[0] as { id: number; city: string };
    const hits = a.db
      .prepare("SELECT rowid FROM projects_fts WHERE projects_fts MATCH ?")
      .all(`"${row.city}"`) as { rowid: number }[];
    expect(hits.map((h) => h.rowid)).toContain(1);
  });

  it("creates every demo account", () => {
    const emails = (dump(a, "SELECT email FROM users ORDER BY id") as { email: string }[]).map(
      (r) => r.email,
    );
    expect(emails).toEqual(DEMO_ACCOUNTS.map((d) => d.email));
    expect(DEMO_ACCOUNTS.every((d) => d.password === "demo-password" && d.description.length > 0)).toBe(true);
  });

  it("refuses to seed twice", () => {
    expect(() => seedDatabase(a.db, { projects: 10 })).toThrow(/already seeded/);
  });
});

describe("Random", () => {
  it("repeats its sequence for the same seed", () => {
    const x = new Random(42);
    const y = new Random(42);
    expect(Array.from({ length: 5 }, () => x.float())).toEqual(Array.from({ length: 5 }, () => y.float()));
  });
});
