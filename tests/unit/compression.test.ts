import { describe, expect, it } from "vitest";
import { compressible, preferredEncoding } from "../../server/compression";

describe("answer compression", () => {
  it("picks the client's preferred encoding, brotli on a tie, none when refused", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd", ["br", "gzip"])).toBe("br");
    expect(preferredEncoding("gzip", ["br", "gzip"])).toBe("gzip");
    expect(preferredEncoding("br;q=0.5, gzip;q=0.9", ["br", "gzip"])).toBe("gzip");
    expect(preferredEncoding("*", ["br", "gzip"])).toBe("br");
    expect(preferredEncoding("br;q=0, gzip;q=0", ["br", "gzip"])).toBeNull();
    expect(preferredEncoding(undefined, ["br", "gzip"])).toBeNull();
    expect(preferredEncoding("identity", ["br", "gzip"])).toBeNull();
  });

  it("compresses text answers of a useful size only", () => {
    expect(compressible("text/html; charset=utf-8", null)).toBe(true);
    expect(compressible("text/x-script", null)).toBe(true);
    expect(compressible("text/csv; charset=utf-8", "100000")).toBe(true);
    expect(compressible("text/plain", "20")).toBe(false);
    expect(compressible("image/png", null)).toBe(false);
    expect(compressible(null, null)).toBe(false);
  });
});
