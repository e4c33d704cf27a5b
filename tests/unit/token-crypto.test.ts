import { describe, expect, it } from "vitest";
import { openToken, sealToken } from "../../app/lib/platform/token-crypto.server";

describe("sealed API token", () => {
  it("opens with the secret that sealed it and hides the token", () => {
    const sealed = sealToken("secret-token-value", ["s1"]);
    expect(sealed).not.toContain("secret-token-value");
    expect(openToken(sealed, ["s1"])).toBe("secret-token-value");
  });

  it("opens after rotation (old secret second) and not with a wrong secret", () => {
    const sealed = sealToken("abc", ["old"]);
    expect(openToken(sealed, ["new", "old"])).toBe("abc");
    expect(openToken(sealed, ["other"])).toBeNull();
  });

  it("refuses a tampered value", () => {
    const sealed = sealToken("abc", ["s1"]);
    const [iv, tag, body] = sealed.split(".");
    const flipped = Buffer.from(body, "base64url");
    flipped[0] ^= 1;
    expect(openToken([iv, tag, flipped.toString("base64url")].join("."), ["s1"])).toBeNull();
    expect(openToken("garbage", ["s1"])).toBeNull();
  });
});
