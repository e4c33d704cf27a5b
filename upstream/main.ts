import { startUpstream } from "./server";

const port = Number(process.env.UPSTREAM_PORT ?? 3001);
const dbPath = process.env.UPSTREAM_DB ?? "data/reference.sqlite";
const seedProjects = Number(process.env.SEED_PROJECTS ?? 20_000);

if (!Number.isInteger(port) || port < 0 || port > 65535)
  throw new Error(`UPSTREAM_PORT must be a port number, got ${process.env.UPSTREAM_PORT}`);
if (!Number.isInteger(seedProjects) || seedProjects < 0)
  throw new Error(`SEED_PROJECTS must be a whole number, got ${process.env.SEED_PROJECTS}`);

const upstream = await startUpstream({
  dbPath,
  port,
  host: process.env.UPSTREAM_HOST ?? "127.0.0.1",
  seedProjects,
  appBaseUrl: process.env.RESET_LINK_BASE ?? process.env.APP_BASE_URL,
  log: (line) => console.log(line),
});
console.log(`Reference API listening on ${upstream.apiBaseUrl} (database ${dbPath})`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    upstream.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
