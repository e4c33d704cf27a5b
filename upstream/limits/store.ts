/**
 * The counters of the API's limits (upstream/limits/): rate-limiter-flexible's store contract, in Redis when a
 * URL is given (several API instances then share them; while Redis is unreachable each counts in its own
 * memory), else in one bounded in-memory table where the least recently used keys go first, never all of them.
 * The same design as the app's (decision 131); the API keeps its own code (it never imports app/).
 */
import { Redis } from "ioredis";
import type { RateLimiterStoreAbstract as StoreAbstractType } from "rate-limiter-flexible";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import StoreAbstractImpl from "rate-limiter-flexible/lib/RateLimiterStoreAbstract.js";

const StoreAbstract = StoreAbstractImpl as unknown as typeof StoreAbstractType;

/** A counter of rate-limiter-flexible: consume, penalty, reward, block, delete. */
export type Counter = StoreAbstractType;
export type CounterOptions = { keyPrefix: string; points: number; duration: number };

export interface CounterStore {
  counter: (options: CounterOptions) => Counter;
  /** Lets go of the Redis connection (nothing for the memory store). */
  close: () => Promise<void>;
}

type Stored = { value: number; expiresAt: number | null };

/** Least recently used first: a Map keeps insertion order, and a read moves the key to the end. */
class BoundedTable {
  private readonly entries = new Map<string, Stored>();
  constructor(private readonly maxKeys: number) {}

  get(key: string): Stored | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== null && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, value: Stored) {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.maxKeys) this.entries.delete(this.entries.keys().next().value as string);
  }

  delete(key: string) {
    return this.entries.delete(key);
  }
}

/** The fixed-window counting of the library's Redis store, over a BoundedTable. */
class BoundedMemoryCounter extends StoreAbstract {
  constructor(
    options: CounterOptions,
    private readonly table: BoundedTable,
  ) {
    super({ ...options, storeClient: table });
  }

  _getRateLimiterRes(_key: string, changedPoints: number, stored: Stored) {
    return new RateLimiterRes(
      Math.max(this.points - stored.value, 0),
      stored.expiresAt === null ? -1 : Math.max(stored.expiresAt - Date.now(), 0),
      stored.value,
      stored.value === changedPoints,
    );
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<Stored> {
    const live = this.table.get(key);
    const expiresAt = msDuration > 0 ? Date.now() + msDuration : null;
    const next: Stored =
      forceExpire || !live
        ? { value: points, expiresAt }
        : { value: live.value + points, expiresAt: live.expiresAt };
    this.table.set(key, next);
    return { ...next };
  }

  async _get(key: string): Promise<Stored | null> {
    const current = this.table.get(key);
    return current ? { ...current } : null;
  }

  async _delete(key: string): Promise<boolean> {
    return this.table.delete(key);
  }
}

export function memoryCounters(maxKeys: number): CounterStore {
  const table = new BoundedTable(maxKeys);
  return { counter: (options) => new BoundedMemoryCounter(options, table), close: async () => {} };
}

export function redisCounters(url: string, maxKeys: number, log: (line: string) => void): CounterStore {
  const insurance = memoryCounters(maxKeys);
  // No offline queue: while Redis is unreachable a command fails at once and the insurance counts in memory.
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  let state = "";
  const report = (next: string, line: string) => {
    if (state !== next) log(line);
    state = next;
  };
  client.on("ready", () => report("ready", "[limits] counters in Redis"));
  client.on("error", (error: Error) =>
    report("error", `[limits] Redis unreachable (${error.message}): counting in this instance's memory`),
  );
  return {
    counter: (options) =>
      new RateLimiterRedis({
        ...options,
        // Apart from the app's counters ("leads:") when both use the same Redis.
        keyPrefix: `upstream:${options.keyPrefix}`,
        storeClient: client,
        insuranceLimiter: insurance.counter(options),
      }),
    close: async () => {
      client.disconnect();
    },
  };
}

export const isLimit = (error: unknown): error is RateLimiterRes => error instanceof RateLimiterRes;
