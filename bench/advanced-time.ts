/**
 * `npx tsx bench/advanced-time.ts [db]`: the reference API's project queries alone (no HTTP) on the bench
 * database, timing each advanced search of the bench (three rounds; the first meets each search for the first
 * time), for trying an index or a query plan without the whole bench.
 */
import { openDatabase } from "../upstream/db/index";
import { parseProjectListParams, projectQueries } from "../upstream/models/projects/index";
import { ADVANCED_SEARCHES } from "./scenarios";

const db = openDatabase(process.argv[2] ?? "bench/data/bench.sqlite");
const userId = db
  .prepare<[string], number>("SELECT id FROM users WHERE email = ?")
  .pluck()
  .get("member@example.com")!;
const projects = projectQueries(db);
const times: number[] = [];
for (let round = 1; round <= 3; round++) {
  for (const query of ADVANCED_SEARCHES) {
    const raw = Object.fromEntries(new URLSearchParams(query));
    const started = performance.now();
    const answer = projects.list(userId, parseProjectListParams(raw));
    const ms = performance.now() - started;
    times.push(ms);
    if (round === 1 || ms > 30)
      console.log(
        `round ${round} ${ms.toFixed(1).padStart(7)} ms  ${answer.data.total} found  ${decodeURIComponent(query)}`,
      );
  }
}
times.sort((a, b) => a - b);
console.log(
  `p50 ${times[Math.floor(times.length / 2)].toFixed(1)} ms, p95 ${times[Math.floor(times.length * 0.95)].toFixed(1)} ms`,
);
