import { describe, expect, it } from "vitest";
import { deferModuleScript, paintBeforeScript } from "../../app/lib/paint-first.server";

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

/** Runs a rewritten script with stand-ins for the browser's dynamic import and frame callbacks. */
async function run(code: string, visibility = "visible") {
  const imported: string[] = [];
  const preloaded: string[] = [];
  const document = {
    visibilityState: visibility,
    createElement: () => ({}) as { rel?: string; href?: string },
    head: {
      appendChild: (link: { rel?: string; href?: string }) => preloaded.push(`${link.rel} ${link.href}`),
    },
  };
  const window: Record<string, unknown> = {};
  const frames: (() => void)[] = [];
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
    (cb: () => void) => cb(),
  );
  return { imported, preloaded, window, frames, settle: () => new Promise((r) => setTimeout(r, 0)) };
}

describe("paint before script", () => {
  it("preloads and imports nothing until a frame has been painted, then the route modules and the entry, in order", async () => {
    const code = deferModuleScript(SCRIPT, ["/assets/root-B.js", "/assets/chunk-F.js"]);
    expect(code).not.toBeNull();
    const page = await run(code as string);
    await page.settle();
    expect(page.imported).toEqual([]);
    expect(page.preloaded).toEqual([]);
    expect(page.frames).toHaveLength(1);
    page.frames[0]();
    await page.settle();
    expect(page.preloaded).toEqual(["modulepreload /assets/root-B.js", "modulepreload /assets/chunk-F.js"]);
    expect(page.imported).toEqual([
      "/assets/root-B.js",
      "/assets/_member-C.js",
      "/assets/projects-x.js",
      "/assets/projects-D.js",
      "/assets/entry.client-E.js",
    ]);
    const modules = page.window.__reactRouterRouteModules as Record<string, unknown>;
    expect(modules.root).toEqual({ url: "/assets/root-B.js" });
    expect(modules["routes/projects"]).toEqual({ url: "/assets/projects-D.js" });
    expect(page.window.__reactRouterManifest).toMatchObject({
      entry: { module: "/assets/entry.client-E.js" },
    });
  });

  it("a hidden tab, which paints no frame, loads at once", async () => {
    const page = await run(deferModuleScript(SCRIPT) as string, "hidden");
    await page.settle();
    expect(page.imported).toContain("/assets/entry.client-E.js");
  });

  it("moves the preloads into the route-modules script, which is no longer async and keeps its nonce", () => {
    const html = paintBeforeScript(page(SCRIPT));
    expect(html).not.toContain("<link");
    expect(html).toContain('["/assets/root-B.js"]');
    expect(html).toContain('<script nonce="n">window.__reactRouterContext = {};</script>');
    expect(html).toMatch(/<script nonce="n" type="module">new Promise/);
    expect(html).not.toMatch(/import \* as/);
  });

  it("leaves a document without scripts, or a script of an unknown shape, as it is", () => {
    const lite = "<!DOCTYPE html><html><body><main>Projects</main></body></html>";
    expect(paintBeforeScript(lite)).toBe(lite);
    const unknown = page(`import { x } from "/a.js";\nwindow.__reactRouterRouteModules = {};`);
    expect(paintBeforeScript(unknown)).toBe(unknown);
  });
});
