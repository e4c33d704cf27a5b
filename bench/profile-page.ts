/**
 * `npx tsx bench/profile-page.ts /Projects [/Contacts ...]`: serves the bench database, logs in, requests each
 * page sequentially (BENCH_PROFILE_REQUESTS, 400 each) with the app under `--cpu-prof`, and prints where the
 * app's CPU went from its first request on (the server's start left out): self time by function and by
 * package, per request. The profile stays in bench/output/profiles/.
 */
import { mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { withBenchApp } from "./servers";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "bench", "output");
const PROFILES = join(OUT, "profiles");
const REQUESTS = Number(process.env.BENCH_PROFILE_REQUESTS ?? 400);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function packageOf(url: string): string {
  if (!url) return "(native/gc)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith("node:")) return "node";
  return url.replace(`file://${ROOT}/`, "");
}

/**
 * The index of the first sample taken while the app server handled a request: what comes before it is the
 * server's start (loading and compiling the build, tsx's loader), a few seconds of CPU that would otherwise be
 * spread over the requests.
 */
function firstRequestSample(profile: Profile): number {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const inRequest = new Map<number, boolean>();
  const handles = (id: number): boolean => {
    const known = inRequest.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const up = parent.get(id);
    const answer = node?.callFrame.functionName === "answerFromApp" || (up !== undefined && handles(up));
    inRequest.set(id, answer);
    return answer;
  };
  const first = profile.samples.findIndex((id) => handles(id));
  return first < 0 ? 0 : first;
}

function summarise(profile: Profile, requests: number) {
  const self = new Map<number, number>();
  const from = firstRequestSample(profile);
  profile.samples.forEach((id, i) => {
    if (i < from) return;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    if (us === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const pkg = packageOf(url);
    const key = `${functionName || "(anonymous)"} ${pkg}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  const idle = [...byFunction].filter(([k]) => k.startsWith("(idle)")).reduce((t, [, us]) => t + us, 0);
  const total = [...byFunction.values()].reduce((a, b) => a + b, 0) - idle;
  const ms = (us: number) => (us / 1000 / requests).toFixed(3);
  console.log(`busy CPU ${ms(total)} ms per request over ${requests} requests`);
  console.log("by package (ms/request):");
  for (const [k, us] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`  ${ms(us)}  ${k}`);
  console.log("by function, self (ms/request):");
  for (const [k, us] of [...byFunction]
    .filter(([k]) => !k.startsWith("(idle)"))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30))
    console.log(`  ${ms(us)}  ${k}`);
}

async function main() {
  const paths = process.argv.slice(2);
  // `--summarise file.cpuprofile requests`: the summary of a profile written before.
  if (paths[0] === "--summarise") {
    summarise(JSON.parse(readFileSync(paths[1], "utf8")) as Profile, Number(paths[2] ?? REQUESTS));
    return;
  }
  mkdirSync(PROFILES, { recursive: true });
  const started = Date.now();
  await withBenchApp(
    ROOT,
    async (appUrl, cookie) => {
      for (const path of paths) {
        for (let i = 0; i < REQUESTS; i++) {
          const res = await fetch(`${appUrl}${path}`, {
            headers: { Cookie: cookie, "Accept-Encoding": "gzip" },
          });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
        }
      }
    },
    { nodeOptions: ["--cpu-prof", `--cpu-prof-dir=${PROFILES}`] },
  );
  const newest = readdirSync(PROFILES)
    .map((f) => join(PROFILES, f))
    .filter((f) => statSync(f).mtimeMs >= started)
    // The main thread's profile is the largest (tsx's loader thread writes a small one of its own).
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (!newest) throw new Error("no profile written");
  console.log(newest);
  summarise(JSON.parse(readFileSync(newest, "utf8")) as Profile, REQUESTS * paths.length);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
