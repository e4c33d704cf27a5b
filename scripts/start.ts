/**
 * `npm start`: the local demo in one command.
 *
 * - Without API_BASE_URL: starts the embedded reference API (upstream/) on 127.0.0.1:UPSTREAM_PORT with its
 *   SQLite database at UPSTREAM_DB (created and seeded on first start, kept afterwards; `--reseed` or
 *   RESEED=1 recreates it), waits for its Health call, then starts the built app pointing at it.
 * - With API_BASE_URL: starts the app alone against that API.
 *
 * The app always runs as the production build (react-router-serve, NODE_ENV=production). Because this is a
 * demo over plain http, a missing SESSION_SECRET is generated once and kept in data/session-secret, and with
 * the embedded API the session cookie is not marked Secure unless COOKIE_SECURE says otherwise
 * (docs/decisions/001-launcher-and-local-cookies.md).
 *
 * `--dev` runs `react-router dev` (Vite, hot reload) instead of the production server.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
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
const upstreamPort = intEnv("UPSTREAM_PORT", 3001);
const seedProjects = intEnv("SEED_PROJECTS", 20_000);
const dbPath = resolve(ROOT, process.env.UPSTREAM_DB || "data/reference.sqlite");
const secretPath = join(ROOT, "data", "session-secret");
const appUrl = `http://localhost:${port}`;

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

type Upstream = { apiBaseUrl: string; close: () => Promise<void> };
type DemoAccount = {
  email: string;
  password?: string;
  description?: string;
  account?: string;
  role?: string;
};

async function startEmbeddedApi(): Promise<{
  upstream: Upstream;
  apiBaseUrl: string;
  accounts: readonly DemoAccount[];
}> {
  await assertPortFree(upstreamPort, "127.0.0.1", "UPSTREAM_PORT");
  if (reseed && existsSync(dbPath)) {
    log(`--reseed: removing ${dbPath}`);
    removeDatabase(dbPath);
  }
  const fresh = !existsSync(dbPath);
  if (fresh) log(`creating and seeding ${dbPath} with ${seedProjects} projects (first start only)...`);
  const started = Date.now();
  const { startUpstream } = await import("../upstream/server");
  const seed = await import("../upstream/seed/index");
  const upstream: Upstream = await startUpstream({
    dbPath,
    port: upstreamPort,
    host: "127.0.0.1",
    seedProjects,
    appBaseUrl: appUrl,
    log: (line) => log(line),
  });
  const apiBaseUrl = upstream.apiBaseUrl;
  if (!(await waitFor(`${apiBaseUrl}/Health`, 30_000, (s) => s === 200))) {
    await upstream.close();
    fail(`the reference API did not answer ${apiBaseUrl}/Health`);
  }
  log(
    `reference API ready at ${apiBaseUrl}${fresh ? ` (seeded in ${((Date.now() - started) / 1000).toFixed(1)} s)` : ""}`,
  );
  const accounts: readonly DemoAccount[] = seed.DEMO_ACCOUNTS;
  return { upstream, apiBaseUrl, accounts };
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
  const require = createRequire(import.meta.url);
  if (dev) {
    const devPkg = require.resolve("@react-router/dev/package.json");
    const bin = join(dirname(devPkg), "bin.js");
    return spawn(process.execPath, [bin, "dev", "--port", String(port)], {
      cwd: ROOT,
      env: { ...env, NODE_ENV: "development" },
      stdio: "inherit",
    });
  }
  const serverEntry = join(ROOT, "build", "server", "index.js");
  if (!existsSync(serverEntry))
    fail("build/server/index.js is missing: run `npm run build` first (npm start does).");
  const servePkgPath = require.resolve("@react-router/serve/package.json");
  const servePkg = JSON.parse(readFileSync(servePkgPath, "utf8")) as { bin: string | Record<string, string> };
  const binRel = typeof servePkg.bin === "string" ? servePkg.bin : servePkg.bin["react-router-serve"];
  return spawn(process.execPath, [...appHeapFlags(), join(dirname(servePkgPath), binRel), serverEntry], {
    cwd: ROOT,
    env: { ...env, NODE_ENV: "production" },
    stdio: "inherit",
  });
}

async function main() {
  const startedAt = Date.now();
  const external = process.env.API_BASE_URL;
  let upstream: Upstream | null = null;
  let apiBaseUrl = external ?? "";
  let accounts: readonly DemoAccount[] = [];

  await assertPortFree(port, undefined, "PORT");
  if (external) {
    log(`API_BASE_URL is set: starting the app alone against ${external}`);
    if (!(await waitFor(`${external.replace(/\/+$/, "")}/Health`, 3000))) {
      log(`warning: ${external}/Health did not answer; starting anyway`);
    }
  } else {
    ({ upstream, apiBaseUrl, accounts } = await startEmbeddedApi());
  }

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    API_BASE_URL: apiBaseUrl,
    SESSION_SECRET: sessionSecret(),
  };
  // The embedded API means the local demo on http://localhost: see decision 001.
  if (!external && env.COOKIE_SECURE === undefined) env.COOKIE_SECURE = "false";

  const app = startApp(env);
  let stopping = false;

  const shutdown = async (code: number) => {
    if (upstream) {
      try {
        await upstream.close();
      } catch (error) {
        console.error("[start] closing the reference API failed:", error);
      }
      upstream = null;
    }
    process.exit(code);
  };

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log(`${signal}: stopping...`);
      if (app.exitCode === null && app.signalCode === null) app.kill(signal);
      else void shutdown(0);
      // A child that ignores the signal must not keep the launcher alive forever.
      setTimeout(() => {
        if (app.exitCode === null) app.kill("SIGKILL");
      }, 10_000).unref();
    });
  }

  app.on("exit", (code, signal) => {
    if (!stopping) log(`the app exited (${signal ?? code})`);
    void shutdown(stopping ? 0 : (code ?? 1));
  });

  const running = () => app.exitCode === null && app.signalCode === null;
  if (await waitFor(`${appUrl}/Login`, dev ? 60_000 : 30_000, undefined, running)) {
    log(`app ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    console.log(`\n  Open ${appUrl}\n`);
    printLogins(accounts);
    if (!external)
      console.log("  Stop with Ctrl+C. Recreate the demo database with `npm start -- --reseed`.\n");
  } else if (!stopping && running()) {
    log(`the app did not answer ${appUrl}/Login within the time allowed; see its output above`);
  }
}

main().catch((error) => {
  console.error("[start] failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
