/**
 * Abuse limits of the public forms, on rate-limiter-flexible (docs/decisions/131-abuse-limits.md):
 *
 * - per e-mail address, a progressive delay instead of a lock: after `delayAfter` counted attempts, each further
 *   one waits min(2^(n − delayAfter), maxDelay) seconds after the n-th. At most one attempt per address is under
 *   way at a time once the delays have begun (an atomic gate), so a burst of parallel guesses gets no further
 *   than one sequential guess;
 * - for password checks (login, and every form that asks for the current password), OWASP's device cookies
 *   (docs/decisions/079-login-device-cookies.md): a browser that has logged in to the account before says so with a
 *   signed cookie (app/lib/platform/device-cookie.server.ts) and is limited by its own failures only, the same delays per
 *   device; unknown devices share the account's delay. A stranger's failures can slow the account's unknown
 *   devices down, never the member's own browser;
 * - per client (the address the app server found: requestInfoContext), a number of attempts per window (for a
 *   password check: the attempts of unknown devices);
 * - the counters live in Redis when REDIS_URL is set, so several app instances share them (with the in-memory
 *   store as insurance while Redis is unreachable), else in memory, in one LRU table of bounded size: when it is
 *   full, the least recently used entries go, never all of them.
 *
 * An e-mail address is counted under a hash of itself: no address is stored, and a huge one is a short key.
 */
import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import type { RateLimiterStoreAbstract as StoreAbstractType } from "rate-limiter-flexible";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import StoreAbstractImpl from "rate-limiter-flexible/lib/RateLimiterStoreAbstract.js";
import type { RouterContextProvider } from "react-router";
import { countOf } from "../../../contract/plural";
import { clientKeyOf } from "./client-address.server";
import { config } from "./config.server";
import { requestInfoContext } from "./contexts";
import { LruCache } from "./lru";

const StoreAbstract = StoreAbstractImpl as unknown as typeof StoreAbstractType;

type StoredCount = { value: number; expiresAt: number | null };
type StoreOptions = {
  keyPrefix: string;
  points: number;
  duration: number;
  table: LruCache<string, StoredCount>;
};

/**
 * rate-limiter-flexible's store contract (as its Redis, SQL and Mongo stores implement it) over one shared LRU
 * table: the same fixed-window counting as its Redis store, in bounded memory. (Its own RateLimiterMemory
 * keeps every key with a timer until it expires, however many there are.)
 */
class RateLimiterLru extends StoreAbstract {
  private readonly table: LruCache<string, StoredCount>;

  constructor({ table, ...options }: StoreOptions) {
    super({ ...options, storeClient: table });
    this.table = table;
  }

  _getRateLimiterRes(_key: string, changedPoints: number, stored: StoredCount) {
    return new RateLimiterRes(
      Math.max(this.points - stored.value, 0),
      stored.expiresAt === null ? -1 : Math.max(stored.expiresAt - Date.now(), 0),
      stored.value,
      stored.value === changedPoints,
    );
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<StoredCount> {
    const now = Date.now();
    const current = this.table.get(key);
    const live = current && (current.expiresAt === null || current.expiresAt > now) ? current : null;
    const expiresAt = msDuration > 0 ? now + msDuration : null;
    const next: StoredCount =
      forceExpire || !live
        ? { value: points, expiresAt }
        : { value: live.value + points, expiresAt: live.expiresAt };
    this.table.set(key, next, next.expiresAt === null ? Number.POSITIVE_INFINITY : next.expiresAt - now);
    return { ...next };
  }

  async _get(key: string): Promise<StoredCount | null> {
    const current = this.table.get(key);
    return current ? { ...current } : null;
  }

  async _delete(key: string): Promise<boolean> {
    return this.table.delete(key);
  }
}

/** A counter of rate-limiter-flexible: consume, penalty, reward, get, block, delete. */
type Counter = StoreAbstractType;

export type Store = {
  counter: (options: { keyPrefix: string; points: number; duration: number }) => Counter;
};

/** The in-memory store: one LRU table shared by every counter. */
export function memoryStore(maxKeys: number): Store {
  const table = new LruCache<string, StoredCount>(maxKeys);
  return { counter: (options) => new RateLimiterLru({ ...options, table }) };
}

function redisStore(url: string, maxKeys: number): Store {
  const insurance = memoryStore(maxKeys);
  // No offline queue: while Redis is unreachable a command fails at once and the insurance counts in memory,
  // instead of holding a login until Redis returns.
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  let state = "";
  const report = (next: string, line: string) => {
    if (state !== next) console.log(line);
    state = next;
  };
  client.on("ready", () => report("ready", "[rate-limit] counters in Redis"));
  client.on("error", (error: Error) =>
    report("error", `[rate-limit] Redis unreachable (${error.message}): counting in this instance's memory`),
  );
  return {
    counter: (options) =>
      new RateLimiterRedis({
        ...options,
        keyPrefix: `leads:${options.keyPrefix}`,
        storeClient: client,
        insuranceLimiter: insurance.counter(options),
      }),
  };
}

/** The counters of every limiter of the app (Redis when REDIS_URL is set, else memory). */
export const store: Store = config.redisUrl
  ? redisStore(config.redisUrl, config.rateLimitMemoryKeys)
  : memoryStore(config.rateLimitMemoryKeys);

export type LimitPolicy = {
  /** Counted attempts per e-mail address before each further one has to wait. */
  delayAfter: number;
  /** The longest wait, in seconds. */
  maxDelaySeconds: number;
  /** Counted attempts per client in `windowSeconds`. */
  perClient: number;
  windowSeconds: number;
};

/** How long an attempt past the delays holds its address's gate at most (the API's time limit and a margin). */
const ATTEMPT_HOLD_SECONDS = Math.ceil(config.upstreamTimeoutMs / 1000) + 2;
/** An address's count is forgotten this long after its first counted attempt (or at a success). */
const EMAIL_MEMORY_SECONDS = 24 * 3600;

/** What an e-mail address is counted (and remembered in the device cookie) under: a short hash of it. */
export function emailKey(email: string) {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 32);
}

