/**
 * Generates alerts from the members' alert settings.
 *   tsx upstream/alerts/cli.ts --db data/reference.sqlite [--since 2026-11-15T00:00:00Z]
 * Without --since, the last 7 days. Prints a JSON summary.
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../db/index";
import { generateAlerts } from "./generate";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

const { values } = parseArgs({
  options: {
    db: { type: "string" },
    since: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

if (values.help || !values.db) {
  console.error("Usage: tsx upstream/alerts/cli.ts --db <path> [--since <ISO date-time>]");
  process.exit(values.help ? 0 : 2);
}

const since = values.since ? new Date(values.since) : new Date(Date.now() - WEEK_MS);
if (Number.isNaN(since.getTime())) {
  console.error(`--since must be an ISO date or date-time, got ${values.since}`);
  process.exit(2);
}

const db = openDatabase(values.db);
try {
  const started = performance.now();
  const result = generateAlerts(db, { since });
  console.log(
    JSON.stringify({ ...result, since: since.toISOString(), ms: Math.round(performance.now() - started) }),
  );
} finally {
  db.close();
}
