import { describe, expect, it } from "vitest";
import type { ApiClient } from "../../app/lib/platform/api.server";
import { geocodeMany } from "../../app/lib/search/geocode.server";
import { endpoints } from "../../contract/endpoints";

/** A stand-in for the API client's Geocode call: counts calls and how many run at once. */
function fakeApi(answer: (address: string) => Promise<unknown>) {
  const stats = { calls: 0, running: 0, maxRunning: 0 };
  const api = {
    async call(endpoint: unknown, { params }: { params: { address: string } }) {
      expect(endpoint).toBe(endpoints.geocode);
      stats.calls++;
      stats.running++;
      stats.maxRunning = Math.max(stats.maxRunning, stats.running);
      try {
        await new Promise((r) => setTimeout(r, 5));
        return await answer(params.address);
      } finally {
        stats.running--;
      }
    },
  } as unknown as ApiClient;
  return { api, stats };
}

const ok = (lat: number, lng: number) => ({
  status: "OK",
  results: [{ geometry: { location: { lat, lng } } }],
});

describe("geocodeMany", () => {
  it("geocodes a page of 40 addresses, never more than 8 calls at once, in the rows' order", async () => {
    const { api, stats } = fakeApi(async (address) => ok(Number(address.split(" ")[1]), 0));
    const rows = Array.from({ length: 40 }, (_, i) => ({ id: i, address: `parallel ${i}` }));
    const points = await geocodeMany(api, rows, (row) => row.address);
    expect(points.map((p) => p.item.id)).toEqual(rows.map((r) => r.id));
    expect(points[7]?.point).toEqual({ lat: 7, lng: 0 });
    expect(stats.maxRunning).toBeLessThanOrEqual(8);
    expect(stats.maxRunning).toBeGreaterThan(1);
  });

  it("skips failed and empty answers, and does not ask again for a failure right away", async () => {
    const { api, stats } = fakeApi(async (address) => {
      if (address.startsWith("down")) throw new Error("upstream unreachable");
      if (address.startsWith("nowhere")) return { status: "ZERO_RESULTS", results: [] };
      return ok(1, 2);
    });
    const rows = ["down 1", "nowhere 1", "found 1", ""];
    const first = await geocodeMany(api, rows, (a) => a);
    expect(first).toEqual([{ item: "found 1", point: { lat: 1, lng: 2 } }]);
    expect(stats.calls).toBe(3);
    await geocodeMany(api, rows, (a) => a);
    expect(stats.calls).toBe(3);
  });
});
