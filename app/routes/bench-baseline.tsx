import { invariantResponse } from "~/lib/platform/invariant";
import { screenMeta } from "~/screen-titles";
import type { Route } from "./+types/bench-baseline";

export const meta: Route.MetaFunction = screenMeta;

/** Served only to the benchmark, which starts the app with BENCH_BASELINE=1: anywhere else it does not exist. */
export function loader() {
  invariantResponse(process.env.BENCH_BASELINE === "1");
  return null;
}

export default function BenchBaseline() {
  return (
    <main className="mx-auto max-w-2xl p-6">
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-bold text-slate-900">Baseline</h1>
      <p className="mt-3 text-slate-700">A static page used to measure the server's own cost per request.</p>
    </main>
  );
}

/**
 * `/_bench/baseline`: the benchmark's reference point (bench/, docs/decisions/005-benchmark.md). A static
 * page with no loader of its own and no member shell, served through the same server, root middleware and
 * document render as every other screen, so `npm run bench` can tell the framework's own cost per request
 * from what each screen adds. It reads no session data and calls no API; its loader only checks that the
 * bench started the server (BENCH_BASELINE=1, bench/servers.ts): any other server answers 404.
 */
