/**
 * `npm start`: the local demo in one command, and the supervised start of a deployment (the Docker image).
 *
 * - Without API_BASE_URL: starts the embedded reference API (upstream/main.ts) as a child process on
 *   127.0.0.1:UPSTREAM_PORT (UPSTREAM_HOST overrides the interface; the API must be reachable only by the app)
 *   with its SQLite database at UPSTREAM_DB (created and seeded on first start, kept
 *   afterwards; `--reseed` or RESEED=1 recreates it), waits for its Health call, then starts the app.
 * - With API_BASE_URL: starts the app alone against that API.
 *
 * The app is the production build behind its own server (server/index.ts, bundled to build/app-server.js; NODE_ENV=production, the heap cap of
 * decision 008), bound to 127.0.0.1 unless HOST says otherwise. Because this is a demo over plain http, a
 * missing SESSION_SECRET is generated once and kept in data/session-secret, and with the embedded API the
 * session cookie is not marked Secure unless COOKIE_SECURE says otherwise
 * (docs/decisions/001-launcher-and-local-cookies.md).
 *
 * Supervision: when either child (reference API, app) exits on its own, the launcher stops the other and exits
 * non-zero, so that a supervisor (Docker's restart policy, systemd) restarts the pair; SIGINT/SIGTERM stop both
 * and exit 0 (docs/decisions/011-app-server.md).
 *
 * With the embedded API, the help pages (/Manual, /TrainingVideos) read its stand-in content site
 * (CONTENT_API_URL defaults to http://127.0.0.1:UPSTREAM_PORT/content/wp-json).
 *
 * Mail (docs/decisions/082-local-mail-catcher.md): the embedded API sends its mail to SMTP_URL. Without SMTP_URL,
 * outside production, the launcher first starts a local mail catcher (MailDev: an SMTP server on
 * 127.0.0.1:MAIL_CATCHER_SMTP_PORT with a web inbox on MAIL_CATCHER_WEB_PORT, mail kept in data/mail), points
 * SMTP_URL at it and prints the inbox beside the demo logins. With SMTP_URL set, that server is used and no
 * catcher starts; with NODE_ENV=production (the Docker image) no catcher starts either, and without SMTP_URL the
 * API keeps its mail in the outbox until a start with SMTP_URL sends it.
 *
 * `--dev` runs `react-router dev` (Vite, hot reload) instead of the production server.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { appHeapFlags } from "./app-heap";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = new Set(process.argv.slice(2));
const dev = args.has("--dev");
const reseed =
  args.has("--reseed") || ["1", "true", "yes"].includes(String(process.env.RESEED ?? "").toLowerCase());

const log = (message: string) => console.log(`[start] ${message}`);
const fail = (message: string): never => {
  console.error(`[start] ${message}`);
  process.exit(1);
};

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) fail(`${name} must be a positive whole number (got "${raw}").`);
  return value;
}

const port = intEnv("PORT", 3000);
const production = process.env.NODE_ENV === "production";
const smtpUrl = process.env.SMTP_URL?.trim() || undefined;
const catcherSmtpPort = intEnv("MAIL_CATCHER_SMTP_PORT", 1025);
const catcherWebPort = intEnv("MAIL_CATCHER_WEB_PORT", 1080);
const host = process.env.HOST?.trim() || "127.0.0.1";
const upstreamPort = intEnv("UPSTREAM_PORT", 3001);
/** The embedded API's interface: loopback unless UPSTREAM_HOST says otherwise (it must be reachable only by the app). */
const upstreamHost = process.env.UPSTREAM_HOST?.trim() || "127.0.0.1";
/** Where the app (and the launcher) reach it: its own interface, or loopback when it listens on all of them. */
const upstreamReach = ["0.0.0.0", "::"].includes(upstreamHost) ? "127.0.0.1" : upstreamHost;
const upstreamOrigin = `http://${upstreamReach.includes(":") ? `[${upstreamReach}]` : upstreamReach}:${upstreamPort}`;
const seedProjects = intEnv("SEED_PROJECTS", 20_000);
const dbPath = resolve(ROOT, process.env.UPSTREAM_DB || "data/reference.sqlite");
const secretPath = join(ROOT, "data", "session-secret");
const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "0.0.0.0", "::"]);
const appUrl = `http://${LOOPBACK.has(host) ? "localhost" : host.includes(":") ? `[${host}]` : host}:${port}`;

