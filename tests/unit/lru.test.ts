import { describe, expect, it } from "vitest";
import { LruCache } from "../../app/lib/platform/lru";

describe("LruCache", () => {
  it("evicts the least recently used entry", () => {
    const cache = new LruCache<string, number>(2);
    cache.set("a", 1).set("b", 2);
    expect(cache.get("a")).toBe(1); // a is now the most recent
    cache.set("c", 3);
    expect(cache.has("b")).toBe(false);
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
    expect(cache.size).toBe(2);
  });

  it("expires entries after their time to live", () => {
    let now = 1000;
    const cache = new LruCache<string, number | null>(10, 100, () => now);
    cache.set("a", 1);
    cache.set("miss", null, 10);
    now += 50;
    expect(cache.get("a")).toBe(1);
    expect(cache.has("miss")).toBe(false);
    now += 60;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("stores null values as present", () => {
    const cache = new LruCache<string, null>(1);
    cache.set("x", null);
    expect(cache.has("x")).toBe(true);
    expect(cache.get("x")).toBeNull();
  });

  it("refuses a size below one", () => {
    expect(() => new LruCache(0)).toThrow();
  });
});
