import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Cookie sessions are signed, not encrypted: the API token inside is sealed with
 * AES-256-GCM under a key derived from each session secret, so a cookie read offline reveals nothing.
 * The first secret seals; every secret is tried to open (rotation).
 */
const keyCache = new Map<string, Buffer>();
function keyFor(secret: string): Buffer {
  let key = keyCache.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "leads-session", "api-token-v1", 32));
    keyCache.set(secret, key);
  }
  return key;
}

export function sealToken(token: string, secrets: readonly string[]): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secrets[0]), iv);
  const body = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

export function openToken(sealed: string, secrets: readonly string[]): string | null {
  const parts = sealed.split(".");
  if (parts.length !== 3) return null;
  const [iv, tag, body] = parts.map((p) => Buffer.from(p, "base64url"));
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyFor(secret), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    } catch {
      // wrong key or tampered value: try the next secret
    }
  }
  return null;
}
