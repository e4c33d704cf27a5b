import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The two packages of the repository (decision 109): the app at the root, the reference API in upstream/ (an npm
 * workspace). Each declares what it uses at run time, so that each image installs its own dependencies and no
 * other; contract/ is shared by path and uses zod, which both declare.
 */
const ROOT = join(__dirname, "../..");
type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
const manifest = (dir: string): Manifest => JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8"));
const app = manifest(".");
const api = manifest("upstream");

/** Declared without being imported: a required peer of a package the app imports. */
const PEERS_THE_APP_DECLARES: Record<string, string> = {
  "temporal-polyfill": "@fullcalendar/react's required peer, held at the version it works with",
};

/** The packages the TypeScript modules under `dirs` load at run time (type-only imports left out). */
function importedPackages(dirs: string[], skip: (file: string) => boolean = () => false): Set<string> {
  const packages = new Set<string>();
  const specifiers = [
    /(?:^|\n)\s*(?:import|export)\s+(?!type\s)[^;]*?\bfrom\s*"([^"]+)"/g,
    /(?:^|\n)\s*import\s*"([^"]+)"/g,
    /\bimport\(\s*"([^"]+)"\s*\)/g,
    // the reference API's seed reads data files of packages it finds by name (upstream/seed/geo.ts)
    /\bpackageDir\(\s*"([^"]+)"\s*\)/g,
  ];
  for (const dir of dirs) {
    const files = readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" });
    for (const file of files.filter((f) => /\.tsx?$/.test(f) && !f.includes("node_modules"))) {
      if (skip(join(dir, file))) continue;
      const source = readFileSync(join(ROOT, dir, file), "utf8");
      for (const pattern of specifiers)
        for (const [, specifier] of source.matchAll(pattern)) {
          if (/^(\.|~\/|node:)/.test(specifier)) continue;
          const parts = specifier.split("?")[0].split("/");
          packages.add(specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]);
        }
    }
  }
  return packages;
}

// app/routes.ts is read by the build (React Router's route config), not by the server.
const appImports = importedPackages(
  ["app", "server", "contract"],
  (file) => file === join("app", "routes.ts"),
);
const apiImports = importedPackages(["upstream", "contract"]);

describe("the app's package (the root) and the reference API's (upstream/)", () => {
  it("pin every version", () => {
    const ranges = [app, api].flatMap((m) =>
      Object.entries({ ...m.dependencies, ...m.devDependencies }).filter(
        ([, v]) => !/^\d+\.\d+\.\d+$/.test(v),
      ),
    );
    expect(ranges).toEqual([]);
  });

  it("declare, each in its dependencies, every package its code loads", () => {
    expect([...appImports].filter((p) => !app.dependencies?.[p])).toEqual([]);
    expect([...apiImports].filter((p) => !api.dependencies?.[p])).toEqual([]);
  });

  it("declare no run-time dependency their code does not load", () => {
    const appUnused = Object.keys(app.dependencies ?? {}).filter(
      (p) => !appImports.has(p) && !PEERS_THE_APP_DECLARES[p],
    );
    expect(appUnused).toEqual([]);
    // tsx runs the reference API's TypeScript (`node --import tsx upstream/main.ts`).
    expect(Object.keys(api.dependencies ?? {}).filter((p) => !apiImports.has(p) && p !== "tsx")).toEqual([]);
  });

  it("leave the reference API's dependencies out of the app's: its image carries none of them", () => {
    const apiOnly = [...apiImports].filter((p) => !appImports.has(p));
    expect(apiOnly.length).toBeGreaterThan(0);
    expect(apiOnly.filter((p) => app.dependencies?.[p])).toEqual([]);
  });
});
