/** How the browser tests start the app: the production server, as `npm start` and the Docker image do. */
import { join, resolve } from "node:path";
import { appHeapFlags } from "../../../scripts/app-heap";
import { ROOT } from "./env";

/** `node` arguments of the app server (build/app-server.js, bundled from server/), with the production heap cap. */
export function appServerArgs(): string[] {
  return [...appHeapFlags(), join(ROOT, "build", "app-server.js")];
}

/**
 * Where `npm run coverage` collects the browser journeys' coverage (E2E_COVERAGE_DIR, decision 092): the app
 * processes' V8 coverage in its node/, the pages' in its browser/ (support/coverage.ts). Null when unset: then
 * nothing is measured and nothing changes.
 */
export function e2eCoverageDir(): string | null {
  const dir = process.env.E2E_COVERAGE_DIR;
  return dir ? resolve(ROOT, dir) : null;
}

/**
 * What an app process adds to its environment: NODE_V8_COVERAGE when coverage is collected, so that Node writes
 * the process's V8 coverage there when it exits (the server's SIGINT/SIGTERM handler exits with process.exit;
 * a process killed with SIGKILL writes nothing).
 */
export function appCoverageEnv(): Record<string, string> {
  const dir = e2eCoverageDir();
  return dir ? { NODE_V8_COVERAGE: join(dir, "node") } : {};
}

/** How long an app process may take to stop: writing V8 coverage of the whole bundle takes seconds. */
export const APP_STOP_MS = e2eCoverageDir() ? 20_000 : 5_000;
