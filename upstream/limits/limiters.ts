/**
 * The three kinds of limit of the API's public calls, as the app's (app/lib/platform/rate-limit.server.ts,
 * decisions 131, 079, 080), on rate-limiter-flexible's counters:
 * - AccountLimiter: per account a progressive delay instead of a lock (after `delayAfter` counted attempts each
 *   further one waits min(2^(n − delayAfter), maxDelay) seconds, one attempt at a time), per client a number of
 *   attempts per window; a known device (the login of decision 079) is counted against its own id only;
 * - LookupLimiter: codes that do not apply, per client (a repeat of the same code is no new guess);
 * - ClientFailures: failures of one kind per client (declined cards).
 * Every attempt is counted before it runs, so that parallel attempts cannot all pass a check made before any of
 * them counted; how it ended then counts it, clears it or gives it back.
 */
import { createHash } from "node:crypto";
import type { AccountPolicy } from "./config";
import { type Counter, type CounterStore, isLimit } from "./store";

/** How long an attempt past the delays holds its account's gate at most. */
const ATTEMPT_HOLD_SECONDS = 30;
/** An account's count is forgotten this long after its first counted attempt (or at a success). */
const ACCOUNT_MEMORY_SECONDS = 24 * 3600;

/** What an e-mail address (or a code) is counted under: a short hash (nothing identifying in a store). */
export const hashKey = (text: string, length = 32) =>
  createHash("sha256").update(text.trim().toLowerCase()).digest("base64url").slice(0, length);

/** The wait after the n-th counted attempt of an account, in seconds (0: none). */
export function delayAfterAttempt(n: number, policy: Pick<AccountPolicy, "delayAfter" | "maxDelaySeconds">) {
  if (n < policy.delayAfter) return 0;
  return Math.min(2 ** Math.min(n - policy.delayAfter, 30), policy.maxDelaySeconds);
}

/** "8 seconds", "1 minute", "15 minutes" (the app's words). */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export type Refusal = { allowed: false; retryAfterSeconds: number; message: string };

const refusal = (ms: number, message: (wait: string) => string): Refusal => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
  message: message(waitText(ms)),
});

export type Attempt = {
  /** The attempt counts (a failed password, a mail sent, an account made): its account's next wait starts. */
  count: () => Promise<void>;
  /** The attempt succeeded and clears what it was counted against (a login with the right password). */
  clear: () => Promise<void>;
  /** Nothing happened (refused before it ran, the call failed): it does not count. */
  release: () => Promise<void>;
};

export class AccountLimiter {
  private readonly accounts: Counter;
  private readonly accountGates: Counter;
  private readonly devices: Counter;
  private readonly deviceGates: Counter;
  private readonly clients: Counter;

  constructor(
    name: string,
    private readonly policy: AccountPolicy,
    private readonly message: (wait: string) => string,
    store: CounterStore,
  ) {
    const memory = { points: 1e9, duration: ACCOUNT_MEMORY_SECONDS };
    const gate = { points: 1, duration: ATTEMPT_HOLD_SECONDS };
    this.accounts = store.counter({ keyPrefix: `${name}:account`, ...memory });
    this.accountGates = store.counter({ keyPrefix: `${name}:gate`, ...gate });
    this.devices = store.counter({ keyPrefix: `${name}:device`, ...memory });
    this.deviceGates = store.counter({ keyPrefix: `${name}:device-gate`, ...gate });
    this.clients = store.counter({
      keyPrefix: `${name}:client`,
      points: policy.perClient,
      duration: policy.windowSeconds,
    });
  }

  /** Whether `client` may try `email` now; with `device`, counted against that known device alone. */
  async begin(
    client: string,
    email: string,
    device: string | null = null,
  ): Promise<{ allowed: true; attempt: Attempt } | Refusal> {
    const [counts, gates, key] = device
      ? [this.devices, this.deviceGates, device]
      : [this.accounts, this.accountGates, hashKey(email)];
    if (!device) {
      try {
        await this.clients.consume(client);
      } catch (error) {
        if (!isLimit(error)) throw error;
        return refusal(error.msBeforeNext, this.message);
      }
    }
    const giveBackClient = () => (device ? null : this.clients.reward(client));
    const n = (await counts.penalty(key)).consumedPoints;
    const gated = n > this.policy.delayAfter;
    if (gated) {
      try {
        await gates.consume(key);
      } catch (error) {
        await Promise.all([counts.reward(key), giveBackClient()]);
        if (!isLimit(error)) throw error;
        return refusal(error.msBeforeNext, this.message);
      }
    }
    const wait = delayAfterAttempt(n, this.policy);
    return {
      allowed: true,
      attempt: {
        count: async () => {
          if (wait > 0) await gates.block(key, wait);
        },
        clear: async () => {
          await Promise.all([counts.delete(key), gates.delete(key), giveBackClient()]);
        },
        release: async () => {
          await Promise.all([counts.reward(key), giveBackClient(), gated ? gates.delete(key) : null]);
        },
      },
    };
  }
}

export type Lookup = {
  /** The code did not apply: counted once per code and client. */
  failed: () => Promise<void>;
  /** The code applied, or was never judged: nothing counts. */
  release: () => Promise<void>;
};

export class LookupLimiter {
  private readonly failures: Counter;
  private readonly seen: Counter;

  constructor(
    name: string,
    perClientPerHour: number,
    private readonly message: (wait: string) => string,
    store: CounterStore,
  ) {
    this.failures = store.counter({ keyPrefix: `${name}:client`, points: perClientPerHour, duration: 3600 });
    this.seen = store.counter({ keyPrefix: `${name}:seen`, points: 1e9, duration: 3600 });
  }

  async begin(client: string, code: string): Promise<({ allowed: true } & Lookup) | Refusal> {
    try {
      await this.failures.consume(client);
    } catch (error) {
      if (!isLimit(error)) throw error;
      return refusal(error.msBeforeNext, this.message);
    }
    const giveBack = async () => {
      await this.failures.reward(client);
    };
    return {
      allowed: true,
      failed: async () => {
        const seen = await this.seen.penalty(`${client}:${hashKey(code, 24)}`);
        if (seen.consumedPoints > 1) await giveBack();
      },
      release: giveBack,
    };
  }
}

export class ClientFailures {
  private readonly failures: Counter;

  constructor(
    name: string,
    perClientPerHour: number,
    private readonly message: (wait: string) => string,
    store: CounterStore,
  ) {
    this.failures = store.counter({ keyPrefix: `${name}:client`, points: perClientPerHour, duration: 3600 });
  }

  /** Takes a point up front; `end(true)` keeps it (a failure), `end(false)` gives it back. */
  async begin(client: string): Promise<{ allowed: true; end: (failed: boolean) => Promise<void> } | Refusal> {
    try {
      await this.failures.consume(client);
    } catch (error) {
      if (!isLimit(error)) throw error;
      return refusal(error.msBeforeNext, this.message);
    }
    return {
      allowed: true,
      end: async (failed) => {
        if (!failed) await this.failures.reward(client);
      },
    };
  }
}