async function sleep(ms: number) {
  await new Promise((r) => setTimeout(r, ms));
}

/** Polls a URL until it answers (any status below 500), or gives up after `timeoutMs`. */
async function waitFor(
  url: string,
  timeoutMs: number,
  ok = (status: number) => status < 500,
  alive = () => true,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && alive()) {
    try {
      const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (ok(res.status)) return true;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  return false;
}

/** A persisted random secret, so sessions survive restarts of the demo without anyone choosing one. */
function sessionSecret(): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  if (existsSync(secretPath)) {
    const stored = readFileSync(secretPath, "utf8").trim();
    if (stored) return stored;
  }
  mkdirSync(dirname(secretPath), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(secretPath, `${secret}\n`, { mode: 0o600 });
  chmodSync(secretPath, 0o600);
  log(`generated a session secret in ${secretPath}`);
  return secret;
}

/** Fails early and clearly when a port is taken (otherwise another program's page could pass for ours). */
async function assertPortFree(portNumber: number, host: string | undefined, variable: string) {
  const free = await new Promise<boolean>((resolveFree) => {
    const probe = createServer();
    probe.once("error", () => resolveFree(false));
    probe.listen({ port: portNumber, host }, () => probe.close(() => resolveFree(true)));
  });
  if (!free)
    fail(`port ${portNumber} is already in use: stop what runs there or choose another with ${variable}.`);
}

function removeDatabase(path: string) {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true });
}

type DemoAccount = {
  email: string;
  password?: string;
  description?: string;
  account?: string;
  role?: string;
};

/** A supervised child: its name for the log, and whether it is still running. */
type Child = { name: string; process: ChildProcess };
const children: Child[] = [];
const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function spawnChild(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdout: "inherit" | "ignore" = "inherit",
): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["inherit", stdout, "inherit"] });
  children.push({ name, process: child });
  child.on("exit", (code, signal) => onChildExit(name, code, signal));
  return child;
}

let stopping = false;
let mailSetup: MailSetup | null = null;

/** Stops every child still running (SIGTERM, then SIGKILL after 10 s) and exits with `code`. */
async function stopAll(code: number): Promise<never> {
  stopping = true;
  await Promise.all(
    children
      .filter((c) => running(c.process))
      .map(
        (c) =>
          new Promise<void>((resolveStop) => {
            const timer = setTimeout(() => c.process.kill("SIGKILL"), 10_000);
            c.process.once("exit", () => {
              clearTimeout(timer);
              resolveStop();
            });
            c.process.kill("SIGTERM");
          }),
      ),
  );
  process.exit(code);
}

function onChildExit(name: string, code: number | null, signal: NodeJS.Signals | null) {
  if (stopping) return;
  const others = children.filter((c) => c.name !== name && running(c.process)).map((c) => c.name);
  log(
    `the ${name} exited (${signal ?? `code ${code}`})${others.length ? `: stopping the ${others.join(" and the ")}` : ""}; exiting with an error so that a supervisor restarts the pair`,
  );
  void stopAll(code && code !== 0 ? code : 1);
}

/** Where the embedded API's mail goes: the SMTP_URL it gets, and what to tell the newcomer about it. */
type MailSetup = { env: NodeJS.ProcessEnv; note: string };

