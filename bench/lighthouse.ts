/**
 * Lighthouse 12 (its CLI, default mobile throttling) against a page, logged in through an extra Cookie header.
 * Several runs: the median by performance score and the worst run are kept (the targets hold in the worst), since
 * single runs vary a lot on a busy machine. Extra request headers (`Save-Data: on` for lite pages) are allowed.
 */
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export interface LighthouseResult {
  url: string;
  runs: number;
  score: number;
  lcpMs: number;
  fcpMs: number;
  cls: number;
  tbtMs: number;
  /** TBT of every run, in run order (ms), and the largest (the target holds in the worst run). */
  allTbtMs: number[];
  worstTbtMs: number;
  allScores: number[];
  /** LCP of every run, in run order (ms). */
  allLcpMs: number[];
  worstScore: number;
  worstLcpMs: number;
  /** Script bytes the page transferred (the largest over the runs), from Lighthouse's resource summary. */
  scriptBytes: number;
}

interface LhReport {
  finalDisplayedUrl?: string;
  runtimeError?: { message: string };
  categories: { performance: { score: number | null } };
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }
  >;
}

function lighthouseBin(root: string): string {
  const require = createRequire(join(root, "package.json"));
  return join(dirname(require.resolve("lighthouse/package.json")), "cli", "index.js");
}

function runOnce(root: string, url: string, headersPath: string, outPath: string): Promise<LhReport> {
  const args = [
    lighthouseBin(root),
    url,
    "--only-categories=performance",
    "--output=json",
    `--output-path=${outPath}`,
    `--extra-headers=${headersPath}`,
    `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    "--quiet",
    // BENCH_LH_SAVE_ASSETS=1 keeps each run's trace beside its report (…-N.trace.json), for finding long tasks.
    ...(process.env.BENCH_LH_SAVE_ASSETS ? ["--save-assets"] : []),
    // BENCH_LH_CPU_SLOWDOWN=N stands in for a slower host than this one (Lighthouse's mobile default is 4): the
    // targets are to hold on any host of this kind, and a quiet hour here can hide a long task that a busier
    // machine shows. The bench's recorded figures use the default.
    ...(process.env.BENCH_LH_CPU_SLOWDOWN
      ? [`--throttling.cpuSlowdownMultiplier=${Number(process.env.BENCH_LH_CPU_SLOWDOWN)}`]
      : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || "/usr/bin/chromium" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += String(chunk);
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited ${code}: ${stderr.slice(-500)}`));
      const report = JSON.parse(readFileSync(outPath, "utf8")) as LhReport;
      if (report.runtimeError) return reject(new Error(`lighthouse: ${report.runtimeError.message}`));
      resolve(report);
    });
  });
}

export async function lighthouse(options: {
  root: string;
  url: string;
  /** The session cookie ("name=value"); null for a visitor. */
  cookie: string | null;
  outDir: string;
  name: string;
  runs: number;
  headers?: Record<string, string>;
}): Promise<LighthouseResult> {
  const headersPath = join(options.outDir, `lighthouse-headers-${options.name}.json`);
  writeFileSync(
    headersPath,
    JSON.stringify({ ...options.headers, ...(options.cookie ? { Cookie: options.cookie } : {}) }),
    { mode: 0o600 },
  );
  const reports: LhReport[] = [];
  for (let i = 0; i < options.runs; i++) {
    const outPath = join(options.outDir, `lighthouse-${options.name}-${i + 1}.json`);
    const report = await runOnce(options.root, options.url, headersPath, outPath);
    const landed = report.finalDisplayedUrl ?? "";
    if (!landed.includes(new URL(options.url).pathname)) {
      throw new Error(`lighthouse landed on ${landed}, not ${options.url} (not logged in?)`);
    }
    reports.push(report);
  }
  const score = (r: LhReport) => Math.round((r.categories.performance.score ?? 0) * 100);
  const sorted = [...reports].sort((a, b) => score(a) - score(b));
  const mid = sorted[Math.floor(sorted.length / 2)];
  const audit = (id: string) => mid.audits[id]?.numericValue ?? Number.NaN;
  const lcp = (r: LhReport) => Math.round(r.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN);
  const tbt = (r: LhReport) => Math.round(r.audits["total-blocking-time"]?.numericValue ?? Number.NaN);
  const scriptBytes = (r: LhReport) =>
    r.audits["resource-summary"]?.details?.items?.find((item) => item.resourceType === "script")
      ?.transferSize ?? 0;
  return {
    url: options.url,
    runs: reports.length,
    score: score(mid),
    lcpMs: Math.round(audit("largest-contentful-paint")),
    fcpMs: Math.round(audit("first-contentful-paint")),
    cls: Math.round(audit("cumulative-layout-shift") * 1000) / 1000,
    tbtMs: Math.round(audit("total-blocking-time")),
    allTbtMs: reports.map(tbt),
    worstTbtMs: Math.max(...reports.map(tbt)),
    allScores: reports.map(score),
    allLcpMs: reports.map(lcp),
    worstScore: Math.min(...reports.map(score)),
    worstLcpMs: Math.max(...reports.map(lcp)),
    scriptBytes: Math.max(...reports.map(scriptBytes)),
  };
}
