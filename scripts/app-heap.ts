/**
 * The app server's V8 heap cap. Without one, V8 sizes its old space from the machine's memory (about 4 GB on
 * 24 GiB) and the app's RSS settles above 500 MB under load although its live data is a few tens of MB; the
 * cap makes the collector work sooner and holds RSS near 200 MB (docs/decisions/008-app-heap-cap.md).
 * `APP_MAX_HEAP_MB` overrides it.
 */
export const APP_MAX_HEAP_MB = Number(process.env.APP_MAX_HEAP_MB ?? 160);

export function appHeapFlags(): string[] {
  return Number.isFinite(APP_MAX_HEAP_MB) && APP_MAX_HEAP_MB > 0
    ? [`--max-old-space-size=${APP_MAX_HEAP_MB}`]
    : [];
}
