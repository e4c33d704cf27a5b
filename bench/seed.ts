/**
 * The benchmark's large database: seeded once into bench/data/ and reused while its size stays the same.
 * A small JSON file next to it records what it was seeded with; a different size (or a missing file) reseeds.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { createSeededDatabase, DEFAULT_SEED } from "../upstream/seed/index";

export interface SeedInfo {
  projects: number;
  seed: number;
  seededAt: string;
  seconds: number;
  counts: Record<string, number>;
}

function readInfo(infoPath: string): SeedInfo | null {
  try {
    return JSON.parse(readFileSync(infoPath, "utf8")) as SeedInfo;
  } catch {
    return null;
  }
}

/** Returns the seed's description, seeding first when the database is missing or was made at another size. */
export function ensureBenchDatabase(
  dbPath: string,
  projects: number,
  log: (line: string) => void,
): SeedInfo & { reused: boolean } {
  const infoPath = `${dbPath}.seed.json`;
  const info = readInfo(infoPath);
  if (existsSync(dbPath) && info && info.projects === projects && info.seed === DEFAULT_SEED) {
    log(`reusing ${dbPath} (${projects} projects, seeded ${info.seededAt})`);
    return { ...info, reused: true };
  }
  mkdirSync(dirname(dbPath), { recursive: true });
  for (const suffix of ["", "-wal", "-shm", ".seed.json"]) rmSync(`${dbPath}${suffix}`, { force: true });
  log(`seeding ${dbPath} with ${projects} projects (once; a few minutes at 500,000)...`);
  const stats = createSeededDatabase(dbPath, { projects, log: (line) => log(`  seed ${line.trim()}`) });
  const fresh: SeedInfo = {
    projects,
    seed: DEFAULT_SEED,
    seededAt: new Date().toISOString(),
    seconds: Math.round(stats.ms / 100) / 10,
    counts: stats.counts,
  };
  writeFileSync(infoPath, `${JSON.stringify(fresh, null, 2)}\n`);
  log(`seeded in ${fresh.seconds} s`);
  return { ...fresh, reused: false };
}

if (process.argv[1]?.endsWith("seed.ts") && process.argv.includes("--now")) {
  const projects = Number(process.env.BENCH_PROJECTS ?? 500_000);
  ensureBenchDatabase("bench/data/bench.sqlite", projects, (line) => console.log(`[bench] ${line}`));
}
