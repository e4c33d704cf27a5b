/**
 * The main thread's tasks during a page's load, as Chromium's trace records them: each top-level task over a
 * threshold, when it starts, how long it takes and what fills it (parsing, script compile and run, style,
 * layout, paint). What Lighthouse's TBT is made of, without Lighthouse's simulation: a task of T ms here is
 * about 4·T ms in Lighthouse's mobile run, and blocks from 12.5 ms on.
 *
 *   npx tsx bench/trace-tasks.ts /Projects [runs] [--as member|trial|visitor] [--over 4]
 *
 * Each run has a fresh browser (nothing compiled or cached, as in each of Lighthouse's runs). Environment:
 * TRACE_WATCH=commitRoot,workLoopSync (time inside these functions per task), TRACE_UNDER=workLoopSync (the app's
 * functions on the stacks below it; TRACE_UNDER_ALL=1: every component name), TRACE_OTHER=1 (the longest events
 * of a kind it does not name). An unminified build (BUILD_FOR_COVERAGE=1 npm run build) gives readable names.
 *
 * `{project}` and `{company}` in the path stand for the member's first project and company. Starts the
 * reference API on the bench database and the app from build/ (run `npm run build` first), as the bench does.
 */
import { resolve } from "node:path";
import { chromium } from "@playwright/test";
import { CHROME_FLAGS } from "./lighthouse";
import { screenIds, sessions } from "./screens";
import { withBenchApp } from "./servers";

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  cat: string;
  args?: { data?: { url?: string; frame?: string; functionName?: string }; name?: string };
};

const ROOT = resolve(import.meta.dirname, "..");
const flag = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const who = flag("--as") ?? "member";
if (!["member", "trial", "visitor"].includes(who)) throw new Error(`--as member|trial|visitor (got ${who})`);
const overMs = Number(flag("--over") ?? 4);
const positional = process.argv
  .slice(2)
  .filter((arg, i, all) => !arg.startsWith("--") && !all[i - 1]?.startsWith("--"));
const pathTemplate = positional[0] ?? "/Projects";
const runs = Number(positional[1] ?? 3);
const CHROMIUM_ARGS = CHROME_FLAGS.filter((f) => !f.startsWith("--headless"));

/** What a task's time went to: the trace's own names for the browser's kinds of work, grouped. */
function kindOf(event: TraceEvent): string | null {
  switch (event.name) {
    case "ParseHTML":
      return "parse HTML";
    case "v8.compile":
    case "v8.compileModule":
    case "V8.CompileCode":
      return "compile";
    case "EvaluateScript":
    case "v8.evaluateModule":
    case "FunctionCall":
    case "TimerFire":
    case "EventDispatch":
    case "FireAnimationFrame":
    case "RunMicrotasks":
      return "script";
    case "UpdateLayoutTree":
    case "RecalculateStyles":
      return "style";
    case "Layout":
      return "layout";
    case "Paint":
    case "PrePaint":
    case "Layerize":
    case "UpdateLayerTree":
    case "Commit":
      return "paint";
    case "MinorGC":
    case "MajorGC":
    case "V8.GC_SCAVENGER":
      return "gc";
    default:
      return null;
  }
}

/** TRACE_WATCH=commitRoot,workLoopSync: the time of each task spent inside these functions (inclusive). */
const watched = new Set((process.env.TRACE_WATCH ?? "").split(",").filter(Boolean));

type CpuProfileNode = {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
};

