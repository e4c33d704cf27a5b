/**
 * `npm run coverage`: one line/statement/function/branch coverage report of app/ from both test layers
 * (decision 092, docs/testing.md, "Coverage").
 *
 * 1. The coverage build (BUILD_FOR_COVERAGE=1 npm run build: source maps, unminified).
 * 2. Vitest with V8 coverage (vitest.coverage.config.ts) into coverage/raw/vitest.
 * 3. Playwright with E2E_COVERAGE_DIR=coverage/raw/e2e: the app processes' V8 coverage (NODE_V8_COVERAGE) in
 *    node/, Chromium's in browser/ (tests/e2e/support/coverage.ts).
 * 4. The report: monocart-coverage-reports maps every V8 range back to app/*.ts(x) through the source maps and
 *    merges the layers by source file, into coverage/ (index.html, coverage-summary.json, coverage.txt), with
 *    each layer's summary in coverage/layers/. Files of app/ that nothing ran count, at 0%.
 * 5. The production build again (npm run build), so that build/ is not left unminified.
 *
 * Arguments: `--report-only` rebuilds the report from coverage/raw (making the coverage build again for the
 * source maps when build/ is not it); `--vitest=<filter>` (repeatable) runs only those Vitest files; `--no-vitest`,
 * `--no-e2e` skip a layer; everything else goes to `playwright test` (--project=js, a spec file, --workers=1;
 * `--project js x.spec.ts` would make the spec a second project's name).
 * Exits non-zero when a layer's tests failed (the report is written all the same).
 */
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { CoverageReport, type CoverageReportOptions, type V8CoverageEntry } from "monocart-coverage-reports";
import { parseAst, transformWithOxc } from "vite";
import type { BrowserCoverageEntry } from "../tests/e2e/support/coverage";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "coverage");
const RAW = join(OUT, "raw");
/** vitest.coverage.config.ts writes monocart's raw data here. */
const VITEST_RAW = join(RAW, "vitest", "raw");
const E2E_DIR = join(RAW, "e2e");
/** The browser journeys' data after conversion (sources and source maps included): the merge's input. */
const E2E_LAYER = join(OUT, "layers", "e2e");
const BUILD = join(ROOT, "build");
const CLIENT = join(BUILD, "client");
const APP = join(ROOT, "app");

const log = (message: string) => console.log(`[coverage] ${message}`);

/** Runs a command in the repository; with `logFile`, its output goes there instead of the terminal. */
function run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  logFile?: string,
): Promise<number> {
  const shown = Object.entries(env).map(([k, v]) => `${k}=${v} `);
  log(`${shown.join("")}${command} ${args.join(" ")}${logFile ? ` > ${relative(ROOT, logFile)}` : ""}`);
  return new Promise((done, fail) => {
    const out = logFile ? openSync(logFile, "w") : "inherit";
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ["ignore", out, out],
      env: { ...process.env, ...env },
    });
    child.once("error", fail);
    child.once("exit", (code, signal) => {
      if (typeof out === "number") closeSync(out);
      done(code ?? (signal ? 1 : 0));
    });
  });
}

/** `npm run build`, for coverage or the production one; its output goes to coverage/raw/build.log. */
async function build(forCoverage: boolean) {
  mkdirSync(RAW, { recursive: true });
  const logFile = join(RAW, "build.log");
  const code = await run("npm", ["run", "build"], forCoverage ? { BUILD_FOR_COVERAGE: "1" } : {}, logFile);
  if (code !== 0) {
    console.error(readFileSync(logFile, "utf8").slice(-4000));
    throw new Error(`npm run build failed (${code})`);
  }
}

/** Whether build/ is the coverage build (its server bundle has a source map). */
const isCoverageBuild = () => existsSync(join(BUILD, "server", "index.js.map"));

// ---------------------------------------------------------------------------------------------------------------
// What the report counts: app/'s own TypeScript, wherever it ran.

/** A source of the report as a path from the repository root ("app/lib/format/dates.ts"). */
function appPath(sourcePath: string): string {
  const path = sourcePath.replace(/\\/g, "/");
  // Source maps name modules relative to the bundle (../../app/x.ts), which monocart resolves under the bundle's
  // host or folder (localhost-3600/app/x.ts, build/app/x.ts): everything before the last /app/ goes.
  const at = path.lastIndexOf("/app/");
  if (path.startsWith("app/") || at < 0) return path;
  return path.slice(at + 1);
}

const isAppSource = (path: string) => /^app\/.+\.tsx?$/.test(path) && !path.endsWith(".d.ts");

