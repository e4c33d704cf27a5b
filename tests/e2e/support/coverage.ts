/**
 * The browser half of the journeys' coverage (`npm run coverage`, decision 092). With E2E_COVERAGE_DIR set, every
 * test's `page` records V8's JavaScript coverage in Chromium (page.coverage) from its first navigation to its end,
 * and the scripts the app served are written into <dir>/browser: one JSON file per test (url and V8's function
 * ranges) and each script's text once, under sources/ by its hash (a test's pages load the same chunks, and the
 * unminified framework chunk alone is a megabyte). scripts/coverage.ts maps them back to app/ through the coverage
 * build's source maps. Without E2E_COVERAGE_DIR the page is Playwright's own, untouched.
 *
 * Not measured: pages of a context a test opens itself (browser.newContext, a handful of specs), and pages a test
 * has closed before its end; their server side is measured all the same (support/app-process.ts).
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test as base, type Page, type TestInfo } from "@playwright/test";
import { e2eCoverageDir } from "./app-process";
import { ROOT } from "./env";

type JsCoverage = Awaited<ReturnType<Page["coverage"]["stopJSCoverage"]>>;

/** One script's coverage as written: its source is sources/<sourceHash>.js. */
export type BrowserCoverageEntry = {
  url: string;
  sourceHash: string;
  functions: JsCoverage[number]["functions"];
};

const appChunks = new Map<string, boolean>();

/**
 * Whether a script is one of the app's chunks with app/ code in it, served by the main app or a side app on another
 * port: its source map in build/client (the coverage build's) names a module of app/. The framework chunk (React,
 * React DOM, React Router: two thirds of every test's data) and the bundler's runtime (no map) are left out.
 */
function isAppScript(url: string): boolean {
  let pathname: string;
  try {
    const parsed = new URL(url);
    if (!(parsed.hostname === "localhost" || parsed.hostname === "127.0.0.1")) return false;
    pathname = parsed.pathname;
  } catch {
    return false;
  }
  if (!/\.m?js$/.test(pathname)) return false;
  let known = appChunks.get(pathname);
  if (known === undefined) {
    try {
      const map = JSON.parse(readFileSync(join(ROOT, "build", "client", `${pathname}.map`), "utf8")) as {
        sources?: string[];
      };
      known = (map.sources ?? []).some(
        (source) => /(^|\/)app\//.test(source) && !source.includes("node_modules"),
      );
    } catch {
      // No source map: the bundler's runtime, or not the coverage build (nothing to map back to app/).
      known = false;
    }
    appChunks.set(pathname, known);
  }
  return known;
}

function save(dir: string, coverage: JsCoverage, testInfo: TestInfo) {
  const sources = join(dir, "browser", "sources");
  mkdirSync(sources, { recursive: true });
  const entries: BrowserCoverageEntry[] = [];
  for (const entry of coverage) {
    if (!isAppScript(entry.url) || entry.source === undefined) continue;
    const sourceHash = createHash("sha1").update(entry.source).digest("hex");
    const file = join(sources, `${sourceHash}.js`);
    if (!existsSync(file)) writeFileSync(file, entry.source);
    entries.push({ url: entry.url, sourceHash, functions: entry.functions });
  }
  if (entries.length === 0) return;
  const name = `${testInfo.testId}-${testInfo.retry}-${randomUUID().slice(0, 8)}.json`;
  writeFileSync(join(dir, "browser", name), JSON.stringify(entries));
}

export const test = base.extend({
  page: async ({ page, browserName }, use, testInfo) => {
    const dir = e2eCoverageDir();
    // page.coverage is Chromium's; a page without JavaScript runs none of the app's scripts.
    if (!dir || browserName !== "chromium" || testInfo.project.use.javaScriptEnabled === false) {
      await use(page);
      return;
    }
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await use(page);
    // The test may have closed its page: its coverage is gone with it.
    const coverage = await page.coverage.stopJSCoverage().catch(() => null);
    if (coverage) save(dir, coverage, testInfo);
  },
});
