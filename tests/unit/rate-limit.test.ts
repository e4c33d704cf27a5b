import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { requestInfoContext } from "../../app/lib/platform/contexts";
import {
  AbuseLimiter,
  delayAfterAttempt,
  type LimitPolicy,
  LookupLimiter,
  memoryStore,
  waitText,
} from "../../app/lib/platform/rate-limit.server";

function from(clientAddress: string) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientAddress, refusal: null });
  return context;
}

const POLICY: LimitPolicy = { delayAfter: 3, maxDelaySeconds: 8, perClient: 1000, windowSeconds: 900 };
const message = (wait: string) => `Please try again in ${wait}.`;

async function fail(limiter: AbuseLimiter, context: RouterContextProvider, email: string) {
  const decision = await limiter.begin(context, email);
  if (!decision.allowed) return decision;
  await decision.attempt.count();
  return decision;
}

describe("progressive delay per e-mail", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-23T10:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("waits min(2^(n − k), cap) seconds after the n-th failure", () => {
    const policy = { delayAfter: 5, maxDelaySeconds: 900 };
    expect([4, 5, 6, 7, 10, 14, 15, 40].map((n) => delayAfterAttempt(n, policy))).toEqual([
      0, 1, 2, 4, 32, 512, 900, 900,
    ]);
    expect(waitText(1)).toBe("1 second");
    expect(waitText(8_000)).toBe("8 seconds");
    expect(waitText(61_000)).toBe("2 minutes");
  });

  it("slows a stranger's guesses down but lets the member in with the right password after the wait", async () => {
    const limiter = new AbuseLimiter("t1", POLICY, message, memoryStore(1000));
    const stranger = from("198.51.100.7");
    const member = from("203.0.113.20");
    for (let i = 0; i < 3; i++)
      expect((await fail(limiter, stranger, "Member@Example.com")).allowed).toBe(true);
    // The third failure starts a 1 s wait, for everyone trying this address (case does not matter).
    const held = await limiter.begin(member, "member@example.com");
    expect(held).toMatchObject({
      allowed: false,
      retryAfterSeconds: 1,
      message: "Please try again in 1 second.",
    });
    vi.advanceTimersByTime(1_001);
    expect((await fail(limiter, stranger, "member@example.com")).allowed).toBe(true); // 4th: wait 2 s
    vi.advanceTimersByTime(1_000);
    expect(await limiter.begin(member, "member@example.com")).toMatchObject({
      allowed: false,
      retryAfterSeconds: 1,
    });
    vi.advanceTimersByTime(1_001);
    const right = await limiter.begin(member, "member@example.com");
    if (!right.allowed) throw new Error("the member is locked out");
    await right.attempt.clear();
    // A success forgets the failures: the next mistakes start from zero.
    for (let i = 0; i < 3; i++)
      expect((await fail(limiter, member, "member@example.com")).allowed).toBe(true);
  });

  it("never waits longer than the cap, however many failures", async () => {
    const limiter = new AbuseLimiter("t2", POLICY, message, memoryStore(1000));
    const stranger = from("198.51.100.7");
    let failures = 0;
    while (failures < 12) {
      const decision = await fail(limiter, stranger, "a@example.com");
      if (decision.allowed) failures++;
      else {
        expect(decision.retryAfterSeconds).toBeLessThanOrEqual(8);
        vi.advanceTimersByTime(decision.retryAfterSeconds * 1000 + 1);
      }
    }
    const blocked = await limiter.begin(stranger, "a@example.com");
    expect(blocked).toMatchObject({ allowed: false, retryAfterSeconds: 8 });
  });

  it("lets one attempt of a burst of parallel guesses through once the delays have begun", async () => {
    const limiter = new AbuseLimiter("t3", POLICY, message, memoryStore(1000));
    const stranger = from("198.51.100.7");
    const decisions = await Promise.all(
      Array.from({ length: 20 }, () => limiter.begin(stranger, "b@example.com")),
    );
    // Three free attempts, then the gate: one more.
    expect(decisions.filter((d) => d.allowed)).toHaveLength(4);
  });

  it("does not count an attempt the API never answered", async () => {
    const limiter = new AbuseLimiter("t4", POLICY, message, memoryStore(1000));
    const client = from("198.51.100.7");
    for (let i = 0; i < 10; i++) {
      const decision = await limiter.begin(client, "c@example.com");
      if (!decision.allowed) throw new Error("released attempts were counted");
      await decision.attempt.release();
    }
  });
});

