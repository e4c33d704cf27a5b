/** bench/results.md: the targets first (each figure, its target, pass or fail), then the detail tables. */
import type { InteractionResult } from "./interaction";
import type { LighthouseResult } from "./lighthouse";
import type { PageResult, Results } from "./results";
import type { BrowserScreen } from "./scenarios";

const KB = 1024;
const TARGETS = {
  firstLoadJsKb: 150,
  lighthouseScore: 95,
  lcpMs: 1500,
  tbtMs: 200,
  inpMs: 200,
  liteLcpMs: 1000,
  pageOverUpstreamMs: 5,
  projectsRpsShareOfBaseline: 0.5,
  keywordP95Ms: 50,
  memoryMb: 250,
};

type Row = { figure: string; value: string; target: string; pass: boolean | null };

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
const verdict = (pass: boolean | null) => (pass === null ? "n/a" : pass ? "pass" : "**fail**");

function table(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ]
    .join("\n")
    .concat("\n");
}

function isLighthouse(r: LighthouseResult | { error: string } | undefined): r is LighthouseResult {
  return Boolean(r && "score" in r);
}

function isInteraction(r: InteractionResult | { error: string } | undefined): r is InteractionResult {
  return Boolean(r && "worstInpMs" in r);
}

/** Results written before the bench audited every screen audited these two. */
const LEGACY_SCREENS: Pick<BrowserScreen, "id" | "label" | "routeId">[] = [
  { id: "projects", label: "/Projects", routeId: "projects" },
  { id: "project", label: "/Projects/{id}", routeId: "projects.show" },
];

/** The figures of the browser part (also what bench/lh-only.ts has of a run). */
export type BrowserPart = Pick<Results, "bundles" | "lite" | "lighthouse"> &
  Partial<Pick<Results, "screens" | "interactions">>;

/** Each screen's browser targets: first-load JS, Lighthouse score, LCP and TBT (worst run), its lite page. */
function screenRows(r: BrowserPart): Row[] {
  const rows: Row[] = [];
  for (const { id, label, routeId } of r.screens ?? LEGACY_SCREENS) {
    const lh = r.lighthouse[id];
    const b = r.bundles.find((x) => x.routeId === routeId);
    if (b) {
      const loaded = isLighthouse(lh)
        ? `; ${fmt(lh.scriptBytes / KB)} KB of script loaded, headers included`
        : "";
      rows.push({
        figure: `First-load JS, ${label} (gzip)`,
        value: `${fmt(b.jsGzip / KB)} KB${loaded}`,
        target: `≤ ${TARGETS.firstLoadJsKb} KB`,
        pass: b.jsGzip <= TARGETS.firstLoadJsKb * KB,
      });
    }
    if (isLighthouse(lh)) {
      rows.push({
        figure: `Lighthouse mobile performance, ${label} (worst of ${lh.runs})`,
        value: `${lh.worstScore} (median ${lh.score})`,
        target: `≥ ${TARGETS.lighthouseScore}`,
        pass: lh.worstScore >= TARGETS.lighthouseScore,
      });
      rows.push({
        figure: `LCP, ${label} (worst of ${lh.runs})`,
        value: `${fmt(lh.worstLcpMs / 1000, 2)} s (median run ${fmt(lh.lcpMs / 1000, 2)} s)`,
        target: `≤ ${TARGETS.lcpMs / 1000} s`,
        pass: lh.worstLcpMs <= TARGETS.lcpMs,
      });
      if (lh.worstTbtMs !== undefined) {
        rows.push({
          figure: `TBT, ${label} (worst of ${lh.runs})`,
          value: `${lh.worstTbtMs} ms (all runs ${lh.allTbtMs.join(", ")})`,
          target: `≤ ${TARGETS.tbtMs} ms`,
          pass: lh.worstTbtMs <= TARGETS.tbtMs,
        });
      }
    } else {
      rows.push({ figure: `Lighthouse, ${label}`, value: lh?.error ?? "not run", target: "", pass: null });
    }
    const liteLh = r.lighthouse[`${id}-lite`];
    const liteHtml = r.lite.find((l) => (l.id ? l.id === id : l.page === label));
    if (liteHtml || isLighthouse(liteLh)) {
      const scriptKb = isLighthouse(liteLh) ? liteLh.scriptBytes / KB : 0;
      rows.push({
        figure: `Lite page JavaScript, ${label}`,
        value: `${liteHtml?.scriptTags ?? "?"} script tags, ${fmt(scriptKb)} KB loaded`,
        target: "0 KB",
        pass: (liteHtml?.scriptTags ?? 0) === 0 && scriptKb === 0,
      });
    }
    if (isLighthouse(liteLh)) {
      rows.push({
        figure: `Lite page LCP, ${label} (worst of ${liteLh.runs})`,
        value: `${fmt(liteLh.worstLcpMs / 1000, 2)} s (score ${liteLh.worstScore})`,
        target: `≤ ${TARGETS.liteLcpMs / 1000} s`,
        pass: liteLh.worstLcpMs <= TARGETS.liteLcpMs,
      });
    } else if (liteLh) {
      rows.push({ figure: `Lighthouse, ${label} lite page`, value: liteLh.error, target: "", pass: null });
    }
  }
  for (const [id, inp] of Object.entries(r.interactions ?? {})) {
    rows.push(
      isInteraction(inp)
        ? {
            figure: `INP, ${inp.label} (CPU ${inp.cpuSlowdown}× slower, worst of ${inp.runs})`,
            value: `${inp.worstInpMs} ms (all runs ${inp.allInpMs.join(", ")})`,
            target: `≤ ${TARGETS.inpMs} ms`,
            pass: inp.worstInpMs <= TARGETS.inpMs,
          }
        : { figure: `INP, ${id}`, value: inp.error, target: "", pass: null },
    );
  }
  return rows;
}

