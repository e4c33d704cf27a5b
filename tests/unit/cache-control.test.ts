import { describe, expect, it } from "vitest";
import { sharedCacheable } from "../../app/lib/platform/cache-control";

describe("sharedCacheable", () => {
  it("is true for an answer a shared cache may keep", () => {
    for (const value of [
      "public, max-age=86400, immutable",
      "public, max-age=3600",
      "max-age=60",
      "s-maxage=60",
      "no-cache",
      "Public, Max-Age=1",
    ])
      expect(sharedCacheable(value), value).toBe(true);
  });

  it("is false for private, no-store and an answer without Cache-Control (the app makes it no-store)", () => {
    for (const value of [
      "no-store",
      "private, max-age=900",
      "no-cache, no-store",
      "PRIVATE",
      null,
      undefined,
      "",
    ])
      expect(sharedCacheable(value), String(value)).toBe(false);
  });
});
