/**
 * `npm run bench`: builds the app, seeds (once) a large reference database, starts the reference API and the
 * app in production mode on loopback ports of their own, and measures each key page next to the API calls it
 * makes, a static baseline page, first-load bytes, the app's memory, and the browser part: Lighthouse on every
 * screen of bench/scenarios.ts (browserScreens, each also as a lite page) and the INP of its interactions. It
 * asserts nothing: it writes bench/results.md and bench/results.json, each figure next to its target.
 *
 * Environment: BENCH_PROJECTS (500000), BENCH_DURATION (seconds per load run, 10), BENCH_CONNECTIONS ("1,50"),
 * BENCH_WARMUP (seconds, 2), BENCH_LH_RUNS (each screen's own: 5 for /Projects and /Projects/{id}, 3 for the
 * rest), BENCH_INP_RUNS (3), BENCH_APP_PORT (3600), BENCH_API_PORT (3601), BENCH_SKIP_BUILD=1,
 * BENCH_SKIP_LIGHTHOUSE=1 (no browser part), BENCH_CPU_PROF=1 (writes the app's CPU profile to
 * bench/output/profiles/), CHROME_PATH (/usr/bin/chromium).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { routeBundles } from "./bundle";
import { type LoadOptions, type LoadResult, runLoad } from "./load";
import { peakRssMb, sampleRss } from "./memory";
import { writeReport } from "./report";
import type { ByConnections, PageResult, Results, Settings } from "./results";
import {
  ADVANCED_SEARCHES,
  apiCalls,
  browserScreens,
  type CallPlan,
  INTERACTIONS,
  type Page,
  pages,
  SEARCH_KEYWORDS,
} from "./scenarios";
import { auditScreens, liteBytes, measureInteractions, screenIds, sessions } from "./screens";
import { ensureBenchDatabase } from "./seed";
import { type Server, startApi, startApp } from "./servers";
import { apiToken, appSessionCookie, loginFormBody, loginFormHeaders, MEMBER } from "./session";
import { quantile, round } from "./stats";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "bench", "output");

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number (got "${raw}")`);
  return value;
}
const flag = (name: string) => ["1", "true", "yes"].includes(String(process.env[name] ?? "").toLowerCase());

const settings: Settings = {
  projects: intEnv("BENCH_PROJECTS", 500_000),
  durationS: intEnv("BENCH_DURATION", 10),
  warmupS: intEnv("BENCH_WARMUP", 2),
  connections: (process.env.BENCH_CONNECTIONS || "1,50").split(",").map((c) => Number(c.trim())),
  // null: each screen's own number of runs (bench/scenarios.ts).
  lighthouseRuns: process.env.BENCH_LH_RUNS ? intEnv("BENCH_LH_RUNS", 5) : null,
  interactionRuns: intEnv("BENCH_INP_RUNS", 3),
  appPort: intEnv("BENCH_APP_PORT", 3600),
  apiPort: intEnv("BENCH_API_PORT", 3601),
  cpuProfile: flag("BENCH_CPU_PROF"),
  skipBuild: flag("BENCH_SKIP_BUILD"),
  skipLighthouse: flag("BENCH_SKIP_LIGHTHOUSE"),
};

const log = (line: string) => console.log(`[bench] ${line}`);

/** Critical path of a call plan from per-call figures: steps add up, parallel calls wait for the slowest. */
function criticalPath(plan: CallPlan, figure: (call: string) => number): number {
  return plan.reduce((total, step) => total + Math.max(...step.map(figure)), 0);
}

async function load(options: LoadOptions): Promise<LoadResult> {
  if (settings.warmupS > 0) await runLoad({ ...options, connections: 1, durationS: settings.warmupS });
  return runLoad(options);
}

