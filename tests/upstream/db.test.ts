import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import {
  loadMigrations,
  migrate,
  openDatabase,
  schemaVersion,
  writeTransaction,
} from "../../upstream/db/index";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "upstream-db-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const tables = (db: ReturnType<typeof openDatabase>) =>
  (
    db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')").all() as { name: string }[]
  ).map((r) => r.name);

describe("migrations", () => {
  it("creates the whole schema on a new file, with WAL and foreign keys on", () => {
    const db = openDatabase(join(tempDir(), "nested", "new.sqlite"));
    const latest = loadMigrations().at(-1)?.version;
    expect(schemaVersion(db)).toBe(latest);
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(tables(db)).toEqual(
      expect.arrayContaining([
        "users",
        "roles",
        "user_roles",
        "access_tokens",
        "password_resets",
        "outbox",
        "plans",
        "additional_services",
        "subscriptions",
        "subscription_additional_services",
        "subscription_project_types",
        "subscription_states",
        "states",
        "counties",
        "verticals",
        "project_types",
        "project_subtypes",
        "brands",
        "stages",
        "sectors",
        "materials",
        "projects",
        "project_project_types",
        "project_project_subtypes",
        "project_brands",
        "project_materials",
        "project_contacts",
        "project_updates",
        "projects_fts",
        "companies",
        "company_types",
        "company_company_types",
        "company_locations",
        "company_partners",
        "contacts",
        "contacts_fts",
        "tags",
        "user_projects",
        "user_contacts",
        "project_notes",
        "alerts",
        "saved_searches",
        "messages",
        "researchers",
        "project_views",
      ]),
    );
    db.close();
  });

  it("applies only pending migrations, in order, and is idempotent", () => {
    const dir = tempDir();
    const migrations = join(dir, "migrations");
    const db = openDatabase(join(dir, "a.sqlite"));
    const base = schemaVersion(db);
    expect(migrate(db)).toEqual([]);

    rmSync(migrations, { recursive: true, force: true });
    mkdirSync(migrations);
    const next = String(base + 1).padStart(3, "0");
    const after = String(base + 2).padStart(3, "0");
    writeFileSync(join(migrations, `${after}_second.sql`), "ALTER TABLE widgets ADD COLUMN size INTEGER;");
    writeFileSync(join(migrations, `${next}_first.sql`), "CREATE TABLE widgets (id INTEGER PRIMARY KEY);");
    writeFileSync(join(migrations, "README.txt"), "not a migration");
    const extra = loadMigrations(migrations);
    expect(extra.map((m) => m.name)).toEqual(["first", "second"]);

    expect(migrate(db, [...loadMigrations(), ...extra])).toEqual([base + 1, base + 2]);
    expect(schemaVersion(db)).toBe(base + 2);
    expect(migrate(db, [...loadMigrations(), ...extra])).toEqual([]);
    db.prepare("INSERT INTO widgets (size) VALUES (3)").run();
    db.close();
  });

  it("rolls back a failing migration as a whole", () => {
    const dir = tempDir();
    const db = openDatabase(join(dir, "b.sqlite"));
    const base = schemaVersion(db);
    const broken = {
      version: base + 1,
      name: "broken",
      sql: "CREATE TABLE half (id INTEGER); SELECT * FROM missing_table;",
    };
    expect(() => migrate(db, [broken])).toThrow();
    expect(schemaVersion(db)).toBe(base);
    expect(tables(db)).not.toContain("half");
    db.close();
  });
});

describe("write transactions", () => {
  /** The API's connection and another process's (a test creating a member, a second API process). */
  function twoConnections() {
    const path = join(tempDir(), "shared.sqlite");
    const api = openDatabase(path);
    api.exec("CREATE TABLE counter (n INTEGER)");
    const other = new Database(path);
    other.pragma("busy_timeout = 5000");
    return { api, other };
  }
  /** Reads, lets the other connection commit (as during a password hash), then writes. */
  const readOtherWrite = (api: Database.Database, other: Database.Database) => () => {
    api.prepare("SELECT count(*) FROM counter").get();
    other.prepare("INSERT INTO counter VALUES (1)").run();
    api.prepare("INSERT INTO counter VALUES (2)").run();
  };

  it("holds the write lock from its start: no other connection commits between its read and its write", () => {
    const { api, other } = twoConnections();
    other.pragma("busy_timeout = 0");
    expect(() => writeTransaction(api, readOtherWrite(api, other))()).toThrow(/database is locked/);
    // It was the other connection that was refused (it would have waited busy_timeout): nothing of its got in.
    expect(api.prepare("SELECT count(*) AS n FROM counter").get()).toEqual({ n: 0 });
    other.close();
    api.close();
  });

  it("(the failure it avoids) a deferred transaction that reads, then writes after another commit, fails at once", () => {
    const { api, other } = twoConnections();
    expect(() => api.transaction(readOtherWrite(api, other))()).toThrow(/database is locked/);
    other.close();
    api.close();
  });

  it("is how every transaction of the reference API is made", () => {
    const root = join(__dirname, "..", "..", "upstream");
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith(".ts"));
    const elsewhere = files
      .map((file) => relative(root, join(root, file)))
      // The seed and the migrations run alone, before the API serves.
      .filter((file) => !file.startsWith("seed") && file !== join("db", "index.ts"))
      .filter((file) => /\.transaction\(/.test(readFileSync(join(root, file), "utf8")));
    expect(elsewhere).toEqual([]);
  });
});