/**
 * The dist files worth unpacking: Vitest's app/ modules, and the bundles of the coverage build that have a source
 * map (the server's, and the browser's chunks as the app and the side apps served them); a bundle without one
 * (the bundler's runtime) holds no module of app/.
 */
function isMeasuredEntry(url: string): boolean {
  if (url.startsWith("file:")) {
    const path = fileURLToPath(url);
    if (path.includes(`${sep}node_modules${sep}`)) return false;
    return path.startsWith(APP + sep) || (path.startsWith(BUILD + sep) && existsSync(`${path}.map`));
  }
  if (!/^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//.test(url)) return false;
  const file = join(CLIENT, new URL(url).pathname);
  return file.startsWith(CLIENT + sep) && existsSync(`${file}.map`);
}

/** The browser's chunks' source maps, read from build/client (the servers are gone when the report is made). */
async function sourceMapResolver(url: string, fallback: (url: string) => Promise<unknown>): Promise<unknown> {
  if (/^https?:/.test(url)) {
    const file = join(CLIENT, new URL(url).pathname);
    if (file.startsWith(CLIENT + sep) && existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  }
  return fallback(url);
}

/**
 * A compiled module with its imports and re-exports blanked out (same length, same lines, so its source map still
 * holds): in a bundle they are links, not statements, and a file that ran is counted from a bundle. Without this
 * a file that nothing ran would count its import lines as statements that a file that ran does not.
 */
function withoutModuleSyntax(code: string): string {
  let out = code;
  for (const node of parseAst(code).body) {
    const link =
      node.type === "ImportDeclaration" ||
      node.type === "ExportAllDeclaration" ||
      (node.type === "ExportNamedDeclaration" && !node.declaration);
    if (link)
      out =
        out.slice(0, node.start) +
        out.slice(node.start, node.end).replace(/[^\n]/g, " ") +
        out.slice(node.end);
  }
  return out;
}

/** Options of every report: what is measured, and app/'s files that nothing ran, compiled to count them. */
function options(extra: CoverageReportOptions): CoverageReportOptions {
  return {
    logging: "error",
    baseDir: ROOT,
    entryFilter: (entry: V8CoverageEntry) => isMeasuredEntry(entry.url),
    sourcePath: (path: string) => appPath(path),
    sourceFilter: (path: string) => isAppSource(appPath(path)),
    sourceMapResolver: sourceMapResolver as CoverageReportOptions["sourceMapResolver"],
    all: {
      dir: ["./app"],
      filter: (path: string) => isAppSource(relative(ROOT, resolve(ROOT, path)).split(sep).join("/")),
      // Compiled as the builds compile them (Vite's Oxc transform), so that their statements, functions and
      // branches count too, and as they would if they had run.
      transformer: async (entry: V8CoverageEntry) => {
        const file = fileURLToPath(entry.url);
        const { code, map } = await transformWithOxc(entry.source ?? "", file, {
          jsx: { runtime: "automatic" },
          sourcemap: true,
        });
        entry.source = withoutModuleSyntax(code);
        entry.sourceMap = map ? { ...map, sources: [relative(ROOT, file).split(sep).join("/")] } : undefined;
      },
    } as CoverageReportOptions["all"],
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------------------------

type Metric = { total: number; covered: number; pct: number };
type Totals = { lines: Metric; statements: Metric; functions: Metric; branches: Metric };
type Layer = { name: string; summary: Totals | null };

/**
 * A report's totals from its coverage-summary.json (Istanbul's json-summary: its lines are the lines with a
 * statement, as in coverage.txt; the HTML view, V8's, counts every line of code and so differs a little).
 */
function totals(dir: string): Totals | null {
  const file = join(dir, "coverage-summary.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { total: Totals }).total : null;
}

async function vitestLayer(): Promise<Layer> {
  const name = "Vitest (unit, components)";
  if (!existsSync(VITEST_RAW)) return { name, summary: null };
  const outputDir = join(OUT, "layers", "vitest");
  await new CoverageReport(
    options({ name, inputDir: VITEST_RAW, outputDir, reports: [["json-summary"]] }),
  ).generate();
  return { name, summary: totals(outputDir) };
}

async function e2eLayer(): Promise<Layer> {
  const name = "Playwright (server and browser)";
  const nodeDir = join(E2E_DIR, "node");
  const browserDir = join(E2E_DIR, "browser");
  if (!existsSync(nodeDir) && !existsSync(browserDir)) return { name, summary: null };
  const report = new CoverageReport(
    options({
      name,
      outputDir: E2E_LAYER,
      // raw: the converted data, sources and maps included, which the combined report merges.
      reports: [["raw", { merge: true }], ["json-summary"]],
    }),
  );
  report.cleanCache();
  if (existsSync(nodeDir)) await report.addFromDir(nodeDir);
  if (existsSync(browserDir)) {
    const sources = new Map<string, string>();
    const source = (hash: string) => {
      let text = sources.get(hash);
      if (text === undefined) {
        text = readFileSync(join(browserDir, "sources", `${hash}.js`), "utf8");
        sources.set(hash, text);
      }
      return text;
    };
    for (const file of readdirSync(browserDir).filter((name) => name.endsWith(".json"))) {
      const entries = JSON.parse(readFileSync(join(browserDir, file), "utf8")) as BrowserCoverageEntry[];
      await report.add(
        entries.map(({ url, sourceHash, functions }) => ({ url, source: source(sourceHash), functions })),
      );
    }
  }
  await report.generate();
  return { name, summary: totals(E2E_LAYER) };
}

async function combined(inputs: string[]): Promise<Layer> {
  const name = "app/: Vitest and Playwright";
  await new CoverageReport(
    options({
      name,
      inputDir: inputs,
      outputDir: OUT,
      // coverage/raw and coverage/layers stay (report() cleared the rest).
      clean: false,
      reports: [["v8"], ["json-summary"], ["text", { file: "coverage.txt", maxCols: 160 }]],
    }),
  ).generate();
  return { name, summary: totals(OUT) };
}

function pct(metric: Metric | undefined): string {
  if (!metric || metric.total === 0) return "     -";
  return `${((100 * metric.covered) / metric.total).toFixed(1).padStart(5)}%`;
}

async function report() {
  let rebuilt = false;
  if (!isCoverageBuild()) {
    // The report needs the coverage build's source maps; the build is deterministic, so the same sources make
    // the same bundles the raw data was taken from.
    log("build/ is not the coverage build: making it for its source maps");
    await build(true);
    rebuilt = true;
  }
  try {
    mkdirSync(OUT, { recursive: true });
    for (const name of readdirSync(OUT))
      if (name !== "raw") rmSync(join(OUT, name), { recursive: true, force: true });
    const vitest = await vitestLayer();
    const e2e = await e2eLayer();
    const inputs = [VITEST_RAW, join(E2E_LAYER, "raw")].filter((dir) => existsSync(dir));
    if (inputs.length === 0) throw new Error("no raw coverage in coverage/raw: run `npm run coverage` first");
    const all = await combined(inputs);
    console.log("\nCoverage of app/ (lines, statements, functions, branches):");
    for (const { name, summary } of [vitest, e2e, all]) {
      const s = summary;
      console.log(
        `  ${name.padEnd(34)} lines ${pct(s?.lines)}  statements ${pct(s?.statements)}  functions ${pct(s?.functions)}  branches ${pct(s?.branches)}${s ? ` (${s.lines.covered}/${s.lines.total} lines)` : "  (no data)"}`,
      );
    }
    console.log(
      `\nReport: ${relative(process.cwd(), join(OUT, "index.html"))} (summary: coverage/coverage-summary.json, per file: coverage/coverage.txt)`,
    );
  } finally {
    if (rebuilt) await build(false);
  }
}

async function main() {
  const argv = process.argv.slice(2);
  const ours = (arg: string) =>
    arg === "--report-only" || arg === "--no-vitest" || arg === "--no-e2e" || arg.startsWith("--vitest=");
  if (argv.includes("--report-only")) {
    await report();
    return;
  }
  const vitestFilters = argv
    .filter((arg) => arg.startsWith("--vitest="))
    .map((arg) => arg.slice("--vitest=".length));
  const playwrightArgs = argv.filter((arg) => !ours(arg));
  const failed: string[] = [];

  rmSync(OUT, { recursive: true, force: true });
  await build(true);
  try {
    if (!argv.includes("--no-vitest")) {
      const code = await run(
        "npx",
        ["vitest", "run", "--config", "vitest.coverage.config.ts", ...vitestFilters],
        {
          VITE_CONFIG_NATIVE_IGNORE_WARNING: "true",
        },
      );
      if (code !== 0) failed.push(`vitest (${code})`);
    }
    if (!argv.includes("--no-e2e")) {
      const code = await run("npx", ["playwright", "test", ...playwrightArgs], { E2E_COVERAGE_DIR: E2E_DIR });
      if (code !== 0) failed.push(`playwright (${code})`);
    }
    await report();
  } finally {
    log("the production build again (build/ was the coverage build)");
    await build(false);
  }
  if (failed.length > 0) {
    console.error(`[coverage] tests failed: ${failed.join(", ")}; the report counts what ran`);
    process.exit(1);
  }
}

await main();