/** SMTP_URL as given, or a local mail catcher (MailDev, a supervised child) outside production, or no sending. */
async function setUpMail(): Promise<MailSetup> {
  if (smtpUrl) {
    const shown = (() => {
      try {
        const url = new URL(smtpUrl);
        if (url.password) url.password = "***";
        url.search = "";
        return url.toString();
      } catch {
        return "SMTP_URL";
      }
    })();
    return { env: { SMTP_URL: smtpUrl }, note: `Mail is sent through ${shown} (SMTP_URL).` };
  }
  const hold = (why: string): MailSetup => ({
    env: { SMTP_URL: "", MAIL_HOLD: "1" },
    note: `Mail is not sent (${why}): it waits in the outbox until a start with SMTP_URL sends it.`,
  });
  if (production) return hold("SMTP_URL is not set; no mail catcher runs in production");
  if (process.env.MAIL_CATCHER === "0") return hold("SMTP_URL is not set and MAIL_CATCHER=0");
  const bin = join(ROOT, "node_modules", "maildev", "bin", "maildev");
  if (!existsSync(bin))
    return hold("SMTP_URL is not set and the mail catcher is not installed: run npm install");
  await assertPortFree(catcherSmtpPort, "127.0.0.1", "MAIL_CATCHER_SMTP_PORT");
  await assertPortFree(catcherWebPort, "127.0.0.1", "MAIL_CATCHER_WEB_PORT");
  const mailDir = join(ROOT, "data", "mail");
  mkdirSync(mailDir, { recursive: true });
  const catcher = spawnChild(
    "mail catcher",
    [
      bin,
      "--smtp",
      String(catcherSmtpPort),
      "--web",
      String(catcherWebPort),
      "--ip",
      "127.0.0.1",
      "--web-ip",
      "127.0.0.1",
      "--mail-directory",
      mailDir,
      "--silent",
    ],
    { ...process.env, NODE_ENV: "production" },
    "ignore",
  );
  const inbox = `http://localhost:${catcherWebPort}`;
  if (
    !(await waitFor(
      `http://127.0.0.1:${catcherWebPort}/healthz`,
      30_000,
      (s) => s === 200,
      () => running(catcher),
    ))
  ) {
    if (!stopping) log(`the mail catcher did not answer on ${inbox}`);
    await stopAll(1);
  }
  log(`mail catcher ready: SMTP on 127.0.0.1:${catcherSmtpPort}, inbox at ${inbox}`);
  return {
    env: { SMTP_URL: `smtp://127.0.0.1:${catcherSmtpPort}` },
    note: `Mail inbox: ${inbox}  (every e-mail the reference API sends lands here: password resets, welcome, receipts, reminders, alerts)`,
  };
}

async function startEmbeddedApi(): Promise<{ apiBaseUrl: string; accounts: readonly DemoAccount[] }> {
  await assertPortFree(upstreamPort, upstreamHost, "UPSTREAM_PORT");
  if (!["127.0.0.1", "::1", "localhost"].includes(upstreamHost))
    log(
      `UPSTREAM_HOST=${upstreamHost}: the reference API listens beyond loopback; it must be reachable only by the app (firewall it)`,
    );
  if (reseed && existsSync(dbPath)) {
    log(`--reseed: removing ${dbPath}`);
    removeDatabase(dbPath);
  }
  mailSetup = await setUpMail();
  const fresh = !existsSync(dbPath);
  if (fresh) log(`creating and seeding ${dbPath} with ${seedProjects} projects (first start only)...`);
  const started = Date.now();
  const api = spawnChild("reference API", ["--import", "tsx", join(ROOT, "upstream", "main.ts")], {
    ...process.env,
    NODE_ENV: "production",
    UPSTREAM_PORT: String(upstreamPort),
    UPSTREAM_HOST: upstreamHost,
    // The app reaches it from its own interface: the limits believe the member's address the app forwards from
    // there (and from loopback), unless UPSTREAM_TRUSTED_PROXIES says otherwise.
    UPSTREAM_TRUSTED_PROXIES:
      process.env.UPSTREAM_TRUSTED_PROXIES ??
      (upstreamReach === "127.0.0.1" ? "127.0.0.0/8,::1" : `127.0.0.0/8,::1,${upstreamReach}`),
    UPSTREAM_DB: dbPath,
    SEED_PROJECTS: String(seedProjects),
    // The links in its e-mails point at the app.
    APP_PUBLIC_URL: process.env.APP_PUBLIC_URL || appUrl,
    ...mailSetup.env,
  });
  const apiBaseUrl = `${upstreamOrigin}/api/frontend/V1`;
  if (
    !(await waitFor(
      `${apiBaseUrl}/Health`,
      180_000,
      (s) => s === 200,
      () => running(api),
    ))
  ) {
    if (!stopping) log(`the reference API did not answer ${apiBaseUrl}/Health`);
    await stopAll(1);
  }
  log(
    `reference API ready at ${apiBaseUrl}${fresh ? ` (seeded in ${((Date.now() - started) / 1000).toFixed(1)} s)` : ""}`,
  );
  const { DEMO_ACCOUNTS } = await import("../upstream/seed/accounts");
  return { apiBaseUrl, accounts: DEMO_ACCOUNTS };
}

