import { describe, expect, it } from "vitest";
import { FailureLimiter } from "../../app/lib/rate-limit.server";

describe("FailureLimiter", () => {
  it("allows up to the limit of failures in the window, then asks to wait", () => {
    const limiter = new FailureLimiter(60_000);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter("k", 3, 1000 + i)).toBe(0);
      limiter.record("k", 1000 + i);
    }
    expect(limiter.retryAfter("k", 3, 2000)).toBeGreaterThan(0);
    expect(limiter.retryAfter("k", 3, 1000 + 60_001)).toBe(0);
  });

  it("forgets a key when cleared", () => {
    const limiter = new FailureLimiter(60_000);
    limiter.record("k", 1);
    limiter.record("k", 2);
    limiter.clear("k");
    expect(limiter.retryAfter("k", 1, 3)).toBe(0);
  });
});