function targetRows(r: Results): Row[] {
  const rows: Row[] = screenRows(r);
  for (const p of r.pages) {
    const app = p.app[1];
    const up = p.upstream[1];
    if (!app || !up) continue;
    rows.push({
      figure: `p50 @1 connection, ${p.page.label}`,
      value: `${fmt(app.p50, 2)} ms (API ${fmt(up.p50, 2)} ms)`,
      target: `≤ API + ${TARGETS.pageOverUpstreamMs} ms = ${fmt(up.p50 + TARGETS.pageOverUpstreamMs, 2)} ms`,
      pass: app.p50 <= up.p50 + TARGETS.pageOverUpstreamMs,
    });
  }
  const high = String(Math.max(...r.settings.connections));
  const projects = r.pages.find((p) => p.page.id === "projects")?.app[high];
  const baseline = r.pages.find((p) => p.page.id === "baseline")?.app[high];
  if (projects && baseline) {
    rows.push({
      figure: `/Projects req/s @${high} vs baseline`,
      value: `${fmt(projects.rps)} vs ${fmt(baseline.rps)} (${fmt((100 * projects.rps) / baseline.rps, 0)} %)`,
      target: `≥ ${TARGETS.projectsRpsShareOfBaseline * 100} %`,
      pass: projects.rps >= TARGETS.projectsRpsShareOfBaseline * baseline.rps,
    });
  }
  rows.push({
    figure: `Reference API keyword search p95 (${r.seed.projects.toLocaleString("en-US")} projects)`,
    value: `${fmt(r.keywordSearch.p95, 2)} ms`,
    target: `≤ ${TARGETS.keywordP95Ms} ms`,
    pass: r.keywordSearch.p95 <= TARGETS.keywordP95Ms,
  });
  if (r.advancedSearch) {
    rows.push({
      figure: `Reference API advanced search p95 (three or more filters, ${r.seed.projects.toLocaleString("en-US")} projects)`,
      value: `${fmt(r.advancedSearch.p95, 2)} ms`,
      target: `≤ ${TARGETS.keywordP95Ms} ms`,
      pass: r.advancedSearch.p95 <= TARGETS.keywordP95Ms,
    });
  }
  const peak = Math.max(r.memory.peakRssUnderLoadMb, r.memory.vmHwmMb);
  rows.push({
    figure: `App peak memory (RSS) under @${high} load`,
    value: `${fmt(r.memory.peakRssUnderLoadMb)} MB polled, ${fmt(r.memory.vmHwmMb)} MB VmHWM (per run: ${Object.entries(
      r.memory.peakRssByRunMb,
    )
      .map(([id, mb]) => `${id} ${fmt(mb, 0)}`)
      .join(", ")})`,
    target: `≤ ${TARGETS.memoryMb} MB`,
    pass: peak <= TARGETS.memoryMb,
  });
  return rows;
}

function pageRows(pages: PageResult[], connections: number[]): string[][] {
  const rows: string[][] = [];
  for (const p of pages) {
    for (const c of connections) {
      const app = p.app[c];
      const up = p.upstream[c];
      if (!app) continue;
      rows.push([
        p.page.label,
        String(c),
        fmt(app.p50, 2),
        fmt(app.p99, 2),
        fmt(app.rps),
        `${app.ok}/${app.requests}`,
        up ? fmt(up.p50, 2) : "—",
        up ? fmt(up.p99, 2) : "—",
        up ? fmt(up.rps) : "—",
        up ? `${fmt(app.p50 - up.p50, 2)} ms / ×${fmt(app.p50 / up.p50, 2)}` : "—",
        fmt(app.cpuMsPerRequest?.app ?? Number.NaN, 2),
        fmt(app.cpuMsPerRequest?.api ?? Number.NaN, 2),
      ]);
    }
  }
  return rows;
}

