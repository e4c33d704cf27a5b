/**
 * The app's production server, bundled by `npm run build` into build/app-server.js and run as
 * `node build/app-server.js` (what `npm start`, the Docker image, the browser tests and
 * the benchmark run). See server/app-server.ts and docs/decisions/011-app-server.md.
 *
 * NODE_ENV is settled before React and React Router load (they pick their production builds from it), which is
 * why the server itself is imported only now.
 */
process.env.NODE_ENV ??= "production";

const { startAppServer } = await import("./app-server");
await startAppServer();

export {};
