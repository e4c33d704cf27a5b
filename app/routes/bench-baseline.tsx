import type { Route } from "./+types/bench-baseline";

export default function BenchBaseline() {
  return (
    <main className="mx-auto max-w-2xl p-6">
      <h1 className="text-2xl font-bold text-slate-900">Baseline</h1>
      <p className="mt-3 text-slate-700">A static page used to measure the server's own cost per request.</p>
    </main>
  );
}

/**
 * `/_bench/baseline`: the benchmark's reference point (bench/, docs/decisions/005-benchmark.md). A static
 * page with no loader of its own and no member shell, served through the same server, root middleware and
 * document render as every other screen, so `npm run bench` can tell the framework's own cost per request
 * from what each screen adds. It reads no session data and calls no API: it shows the same text to
 * everyone, logged in or not, and is harmless in production (not indexed, not linked from anywhere).
 */
export const meta: Route.MetaFunction = () => [
  { title: "Baseline | Project Leads" },
  { name: "robots", content: "noindex" },
];
