import { describe, expect, it } from "vitest";
import { pageOptions } from "../../app/components/pagination";

describe("pageOptions (the page-jump select)", () => {
  it("lists every page of a list up to 100 pages", () => {
    expect(pageOptions(7, 3)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageOptions(100, 50)).toHaveLength(100);
  });

  it("keeps a long list's select short: the first ten, round steps, the pages near the current one, the last", () => {
    const options = pageOptions(33_334, 2_457);
    expect(options.length).toBeLessThan(60);
    for (const p of [1, 10, 20, 100, 500, 1_000, 9_000, 10_000, 30_000, 2_452, 2_457, 2_462, 33_334]) {
      expect(options).toContain(p);
    }
    expect(options).toEqual([...options].sort((a, b) => a - b));
    expect(new Set(options).size).toBe(options.length);
    expect(Math.max(...options)).toBe(33_334);
  });
});
