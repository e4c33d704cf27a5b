import { scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, scryptCost, verifyPassword } from "../../upstream/security";

describe("password hashes", () => {
  it("new hashes use the configured cost; a stored hash is verified at its own cost", async () => {
    // The tests run at PASSWORD_SCRYPT_N=1024 (vitest.config.ts).
    const cheap = hashPassword("demo-password");
    expect(cheap.split("$").slice(0, 4)).toEqual(["scrypt", "1024", "8", "1"]);
    expect(await verifyPassword("demo-password", cheap)).toBe(true);
    expect(await verifyPassword("demo-passworD", cheap)).toBe(false);

    // A hash made at the production cost still verifies, whatever the cost of new hashes.
    const salt = Buffer.alloc(16, 7);
    const key = scryptSync("demo-password", salt, 64, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const stored = ["scrypt", 16384, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
    expect(await verifyPassword("demo-password", stored)).toBe(true);
    expect(await verifyPassword("wrong", stored)).toBe(false);
    expect(await verifyPassword("demo-password", null)).toBe(false);
    // A stored hash asking for more than this module ever uses is refused, not computed.
    expect(await verifyPassword("demo-password", stored.replace("$16384$", "$4194304$"))).toBe(false);
  });

  it("the cost is 16384 unless set, a power of two, and never lowered in production", () => {
    expect(scryptCost(undefined)).toBe(16384);
    expect(scryptCost("")).toBe(16384);
    expect(scryptCost("1024")).toBe(1024);
    expect(scryptCost("131072")).toBe(131072);
    for (const bad of ["1000", "512", "abc", "262144", "-1024"])
      expect(() => scryptCost(bad)).toThrow(/power of two/);
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      expect(() => scryptCost("1024")).toThrow(/refused under NODE_ENV=production/);
      expect(scryptCost("32768")).toBe(32768);
    } finally {
      process.env.NODE_ENV = env;
    }
  });
});
