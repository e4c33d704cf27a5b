/**
 * `npm run seed [-- --projects N]`: recreates the reference API's database (UPSTREAM_DB, default
 * data/reference.sqlite) from scratch with the deterministic seed. Stop `npm start` first.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { createSeededDatabase } from "../upstream/seed/index";

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
console.log(`[seed] ${existsSync(dbPath) ? "replacing" : "creating"} ${dbPath} with ${projects} projects...`);
const stats = createSeededDatabase(dbPath, { projects, log: (line) => console.log(`[seed] ${line}`) });
console.log(`[seed] done in ${(stats.ms / 1000).toFixed(1)} s`);