/** The browser part's target table alone (bench/lh-only.ts). */
export function browserTargetTable(r: BrowserPart): string {
  return table(
    ["Figure", "Measured", "Target", "Result"],
    screenRows(r).map((row) => [row.figure, row.value, row.target, verdict(row.pass)]),
  );
}

export function writeReport(r: Results): string {
  const when = r.date.replace("T", " ").slice(0, 16);
  const out: string[] = [];
  out.push("# Benchmark results\n");
  out.push(
    `Run ${when} UTC on ${r.machine.cores} cores (${r.machine.cpu}), Node ${r.machine.node}; ` +
      `${r.seed.projects.toLocaleString("en-US")} projects (${(r.seed.counts.contacts ?? 0).toLocaleString("en-US")} contacts, ` +
      `${(r.seed.counts.companies ?? 0).toLocaleString("en-US")} companies); load runs of ${r.settings.durationS} s ` +
      `(after ${r.settings.warmupS} s of warm-up) at ${r.settings.connections.join(" and ")} connection(s). ` +
      `Load average ${r.machine.loadAvgBefore.join(" / ")} before, ${r.machine.loadAvgAfter.join(" / ")} after: ` +
      "the machine is shared, and autocannon, the app and the API share its cores, so figures are noisy.\n",
  );
  out.push("Made by `npm run bench` (bench/run.ts); the raw figures are in bench/results.json.\n");

  out.push("## Targets\n");
  out.push(
    table(
      ["Figure", "Measured", "Target", "Result"],
      targetRows(r).map((row) => [row.figure, row.value, row.target, verdict(row.pass)]),
    ),
  );

  out.push("## Pages and their API calls\n");
  out.push(
    "App: the page through the app server (build/app-server.js), logged in as member@example.com (session cookie). API: the same " +
      "calls made directly to the reference API with the member's token; latency is the page's critical path " +
      "(parallel calls count their slowest, sequential steps add up), req/s is the API's rate for the page's whole " +
      "set of calls (1 / Σ 1/rate). App − API is the app's own cost at the median. Percentiles are computed from " +
      "every response's time; composing per-call percentiles is an approximation. CPU ms/req is the CPU time each " +
      "process used during the run divided by the requests served (from /proc): less sensitive to a busy machine " +
      "than latency.\n",
  );
  out.push(
    table(
      [
        "Page",
        "Conns",
        "App p50 ms",
        "App p99 ms",
        "App req/s",
        "OK",
        "API p50 ms",
        "API p99 ms",
        "API req/s",
        "App − API (p50) / ratio",
        "App CPU ms/req",
        "API CPU ms/req",
      ],
      pageRows(r.pages, r.settings.connections),
    ),
  );
  out.push(
    "Call plans: " +
      r.pages
        .filter((p) => p.page.plan.length > 0)
        .map((p) => `${p.page.label}: ${p.page.plan.map((step) => step.join(" ‖ ")).join(" → ")}`)
        .join("; ") +
      ".\n",
  );

  out.push("## Reference API calls\n");
  const callRows: string[][] = [];
  for (const [id, byConn] of Object.entries(r.apiCalls)) {
    for (const c of r.settings.connections) {
      const x = byConn[c];
      if (x)
        callRows.push([
          id,
          String(c),
          fmt(x.p50, 2),
          fmt(x.p99, 2),
          fmt(x.rps),
          `${x.ok}/${x.requests}`,
          fmt(x.cpuMsPerRequest?.api ?? Number.NaN, 2),
        ]);
    }
  }
  out.push(table(["Call", "Conns", "p50 ms", "p99 ms", "req/s", "OK", "API CPU ms/req"], callRows));
  out.push(
    `Keyword search (sequential, ${r.keywordSearch.requests} requests over ${r.keywordSearch.keywords.length} ` +
      `keywords × 3 orders/pages × 3 rounds): p50 ${fmt(r.keywordSearch.p50, 2)} ms, p95 ${fmt(r.keywordSearch.p95, 2)} ms, ` +
      `max ${fmt(r.keywordSearch.max, 2)} ms; first round (each keyword and order seen for the first time; the API ` +
      `keeps keyword counts for 30 s) p95 ${fmt(r.keywordSearch.firstRoundP95, 2)} ms, later rounds p95 ` +
      `${fmt(r.keywordSearch.laterRoundsP95, 2)} ms. Slowest: ` +
      r.keywordSearch.slowest.map((s) => `\`${s.query}\` ${fmt(s.ms, 1)} ms (round ${s.round})`).join(", ") +
      ".\n",
  );

  if (r.advancedSearch) {
    const a = r.advancedSearch;
    out.push(
      `Advanced search (sequential, ${a.requests} requests: ${a.queries} searches of three or more filters, with ` +
        `and without a keyword, × 3 rounds): p50 ${fmt(a.p50, 2)} ms, p95 ${fmt(a.p95, 2)} ms, max ${fmt(a.max, 2)} ms; ` +
        `first round p95 ${fmt(a.firstRoundP95, 2)} ms, later rounds ${fmt(a.laterRoundsP95, 2)} ms. Slowest: ` +
        a.slowest
          .map((s) => `\`${decodeURIComponent(s.query)}\` ${fmt(s.ms, 1)} ms (round ${s.round})`)
          .join(", ") +
        ".\n",
    );
  }
  if (r.lite?.length) {
    out.push("## Lite pages (Save-Data: on)\n");
    out.push(
      table(
        ["Page", "HTML KB (gzip)", "Script tags", "Full page HTML KB (gzip)", "Full page script tags"],
        r.lite.map((l) => [
          l.page,
          fmt(l.htmlGzip / KB),
          String(l.scriptTags),
          fmt(l.fullHtmlGzip / KB),
          String(l.fullScriptTags),
        ]),
      ),
    );
  }

  out.push("## Lighthouse (mobile, default throttling)\n");
  const lhRows = Object.entries(r.lighthouse).map(([id, lh]) =>
    isLighthouse(lh)
      ? [
          id,
          String(lh.score),
          fmt(lh.lcpMs / 1000, 2),
          fmt(lh.fcpMs / 1000, 2),
          String(lh.cls),
          String(lh.tbtMs),
          (lh.allTbtMs ?? []).join(", "),
          lh.allScores.join(", "),
          (lh.allLcpMs ?? []).map((ms) => fmt(ms / 1000, 2)).join(", "),
          fmt((lh.scriptBytes ?? 0) / KB),
        ]
      : [id, lh.error, "", "", "", "", "", "", "", ""],
  );
  out.push(
    table(
      [
        "Page",
        "Score (median run)",
        "LCP s",
        "FCP s",
        "CLS",
        "TBT ms",
        "TBT ms, all runs",
        "Scores, all runs",
        "LCP s, all runs",
        "Script KB",
      ],
      lhRows,
    ),
  );

  const inps = Object.values(r.interactions ?? {}).filter(isInteraction);
  if (inps.length > 0) {
    out.push("## Interactions (INP, CPU slowed 4×)\n");
    out.push(
      "Each run loads the page at full speed in Chromium (412 × 823), waits until React has hydrated the control " +
        "and the network is quiet, slows the CPU 4× (`Emulation.setCPUThrottlingRate`, as Lighthouse's mobile run) " +
        "and clicks it with real mouse events (bench/interaction.ts). INP is the interaction's longest Event Timing " +
        "entry (durationThreshold 16 ms: 0 means every entry was shorter). The worst run's entries and its longest " +
        "animation frames (with the scripts that ran in them) are below.\n",
    );
    out.push(
      table(
        ["Interaction", "INP ms, worst", "All runs", "Worst run's entries", "Worst run's long frames"],
        inps.map((x) => [
          x.label,
          String(x.worstInpMs),
          x.allInpMs.join(", "),
          x.worst.entries.join("; "),
          x.worst.longFrames
            .map(
              (f) => `${f.durationMs} ms (blocking ${f.blockingMs}): ${f.scripts.join(", ") || "no script"}`,
            )
            .join("; "),
        ]),
      ),
    );
  }

  out.push("## First-load bytes per route (gzip)\n");
  out.push(
    "Entry client, the browser manifest, and each matched route's module, imports and CSS (build/client).\n",
  );
  out.push(
    table(
      ["Route", "Path", "JS KB (gzip)", "JS KB (raw)", "CSS KB (gzip)", "JS files"],
      r.bundles.map((b) => [
        b.routeId,
        `\`${b.path}\``,
        fmt(b.jsGzip / KB),
        fmt(b.jsBytes / KB),
        fmt(b.cssGzip / KB),
        String(b.jsFiles),
      ]),
    ),
  );
  return out.join("\n");
}
