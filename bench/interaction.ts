/**
 * INP of one interaction under Lighthouse's mobile CPU slowdown (4×, `Emulation.setCPUThrottlingRate`), measured
 * as web-vitals does: Event Timing entries (PerformanceObserver 'event', durationThreshold 16), grouped by
 * interactionId, the interaction's duration being its longest entry (input delay + processing + the next paint).
 * Each run loads the page afresh at full speed, waits until React has hydrated the control and the network is
 * quiet, then slows the CPU and clicks the control with real (trusted) mouse events. Long animation frames
 * (PerformanceObserver 'long-animation-frame') during the interaction are kept with their scripts, to say what the
 * time went on. The worst run counts against the target.
 */
import { type Browser, chromium } from "@playwright/test";
import { CHROME_FLAGS } from "./lighthouse";
import type { InteractionScenario } from "./scenarios";

/** Lighthouse's flags, without its own headless switch (Playwright sets headless itself). */
const CHROMIUM_ARGS = CHROME_FLAGS.filter((flag) => !flag.startsWith("--headless"));
export const CPU_SLOWDOWN = 4;
/** How long after the click the entries are collected (the paint after it, and what its fetch brings back). */
const SETTLE_MS = 2500;

export interface LongFrame {
  durationMs: number;
  blockingMs: number;
  /** The scripts that ran in the frame, longest first: "invoker (source url) ms". */
  scripts: string[];
}

export interface InteractionRun {
  /** The interaction's duration (ms): its longest Event Timing entry; 0 when every entry was under 16 ms. */
  inpMs: number;
  /** The Event Timing entries of the longest interaction: "name duration (input delay / processing)". */
  entries: string[];
  longFrames: LongFrame[];
}

export interface InteractionResult {
  id: string;
  label: string;
  url: string;
  cpuSlowdown: number;
  runs: number;
  /** The worst run's INP (ms). */
  worstInpMs: number;
  allInpMs: number[];
  /** The worst run's detail. */
  worst: InteractionRun;
}

interface RawEntry {
  name: string;
  duration: number;
  interactionId: number;
  startTime: number;
  processingStart: number;
  processingEnd: number;
}

interface RawFrame {
  duration: number;
  blockingDuration: number;
  startTime: number;
  scripts: { invoker: string; sourceURL: string; sourceFunctionName: string; duration: number }[];
}

declare global {
  interface Window {
    __benchEvents?: RawEntry[];
    __benchFrames?: RawFrame[];
  }
}

const file = (url: string) => url.split("/").pop() || url;