/** "8 seconds", "1 minute", "15 minutes". */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return countOf(seconds, "second");
  const minutes = Math.ceil(seconds / 60);
  return countOf(minutes, "minute");
}

/** The wait after the n-th counted attempt of an address, in seconds (0: none). */
export function delayAfterAttempt(n: number, policy: Pick<LimitPolicy, "delayAfter" | "maxDelaySeconds">) {
  if (n < policy.delayAfter) return 0;
  return Math.min(2 ** Math.min(n - policy.delayAfter, 30), policy.maxDelaySeconds);
}

export type Attempt = {
  /** The attempt counts: a failed login, a reset e-mail sent. Starts the address's next wait. */
  count: () => Promise<void>;
  /** The attempt succeeded and clears its address's count (a login with the right password). */
  clear: () => Promise<void>;
  /** Nothing happened (the API could not be reached): the attempt does not count. */
  release: () => Promise<void>;
};

type LimitDecision =
  | { allowed: true; attempt: Attempt }
  | { allowed: false; retryAfterSeconds: number; message: string };

function isLimit(error: unknown): error is RateLimiterRes {
  return error instanceof RateLimiterRes;
}

/** Per-e-mail progressive delays and a per-client limit for one form. */
export class AbuseLimiter {
  private readonly emailCounts: Counter;
  private readonly emailGates: Counter;
  private readonly deviceCounts: Counter;
  private readonly deviceGates: Counter;
  private readonly clientCounts: Counter;

  constructor(
    name: string,
    private readonly policy: LimitPolicy,
    private readonly message: (wait: string) => string,
    counters: Store = store,
  ) {
    this.emailCounts = counters.counter({
      keyPrefix: `${name}:email`,
      points: 1e9,
      duration: EMAIL_MEMORY_SECONDS,
    });
    this.emailGates = counters.counter({
      keyPrefix: `${name}:gate`,
      points: 1,
      duration: ATTEMPT_HOLD_SECONDS,
    });
    this.deviceCounts = counters.counter({
      keyPrefix: `${name}:device`,
      points: 1e9,
      duration: EMAIL_MEMORY_SECONDS,
    });
    this.deviceGates = counters.counter({
      keyPrefix: `${name}:device-gate`,
      points: 1,
      duration: ATTEMPT_HOLD_SECONDS,
    });
    this.clientCounts = counters.counter({
      keyPrefix: `${name}:client`,
      points: policy.perClient,
      duration: policy.windowSeconds,
    });
  }

  private refused(ms: number): LimitDecision {
    const retryAfterSeconds = Math.max(1, Math.ceil(ms / 1000));
    return { allowed: false, retryAfterSeconds, message: this.message(waitText(ms)) };
  }

