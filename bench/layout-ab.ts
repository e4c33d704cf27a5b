/**
 * The style and layout a page's server HTML costs the browser, without its script, at Lighthouse's phone size
 * (412 × 823), for trying CSS before changing the app (decision 098):
 *
 *   npx tsx bench/layout-ab.ts "/Projects?panel=1" [runs]
 *
 * AB_VARIANTS names a JSON file of variants, `{"name": "css added at the end of the head", ...}` (default: one,
 * `base`, the page as it is). The variants' loads alternate; it prints the median style and layout time of each
 * (Chromium's RecalcStyleDuration and LayoutDuration until the load event, plus 300 ms). Logs in as the bench
 * member on the bench database (bench/servers.ts); the page's HTML is left in bench/output/layout-ab.html.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { CHROME_FLAGS } from "./lighthouse";
import { withBenchApp } from "./servers";

const ROOT = resolve(import.meta.dirname, "..");
const path = process.argv[2] ?? "/Projects?panel=1";
const runs = Number(process.argv[3] ?? 7);
const variantsFile = process.env.AB_VARIANTS;
const variants: Record<string, string> =
  variantsFile && existsSync(variantsFile) ? JSON.parse(readFileSync(variantsFile, "utf8")) : { base: "" };

await withBenchApp(ROOT, async (appUrl, cookie) => {
  const html = await (await fetch(appUrl + path, { headers: { cookie: cookie.split(";")[0] ?? "" } })).text();
  writeFileSync(join(ROOT, "bench", "output", "layout-ab.html"), html);
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROME_FLAGS });
  const results: Record<string, number[][]> = {};
  for (let r = 0; r < runs; r++) {
    for (const [name, css] of Object.entries(variants)) {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
      });
      const page = await context.newPage();
      await page.route(appUrl + path, (route) =>
        route.fulfill({
          contentType: "text/html",
          body: html.replace("</head>", `<style>${css}</style></head>`),
        }),
      );
      const cdp = await context.newCDPSession(page);
      await cdp.send("Performance.enable");
      await page.goto(appUrl + path, { waitUntil: "load" });
      await page.waitForTimeout(300);
      const { metrics } = await cdp.send("Performance.getMetrics");
      const m = Object.fromEntries(metrics.map((x: { name: string; value: number }) => [x.name, x.value]));
      const rows = results[name] ?? [];
      rows.push([m.RecalcStyleDuration * 1000, m.LayoutDuration * 1000, m.Nodes]);
      results[name] = rows;
      await context.close();
    }
  }
  await browser.close();
  for (const [name, rows] of Object.entries(results)) {
    const med = (i: number) =>
      rows.map((row) => row[i] ?? 0).sort((a, b) => a - b)[Math.floor(rows.length / 2)] ?? 0;
    console.log(
      name.padEnd(20),
      "style",
      med(0).toFixed(1),
      "layout",
      med(1).toFixed(1),
      "sum",
      (med(0) + med(1)).toFixed(1),
      "nodes",
      med(2),
    );
  }
});
