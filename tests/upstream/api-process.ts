/**
 * The reference API in a process of its own over an existing database, for tests where two API processes race on
 * one file (save-many.test.ts): it prints its API base URL on one line, then serves until it is killed.
 *   node --import tsx tests/upstream/api-process.ts <db path>
 */
import { startUpstream } from "../../upstream/server";

const [dbPath] = process.argv.slice(2);
const upstream = await startUpstream({ dbPath, port: 0, seedProjects: 0 });
console.log(upstream.apiBaseUrl);
process.once("SIGTERM", () => {
  upstream.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
