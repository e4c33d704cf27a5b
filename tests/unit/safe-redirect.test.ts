import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "../../app/lib/platform/safe-redirect";

describe("safeRedirectPath", () => {
  it.each([
    ["/Me/Account", "/Me/Account"],
    ["/Projects?query=hotel&page=2", "/Projects?query=hotel&page=2"],
    ["/Projects/12#notes", "/Projects/12#notes"],
  ])("keeps the same-site path %s", (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
    "/%09/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "\\\\evil.example",
    "",
  ])("neutralises the hostile value %j", (value) => {
    const result = safeRedirectPath(value, "/");
    expect(new URL(result, "http://app.test").origin).toBe("http://app.test");
    expect(result.startsWith("//")).toBe(false);
  });

  it("falls back for non-strings", () => {
    expect(safeRedirectPath(undefined, "/Projects")).toBe("/Projects");
    expect(safeRedirectPath(["/a"], "/Projects")).toBe("/Projects");
  });
});

describe("safeRedirectPath and huge values", () => {
  it("falls back for a target too long for a Location header", () => {
    expect(safeRedirectPath(`/Projects?query=${"x".repeat(5000)}`, "/Me/Projects")).toBe("/Me/Projects");
  });
});
