import { endpoints } from "../../../contract/endpoints";
import type { ApiClient } from "../platform/api.server";
import { LruCache } from "../platform/lru";

export type LatLng = { lat: number; lng: number };

/** Geocodes change rarely: keep a day's worth of answers for a thousand addresses, shared by all members. */
const cache = new LruCache<string, LatLng | null>(1000, 24 * 60 * 60 * 1000);
/** A failed or empty answer is remembered briefly, so a bad address does not cost a call on every page. */
const MISS_TTL_MS = 5 * 60 * 1000;
/** A failed call (geocoder down or slow) is remembered for a short while, so the next page does not wait again. */
const FAILURE_TTL_MS = 30 * 1000;
/** At most this many Geocode calls at once for one page (perPage may be 100). */
const MAX_PARALLEL = 8;
const inFlight = new Map<string, Promise<LatLng | null>>();

/** The one-line address the API's Geocode call is given; null when there is nothing to look up. */
export function geocodeQuery(parts: readonly (string | null | undefined)[]): string | null {
  const line = parts
    .map((p) => (p ?? "").trim())
    .filter(Boolean)
    .join(", ")
    .replace(/\s+/g, " ");
  return line.length >= 3 ? line.slice(0, 300) : null;
}

function cacheKey(address: string) {
  return address.trim().toLowerCase().replace(/\s+/g, " ");
}

/**
 * The location of an address through the API's Geocode call (results[0].geometry.location when the
 * status is OK), cached in-process. Never throws: a failure is only logged and answers null, and the
 * place it was for gets no marker.
 */
export async function geocodeAddress(
  api: ApiClient,
  address: string | null | undefined,
): Promise<LatLng | null> {
  if (!address?.trim()) return null;
  const key = cacheKey(address);
  if (cache.has(key)) return cache.get(key) ?? null;
  const pending = inFlight.get(key);
  if (pending) return pending;

  const lookup = (async () => {
    try {
      const answer = await api.call(endpoints.geocode, {
        params: { address: address.trim() },
        timeoutMs: 5000,
      });
      const location = answer.status === "OK" ? answer.results[0]?.geometry.location : undefined;
      if (location && Number.isFinite(location.lat) && Number.isFinite(location.lng)) {
        const point = { lat: location.lat, lng: location.lng };
        cache.set(key, point);
        return point;
      }
      console.warn(`[geocode] no location (status ${answer.status})`);
      cache.set(key, null, MISS_TTL_MS);
      return null;
    } catch (error) {
      // A redirect to the login page (401) is not ours to swallow.
      if (error instanceof Response) throw error;
      console.warn(`[geocode] failed: ${(error as Error)?.message ?? "upstream failure"}`);
      cache.set(key, null, FAILURE_TTL_MS);
      return null;
    } finally {
      inFlight.delete(key);
    }
  })();
  inFlight.set(key, lookup);
  return lookup;
}

/** Geocodes many addresses in parallel, MAX_PARALLEL at a time (the list map); failures are skipped. */
export async function geocodeMany<T>(
  api: ApiClient,
  items: readonly T[],
  addressOf: (item: T) => string | null,
): Promise<{ item: T; point: LatLng }[]> {
  const points: (LatLng | null)[] = new Array(items.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      points[i] = await geocodeAddress(api, addressOf(items[i] as T));
    }
  };
  await Promise.all(Array.from({ length: Math.min(MAX_PARALLEL, items.length) }, worker));
  return items.flatMap((item, i) => {
    const point = points[i];
    return point ? [{ item, point }] : [];
  });
}
