import { describe, expect, it } from "vitest";
import {
  deferModuleScript,
  PAINT_WAIT_LIMIT_MS,
  PRELOADS_PER_TASK,
  paintBeforeScript,
  paintBeforeScriptBytes,
} from "../../app/lib/platform/paint-first.server";

// The route-modules script as React Router 7 writes it (lazy route discovery: no manifest import).
const SCRIPT = `;
import * as route0 from "/assets/root-B.js";
import * as route1 from "/assets/_member-C.js";
import * as route2_clientAction from "/assets/projects-x.js";
import * as route2_main from "/assets/projects-D.js";
const route2 = {...route2_clientAction,...route2_main};
  window.__reactRouterManifest = {
  "entry": { "module": "/assets/entry.client-E.js", "imports": ["/assets/chunk-F.js"] }
};
  window.__reactRouterRouteModules = {"root":route0,"routes/_member":route1,"routes/projects":route2};

import("/assets/entry.client-E.js");`;

const page = (script: string) =>
  `<!DOCTYPE html><html><body><main>Projects</main><link rel="modulepreload" href="/assets/root-B.js"/>` +
  `<script nonce="n">window.__reactRouterContext = {};</script>` +
  `<script nonce="n" type="module" async="">${script}</script></body></html>`;

interface Browser {
  visibility?: string;
  /** Whether the browser reports paint timing (PerformanceObserver with "paint" entries). */
  paintTiming?: boolean;
  /** Timers of 0 ms and messages to a MessageChannel queued (run with `tick`) instead of run at once. */
  queueZeroTimers?: boolean;
  /** Whether the browser has MessageChannel (the way to a new task; 0 ms timers without it). */
  messageChannel?: boolean;
}

