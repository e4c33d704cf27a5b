/** Fixed addresses and paths of the browser-test environment, shared by the config, the server and the specs. */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
// Overridable so that two checkouts can run their browser tests side by side.
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100);
export const API_PORT = Number(process.env.E2E_API_PORT ?? 3101);
/** Another origin, for the cross-site form tests. */
export const HOSTILE_PORT = Number(process.env.E2E_HOSTILE_PORT ?? 3199);
export const APP_URL = `http://localhost:${APP_PORT}`;
export const API_URL = `http://127.0.0.1:${API_PORT}/api/frontend/V1`;
export const E2E_DIR = resolve(ROOT, ".e2e");
export const DB_PATH = resolve(E2E_DIR, "reference.sqlite");
/** Everything the webServer's app process writes: its access log (stdout) and its errors (stderr). */
export const APP_LOG = resolve(E2E_DIR, "app.log");
/** The reference API's access log (serve.ts). */
export const API_LOG = resolve(E2E_DIR, "api.log");
export const SEED_PROJECTS = Number(process.env.E2E_SEED_PROJECTS ?? 1500);
export const SESSION_SECRET = "e2e-fixed-session-secret-not-for-production";
export const DEMO_PASSWORD = "demo-password";
/** The company site, the demo scheduler and the staff app: fake external origins the tests intercept. */
export const MARKETING_URL = "https://marketing.example/";
export const DEMO_URL = "https://demo.example/schedule";
export const STAFF_URL = "https://staff.example/";
/**
 * The request limits the webServer's app runs with (its defaults, set explicitly so that the specs can count
 * on them): body size, fields per form or query, repeats of one name, query length.
 */
export const LIMITS = { maxBodyBytes: 256 * 1024, maxFields: 1000, maxRepeats: 500, maxQueryLength: 8192 };
/**
 * The mail catcher of the run (MailDev on ports the system picks): serve.ts writes its addresses here, the specs
 * read their mail from its web API (support/mail.ts).
 */
export const MAIL_INFO_FILE = resolve(E2E_DIR, "mail.json");
/** A random number written once per run by the webServer: the fuzz suite's seed, the same on a retry. */
export const RUN_SEED_FILE = resolve(E2E_DIR, "run-seed");

/**
 * The reference API's limits of its public calls in the webServer (decision 105): raised like the app's, since
 * every test comes from the same address and many fail a login or make a member on purpose.
 */
export const E2E_API_LIMITS = {
  login: { delayAfter: 1000, maxDelaySeconds: 900, perClient: 100_000, windowSeconds: 900 },
  publicForm: { delayAfter: 1000, maxDelaySeconds: 3600, perClient: 100_000, windowSeconds: 3600 },
  cardFailuresPerClientPerHour: 100_000,
  promoFailuresPerClientPerHour: 100_000,
  memoryKeys: 100_000,
};
