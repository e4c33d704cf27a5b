import { describe, expect, it } from "vitest";
import {
  clientAddressOf,
  clientKeyOf,
  normalizeAddress,
  parseTrustedProxies,
} from "../../app/lib/platform/client-address.server";

describe("client address", () => {
  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddressOf("::ffff:203.0.113.9", "1.2.3.4", null)).toBe("203.0.113.9");
    expect(clientAddressOf("203.0.113.9", undefined, null)).toBe("203.0.113.9");
    const trusted = parseTrustedProxies("10.0.0.0/8")?.blockList ?? null;
    // A client that is not a trusted proxy cannot speak for anyone else.
    expect(clientAddressOf("203.0.113.9", "198.51.100.1", trusted)).toBe("203.0.113.9");
  });

  it("behind trusted proxies, is the rightmost hop that is not one", () => {
    const trusted = parseTrustedProxies("10.0.0.0/8, 192.0.2.10, 2001:db8::/32")?.blockList ?? null;
    // The client wrote "6.6.6.6"; the load balancer appended the address it saw; an inner proxy appended its own.
    expect(clientAddressOf("10.0.0.5", "6.6.6.6, 203.0.113.9, 10.1.2.3", trusted)).toBe("203.0.113.9");
    expect(clientAddressOf("::ffff:10.0.0.5", "203.0.113.9", trusted)).toBe("203.0.113.9");
    expect(clientAddressOf("192.0.2.10", "2001:DB9::1", trusted)).toBe("2001:db9::1");
    // Every hop trusted: the leftmost one.
    expect(clientAddressOf("10.0.0.5", "10.9.9.9, 10.1.1.1", trusted)).toBe("10.9.9.9");
    // Garbage to the right of the trusted hops is not taken as a client: the last trusted hop is.
    expect(clientAddressOf("10.0.0.5", "203.0.113.9, not-an-ip", trusted)).toBe("10.0.0.5");
  });

  it("validates TRUSTED_PROXIES", () => {
    expect(parseTrustedProxies("")).toBeNull();
    expect(parseTrustedProxies(" 127.0.0.1 , ::1 ,10.0.0.0/8")?.entries).toEqual([
      "127.0.0.1",
      "::1",
      "10.0.0.0/8",
    ]);
    for (const bad of ["localhost", "10.0.0.0/33", "10.0.0.1/8/1", "2001:db8::/129", "10.0.0.0/x"]) {
      expect(() => parseTrustedProxies(bad), bad).toThrow();
    }
  });

  it("keys IPv6 clients by their /64 and normalises addresses", () => {
    expect(normalizeAddress("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(normalizeAddress("203.0.113.9:5000")).toBe("203.0.113.9");
    expect(clientKeyOf("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(clientKeyOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKeyOf("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKeyOf(null)).toBe("unknown");
  });
});
