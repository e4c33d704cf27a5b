import { existsSync, renameSync, rmSync } from "node:fs";
import { rebuildSearchIndexes } from "../db/fts";
import { type Db, openDatabase } from "../db/index";
import { seedAccounts } from "./accounts";
import { seedChanges } from "./changes";
import { seedNearDuplicates } from "./companies";
import { DAY_MS, type SeedContext } from "./context";
import { seedDirectory } from "./directory";
import { loadGeography } from "./geo";
import { Random } from "./prng";
import { seedProjects } from "./projects";
import { seedReference } from "./reference";

export { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from "./accounts";

export interface SeedOptions {
  /** Number of projects. Default 20,000. Contacts are ~0.6 and companies ~0.15 per project. */
  projects?: number;
  /** The PRNG seed; the same seed, size and day give the same rows. */
  seed?: number;
  /** "Today" for relative dates (trial end, reminders). Default: now. */
  today?: Date;
  log?: (line: string) => void;
}

export interface SeedStats {
  ms: number;
  timings: Record<string, number>;
  counts: Record<string, number>;
}

export const DEFAULT_SEED = 20240611;
/** Tables bulk-loaded by the seed: their indexes are dropped first and built once at the end (much faster). */
const BULK_TABLES = [
  "projects",
  "project_project_types",
  "project_project_subtypes",
  "project_brands",
  "project_materials",
  "project_contacts",
  "project_updates",
  "contacts",
  "companies",
  "company_locations",
  "company_company_types",
  "places",
];

export function isSeeded(db: Db): boolean {
  return db.prepare("SELECT 1 FROM users LIMIT 1").get() !== undefined;
}

/** Fills an empty, migrated database with reference data, a directory, projects and the demo accounts. */
export function seedDatabase(db: Db, options: SeedOptions = {}): SeedStats {
  if (isSeeded(db))
    throw new Error("The database is already seeded; reseed into a new file (the CLI's --force).");
  const projects = options.projects ?? 20_000;
  if (!Number.isInteger(projects) || projects < 1)
    throw new Error(`projects must be a positive whole number, got ${projects}`);
  const log = options.log ?? (() => {});
  const now = options.today ?? new Date();
  const started = performance.now();
  let cpuMark = process.cpuUsage();
  const ctx: SeedContext = {
    db,
    rng: new Random(options.seed ?? DEFAULT_SEED),
    geo: loadGeography(),
    today: Math.floor(now.getTime() / DAY_MS) * DAY_MS,
    projects,
  };

  const timings: Record<string, number> = {};
  let mark = started;
  const step = (name: string) => {
    const t = performance.now();
    const cpu = process.cpuUsage(cpuMark);
    timings[name] = Math.round(t - mark);
    mark = t;
    cpuMark = process.cpuUsage();
    log(`  ${name}: ${timings[name]} ms (cpu ${Math.round((cpu.user + cpu.system) / 1000)} ms)`);
  };
  step("load geography");

  // Bulk-load settings: no journal (a failed seed leaves a file to delete, see the CLI), no FK checks
  // (the rows are consistent by construction), a large cache and parallel sorting for the index builds.
  const previous = {
    journal: db.pragma("journal_mode", { simple: true }) as string,
    foreignKeys: db.pragma("foreign_keys", { simple: true }) as number,
    synchronous: db.pragma("synchronous", { simple: true }) as number,
    cacheSize: db.pragma("cache_size", { simple: true }) as number,
  };
  db.pragma("journal_mode = OFF");
  db.pragma("foreign_keys = OFF");
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -1048576");
  db.pragma("temp_store = MEMORY");
  db.pragma("threads = 4");
  try {
    db.transaction(() => {
      const indexes = db
        .prepare<[], { name: string; sql: string }>(
          `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
           AND tbl_name IN (${BULK_TABLES.map(() => "?").join(", ")})`,
        )
        .all(...(BULK_TABLES as []));
      for (const index of indexes) db.exec(`DROP INDEX ${index.name}`);

      const ref = seedReference(ctx);
      step("reference data");
      const directory = seedDirectory(ctx, ref);
      step("companies and contacts");
      seedProjects(ctx, ref, directory);
      step("projects");
      seedAccounts(ctx, ref, directory);
      step("accounts");
      seedNearDuplicates(ctx, directory.companyCount);
      seedChanges(ctx, (options.seed ?? DEFAULT_SEED) + 45);
      step("change history");
      for (const index of indexes) db.exec(index.sql);
      step("indexes");
      rebuildSearchIndexes(db);
      step("search indexes");
    })();
    // Sampled statistics, 10,000 rows per index (under a second at 500,000 projects). With 1,000 the planner
    // saw about 1,000 projects per construction type (there are 166,000) and ran a two-state advanced search
    // through that index and a sort: 190-320 ms every time against 15 ms through projects_state_filters.
    db.pragma("analysis_limit = 10000");
    db.exec("ANALYZE");
    step("analyze");
  } finally {
    db.pragma(`cache_size = ${previous.cacheSize}`);
    db.pragma(`synchronous = ${previous.synchronous}`);
    db.pragma(`foreign_keys = ${previous.foreignKeys}`);
    db.pragma(`journal_mode = ${previous.journal}`);
  }
  db.pragma("wal_checkpoint(TRUNCATE)");
  step("checkpoint");

  const count = (table: string) =>
    (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const counts = Object.fromEntries(
    [
      "projects",
      "companies",
      "company_locations",
      "contacts",
      "project_contacts",
      "project_updates",
      "users",
    ].map((t) => [t, count(t)]),
  );
  return { ms: Math.round(performance.now() - started), timings, counts };
}

const removeDatabaseFiles = (path: string) => {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${path}${suffix}`, { force: true });
};

/**
 * Seeds a new database at `path`, replacing whatever is there. The seed runs without a journal
 * (for speed), so it writes a side file and renames it into place only once it is complete.
 */
export function createSeededDatabase(path: string, options: SeedOptions = {}): SeedStats {
  const partial = `${path}.seeding`;
  removeDatabaseFiles(partial);
  const db = openDatabase(partial);
  let stats: SeedStats;
  try {
    stats = seedDatabase(db, options);
  } finally {
    db.close();
  }
  if (existsSync(path)) removeDatabaseFiles(path);
  renameSync(partial, path);
  return stats;
}
