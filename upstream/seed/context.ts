import type { Db } from "../db/index";
import type { Geography, Place } from "./geo";
import type { Random } from "./prng";

export const DAY_MS = 86_400_000;

export interface SeedContext {
  db: Db;
  rng: Random;
  geo: Geography;
  /** Midnight UTC of the seed's "today": dates are relative to it, so one day's seeds are identical. */
  today: number;
  projects: number;
}

export const isoDateTime = (ms: number) => new Date(ms).toISOString();
export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A random instant between `daysAgoMax` and `daysAgoMin` days before today. */
export function pastInstant(ctx: SeedContext, daysAgoMax: number, daysAgoMin = 0): number {
  return ctx.today - Math.floor((daysAgoMin + ctx.rng.float() * (daysAgoMax - daysAgoMin)) * DAY_MS);
}

export function phone(ctx: SeedContext): string {
  const { rng } = ctx;
  return `(${rng.int(2, 9)}${rng.digits(2)}) ${rng.int(2, 9)}${rng.digits(2)}-${rng.digits(4)}`;
}

/** A plausible Canadian postal code for the province (e.g. "M5V 2T6"). */
export function canadianPostalCode(ctx: SeedContext, letters: string): string {
  const { rng } = ctx;
  const L = "ABCEGHJKLMNPRSTVWXYZ";
  return `${rng.pick([...letters])}${rng.int(0, 9)}${rng.pick([...L])} ${rng.int(0, 9)}${rng.pick([...L])}${rng.int(0, 9)}`;
}

/** A real place, 6% of the time in Canada. */
export function randomPlace(ctx: SeedContext): Place {
  return ctx.rng.chance(0.06) ? ctx.rng.pick(ctx.geo.caPlaces) : ctx.rng.pick(ctx.geo.usPlaces);
}

/** Spreads markers around the place's centre (about ±2 km). */
export function jitter(ctx: SeedContext, value: number): number {
  return Math.round((value + (ctx.rng.float() - 0.5) * 0.04) * 1e6) / 1e6;
}
