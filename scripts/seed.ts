/**
 * `npm run seed [-- --projects N]`: recreates the reference API's database (UPSTREAM_DB, default
 * data/reference.sqlite) from scratch with the deterministic seed. Stop `npm start` first.
 */
import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { openDatabase } from "../upstream/db/index";
import { seedDatabase } from "../upstream/seed/index";

function projectsArg(): number {
  const argv = process.argv.slice(2);
  const i = argv.findIndex((a) => a === "--projects" || a.startsWith("--projects="));
  const raw =
    i === -1 ? process.env.SEED_PROJECTS : argv[i].includes("=") ? argv[i].split("=")[1] : argv[i + 1];
  if (raw === undefined || raw === "") return 20_000;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`[seed] --projects must be a positive whole number (got "${raw}")`);
    process.exit(1);
  }
  return n;
}

const projects = projectsArg();
const dbPath = resolve(process.env.UPSTREAM_DB || "data/reference.sqlite");
if (existsSync(dbPath)) console.log(`[seed] removing ${dbPath}`);
for (const suffix of ["", "-wal", "-shm"]) rmSync(`${dbPath}${suffix}`, { force: true });

const started = Date.now();
const db = openDatabase(dbPath);
try {
  console.log(`[seed] seeding ${dbPath} with ${projects} projects...`);
  seedDatabase(db, { projects, log: (line) => console.log(`[seed] ${line}`) });
  db.pragma("wal_checkpoint(TRUNCATE)");
} finally {
  db.close();
}
console.log(`[seed] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