async function runOnce(
  browser: Browser,
  appUrl: string,
  cookie: string | null,
  scenario: InteractionScenario,
): Promise<InteractionRun> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    if (cookie) {
      const [name = "", value = ""] = (cookie.split(";")[0] ?? "").split("=");
      await context.addCookies([{ name, value, url: appUrl }]);
    }
    const page = await context.newPage();
    const url = appUrl + scenario.path;
    await page.goto(url, { waitUntil: "load" });
    if (!page.url().includes(new URL(url).pathname)) {
      throw new Error(`${scenario.id}: landed on ${page.url()}, not ${url} (not logged in?)`);
    }
    const target = page.locator(scenario.target).first();
    // Hydrated: React has attached its props to the control.
    await page.waitForFunction(
      (selector) => {
        const element = document.querySelector(selector);
        return Boolean(element && Object.keys(element).some((key) => key.startsWith("__reactProps$")));
      },
      scenario.target,
      { timeout: 30_000 },
    );
    await page.waitForLoadState("networkidle");
    await target.scrollIntoViewIfNeeded();
    await page.waitForTimeout(1000);
    await page.evaluate(() => {
      window.__benchEvents = [];
      window.__benchFrames = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as PerformanceEventTiming[]) {
          window.__benchEvents?.push({
            name: e.name,
            duration: e.duration,
            interactionId: e.interactionId ?? 0,
            startTime: e.startTime,
            processingStart: e.processingStart,
            processingEnd: e.processingEnd,
          });
        }
      }).observe({ type: "event", durationThreshold: 16, buffered: false } as PerformanceObserverInit);
      if (PerformanceObserver.supportedEntryTypes.includes("long-animation-frame")) {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as RawFrame[]) {
            window.__benchFrames?.push({
              duration: e.duration,
              blockingDuration: e.blockingDuration,
              startTime: e.startTime,
              scripts: e.scripts.map((s) => ({
                invoker: s.invoker,
                sourceURL: s.sourceURL,
                sourceFunctionName: s.sourceFunctionName,
                duration: s.duration,
              })),
            });
          }
        }).observe({ type: "long-animation-frame", buffered: false });
      }
    });
    const box = await target.boundingBox();
    if (!box) throw new Error(`${scenario.id}: ${scenario.target} is not drawn`);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(SETTLE_MS);
    await page.waitForLoadState("networkidle");
    const { events, frames, done } = await page.evaluate((selector) => {
      const element = document.querySelector(selector) as HTMLInputElement | HTMLOptionElement | null;
      const done = element instanceof HTMLOptionElement ? element.selected : Boolean(element?.checked);
      return { events: window.__benchEvents ?? [], frames: window.__benchFrames ?? [], done };
    }, scenario.target);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    if (!done) throw new Error(`${scenario.id}: the click did not choose ${scenario.target}`);

    const byInteraction = new Map<number, RawEntry[]>();
    for (const e of events.filter((x) => x.interactionId > 0)) {
      byInteraction.set(e.interactionId, [...(byInteraction.get(e.interactionId) ?? []), e]);
    }
    let worst: RawEntry[] = [];
    let inpMs = 0;
    for (const entries of byInteraction.values()) {
      const duration = Math.max(...entries.map((e) => e.duration));
      if (duration > inpMs) {
        inpMs = duration;
        worst = entries;
      }
    }
    const first = Math.min(...events.map((e) => e.startTime), Number.POSITIVE_INFINITY);
    return {
      inpMs: Math.round(inpMs),
      entries: worst.map(
        (e) =>
          `${e.name} ${Math.round(e.duration)} ms (delay ${Math.round(e.processingStart - e.startTime)}, processing ${Math.round(e.processingEnd - e.processingStart)})`,
      ),
      longFrames: frames
        .filter((f) => f.startTime + f.duration >= first - 50)
        .sort((a, b) => b.duration - a.duration)
        .slice(0, 4)
        .map((f) => ({
          durationMs: Math.round(f.duration),
          blockingMs: Math.round(f.blockingDuration),
          scripts: [...f.scripts]
            .sort((a, b) => b.duration - a.duration)
            .slice(0, 4)
            .map(
              (s) =>
                `${s.invoker}${s.sourceFunctionName ? ` ${s.sourceFunctionName}` : ""} (${file(s.sourceURL)}) ${Math.round(s.duration)} ms`,
            ),
        })),
    };
  } finally {
    await context.close();
  }
}

export async function measureInteraction(options: {
  appUrl: string;
  /** The session cookie ("name=value"), or null for a visitor. */
  cookie: string | null;
  scenario: InteractionScenario;
  runs: number;
}): Promise<InteractionResult> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    const runs: InteractionRun[] = [];
    for (let i = 0; i < options.runs; i++) {
      runs.push(await runOnce(browser, options.appUrl, options.cookie, options.scenario));
    }
    const worst = runs.reduce((a, b) => (b.inpMs > a.inpMs ? b : a));
    return {
      id: options.scenario.id,
      label: options.scenario.label,
      url: options.appUrl + options.scenario.path,
      cpuSlowdown: CPU_SLOWDOWN,
      runs: runs.length,
      worstInpMs: worst.inpMs,
      allInpMs: runs.map((r) => r.inpMs),
      worst,
    };
  } finally {
    await browser.close();
  }
}
