import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";

export type Db = Database.Database;

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), "migrations");

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Migration files are `NNN_name.sql`, applied in order; PRAGMA user_version holds the last applied NNN. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .map((file) => /^(\d{3})_(.+)\.sql$/.exec(file))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ version: Number(m[1]), name: m[2], sql: readFileSync(join(dir, m[0]), "utf8") }))
    .sort((a, b) => a.version - b.version);
}

export function schemaVersion(db: Db): number {
  return db.pragma("user_version", { simple: true }) as number;
}

/** Applies the pending migrations, each in its own transaction. Returns the versions applied. */
export function migrate(db: Db, migrations = loadMigrations()): number[] {
  const current = schemaVersion(db);
  const applied: number[] = [];
  for (const m of migrations) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    })();
    applied.push(m.version);
  }
  return applied;
}

/**
 * A transaction that may write, begun IMMEDIATE: it takes the write lock first, waiting up to busy_timeout for
 * another connection's. A deferred one that reads and then writes fails at once (SQLITE_BUSY_SNAPSHOT, "database
 * is locked", busy_timeout does not apply) when another connection committed between its read and its write: a
 * sign-up failed so while it hashed the password and a test process created a member. Every transaction of the
 * reference API is made here (tests/upstream/db.test.ts checks that none is made elsewhere).
 */
export function writeTransaction<A extends unknown[], R>(db: Db, run: (...args: A) => R): (...args: A) => R {
  const transaction = db.transaction(run);
  return (...args: A) => transaction.immediate(...args);
}

const MMAP_BYTES = 1024 * 1024 * 1024;

/** Opens (creating if needed) a database file with WAL and foreign keys on, migrated to the latest schema. */
export function openDatabase(path: string): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  db.pragma("synchronous = NORMAL");
  // Reads through a memory map instead of read() into SQLite's 2 MB page cache: large searches run about twice as
  // fast once warm (measured in decision 069). The database file up to 1 GiB is mapped; the rest is read as before.
  if (path !== ":memory:") db.pragma(`mmap_size = ${MMAP_BYTES}`);
  migrate(db);
  return db;
}
