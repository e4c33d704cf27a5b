import { config } from "./config.server";

/**
 * Counts failed logins per e-mail and per client in a sliding window. Successful logins are not
 * counted (and clear the e-mail's record), so a member who types the password right is never held up.
 */
export class FailureLimiter {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly windowMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  private recent(key: string, now: number) {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  /** Milliseconds until another attempt is allowed, or 0 when allowed now. */
  retryAfter(key: string, limit: number, now = Date.now()): number {
    const list = this.recent(key, now);
    if (list.length < limit) return 0;
    return this.windowMs - (now - list[list.length - limit]);
  }

  record(key: string, now = Date.now()) {
    if (this.failures.size >= this.maxEntries) this.failures.clear(); // bounded memory under a flood
    const list = this.recent(key, now);
    list.push(now);
    this.failures.set(key, list);
  }

  clear(key: string) {
    this.failures.delete(key);
  }
}

const limiter = new FailureLimiter(config.loginRateLimit.windowMs);

function clientKey(request: Request) {
  const forwarded = request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
  return `client:${forwarded || request.headers.get("X-Real-IP") || "direct"}`;
}

export const loginRateLimit = {
  /** A member-facing message when this client or e-mail has failed too often, else null. */
  check(request: Request, email: string): string | null {
    const { perEmail, perClient } = config.loginRateLimit;
    const wait = Math.max(
      limiter.retryAfter(`email:${email.toLowerCase()}`, perEmail),
      limiter.retryAfter(clientKey(request), perClient),
    );
    if (wait === 0) return null;
    const minutes = Math.max(1, Math.ceil(wait / 60_000));
    return `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  },
  failed(request: Request, email: string) {
    limiter.record(`email:${email.toLowerCase()}`);
    limiter.record(clientKey(request));
  },
  succeeded(email: string) {
    limiter.clear(`email:${email.toLowerCase()}`);
  },
};
