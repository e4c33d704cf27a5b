import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/index";
import { createSeededDatabase, DEMO_ACCOUNTS, isSeeded } from "./index";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: process.env.UPSTREAM_DB ?? "data/reference.sqlite" },
    projects: { type: "string", default: process.env.SEED_PROJECTS ?? "20000" },
    seed: { type: "string" },
    force: { type: "boolean", default: false },
  },
});

const dbPath = values.db as string;
const projects = Number(values.projects);
if (!Number.isInteger(projects) || projects < 1) {
  console.error(`--projects must be a positive whole number, got ${values.projects}`);
  process.exit(2);
}

if (existsSync(dbPath) && !values.force) {
  const db = openDatabase(dbPath);
  const seeded = isSeeded(db);
  db.close();
  if (seeded) {
    console.error(`${dbPath} is already seeded; pass --force to replace it.`);
    process.exit(1);
  }
}

console.log(`Seeding ${dbPath} with ${projects} projects…`);
const stats = createSeededDatabase(dbPath, {
  projects,
  seed: values.seed ? Number(values.seed) : undefined,
  log: console.log,
});
console.log(`Done in ${(stats.ms / 1000).toFixed(1)} s:`, stats.counts);
console.log(`Demo accounts (password ${DEMO_ACCOUNTS[0].password}):`);
for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(24)} ${account.description}`);
