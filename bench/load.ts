/**
 * One load run with autocannon: a fixed number of connections for a fixed time against one URL.
 * Latency percentiles are computed from every response's own time (autocannon's histogram rounds to whole
 * milliseconds, too coarse for a 5 ms budget); requests per second are the completed responses over the run.
 */
import autocannon from "autocannon";
import { cpuMs } from "./memory";
import { quantile, round } from "./stats";

export interface LoadOptions {
  url: string;
  connections: number;
  durationS: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Status codes that count as a success (default: 200). */
  okStatus?: readonly number[];
  /** Processes whose CPU time per request to report, by name. */
  watch?: Record<string, number>;
}

export interface LoadResult {
  connections: number;
  durationS: number;
  requests: number;
  ok: number;
  failed: number;
  errors: number;
  timeouts: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  statusCodes: Record<string, number>;
  /** CPU time each watched process used per request during the run (ms), from /proc: robust to a busy machine. */
  cpuMsPerRequest: Record<string, number>;
}

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const okStatus = options.okStatus ?? [200];
  const times: number[] = [];
  let ok = 0;
  const watch = Object.entries(options.watch ?? {});
  const cpuBefore = watch.map(([, pid]) => cpuMs(pid));
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.durationS,
        method: options.method ?? "GET",
        headers: options.headers,
        body: options.body,
        timeout: 30,
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        const statusCodes = Object.fromEntries(
          Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
        );
        const requests = times.length;
        const cpuMsPerRequest = Object.fromEntries(
          watch.map(([name, pid], i) => [name, round((cpuMs(pid) - cpuBefore[i]) / Math.max(requests, 1))]),
        );
        resolve({
          connections: options.connections,
          durationS: options.durationS,
          requests,
          ok,
          failed: requests - ok + result.errors + result.timeouts,
          errors: result.errors,
          timeouts: result.timeouts,
          rps: round(requests / result.duration, 1),
          p50: round(quantile(times, 0.5)),
          p95: round(quantile(times, 0.95)),
          p99: round(quantile(times, 0.99)),
          statusCodes,
          cpuMsPerRequest,
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, ms) => {
      times.push(ms);
      if (okStatus.includes(statusCode)) ok++;
    });
  });
}