  /**
   * Asks whether `email` may be tried now by the request's client. Every attempt is counted up front (so that
   * parallel attempts cannot all pass a check made before any of them is counted); the answer's `attempt` then
   * says how it ended.
   *
   * With `device` (the id the request's device cookie gives for this account: a browser that has logged in to it
   * before), the attempt is counted against that device alone, with the same delays, and neither the account's
   * delay nor the per-client limit holds it back: OWASP's "Slow Down Online Guessing Attacks with Device Cookies".
   */
  async begin(
    context: Readonly<RouterContextProvider>,
    email: string,
    { device = null }: { device?: string | null } = {},
  ): Promise<LimitDecision> {
    const client = clientKeyOf(context.get(requestInfoContext).clientAddress);
    const [counts, gates, key] = device
      ? [this.deviceCounts, this.deviceGates, device]
      : [this.emailCounts, this.emailGates, emailKey(email)];
    if (!device) {
      try {
        await this.clientCounts.consume(client);
      } catch (error) {
        if (!isLimit(error)) throw error;
        return this.refused(error.msBeforeNext);
      }
    }
    const giveBackClient = () => (device ? null : this.clientCounts.reward(client));
    const n = (await counts.penalty(key)).consumedPoints;
    const gated = n > this.policy.delayAfter;
    if (gated) {
      try {
        // Free only when the last wait is over and no other attempt holds it.
        await gates.consume(key);
      } catch (error) {
        await Promise.all([counts.reward(key), giveBackClient()]);
        if (!isLimit(error)) throw error;
        return this.refused(error.msBeforeNext);
      }
    }
    const attempt: Attempt = {
      count: async () => {
        const wait = delayAfterAttempt(n, this.policy);
        if (wait > 0) await gates.block(key, wait);
      },
      // A success clears what it was counted against: the account's count (an unknown device that got in), or
      // the device's own. A known device's success leaves the account's count to strangers' guesses as it is.
      clear: async () => {
        await Promise.all([counts.delete(key), gates.delete(key), giveBackClient()]);
      },
      release: async () => {
        await Promise.all([counts.reward(key), giveBackClient(), gated ? gates.delete(key) : null]);
      },
    };
    return { allowed: true, attempt };
  }
}

/**
 * Password checks: the login form and every form that asks for the current password (password change, e-mail
 * change) share it, so that each is as slow to guess through as the login. Per device (known devices), per
 * account (unknown devices), per client LOGIN_MAX_FAILURES_PER_CLIENT per window.
 */
export const loginLimiter = new AbuseLimiter(
  "login",
  config.loginRateLimit,
  (wait) => `Too many failed login attempts. Please try again in ${wait}.`,
);

const publicForms = new Map<string, AbuseLimiter>();

/**
 * The limiter of a public form that sends mail or creates something (ForgotPassword; sign-up's checkout):
 * every use counts, per e-mail address and per client.
 */
export function publicFormLimiter(name: string): AbuseLimiter {
  let limiter = publicForms.get(name);
  if (!limiter) {
    limiter = new AbuseLimiter(
      name,
      config.publicFormRateLimit,
      (wait) => `Too many requests from you or for this e-mail address. Please try again in ${wait}.`,
    );
    publicForms.set(name, limiter);
  }
  return limiter;
}

type LookupDecision =
  | {
      allowed: true;
      /** The code did not apply: counted once per code and client (a repeat of the same code is no new guess). */
      failed: () => Promise<void>;
      /** The code applied, or was never judged (another field refused, the API down): nothing counts. */
      release: () => Promise<void>;
    }
  | { allowed: false; retryAfterSeconds: number; message: string };

/**
 * Failed lookups of a guessable code (a promo code is worth money), per client and window, like the public forms'
 * per-client limit (docs/decisions/080-promo-code-lookups-limited.md). Every lookup takes a point up front (so that
 * parallel lookups cannot all pass a check made before any is counted); a lookup whose code applied, or that
 * repeats a code already counted for this client, gives it back. While a client has none left, every lookup with
 * a code is refused without asking the API, the right code included: a refusal that let the right code through
 * would still answer the guess.
 */
export class LookupLimiter {
  private readonly failures: Counter;
  private readonly seen: Counter;

  constructor(
    name: string,
    policy: { perClient: number; windowSeconds: number },
    private readonly message: (wait: string) => string,
    counters: Store = store,
  ) {
    this.failures = counters.counter({
      keyPrefix: `${name}:client`,
      points: policy.perClient,
      duration: policy.windowSeconds,
    });
    this.seen = counters.counter({ keyPrefix: `${name}:seen`, points: 1e9, duration: policy.windowSeconds });
  }

  async begin(clientAddress: string | null, code: string): Promise<LookupDecision> {
    const client = clientKeyOf(clientAddress);
    try {
      await this.failures.consume(client);
    } catch (error) {
      if (!isLimit(error)) throw error;
      const retryAfterSeconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      return { allowed: false, retryAfterSeconds, message: this.message(waitText(error.msBeforeNext)) };
    }
    const giveBack = async () => {
      await this.failures.reward(client);
    };
    return {
      allowed: true,
      failed: async () => {
        const codeKey = createHash("sha256")
          .update(code.trim().toLowerCase())
          .digest("base64url")
          .slice(0, 24);
        const seen = await this.seen.penalty(`${client}:${codeKey}`);
        if (seen.consumedPoints > 1) await giveBack();
      },
      release: giveBack,
    };
  }
}

/**
 * Promo-code lookups that fail (Register/Price with a code that does not apply): PROMO_MAX_FAILURES_PER_CLIENT_PER_HOUR
 * per client. The checkout's live price and the subscription page's both pass through it (fetchPrice,
 * app/lib/account/signup.server.ts).
 */
export const promoLookupLimiter = new LookupLimiter(
  "promo",
  config.promoRateLimit,
  (wait) =>
    `Too many promo codes that do not apply were tried from your address. Please try again in ${wait}, or leave the promo code empty.`,
);
