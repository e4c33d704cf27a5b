/**
 * The reference API keeps its own copy of the app's limit rules (it never imports app/, decision 105): the same
 * defaults under the same variables, the same client address and key, the same delays. Held here side by side.
 */
import { describe, expect, it } from "vitest";
import * as app from "../../app/lib/platform/client-address.server";
import { config } from "../../app/lib/platform/config.server";
import { delayAfterAttempt as appDelay, waitText as appWait } from "../../app/lib/platform/rate-limit.server";
import * as api from "../../upstream/limits/client";
import { limitsFromEnv } from "../../upstream/limits/config";
import { delayAfterAttempt, waitText } from "../../upstream/limits/limiters";

describe("the API's limits and the app's", () => {
  it("read the same variables with the same defaults", () => {
    const limits = limitsFromEnv(process.env);
    expect(limits.login).toEqual(config.loginRateLimit);
    expect(limits.publicForm).toEqual(config.publicFormRateLimit);
    expect(limits.cardFailuresPerClientPerHour).toBe(config.paymentFailuresPerClient);
    expect(limits.promoFailuresPerClientPerHour).toBe(config.promoRateLimit.perClient);
    expect(limits.memoryKeys).toBe(config.rateLimitMemoryKeys);
    expect(limitsFromEnv({ LOGIN_DELAY_AFTER_FAILURES: "3" }).login.delayAfter).toBe(3);
    expect(() => limitsFromEnv({ LOGIN_DELAY_AFTER_FAILURES: "0" })).toThrow(/LOGIN_DELAY_AFTER_FAILURES/);
  });

  it("find the same client and count it under the same key", () => {
    const list = "10.0.0.0/8, 192.0.2.10, 2001:db8::/32";
    const appTrusted = app.parseTrustedProxies(list)?.blockList ?? null;
    const apiTrusted = api.parseTrusted(list);
    const cases: [string, string | undefined][] = [
      ["::ffff:203.0.113.9", "1.2.3.4"],
      ["10.0.0.5", "6.6.6.6, 203.0.113.9, 10.1.2.3"],
      ["::ffff:10.0.0.5", "203.0.113.9"],
      ["192.0.2.10", "2001:DB9::1"],
      ["10.0.0.5", "10.9.9.9, 10.1.1.1"],
      ["10.0.0.5", "203.0.113.9, not-an-ip"],
      ["10.0.0.5", undefined],
      ["[2001:db8:1:2:3:4:5:6]:443", "2001:db9:aa:bb:1:2:3:4"],
    ];
    for (const [peer, forwarded] of cases) {
      const expected = app.clientAddressOf(peer, forwarded, appTrusted);
      expect(api.clientAddressOf(peer, forwarded, apiTrusted), `${peer} ${forwarded}`).toBe(expected);
      expect(api.clientKeyOf(expected)).toBe(app.clientKeyOf(expected));
    }
    for (const bad of ["localhost", "10.0.0.0/33", "10.0.0.1/8/1", "2001:db8::/129", "10.0.0.0/x"])
      expect(() => api.parseTrusted(bad), bad).toThrow();
  });

  it("wait as long and say it the same way", () => {
    const policy = { delayAfter: 5, maxDelaySeconds: 900 };
    for (const n of [0, 4, 5, 6, 7, 10, 14, 15, 40])
      expect(delayAfterAttempt(n, policy)).toBe(appDelay(n, policy));
    for (const ms of [1, 999, 8_000, 59_000, 61_000, 3_600_000]) expect(waitText(ms)).toBe(appWait(ms));
  });
});
