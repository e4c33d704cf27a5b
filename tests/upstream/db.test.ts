import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadMigrations, migrate, openDatabase, schemaVersion } from "../../upstream/db/index";

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
