/** Small numeric helpers shared by the benchmark's measurements. */

/** The q-quantile (0..1) of the samples, by the nearest-rank method; NaN when there are none. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

export function median(samples: readonly number[]): number {
  return quantile(samples, 0.5);
}

/** Rounds to a fixed number of decimals (results files stay readable). */
export function round(value: number, decimals = 2): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
