/**
 * Second half of `npm run build`: bundles the app's own server (server/*.ts and the few app/lib helpers it
 * reads) into plain JavaScript next to React Router's build, so that the app process runs on Node alone.
 * Run through tsx, the server carried tsx's loader, its hooks thread and its compiled modules in the same
 * process: 70-85 MB of resident memory for nothing (docs/decisions/067-server-bundled-at-build.md).
 *
 * build/app-server.js sets NODE_ENV and then imports build/app-server-chunk.js (React and React Router pick
 * their production builds from NODE_ENV when they load, so the chunk must load second). Packages stay
 * imports from node_modules. Both files sit one level below the repository root, as server/ does, so the
 * server finds build/server/index.js and build/client the same way from its source and from the bundle.
 */
import { build } from "esbuild";

await build({
  entryPoints: [{ in: "server/index.ts", out: "app-server" }],
  outdir: "build",
  chunkNames: "[name]-chunk",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  logLevel: "warning",
  // `npm run coverage` (BUILD_FOR_COVERAGE=1): source maps, so that the server's coverage maps back to the
  // app/ modules bundled here. (esbuild does not minify unless asked.)
  ...(process.env.BUILD_FOR_COVERAGE === "1" ? { sourcemap: true } : {}),
});
console.log("build/app-server.js: the app server, bundled");
