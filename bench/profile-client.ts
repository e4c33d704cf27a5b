/**
 * Where a page's load spends the browser's main thread: loads a member page in Chromium with the CPU slowed
 * 4× (as Lighthouse's mobile run simulates it), records V8's CPU profile from the navigation until the page has
 * been idle for a while (hydration included), and prints the time per script and per function, averaged over
 * the runs. "(program)" is the browser's own work outside JavaScript (parsing, style, layout, compiling).
 *
 *   npx tsx bench/profile-client.ts /Projects [runs] [--as member|trial|visitor]
 *
 * PROFILE_CALLERS=appendChild,replaceState also prints who calls those functions (the three nearest frames of
 * a script), for the browser's own functions whose self time shows in the list.
 *
 * `--as`: who is logged in (member@example.com by default; trial@example.com for the activation form on
 * /Me/Subscription; nobody for the sign-up pages, which send a member away).
 *
 * Starts the reference API on the bench database and the app from build/ (run `npm run build` first), as the
 * bench does (bench/servers.ts).
 */
import { resolve } from "node:path";
import { chromium } from "@playwright/test";
import { CHROME_FLAGS } from "./lighthouse";
import { sessions } from "./screens";
import { withBenchApp } from "./servers";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] };

const ROOT = resolve(import.meta.dirname, "..");
const asAt = process.argv.indexOf("--as");
const who = asAt > 0 ? process.argv[asAt + 1] : "member";
if (!["member", "trial", "visitor"].includes(who)) throw new Error(`--as member|trial|visitor (got ${who})`);
const positional = process.argv.slice(2).filter((_, i, all) => all[i] !== "--as" && all[i - 1] !== "--as");
const path = positional[0] ?? "/Projects";
const runs = Number(positional[1] ?? 3);
// Lighthouse's flags for the closed network, without its own headless switch (Playwright sets headless itself).
const CHROMIUM_ARGS = CHROME_FLAGS.filter((flag) => !flag.startsWith("--headless"));

const file = (url: string) => url.split("/").pop() || url;

await withBenchApp(ROOT, async (appUrl, memberCookie) => {
  const cookie = await sessions(appUrl, memberCookie)(who === "visitor" ? null : (who as "member" | "trial"));
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    if (cookie) {
      const [name = "", value = ""] = (cookie.split(";")[0] ?? "").split("=");
      await context.addCookies([{ name, value, url: appUrl }]);
    }
    const page = await context.newPage();
    await page.goto(appUrl + path); // the browser's HTTP cache holds the scripts, as on a member's second visit
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    const byScript = new Map<string, number>();
    const byFunction = new Map<string, number>();
    // PROFILE_CALLERS=appendChild,replaceState: who calls these (the first three frames with a script above them).
    const watched = new Set((process.env.PROFILE_CALLERS ?? "").split(",").filter(Boolean));
    const byCaller = new Map<string, number>();
    for (let run = 0; run < runs; run++) {
      // Leave the page first: its unload handlers belong to the page before, not to this load.
      await page.goto("about:blank");
      await cdp.send("Profiler.start");
      await page.goto(appUrl + path, { waitUntil: "load" });
      await page.waitForTimeout(3000);
      const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
      const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
      const parents = new Map<number, number>();
      for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
      const callers = (id: number) => {
        const chain: string[] = [];
        for (let at = parents.get(id); at !== undefined && chain.length < 3; at = parents.get(at)) {
          const frame = nodes.get(at)?.callFrame;
          if (frame?.url)
            chain.push(
              `${frame.functionName || "(anonymous)"} ${file(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`,
            );
        }
        return chain.join(" < ");
      };
      const deltas = profile.timeDeltas ?? [];
      (profile.samples ?? []).forEach((id, k) => {
        const frame = nodes.get(id)?.callFrame;
        if (!frame || frame.functionName === "(idle)") return;
        const us = deltas[k + 1] ?? 0;
        const script = frame.url ? file(frame.url) : frame.functionName;
        byScript.set(script, (byScript.get(script) ?? 0) + us);
        const fn = `${frame.functionName || "(anonymous)"} ${frame.url ? `${file(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ""}`;
        byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
        if (watched.has(frame.functionName)) {
          const key = `${frame.functionName} < ${callers(id)}`;
          byCaller.set(key, (byCaller.get(key) ?? 0) + us);
        }
      });
    }
    const top = (map: Map<string, number>, n: number) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([key, us]) => `${(us / 1000 / runs).toFixed(1).padStart(8)} ms  ${key}`)
        .join("\n");
    console.log(`${path}: main-thread time per load at 4× CPU slowdown, mean of ${runs} loads\n`);
    console.log(`By script:\n${top(byScript, 15)}\n\nBy function (self time):\n${top(byFunction, 25)}`);
    if (watched.size > 0) console.log(`\nCallers:\n${top(byCaller, 15)}`);
  } finally {
    await browser.close();
  }
});