/** V8's sampling profile from the trace: each sample's time and its function (self time, as "name file:line"). */
function cpuSamples(
  events: TraceEvent[],
  pid: number | undefined,
): { ts: number; us: number; frame: string; stack: string[] }[] {
  const nodes = new Map<number, CpuProfileNode>();
  const out: { ts: number; us: number; frame: string; stack: string[] }[] = [];
  const stackOf = (id: number) => {
    const names: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = nodes.get(at)?.parent) {
      const frame = nodes.get(at)?.callFrame;
      names.push(frame ? `${frame.functionName}@${(frame.url ?? "").split("/").pop()}` : "");
    }
    return names;
  };
  const profiles = new Map<string, number>();
  for (const e of events as (TraceEvent & { id?: string; args: { data?: Record<string, unknown> } })[]) {
    if (e.pid !== pid) continue;
    if (e.name === "Profile")
      profiles.set(e.id ?? "", Number((e.args.data as { startTime?: number })?.startTime ?? e.ts));
    if (e.name !== "ProfileChunk") continue;
    const data = e.args.data as {
      cpuProfile?: { nodes?: CpuProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    let at = profiles.get(e.id ?? "") ?? e.ts;
    const deltas = data.timeDeltas ?? [];
    (data.cpuProfile?.samples ?? []).forEach((id, i) => {
      at += deltas[i] ?? 0;
      const frame = nodes.get(id)?.callFrame;
      const name = frame
        ? `${frame.functionName || "(anonymous)"} ${(frame.url ?? "").split("/").pop()}:${(frame.lineNumber ?? 0) + 1}`
        : "?";
      out.push({
        ts: at,
        us: deltas[i + 1] ?? 0,
        frame: name,
        stack: watched.size || process.env.TRACE_UNDER ? stackOf(id) : [],
      });
    });
    profiles.set(e.id ?? "", at);
  }
  return out;
}

await withBenchApp(ROOT, async (appUrl, memberCookie, apiUrl) => {
  const ids = await screenIds(apiUrl);
  const path = pathTemplate
    .replace("{project}", String(ids.projectId))
    .replace("{company}", String(ids.companyId));
  const cookie = await sessions(appUrl, memberCookie)(who === "visitor" ? null : (who as "member" | "trial"));
  // A fresh browser for each run, as each of Lighthouse's runs has: nothing compiled or cached yet.
  for (let run = 0; run < runs; run++) {
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
      });
      const page = await context.newPage();
      await page.goto("about:blank");
      await browser.startTracing(page, {
        categories: [
          "devtools.timeline",
          "disabled-by-default-devtools.timeline",
          "v8",
          "v8.execute",
          "disabled-by-default-v8.cpu_profiler",
        ],
      });
      if (cookie) {
        const [name = "", value = ""] = (cookie.split(";")[0] ?? "").split("=");
        await context.addCookies([{ name, value, url: appUrl }]);
      }
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await page.goto(appUrl + path, { waitUntil: "load" });
      await page.waitForTimeout(2500);
      const buffer = await browser.stopTracing();
      await cdp.detach();
      const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
      const url = appUrl + path;
      const parse = events.find((e) => e.name === "ParseHTML" && JSON.stringify(e.args ?? {}).includes(url));
      const renderer = parse?.pid;
      const mainTid = parse?.tid;
      const main = events.filter((e) => e.pid === renderer && e.tid === mainTid && e.ph === "X");
      const request = events.find((e) => e.name === "ResourceSendRequest" && e.args?.data?.url === url);
      const start = request?.ts ?? parse?.ts ?? 0;
      const samples = cpuSamples(events, renderer);
      const tasks = main.filter(
        (e) => e.name === "RunTask" && (e.dur ?? 0) >= overMs * 1000 && e.ts >= start,
      );
      console.log(
        `\n${path} run ${run + 1}: tasks of ${overMs} ms or more (ms from navigation, no CPU slowdown)`,
      );
      let slower = 0;
      let total = 0;
      for (const task of tasks) {
        const end = task.ts + (task.dur ?? 0);
        const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
        const byKind = new Map<string, number>();
        // Self time per kind: an event's time less that of its children of a known kind.
        const known = inside.filter((e) => kindOf(e));
        for (const e of known) {
          const e0 = e.ts;
          const e1 = e.ts + (e.dur ?? 0);
          const nested = known.filter((c) => c !== e && c.ts >= e0 && c.ts + (c.dur ?? 0) <= e1);
          const outer = nested.filter(
            (c) => !nested.some((d) => d !== c && d.ts <= c.ts && d.ts + (d.dur ?? 0) >= c.ts + (c.dur ?? 0)),
          );
          const self = (e.dur ?? 0) - outer.reduce((t, c) => t + (c.dur ?? 0), 0);
          const kind = kindOf(e) as string;
          byKind.set(kind, (byKind.get(kind) ?? 0) + self);
        }
        // What the kinds above do not name: the longest other events directly inside the task (TRACE_OTHER=1).
        if (process.env.TRACE_OTHER) {
          const direct = inside
            .filter((e) => !kindOf(e))
            .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
            .slice(0, 4)
            .map((e) => `${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)}`);
          byKind.set(`[${direct.join("; ")}]`, 300);
        }
        const what = [...byKind]
          .filter(([, us]) => us >= 300)
          .sort((a, b) => b[1] - a[1])
          .map(([kind, us]) => `${kind} ${(us / 1000).toFixed(1)}`)
          .join(", ");
        const scripts = [
          ...new Set(
            inside
              .filter((e) =>
                ["EvaluateScript", "v8.compile", "FunctionCall", "v8.evaluateModule"].includes(e.name),
              )
              .map((e) => e.args?.data?.url?.split("/").pop() || e.args?.data?.functionName || "")
              .filter(Boolean),
          ),
        ].slice(0, 4);
        const functions = new Map<string, number>();
        for (const sample of samples)
          if (sample.ts >= task.ts && sample.ts < end)
            functions.set(sample.frame, (functions.get(sample.frame) ?? 0) + sample.us);
        const within = new Map<string, number>();
        for (const sample of samples)
          if (sample.ts >= task.ts && sample.ts < end)
            for (const name of new Set(
              sample.stack.map((n) => n.split("@")[0] ?? "").filter((n) => watched.has(n)),
            ))
              within.set(name, (within.get(name) ?? 0) + sample.us);
        const hot = [...functions]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .filter(([, us]) => us >= 500)
          .map(([frame, us]) => `${frame} ${(us / 1000).toFixed(1)}`)
          .join("; ");
        total += Math.max(0, (task.dur ?? 0) / 1000 - 12.5);
        slower += Math.max(0, (task.dur ?? 0) / 1000 - 5);
        console.log(
          `${((task.ts - start) / 1000).toFixed(0).padStart(6)} ms  ${((task.dur ?? 0) / 1000).toFixed(1).padStart(5)} ms  ${what}${scripts.length ? `  [${scripts.join(", ")}]` : ""}`,
        );
        if (hot) console.log(`                       ${hot}`);
        // TRACE_UNDER=workLoopSync: the app's own functions (not the framework chunk's) on the stacks under it.
        const under = process.env.TRACE_UNDER;
        if (under) {
          const apps = new Map<string, number>();
          for (const sample of samples) {
            if (sample.ts < task.ts || sample.ts >= end) continue;
            const at = sample.stack.findIndex((n) => n.startsWith(`${under}@`));
            if (at < 0) continue;
            for (const name of new Set(
              sample.stack
                .slice(0, at)
                .filter(
                  (n) =>
                    (process.env.TRACE_UNDER_ALL ? /^[A-Z]/.test(n) : !n.includes("@framework")) &&
                    /@.+\.js/.test(n),
                ),
            ))
              apps.set(name, (apps.get(name) ?? 0) + sample.us);
          }
          const list = [...apps].sort((a, b) => b[1] - a[1]).slice(0, 8);
          if (list.length)
            console.log(
              `                       under ${under}: ${list.map(([n, us]) => `${n} ${(us / 1000).toFixed(1)}`).join("; ")}`,
            );
        }
        if (within.size)
          console.log(
            `                       inside: ${[...within].map(([n, us]) => `${n} ${(us / 1000).toFixed(1)}`).join("; ")}`,
          );
      }
      console.log(
        `blocking at 4× (Σ 4·T − 50 over tasks of 12.5 ms or more): ${(total * 4).toFixed(0)} ms; at 10× (a host 2.5 times slower): ${(slower * 10).toFixed(0)} ms`,
      );
    } finally {
      await browser.close();
    }
  }
});