/** Times API searches one after another, in rounds: the first round meets each query for the first time. */
async function sequentialSearch(apiUrl: string, token: string, queries: string[], rounds = 3) {
  const times: { ms: number; round: number; query: string }[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const query of queries) {
      const started = performance.now();
      const res = await fetch(`${apiUrl}/Projects?${query}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`search ${query}: HTTP ${res.status}`);
      times.push({ ms: performance.now() - started, round, query });
    }
  }
  const all = times.map((t) => t.ms);
  // The API caches keyword counts for 30 s: the first round is the uncached one.
  const first = times.filter((t) => t.round === 0).map((t) => t.ms);
  const later = times.filter((t) => t.round > 0).map((t) => t.ms);
  return {
    requests: times.length,
    p50: round(quantile(all, 0.5)),
    p95: round(quantile(all, 0.95)),
    max: round(Math.max(...all)),
    firstRoundP95: round(quantile(first, 0.95)),
    laterRoundsP95: round(quantile(later, 0.95)),
    slowest: [...times]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8)
      .map((t) => ({ ms: round(t.ms), round: t.round + 1, query: t.query })),
  };
}

function keywordSearch(apiUrl: string, token: string) {
  const orders = ["", "&orderBy=updated_at&orderDirection=desc&page=50", "&orderBy=minimum_value&page=2"];
  const queries = SEARCH_KEYWORDS.flatMap((keyword) =>
    orders.map((order) => `perPage=15&query=${encodeURIComponent(keyword)}${order}`),
  );
  return sequentialSearch(apiUrl, token, queries).then((r) => ({ ...r, keywords: SEARCH_KEYWORDS }));
}

async function checkPage(app: Server, page: Page, cookie: string) {
  const res = await fetch(`${app.url}${page.path}`, {
    method: page.method,
    redirect: "manual",
    headers: page.method === "POST" ? loginFormHeaders(app.url) : { Cookie: cookie },
    body: page.body,
  });
  await res.arrayBuffer();
  if (!page.okStatus.includes(res.status)) {
    throw new Error(
      `${page.method} ${page.path} answered ${res.status}, expected ${page.okStatus.join("/")}`,
    );
  }
}

async function main() {
  const loadAvgBefore = loadavg().map((l) => round(l));
  mkdirSync(OUT, { recursive: true });
  if (!settings.skipBuild) {
    log("building (npm run build)...");
    execFileSync("npm", ["run", "build", "--silent"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  }
  const bundles = routeBundles(join(ROOT, "build", "client"));
  const seed = ensureBenchDatabase(join(ROOT, "bench", "data", "bench.sqlite"), settings.projects, log);

  const servers: Server[] = [];
  const stopAll = () => Promise.all(servers.map((s) => s.stop()));
  process.once("SIGINT", () => void stopAll().then(() => process.exit(130)));
  try {
    const api = await startApi({
      root: ROOT,
      port: settings.apiPort,
      dbPath: join(ROOT, "bench", "data", "bench.sqlite"),
      logPath: join(OUT, "api.log"),
    });
    servers.push(api);
    const profileDir = join(OUT, "profiles");
    if (settings.cpuProfile) mkdirSync(profileDir, { recursive: true });
    const app = await startApp({
      root: ROOT,
      port: settings.appPort,
      apiUrl: api.url,
      logPath: join(OUT, "app.log"),
      nodeOptions: settings.cpuProfile ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
    });
    servers.push(app);
    log(`reference API ${api.url} (pid ${api.pid}), app ${app.url} (pid ${app.pid})`);

    const cookie = await appSessionCookie(app.url);
    const token = await apiToken(api.url);
    const ids = await screenIds(api.url, token);
    const { projectId } = ids;
    const screens = browserScreens(ids);
    const cookieOf = sessions(app.url, cookie);
    const pageList = pages(projectId, loginFormBody());
    const calls = apiCalls(projectId, JSON.stringify(MEMBER));
    for (const page of pageList) await checkPage(app, page, cookie);
    log(`logged in as ${MEMBER.email}; project ${projectId}; every page answers`);

    log("reference API keyword search latency (sequential)...");
    const search = await keywordSearch(api.url, token);
    log(
      `  keyword search p50 ${search.p50} ms, p95 ${search.p95} ms (first round ${search.firstRoundP95} ms, later ${search.laterRoundsP95} ms) over ${search.requests} requests`,
    );

    log("reference API advanced search latency (sequential)...");
    const advanced = await sequentialSearch(api.url, token, ADVANCED_SEARCHES);
    log(
      `  advanced search p50 ${advanced.p50} ms, p95 ${advanced.p95} ms over ${advanced.requests} requests`,
    );

    const lite = [];
    for (const screen of screens) lite.push(await liteBytes(app.url, screen, await cookieOf(screen.account)));
    log(`lite pages: ${JSON.stringify(lite)}`);

    const appResults: Record<string, ByConnections> = {};
    const callResults: Record<string, ByConnections> = {};
    let peakUnderLoad = 0;
    const peakByRun: Record<string, number> = {};
    for (const connections of settings.connections) {
      for (const page of pageList) {
        const sampler = connections > 1 ? sampleRss(app.pid) : null;
        const result = await load({
          url: `${app.url}${page.path}`,
          connections,
          durationS: settings.durationS,
          method: page.method,
          headers:
            page.method === "POST" ? loginFormHeaders(app.url) : page.loggedIn ? { Cookie: cookie } : {},
          body: page.body,
          okStatus: page.okStatus,
          watch: { app: app.pid, api: api.pid },
        });
        if (sampler) {
          const peak = sampler.stop();
          peakByRun[page.id] = round(peak, 1);
          peakUnderLoad = Math.max(peakUnderLoad, peak);
        }
        appResults[page.id] = { ...appResults[page.id], [connections]: result };
        log(
          `  app ${page.label} @${connections}: p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.rps} req/s (${result.ok}/${result.requests} ok), cpu/req ${JSON.stringify(result.cpuMsPerRequest)}`,
        );
      }
      for (const call of calls) {
        const headers: Record<string, string> = { Accept: "application/json" };
        if (!call.anonymous) headers.Authorization = `Bearer ${token}`;
        if (call.body) headers["Content-Type"] = "application/json";
        const result = await load({
          url: `${api.url}/${call.path}`,
          connections,
          durationS: settings.durationS,
          method: call.method,
          headers,
          body: call.body,
          watch: { api: api.pid },
        });
        callResults[call.id] = { ...callResults[call.id], [connections]: result };
        log(
          `  api ${call.id} @${connections}: p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.rps} req/s (${result.ok}/${result.requests} ok), cpu/req ${JSON.stringify(result.cpuMsPerRequest)}`,
        );
      }
    }
    const vmHwmMb = peakRssMb(app.pid);

    let lighthouseResults: Results["lighthouse"] = {};
    let interactions: Results["interactions"] = {};
    if (!settings.skipLighthouse) {
      lighthouseResults = await auditScreens({
        root: ROOT,
        appUrl: app.url,
        outDir: OUT,
        screens,
        cookieOf,
        runs: settings.lighthouseRuns ?? undefined,
        log,
      });
      interactions = await measureInteractions({
        appUrl: app.url,
        scenarios: INTERACTIONS,
        cookieOf,
        runs: settings.interactionRuns,
        log,
      });
    }

    const pageResults: PageResult[] = pageList.map(({ body: _body, ...page }) => {
      const upstream: PageResult["upstream"] = {};
      for (const connections of settings.connections) {
        if (page.plan.length === 0) continue;
        const figure = (key: "p50" | "p99") => (id: string) => callResults[id][connections][key];
        const ids = page.plan.flat();
        upstream[connections] = {
          p50: round(criticalPath(page.plan, figure("p50"))),
          p99: round(criticalPath(page.plan, figure("p99"))),
          sumP50: round(ids.reduce((t, id) => t + callResults[id][connections].p50, 0)),
          // The API serves every call of the page: its rate for the whole set is 1 / Σ (1 / rate of each).
          rps: round(1 / ids.reduce((t, id) => t + 1 / callResults[id][connections].rps, 0), 1),
        };
      }
      return { page, app: appResults[page.id], upstream };
    });

    const results: Results = {
      date: new Date().toISOString(),
      machine: {
        cores: cpus().length,
        cpu: cpus()[0]?.model ?? "unknown",
        node: process.version,
        loadAvgBefore,
        loadAvgAfter: loadavg().map((l) => round(l)),
      },
      settings,
      seed,
      projectId,
      pages: pageResults,
      apiCalls: callResults,
      keywordSearch: search,
      advancedSearch: { ...advanced, queries: ADVANCED_SEARCHES.length },
      lite,
      memory: {
        peakRssUnderLoadMb: round(peakUnderLoad, 1),
        vmHwmMb: round(vmHwmMb, 1),
        peakRssByRunMb: peakByRun,
      },
      bundles,
      screens,
      lighthouse: lighthouseResults,
      interactions,
    };
    writeFileSync(join(ROOT, "bench", "results.json"), `${JSON.stringify(results, null, 2)}\n`);
    // The profiled causes of the misses are written by hand (bench/misses.md) and go under the figures.
    const missesPath = join(ROOT, "bench", "misses.md");
    const misses = existsSync(missesPath) ? `\n${readFileSync(missesPath, "utf8")}` : "";
    writeFileSync(join(ROOT, "bench", "results.md"), `${writeReport(results)}${misses}`);
    log("wrote bench/results.md and bench/results.json");
  } finally {
    await stopAll();
  }
}

main().catch((error) => {
  console.error("[bench] failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
