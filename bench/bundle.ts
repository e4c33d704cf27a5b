/**
 * First-load JS and CSS of each route, from React Router's browser manifest (build/client/assets/manifest-*.js):
 * the entry client and its imports, the manifest itself, and for every route in the matched chain (root,
 * layouts, the screen) its module, imports and CSS. Sizes are gzip at zlib's default level, as the server's
 * compression sends them. Lazily imported chunks (the map, the calendar) are not part of the first load.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
}

interface BrowserManifest {
  entry: { module: string; imports?: string[]; css?: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface RouteBundle {
  routeId: string;
  path: string;
  jsFiles: number;
  jsBytes: number;
  jsGzip: number;
  cssBytes: number;
  cssGzip: number;
}

function readManifest(clientDir: string): { manifest: BrowserManifest; file: string } {
  const file = readdirSync(join(clientDir, "assets")).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no manifest-*.js in ${clientDir}/assets: run the build first`);
  const text = readFileSync(join(clientDir, "assets", file), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return { manifest: JSON.parse(json) as BrowserManifest, file: `/assets/${file}` };
}

function chainOf(routes: Record<string, ManifestRoute>, id: string): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  for (let route: ManifestRoute | undefined = routes[id]; route; route = routes[route.parentId ?? ""]) {
    chain.unshift(route);
  }
  return chain;
}

function fullPath(chain: ManifestRoute[]): string {
  const parts = chain.map((r) => r.path ?? "").filter(Boolean);
  return `/${parts.join("/")}`;
}

/** The first-load bytes of every route that renders a screen (layouts are counted within their children). */
export function routeBundles(clientDir: string): RouteBundle[] {
  const { manifest, file: manifestFile } = readManifest(clientDir);
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const size = (asset: string) => {
    let s = sizes.get(asset);
    if (!s) {
      const content = readFileSync(join(clientDir, asset));
      s = { raw: content.length, gzip: gzipSync(content).length };
      sizes.set(asset, s);
    }
    return s;
  };
  const parents = new Set(Object.values(manifest.routes).map((r) => r.parentId));
  const leaves = Object.values(manifest.routes).filter((r) => !parents.has(r.id));
  return leaves.map((leaf) => {
    const chain = chainOf(manifest.routes, leaf.id);
    const js = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? []), manifestFile]);
    const css = new Set<string>(manifest.entry.css ?? []);
    for (const route of chain) {
      js.add(route.module);
      for (const i of route.imports ?? []) js.add(i);
      for (const c of route.css ?? []) css.add(c);
    }
    const sum = (files: Set<string>, key: "raw" | "gzip") =>
      [...files].reduce((total, f) => total + size(f)[key], 0);
    return {
      routeId: leaf.id,
      path: fullPath(chain),
      jsFiles: js.size,
      jsBytes: sum(js, "raw"),
      jsGzip: sum(js, "gzip"),
      cssBytes: sum(css, "raw"),
      cssGzip: sum(css, "gzip"),
    };
  });
}
