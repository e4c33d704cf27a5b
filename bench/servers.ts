/**
 * Starts the reference API and the built app as separate processes on loopback ports of their own, the way
 * production would run them (NODE_ENV=production, the app's own server, build/app-server.js), and stops them again.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, openSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { appHeapFlags } from "../scripts/app-heap";
import { appSessionCookie } from "./session";

export interface Server {
  name: string;
  url: string;
  pid: number;
  child: ChildProcess;
  stop: () => Promise<void>;
}

async function assertPortFree(port: number) {
  const free = await new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host: "127.0.0.1" }, () => probe.close(() => resolve(true)));
  });
  if (!free) throw new Error(`port ${port} is already in use (set BENCH_APP_PORT / BENCH_API_PORT)`);
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill("SIGTERM");
    });
}

function spawnLogged(args: string[], env: NodeJS.ProcessEnv, root: string, logPath: string) {
  mkdirSync(dirname(logPath), { recursive: true });
  const out = openSync(logPath, "w");
  return spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", out, out] });
}

export async function startApi(options: {
  root: string;
  port: number;
  dbPath: string;
  logPath: string;
}): Promise<Server> {
  await assertPortFree(options.port);
  const child = spawnLogged(
    ["--import", "tsx", "upstream/main.ts"],
    {
      ...process.env,
      NODE_ENV: "production",
      UPSTREAM_PORT: String(options.port),
      UPSTREAM_HOST: "127.0.0.1",
      UPSTREAM_DB: options.dbPath,
      // The bench measures the API without mail: nothing is sent, the schedules do not run (decisions 084, 156).
      SMTP_URL: "",
      MAIL_HOLD: "1",
      // 50 parallel logins of one account from one address, as the app's (startApp): the API's login limit
      // (decision 105) would answer most of them 429 instead of measuring a login.
      LOGIN_MAX_FAILURES_PER_CLIENT: "100000000",
      LOGIN_DELAY_AFTER_FAILURES: "100000000",
    },
    options.root,
    options.logPath,
  );
  const url = `http://127.0.0.1:${options.port}/api/frontend/V1`;
  const server: Server = { name: "api", url, pid: child.pid ?? 0, child, stop: stopper(child) };
  try {
    await waitFor(`${url}/Health`, child, 60_000);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

export async function startApp(options: {
  root: string;
  port: number;
  apiUrl: string;
  logPath: string;
  nodeOptions?: string[];
}): Promise<Server> {
  await assertPortFree(options.port);
  const child = spawnLogged(
    // The same heap cap as `npm start` (scripts/app-heap.ts): the bench measures the production setup.
    [...appHeapFlags(), ...(options.nodeOptions ?? []), join(options.root, "build", "app-server.js")],
    {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      API_BASE_URL: options.apiUrl,
      SESSION_SECRET: randomBytes(32).toString("base64url"),
      // Plain http on loopback: a Secure __Host- cookie would not be sent back by the load tools.
      COOKIE_SECURE: "false",
      // The login POST is measured with 50 parallel logins of one account from one address: the abuse limits
      // (every attempt counts until it succeeds; one attempt at a time per address past the first few) would
      // answer most of them 429 instead of measuring a login.
      LOGIN_MAX_FAILURES_PER_CLIENT: "100000000",
      LOGIN_DELAY_AFTER_FAILURES: "100000000",
      // The static reference page /_bench/baseline exists only for the bench (app/routes/bench-baseline.tsx).
      BENCH_BASELINE: "1",
    },
    options.root,
    options.logPath,
  );
  const url = `http://127.0.0.1:${options.port}`;
  const server: Server = { name: "app", url, pid: child.pid ?? 0, child, stop: stopper(child) };
  try {
    await waitFor(`${url}/Login`, child, 60_000);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/**
 * For the one-off tools (lh-only, profile-page, render-floor): the reference API on the bench database and the
 * built app on ports BENCH_API_PORT/BENCH_APP_PORT (3601/3600), with the bench member logged in; both stopped
 * when `use` has finished.
 */
export async function withBenchApp<T>(
  root: string,
  use: (appUrl: string, cookie: string, apiUrl: string) => Promise<T>,
  options: { nodeOptions?: string[] } = {},
): Promise<T> {
  const out = join(root, "bench", "output");
  const api = await startApi({
    root,
    port: Number(process.env.BENCH_API_PORT || 3601),
    dbPath: join(root, "bench", "data", "bench.sqlite"),
    logPath: join(out, "api.log"),
  });
  try {
    const app = await startApp({
      root,
      port: Number(process.env.BENCH_APP_PORT || 3600),
      apiUrl: api.url,
      logPath: join(out, "app.log"),
      nodeOptions: options.nodeOptions,
    });
    try {
      return await use(app.url, await appSessionCookie(app.url), api.url);
    } finally {
      await app.stop();
    }
  } finally {
    await api.stop();
  }
}
