/**
 * A second instance of the production build, started by a spec (not by the webServer): pointed at the fault
 * proxy, with a low upstream timeout and a low login limit, and with its stdout/stderr captured so the specs
 * can search its logs (canary secrets must never appear there).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { API_URL, DEMO_URL, MARKETING_URL, ROOT, STAFF_URL } from "./env";
import { FaultProxy } from "./fault-proxy";

/** First port of the side apps; worker n uses FAULT_APP_PORT + n. Overridable, like the other e2e ports. */
export const FAULT_APP_PORT = Number(process.env.E2E_FAULT_APP_PORT ?? 3110);
/** The side app's upstream timeout: low, so the "timeout" fault costs about a second per request. */
export const SIDE_TIMEOUT_MS = 1_000;
/** The side app's failed-login limit per e-mail (the main app's is raised for the other journeys). */
export const SIDE_LOGIN_LIMIT = 4;

export type SideApp = {
  url: string;
  proxy: FaultProxy;
  /** Everything the app process wrote to stdout and stderr so far. */
  logs: () => string;
  /** Whether the app process is still running. */
  alive: () => boolean;
  stop: () => Promise<void>;
};

async function waitFor(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the side app exited (${child.exitCode})`);
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

export async function startSideApp(port: number, env: Record<string, string> = {}): Promise<SideApp> {
  const apiOrigin = new URL(API_URL).origin;
  const proxy = new FaultProxy(apiOrigin, SIDE_TIMEOUT_MS * 6);
  const proxyOrigin = await proxy.start();
  const require = createRequire(import.meta.url);
  const servePkgPath = require.resolve("@react-router/serve/package.json");
  const bin = (JSON.parse(readFileSync(servePkgPath, "utf8")) as { bin: Record<string, string> }).bin[
    "react-router-serve"
  ];
  const url = `http://localhost:${port}`;
  const child = spawn(
    process.execPath,
    [join(dirname(servePkgPath), bin), join(ROOT, "build", "server", "index.js")],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        API_BASE_URL: `${proxyOrigin}${new URL(API_URL).pathname}`,
        SESSION_SECRET: "e2e-side-app-session-secret-not-for-production",
        MARKETING_SITE_URL: MARKETING_URL,
        DEMO_SCHEDULING_URL: DEMO_URL,
        STAFF_APP_URL: STAFF_URL,
        UPSTREAM_TIMEOUT_MS: String(SIDE_TIMEOUT_MS),
        LOGIN_MAX_FAILURES_PER_EMAIL: String(SIDE_LOGIN_LIMIT),
        LOGIN_MAX_FAILURES_PER_CLIENT: "100000",
        ...env,
      },
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  try {
    await waitFor(`${url}/Login`, 30_000, child);
  } catch (error) {
    child.kill("SIGKILL");
    await proxy.close();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    url,
    proxy,
    logs: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      await proxy.close();
    },
  };
}
