/**
 * Playwright's webServer: a fresh reference API on a temporary database and the production build of the app
 * behind its own server (build/app-server.js, bundled from server/), as `npm start` runs it. The database lives at .e2e/reference.sqlite
 * (recreated on every run) so tests can read it (the outbox) and add throwaway members to it. Everything the
 * app writes (its access log on stdout, errors on stderr) also goes to .e2e/app.log, which the specs read
 * (APP_LOG); stderr is still shown by Playwright.
 *
 * Mail: a MailDev catcher (SMTP and its web API on ports the system picks, addresses in .e2e/mail.json) receives
 * what the API sends; the specs read it there (support/mail.ts). The API's reminder and alert schedules do not
 * run on their own here: the specs trigger them for one member through the test-only hook that
 * UPSTREAM_TEST_HOOKS=1 mounts at /__test/mail (upstream/mail/service.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { join } from "node:path";
import { APP_STOP_MS, appCoverageEnv, appServerArgs, e2eCoverageDir } from "./app-process";
import {
  API_LOG,
  API_PORT,
  API_URL,
  APP_LOG,
  APP_PORT,
  APP_URL,
  DB_PATH,
  DEMO_URL,
  E2E_API_LIMITS,
  E2E_DIR,
  LIMITS,
  MAIL_INFO_FILE,
  MARKETING_URL,
  ROOT,
  RUN_SEED_FILE,
  SEED_PROJECTS,
  SESSION_SECRET,
  STAFF_URL,
} from "./env";

const log = (message: string) => console.error(`[e2e-serve] ${message}`);

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.status < 500) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** A port nobody listens on now (the system's pick, released for the catcher to take). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function main() {
  const builds = [join(ROOT, "build", "server", "index.js"), join(ROOT, "build", "app-server.js")];
  if (!builds.every((file) => existsSync(file))) {
    console.error("[e2e-serve] build/ is incomplete: run `npm run build` before `npm run test:e2e`.");
    process.exit(1);
  }

  mkdirSync(E2E_DIR, { recursive: true });
  // The fuzz suite's seed for this run: a retry of a failed fuzz test (a new worker) reads the same one.
  writeFileSync(RUN_SEED_FILE, String(randomInt(1, 2_147_483_647)));
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${DB_PATH}${suffix}`, { force: true });

  const started = Date.now();
  // The mail catcher (MailDev's own command, as npm start runs it), on free ports: another checkout may run its
  // own at the same time.
  const mailDir = join(E2E_DIR, "mail");
  rmSync(mailDir, { recursive: true, force: true });
  mkdirSync(mailDir, { recursive: true });
  const [smtpPort, webPort] = [await freePort(), await freePort()];
  const catcher: ChildProcess = spawn(
    process.execPath,
    [
      join(ROOT, "node_modules", "maildev", "bin", "maildev"),
      "--smtp",
      String(smtpPort),
      "--web",
      String(webPort),
      "--ip",
      "127.0.0.1",
      "--web-ip",
      "127.0.0.1",
      "--mail-directory",
      mailDir,
      "--silent",
    ],
    { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] },
  );
  await waitFor(`http://127.0.0.1:${webPort}/healthz`, 30_000);
  writeFileSync(MAIL_INFO_FILE, JSON.stringify({ smtp: smtpPort, web: `http://127.0.0.1:${webPort}` }));
  log(`mail catcher: SMTP 127.0.0.1:${smtpPort}, inbox http://127.0.0.1:${webPort}`);
  // The delivery log (one line per attempt: row, kind, result), which the mail specs read.
  const mailLog = createWriteStream(join(E2E_DIR, "mail.log"), { flags: "w" });
  // The test-only hook of the mail schedules (never in npm start or production).
  process.env.UPSTREAM_TEST_HOOKS = "1";
  // The reference API's access log (method, path, status), which the sign-up specs read (API_LOG).
  const apiLog = createWriteStream(API_LOG, { flags: "w" });
  const { startUpstream } = await import("../../../upstream/server");
  const upstream = await startUpstream({
    dbPath: DB_PATH,
    port: API_PORT,
    host: "127.0.0.1",
    seedProjects: SEED_PROJECTS,
    appBaseUrl: APP_URL,
    log,
    accessLog: (line) => apiLog.write(`${line}\n`),
    // Raised as the app's are below: every test comes from the same address. tests/e2e/api-limits.spec.ts starts
    // an API of its own with low limits.
    limits: E2E_API_LIMITS,
    mail: {
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      digests: false,
      log: (line) => mailLog.write(`${line}\n`),
    },
  });
  await waitFor(`${API_URL}/Health`, 30_000);
  log(`reference API on ${API_URL} (${SEED_PROJECTS} projects, ready in ${Date.now() - started} ms)`);

  const logFile = createWriteStream(APP_LOG, { flags: "w" });
  const app: ChildProcess = spawn(process.execPath, appServerArgs(), {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      COOKIE_SECURE: undefined,
      NODE_ENV: "production",
      PORT: String(APP_PORT),
      HOST: "127.0.0.1",
      API_BASE_URL: API_URL,
      SESSION_SECRET,
      // External addresses the tests intercept (page.route): nothing leaves the machine.
      MARKETING_SITE_URL: MARKETING_URL,
      DEMO_SCHEDULING_URL: DEMO_URL,
      STAFF_APP_URL: STAFF_URL,
      // The help pages read the reference API's stand-in content site.
      CONTENT_API_URL: `${new URL(API_URL).origin}/content/wp-json`,
      // COOKIE_SECURE stays at its production default (true): Chromium keeps Secure cookies on http://localhost.
      ...(process.env.E2E_COOKIE_SECURE ? { COOKIE_SECURE: process.env.E2E_COOKIE_SECURE } : {}),
      // The login tests fail on purpose, and every test comes from the same address: the limits must not slow
      // the demo accounts down for the rest of the run. Side apps (side-app.ts) test the limits themselves.
      LOGIN_DELAY_AFTER_FAILURES: "1000",
      LOGIN_MAX_FAILURES_PER_CLIENT: "100000",
      PUBLIC_FORM_DELAY_AFTER: "1000",
      PUBLIC_FORM_MAX_PER_CLIENT_PER_HOUR: "100000",
      PAYMENT_MAX_FAILED_CARDS_PER_CLIENT: "100000",
      PROMO_MAX_FAILURES_PER_CLIENT_PER_HOUR: "100000",
      MAX_BODY_KB: String(LIMITS.maxBodyBytes / 1024),
      MAX_FIELDS: String(LIMITS.maxFields),
      MAX_FIELD_REPEATS: String(LIMITS.maxRepeats),
      MAX_QUERY_LENGTH: String(LIMITS.maxQueryLength),
      // npm run coverage: the app's V8 coverage (nothing when E2E_COVERAGE_DIR is unset).
      ...appCoverageEnv(),
    },
  });
  app.stdout?.pipe(logFile);
  app.stderr?.on("data", (chunk: Buffer) => {
    logFile.write(chunk);
    process.stderr.write(chunk);
  });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (app.exitCode === null) {
      const exited = new Promise((resolve) => app.once("exit", resolve));
      app.kill("SIGTERM");
      // Collecting coverage: the app writes it as it exits, which must happen before this process does (the
      // coverage run reads it next). Without coverage the app is left to stop on its own, as always.
      if (e2eCoverageDir())
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, APP_STOP_MS))]);
    }
    await upstream.close();
    if (catcher.exitCode === null) catcher.kill("SIGTERM");
    process.exit(code);
  };
  app.on("exit", (code) => {
    if (!stopping) {
      console.error(`[e2e-serve] the app exited (${code})`);
      void stop(1);
    }
  });
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));

  await waitFor(`${APP_URL}/Login`, 30_000);
  log(`app on ${APP_URL} (ready in ${Date.now() - started} ms)`);
}

main().catch((error) => {
  console.error("[e2e-serve] failed:", error);
  process.exit(1);
});
