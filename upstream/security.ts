import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual } from "node:crypto";

/**
 * scrypt's cost (N). The browser tests log in some thousand times, and at 16384 each login costs the API 40 ms
 * of CPU on the 2-core machine: they set PASSWORD_SCRYPT_N=1024 (playwright.config.ts, vitest.config.ts). A
 * stored hash carries its own N, so verifying reads the cost from the hash; only new hashes use this one.
 */
const N = scryptCost(process.env.PASSWORD_SCRYPT_N);
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
/** scrypt needs 128 * N * r bytes: twice that, and at least 64 MiB (Node's default is 32 MiB). */
const maxmem = (n: number, r: number) => Math.max(64 * 1024 * 1024, 256 * n * r);

export function scryptCost(value: string | undefined): number {
  if (value === undefined || value === "") return 16384;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1024 || n > 131_072 || (n & (n - 1)) !== 0)
    throw new Error(`PASSWORD_SCRYPT_N must be a power of two from 1024 to 131072, got ${value}`);
  if (n < 16384 && process.env.NODE_ENV === "production")
    throw new Error(
      "PASSWORD_SCRYPT_N below 16384 is for the tests and is refused under NODE_ENV=production.",
    );
  return n;
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (salt and hash base64url). */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmem(N, R) });
  return ["scrypt", N, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** A hash that no password matches; verifying against it keeps unknown e-mails as slow as known ones. */
const DUMMY_HASH = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString("base64url")}$${Buffer.alloc(KEY_LENGTH).toString("base64url")}`;

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? DUMMY_HASH).split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], "base64url");
  const expected = Buffer.from(parts[5], "base64url");
  if (!n || !r || !p || expected.length === 0) return false;
  // Only costs this module makes (a stored hash is data: it must not ask for gigabytes).
  if (n > 131_072 || r > 8 || p > 1) return false;
  const actual = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, expected.length, { N: n, r, p, maxmem: maxmem(n, r) }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
  return timingSafeEqual(actual, expected) && stored != null;
}

/** A random opaque token (32 bytes, base64url). */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored only as their sha256 hash. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