describe("known devices (OWASP device cookies)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-23T10:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("let the member's known device in while strangers' guesses hold the account's unknown devices", async () => {
    const limiter = new AbuseLimiter("d1", POLICY, message, memoryStore(1000));
    const stranger = from("198.51.100.7");
    const member = from("203.0.113.20");
    // A stranger keeps the account's delay going, one guess per wait.
    let counted = 0;
    while (counted < 5) {
      const decision = await fail(limiter, stranger, "member@example.com");
      if (decision.allowed) counted++;
      else vi.advanceTimersByTime(decision.retryAfterSeconds * 1000 + 1);
    }
    expect(await limiter.begin(member, "member@example.com")).toMatchObject({ allowed: false });
    // The member's browser, known to the account: not held, and its success leaves the strangers' count as it is.
    const known = await limiter.begin(member, "member@example.com", { device: "device-of-the-member-1" });
    if (!known.allowed) throw new Error("the member's known device is held back by a stranger");
    await known.attempt.clear();
    expect(await limiter.begin(stranger, "member@example.com")).toMatchObject({ allowed: false });
  });

  it("limit a known device by its own failures, with the same delays, and no other device by them", async () => {
    const limiter = new AbuseLimiter("d2", POLICY, message, memoryStore(1000));
    const client = from("203.0.113.20");
    const device = { device: "a-device-with-a-stolen-session" };
    for (let i = 0; i < 3; i++) {
      const decision = await limiter.begin(client, "x@example.com", device);
      if (!decision.allowed) throw new Error("held too early");
      await decision.attempt.count();
    }
    expect(await limiter.begin(client, "x@example.com", device)).toMatchObject({
      allowed: false,
      retryAfterSeconds: 1,
    });
    // The account's unknown devices and another known device are not held by this device's failures.
    expect((await limiter.begin(client, "x@example.com")).allowed).toBe(true);
    expect((await limiter.begin(client, "x@example.com", { device: "another-known-device" })).allowed).toBe(
      true,
    );
  });

  it("are not held by the per-client limit, which still holds the client's unknown devices", async () => {
    const limiter = new AbuseLimiter("d3", { ...POLICY, perClient: 2 }, message, memoryStore(1000));
    const office = from("192.0.2.44");
    for (let i = 0; i < 2; i++)
      expect((await fail(limiter, office, `guess${i}@example.com`)).allowed).toBe(true);
    expect((await limiter.begin(office, "member@example.com")).allowed).toBe(false);
    expect(
      (await limiter.begin(office, "member@example.com", { device: "member-device-1234" })).allowed,
    ).toBe(true);
  });
});

describe("per-client limit", () => {
  it("counts a client's failures over every address, and only that client's", async () => {
    const limiter = new AbuseLimiter("t5", { ...POLICY, perClient: 5 }, message, memoryStore(1000));
    const attacker = from("198.51.100.7");
    for (let i = 0; i < 5; i++)
      expect((await fail(limiter, attacker, `u${i}@example.com`)).allowed).toBe(true);
    expect((await limiter.begin(attacker, "new@example.com")).allowed).toBe(false);
    expect((await limiter.begin(from("198.51.100.8"), "new@example.com")).allowed).toBe(true);
  });

  it("counts an IPv6 client by its /64", async () => {
    const limiter = new AbuseLimiter("t6", { ...POLICY, perClient: 2 }, message, memoryStore(1000));
    await fail(limiter, from("2001:db8:1:2::1"), "x@example.com");
    await fail(limiter, from("2001:db8:1:2:ffff::9"), "y@example.com");
    expect((await limiter.begin(from("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), "z@example.com")).allowed).toBe(
      false,
    );
    expect((await limiter.begin(from("2001:db8:1:3::1"), "z@example.com")).allowed).toBe(true);
  });

  it("keeps counting recent clients when the table is full: the oldest entries go, not all of them", async () => {
    const limiter = new AbuseLimiter("t7", { ...POLICY, perClient: 2 }, message, memoryStore(200));
    const attacker = from("198.51.100.7");
    await fail(limiter, attacker, "v1@example.com");
    await fail(limiter, attacker, "v2@example.com");
    // Many other clients fill the table (each attempt writes a client, an address and possibly a gate entry).
    for (let i = 0; i < 60; i++) await fail(limiter, from(`192.0.2.${i}`), `w${i}@example.com`);
    expect((await limiter.begin(attacker, "v3@example.com")).allowed).toBe(false);
    // Far more than the table holds: the attacker's entry, now the oldest, is the one that goes.
    for (let i = 0; i < 500; i++) await fail(limiter, from(`10.0.${i >> 8}.${i & 255}`), `m${i}@example.com`);
    expect((await limiter.begin(attacker, "v4@example.com")).allowed).toBe(true);
    expect((await limiter.begin(from("10.0.1.243"), "m499@example.com")).allowed).toBe(true);
  });
});

describe("lookups of a guessable code", () => {
  const lookups = () =>
    new LookupLimiter(
      "p1",
      { perClient: 2, windowSeconds: 3600 },
      (wait) => `Wait ${wait}.`,
      memoryStore(1000),
    );

  async function look(limiter: LookupLimiter, client: string, code: string, outcome: "failed" | "release") {
    const decision = await limiter.begin(client, code);
    if (decision.allowed) await decision[outcome]();
    return decision.allowed;
  }

  it("count each code that does not apply once per client, and refuse every code past the limit", async () => {
    const limiter = lookups();
    expect(await look(limiter, "198.51.100.7", "GUESS1", "failed")).toBe(true);
    for (let i = 0; i < 5; i++) expect(await look(limiter, "198.51.100.7", "guess1", "failed")).toBe(true);
    // Codes that applied, and prices the API could not judge, give their point back.
    for (let i = 0; i < 5; i++) expect(await look(limiter, "198.51.100.7", "SAVE500", "release")).toBe(true);
    expect(await look(limiter, "198.51.100.7", "GUESS2", "failed")).toBe(true);
    const refused = await limiter.begin("198.51.100.7", "SAVE500");
    expect(refused).toMatchObject({
      allowed: false,
      message: expect.stringMatching(/^Wait \d+ minutes?\.$/),
    });
    expect(await look(limiter, "198.51.100.8", "SAVE500", "release")).toBe(true);
  });
});