/** Runs a rewritten script with stand-ins for the browser's dynamic import, frames, timers and paint timing. */
async function run(
  code: string,
  {
    visibility = "visible",
    paintTiming = true,
    queueZeroTimers = false,
    messageChannel = true,
  }: Browser = {},
) {
  const zeroTimers: (() => void)[] = [];
  const nextTask = (cb: () => void) => (queueZeroTimers ? zeroTimers.push(cb) : cb());
  let messages = 0;
  let zeroTimersSet = 0;
  class MessageChannel {
    port1 = { onmessage: null as null | (() => void), close: () => {} };
    port2 = {
      postMessage: () => {
        messages++;
        nextTask(() => this.port1.onmessage?.());
      },
    };
  }
  const imported: string[] = [];
  const preloaded: string[] = [];
  const listeners: (() => void)[] = [];
  const document = {
    visibilityState: visibility,
    createElement: () => ({}) as { rel?: string; href?: string },
    head: {
      appendChild: (link: { rel?: string; href?: string }) => preloaded.push(`${link.rel} ${link.href}`),
    },
    addEventListener: (type: string, listener: () => void) => {
      if (type === "visibilitychange") listeners.push(listener);
    },
  };
  const frames: (() => void)[] = [];
  const timers: { ms: number; cb: () => void }[] = [];
  const observers: ((list: { getEntriesByName: (n: string) => unknown[] }, o: unknown) => void)[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = ["paint", "largest-contentful-paint"];
    constructor(private readonly callback: (typeof observers)[number]) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: "paint", buffered: true });
      observers.push(this.callback);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.callback), 1);
    }
  }
  const window: Record<string, unknown> = {
    ...(paintTiming ? { PerformanceObserver } : {}),
    ...(messageChannel ? { MessageChannel } : {}),
  };
  const body = code.replace(/\bimport\(/g, "__import(");
  const fn = new Function("__import", "window", "document", "requestAnimationFrame", "setTimeout", body);
  fn(
    (url: string) => {
      imported.push(url);
      return Promise.resolve({ url });
    },
    window,
    document,
    (cb: () => void) => frames.push(cb),
    (cb: () => void, ms = 0) => {
      if (ms > 0) return timers.push({ ms, cb });
      zeroTimersSet++;
      nextTask(cb);
    },
  );
  const report = (name: string) => {
    for (const callback of [...observers])
      callback(
        { getEntriesByName: (n: string) => (n === name ? [{ name }] : []) },
        new PerformanceObserver(callback),
      );
  };
  return {
    imported,
    preloaded,
    /** Messages posted to a MessageChannel, and 0 ms timers set, so far. */
    messages: () => messages,
    zeroTimersSet: () => zeroTimersSet,
    window,
    frames,
    timers,
    /** The browser reports a paint timing entry. */
    report,
    hide: () => {
      document.visibilityState = "hidden";
      for (const listener of listeners) listener();
    },
    settle: () => new Promise((r) => setTimeout(r, 0)),
    /** Runs the queued 0 ms timers (one task each), then lets their promises settle. */
    tick: async () => {
      for (const cb of zeroTimers.splice(0)) cb();
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

const ROUTE_MODULES_AND_ENTRY = [
  "/assets/root-B.js",
  "/assets/_member-C.js",
  "/assets/projects-x.js",
  "/assets/projects-D.js",
  "/assets/entry.client-E.js",
];

describe("paint before script", () => {
  it("preloads and imports nothing until the first contentful paint is on screen, then the route modules and the entry, in order", async () => {
    const code = deferModuleScript(SCRIPT, ["/assets/root-B.js", "/assets/chunk-F.js"]);
    expect(code).not.toBeNull();
    const page = await run(code as string);
    await page.settle();
    page.report("first-paint");
    await page.settle();
    expect(page.imported).toEqual([]);
    expect(page.preloaded).toEqual([]);
    expect(page.frames).toHaveLength(0);
    page.report("first-contentful-paint");
    await page.settle();
    expect(page.preloaded).toEqual(["modulepreload /assets/root-B.js", "modulepreload /assets/chunk-F.js"]);
    expect(page.imported).toEqual(ROUTE_MODULES_AND_ENTRY);
    const modules = page.window.__reactRouterRouteModules as Record<string, unknown>;
    expect(modules.root).toEqual({ url: "/assets/root-B.js" });
    expect(modules["routes/projects"]).toEqual({ url: "/assets/projects-D.js" });
    expect(page.window.__reactRouterManifest).toMatchObject({
      entry: { module: "/assets/entry.client-E.js" },
    });
    // Once only: the limit's timer, run later, loads nothing again.
    for (const timer of page.timers) timer.cb();
    await page.settle();
    expect(page.imported).toEqual(ROUTE_MODULES_AND_ENTRY);
  });

  it("starts the preloads a few per task, each step a task of its own by a message, and imports once they have all started", async () => {
    const hrefs = Array.from({ length: PRELOADS_PER_TASK * 2 + 1 }, (_, k) => `/assets/chunk-${k}.js`);
    const page = await run(deferModuleScript(SCRIPT, hrefs) as string, { queueZeroTimers: true });
    page.report("first-contentful-paint");
    await page.tick(); // the task after the paint
    expect(page.preloaded).toHaveLength(PRELOADS_PER_TASK);
    expect(page.imported).toEqual([]);
    await page.tick();
    expect(page.preloaded).toHaveLength(PRELOADS_PER_TASK * 2);
    expect(page.imported).toEqual([]);
    await page.tick();
    expect(page.preloaded).toEqual(hrefs.map((href) => `modulepreload ${href}`));
    expect(page.imported).toEqual(ROUTE_MODULES_AND_ENTRY);
    // A 0 ms timer once, for the task after the paint; a message for each further step (no 4 ms clamp).
    expect(page.zeroTimersSet()).toBe(1);
    expect(page.messages()).toBe(2);
  });

  it("a browser without MessageChannel takes its steps by 0 ms timers", async () => {
    const hrefs = ["/assets/chunk-0.js", "/assets/chunk-1.js", "/assets/chunk-2.js"];
    const page = await run(deferModuleScript(SCRIPT, hrefs) as string, {
      messageChannel: false,
      queueZeroTimers: true,
    });
    page.report("first-contentful-paint");
    for (let step = 0; step < hrefs.length; step++) {
      expect(page.preloaded).toHaveLength(step);
      await page.tick();
    }
    expect(page.imported).toEqual(ROUTE_MODULES_AND_ENTRY);
    expect(page.zeroTimersSet()).toBe(hrefs.length);
    expect(page.messages()).toBe(0);
  });

  it("loads after PAINT_WAIT_LIMIT_MS when no contentful paint is reported", async () => {
    const page = await run(deferModuleScript(SCRIPT) as string);
    await page.settle();
    expect(page.imported).toEqual([]);
    expect(page.timers.map((t) => t.ms)).toEqual([PAINT_WAIT_LIMIT_MS]);
    page.timers[0].cb();
    await page.settle();
    expect(page.imported).toEqual(ROUTE_MODULES_AND_ENTRY);
  });

  it("a browser without paint timing waits for a frame", async () => {
    const page = await run(deferModuleScript(SCRIPT) as string, { paintTiming: false });
    await page.settle();
    expect(page.imported).toEqual([]);
    expect(page.frames).toHaveLength(1);
    page.frames[0]();
    await page.settle();
    expect(page.imported).toEqual(ROUTE_MODULES_AND_ENTRY);
  });

  it("a hidden tab, which paints nothing, loads at once; a tab hidden while it waits loads then", async () => {
    const hidden = await run(deferModuleScript(SCRIPT) as string, { visibility: "hidden" });
    await hidden.settle();
    expect(hidden.imported).toEqual(ROUTE_MODULES_AND_ENTRY);
    const page = await run(deferModuleScript(SCRIPT) as string);
    await page.settle();
    expect(page.imported).toEqual([]);
    page.hide();
    await page.settle();
    expect(page.imported).toEqual(ROUTE_MODULES_AND_ENTRY);
  });

  it("moves the preloads into the route-modules script, which is no longer async and keeps its nonce", () => {
    const html = paintBeforeScript(page(SCRIPT));
    expect(html).not.toContain("<link");
    expect(html).toContain('["/assets/root-B.js"]');
    expect(html).toContain('<script nonce="n">window.__reactRouterContext = {};</script>');
    expect(html).toMatch(/<script nonce="n" type="module">const nextTask=/);
    expect(html).not.toMatch(/import \* as/);
  });

  it("keeps the text around and between the cuts whole when the page has characters of several bytes", () => {
    const html = page(SCRIPT).replace("<main>Projects</main>", "<main>Café — 東京 ✓ 🏗️</main>");
    const out = paintBeforeScript(html);
    expect(out).toContain("<main>Café — 東京 ✓ 🏗️</main>");
    expect(out).toContain('<script nonce="n">window.__reactRouterContext = {};</script>');
    expect(out).toMatch(/<script nonce="n" type="module">const nextTask=[^<]*<\/script><\/body><\/html>$/);
    expect(paintBeforeScriptBytes(Buffer.from(html)).toString("utf8")).toBe(out);
  });

  it("leaves a document without scripts, or a script of an unknown shape, as it is", () => {
    const lite = "<!DOCTYPE html><html><body><main>Projects</main></body></html>";
    expect(paintBeforeScript(lite)).toBe(lite);
    const unknown = page(`import { x } from "/a.js";\nwindow.__reactRouterRouteModules = {};`);
    expect(paintBeforeScript(unknown)).toBe(unknown);
  });
});
