/**
 * `npx tsx bench/lh-only.ts [path ...]`: Lighthouse alone (BENCH_LH_RUNS runs, 5) against the built app on the
 * bench database, for trying a change to what the browser loads without the whole bench. Writes nothing but
 * its reports in bench/output/ (BENCH_LH_LITE=1: the lite pages); `npm run bench` stays the one that records results.
 */
import { join, resolve } from "node:path";
import { lighthouse } from "./lighthouse";
import { withBenchApp } from "./servers";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "bench", "output");

async function main() {
  const paths = process.argv.slice(2);
  await withBenchApp(ROOT, async (appUrl, cookie) => {
    for (const path of paths.length > 0 ? paths : ["/Projects"]) {
      const result = await lighthouse({
        root: ROOT,
        url: `${appUrl}${path}`,
        cookie,
        outDir: OUT,
        name: `only-${path.replace(/\W+/g, "-")}`,
        runs: Number(process.env.BENCH_LH_RUNS ?? 5),
        // BENCH_LH_LITE=1: the lite pages, as the bench audits them (Save-Data: on).
        headers: process.env.BENCH_LH_LITE === "1" ? { "Save-Data": "on" } : undefined,
      });
      console.log(path, JSON.stringify(result));
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
