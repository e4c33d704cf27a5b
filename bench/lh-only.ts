/**
 * The browser part of the bench alone, against the built app on the bench database, for trying a change to what
 * the browser loads without the whole bench (no build, no load runs). Writes nothing but its reports in
 * bench/output/ (the figures also in bench/output/lh-only.json); `npm run bench` stays the one that records results.
 *
 *   npx tsx bench/lh-only.ts --screens companies,calendar   the bench's screens (bench/scenarios.ts), each
 *                                                            with its lite page; `--screens all` for every one
 *   npx tsx bench/lh-only.ts --inp                           the interactions' INP (4× CPU); `--inp panel-state`
 *   npx tsx bench/lh-only.ts --screens all --inp             both
 *   npx tsx bench/lh-only.ts /Projects /Contacts             any member paths (BENCH_LH_LITE=1: their lite pages)
 *
 * Options: `--runs N` (Lighthouse runs per page; default each screen's own, 5 for paths, or BENCH_LH_RUNS),
 * `--inp-runs N` (3), `--no-lite` (screens without their lite pages), `--lite-only`. Screens:
 * projects, project, signup-state, projects-panel, companies, company, calendar, subscription. Interactions:
 * panel-state, checkout-vertical. Seeds bench/data/bench.sqlite first if it is missing (BENCH_PROJECTS, 500,000).
 */
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { routeBundles } from "./bundle";
import { type LighthouseResult, lighthouse } from "./lighthouse";
import { type BrowserPart, browserTargetTable } from "./report";
import { browserScreens, INTERACTIONS } from "./scenarios";
import { auditScreens, type LiteBytes, liteBytes, measureInteractions, screenIds, sessions } from "./screens";
import { ensureBenchDatabase } from "./seed";
import { withBenchApp } from "./servers";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "bench", "output");
const log = (line: string) => console.log(`[lh-only] ${line}`);

interface Args {
  paths: string[];
  screens: string[] | null;
  inp: string[] | null;
  runs?: number;
  inpRuns: number;
  full: boolean;
  lite: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { paths: [], screens: null, inp: null, inpRuns: 3, full: true, lite: true };
  const envRuns = process.env.BENCH_LH_RUNS ? Number(process.env.BENCH_LH_RUNS) : undefined;
  args.runs = envRuns;
  const list = (value: string | undefined) => (value ?? "all").split(",").filter(Boolean);
  const count = (flag: string, value: string | undefined) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1)
      throw new Error(`${flag} wants a whole number above 0 (got "${value}")`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith("--") ? (arg.split("=", 2) as [string, string?]) : [arg];
    const next = () => inline ?? (argv[i + 1] && !argv[i + 1].startsWith("--") ? argv[++i] : undefined);
    if (flag === "--screens") args.screens = list(next());
    else if (flag === "--inp") args.inp = list(next());
    else if (flag === "--runs") args.runs = count(flag, next());
    else if (flag === "--inp-runs") args.inpRuns = count(flag, next());
    else if (flag === "--no-lite") args.lite = false;
    else if (flag === "--lite-only") args.full = false;
    else if (flag.startsWith("--"))
      throw new Error(`unknown option ${flag} (see the head of bench/lh-only.ts)`);
    else args.paths.push(arg);
  }
  if (!args.screens && !args.inp && args.paths.length === 0) args.paths.push("/Projects");
  return args;
}

function pick<T extends { id: string }>(all: T[], wanted: string[], what: string): T[] {
  if (wanted.includes("all")) return all;
  const unknown = wanted.filter((id) => !all.some((x) => x.id === id));
  if (unknown.length > 0) {
    throw new Error(`unknown ${what} ${unknown.join(", ")}; known: ${all.map((x) => x.id).join(", ")}`);
  }
  return all.filter((x) => wanted.includes(x.id));
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  ensureBenchDatabase(
    join(ROOT, "bench", "data", "bench.sqlite"),
    Number(process.env.BENCH_PROJECTS ?? 500_000),
    log,
  );
  const part: BrowserPart = {
    bundles: routeBundles(join(ROOT, "build", "client")),
    lite: [] as LiteBytes[],
    lighthouse: {},
    screens: [],
    interactions: {},
  };
  const paths: Record<string, LighthouseResult> = {};
  await withBenchApp(ROOT, async (appUrl, cookie, apiUrl) => {
    const cookieOf = sessions(appUrl, cookie);
    if (args.screens) {
      const screens = pick(browserScreens(await screenIds(apiUrl)), args.screens, "screen");
      part.screens = screens;
      for (const screen of screens)
        part.lite.push(await liteBytes(appUrl, screen, await cookieOf(screen.account)));
      part.lighthouse = await auditScreens({
        root: ROOT,
        appUrl,
        outDir: OUT,
        screens,
        cookieOf,
        runs: args.runs,
        full: args.full,
        lite: args.lite,
        log,
      });
    }
    if (args.inp) {
      part.interactions = await measureInteractions({
        appUrl,
        scenarios: pick(INTERACTIONS, args.inp, "interaction"),
        cookieOf,
        runs: args.inpRuns,
        log,
      });
    }
    for (const path of args.paths) {
      const result = await lighthouse({
        root: ROOT,
        url: `${appUrl}${path}`,
        cookie,
        outDir: OUT,
        name: `only-${path.replace(/\W+/g, "-")}`,
        runs: args.runs ?? 5,
        // BENCH_LH_LITE=1: the lite pages, as the bench audits them (Save-Data: on).
        headers: process.env.BENCH_LH_LITE === "1" ? { "Save-Data": "on" } : undefined,
      });
      paths[path] = result;
      console.log(path, JSON.stringify(result));
    }
  });
  writeFileSync(join(OUT, "lh-only.json"), `${JSON.stringify({ ...part, paths }, null, 2)}\n`);
  if (args.screens || args.inp) {
    const table = browserTargetTable(part);
    writeFileSync(
      join(OUT, "lh-only.md"),
      `# Browser part alone (bench/lh-only.ts), ${new Date().toISOString().slice(0, 16)} UTC\n\n${table}`,
    );
    console.log(`\n${table}`);
  }
  log("figures in bench/output/lh-only.json and lh-only.md");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
