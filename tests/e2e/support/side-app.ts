/**
 * A second instance of the production build behind its server, started by a spec (not by the webServer):
 * pointed at the fault proxy, with a low upstream timeout and low login limits, and with its stdout/stderr
 * captured so the specs can search its logs (canary secrets must never appear there). `env` overrides its
 * settings (TRUSTED_PROXIES, REDIS_URL, limits).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { APP_STOP_MS, appCoverageEnv, appServerArgs } from "./app-process";
import { API_URL, APP_PORT, DEMO_URL, MARKETING_URL, ROOT, STAFF_URL } from "./env";
import { FaultProxy } from "./fault-proxy";
import { freePort } from "./raw-http";

/**
 * First port of the side apps; worker n uses FAULT_APP_PORT + n. Follows E2E_APP_PORT (3110 next to 3100), so
 * that checkouts testing side by side on other ports do not collide; E2E_FAULT_APP_PORT overrides it.
 */
export const FAULT_APP_PORT = Number(process.env.E2E_FAULT_APP_PORT ?? APP_PORT + 10);
/**
 * The side app's upstream timeout: low, so the "timeout" fault costs about a second per request. Not lower: at
 * 500 ms a working page's API calls ran out of it now and then under the full suite's load (decision 141).
 */
export const SIDE_TIMEOUT_MS = 1_000;
/** Failed logins per e-mail before the side app makes each next attempt wait (the main app's is raised). */
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

async function waitFor(
  url: string,
  timeoutMs: number,
  child: ChildProcess,
  listening: () => boolean,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the side app exited (${child.exitCode})`);
    try {
      const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      // Another process may answer on the port (a side app of the other worker that found the same port free):
      // the answer counts once this app says it listens.
      if (res.status < 500 && listening()) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts a side app on `port`. A port found free a moment before can be taken meanwhile (by the other worker's
 * side app, which found it free too, or as the local end of an outgoing connection): the app then cannot
 * listen, and it is started again on another free port, so the returned `url` is the one to use.
 */
export async function startSideApp(
  port: number,
  env: Record<string, string> = {},
  /** The API behind the proxy: the run's reference API, or one a spec started itself (its own clock). */
  apiUrl = API_URL,
): Promise<SideApp> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startSideAppOn(port, env, apiUrl);
    } catch (error) {
      if (attempt >= 3 || !/EADDRINUSE/.test((error as Error).message)) throw error;
      port = await freePort();
    }
  }
}

async function startSideAppOn(port: number, env: Record<string, string>, apiUrl: string): Promise<SideApp> {
  const apiOrigin = new URL(apiUrl).origin;
  const proxy = new FaultProxy(apiOrigin, SIDE_TIMEOUT_MS * 6);
  const proxyOrigin = await proxy.start();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, appServerArgs(), {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      API_BASE_URL: `${proxyOrigin}${new URL(apiUrl).pathname}`,
      SESSION_SECRET: "e2e-side-app-session-secret-not-for-production",
      MARKETING_SITE_URL: MARKETING_URL,
      DEMO_SCHEDULING_URL: DEMO_URL,
      STAFF_APP_URL: STAFF_URL,
      UPSTREAM_TIMEOUT_MS: String(SIDE_TIMEOUT_MS),
      LOGIN_DELAY_AFTER_FAILURES: String(SIDE_LOGIN_LIMIT),
      LOGIN_MAX_FAILURES_PER_CLIENT: "100000",
      PUBLIC_FORM_MAX_PER_CLIENT_PER_HOUR: "100000",
      PROMO_MAX_FAILURES_PER_CLIENT_PER_HOUR: "100000",
      ...env,
      ...appCoverageEnv(),
    },
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  try {
    await waitFor(`${url}/Login`, 30_000, child, () => output.includes("[server] listening on"));
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
        // Longer when collecting coverage (APP_STOP_MS): a killed process writes none.
        const timer = setTimeout(() => child.kill("SIGKILL"), APP_STOP_MS);
        await exited;
        clearTimeout(timer);
      }
      await proxy.close();
    },
  };
}