function printLogins(accounts: readonly DemoAccount[]) {
  if (accounts.length === 0) return;
  const rows = accounts.map((a) => [
    a.email,
    a.password ?? "demo-password",
    a.description ?? a.account ?? a.role ?? "",
  ]);
  const head = ["email", "password", "account"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => c.padEnd(widths[i])).join("  ")}`;
  console.log("\nDemo logins:");
  console.log(line(head));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const r of rows) console.log(line(r));
  console.log("");
}

function startApp(env: NodeJS.ProcessEnv): ChildProcess {
  if (dev) {
    // React Router's command line, less a warning about its own Vite options (scripts/react-router.mjs).
    const bin = join(ROOT, "scripts", "react-router.mjs");
    return spawnChild("app", [bin, "dev", "--port", String(port), "--host", host], {
      ...env,
      NODE_ENV: "development",
    });
  }
  if (
    !existsSync(join(ROOT, "build", "server", "index.js")) ||
    !existsSync(join(ROOT, "build", "app-server.js"))
  )
    fail(
      "build/server/index.js or build/app-server.js is missing: run `npm run build` first (npm start does).",
    );
  return spawnChild("app", [...appHeapFlags(), join(ROOT, "build", "app-server.js")], {
    ...env,
    NODE_ENV: "production",
  });
}

async function main() {
  const startedAt = Date.now();
  const external = process.env.API_BASE_URL;
  let apiBaseUrl = external ?? "";
  let accounts: readonly DemoAccount[] = [];

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      log(`${signal}: stopping...`);
      void stopAll(0);
    });
  }

  await assertPortFree(port, host, "PORT");
  if (external) {
    log(`API_BASE_URL is set: starting the app alone against ${external}`);
    if (!(await waitFor(`${external.replace(/\/+$/, "")}/Health`, 3000))) {
      log(`warning: ${external}/Health did not answer; starting anyway`);
    }
  } else {
    ({ apiBaseUrl, accounts } = await startEmbeddedApi());
  }

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: host,
    API_BASE_URL: apiBaseUrl,
    SESSION_SECRET: sessionSecret(),
  };
  // The embedded API means the local demo on http://localhost: see decision 001.
  if (!external && env.COOKIE_SECURE === undefined) env.COOKIE_SECURE = "false";
  // The help pages read the embedded API's stand-in content site unless CONTENT_API_URL names one (decision 025).
  if (!external && env.CONTENT_API_URL === undefined)
    env.CONTENT_API_URL = `${upstreamOrigin}/content/wp-json`;

  const app = startApp(env);
  // A wildcard address is reached on loopback.
  const probeHost = ["0.0.0.0", "::", "localhost"].includes(host)
    ? "127.0.0.1"
    : host.includes(":")
      ? `[${host}]`
      : host;
  const probe = `http://${probeHost}:${port}/Login`;
  if (await waitFor(probe, dev ? 60_000 : 30_000, undefined, () => running(app))) {
    log(`app ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    console.log(`\n  Open ${appUrl}\n`);
    printLogins(accounts);
    if (mailSetup) console.log(`  ${mailSetup.note}\n`);
    if (!external)
      console.log("  Stop with Ctrl+C. Recreate the demo database with `npm start -- --reseed`.\n");
  } else if (!stopping && running(app)) {
    log(`the app did not answer ${probe} within the time allowed; see its output above`);
  }
}

main().catch((error) => {
  console.error("[start] failed:", error instanceof Error ? error.message : error);
  void stopAll(1);
});
