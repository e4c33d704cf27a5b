import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import type { Db } from "../db/index";
import { type AppEnv, type Deps, requireAuth } from "../http";

interface Location {
  formatted_address: string;
  geometry: { location: { lat: number; lng: number } };
}

const CACHE_MAX = 5000;

/**
 * An offline geocoder over the seeded reference places: a US zip code, or a "City, ST" pair (US states and Canadian
 * provinces), anywhere in the address. Answers in the shape of Google's geocoding API.
 */
function offlineGeocoder(db: Db) {
  const byZip = db.prepare<
    [string],
    { zip: string; city: string; state_abbr: string; country: string; lat: number; lng: number }
  >("SELECT zip, city, state_abbr, country, lat, lng FROM places WHERE zip = ? LIMIT 1");
  const byCity = db.prepare<
    [string, string],
    { city: string; state_abbr: string; country: string; lat: number | null; lng: number | null; n: number }
  >(
    `SELECT min(city) AS city, state_abbr, min(country) AS country, avg(lat) AS lat, avg(lng) AS lng, count(*) AS n
     FROM places WHERE state_abbr = ? AND city = ? COLLATE NOCASE GROUP BY state_abbr`,
  );
  const states = db.prepare<[], { abbr: string; name: string }>("SELECT abbr, name FROM states").all();
  const abbrs = new Set(states.map((s) => s.abbr.toUpperCase()));
  const byName = new Map(states.map((s) => [s.name.toLowerCase(), s.abbr.toUpperCase()]));
  const cache = new Map<string, Location | null>();

  const stateOf = (word: string): string | null => {
    const w = word.trim();
    if (/^[A-Za-z]{2}$/.test(w) && abbrs.has(w.toUpperCase())) return w.toUpperCase();
    return byName.get(w.toLowerCase()) ?? null;
  };
  const country = (c: string) => (c === "CA" ? "Canada" : "USA");

  function cityMatch(city: string, state: string): Location | null {
    const name = city.replace(/\s+/g, " ").trim();
    if (name === "" || /\d/.test(name)) return null;
    const row = byCity.get(state, name);
    if (!row || row.lat === null || row.lng === null) return null;
    return {
      formatted_address: `${row.city}, ${row.state_abbr}, ${country(row.country)}`,
      geometry: { location: { lat: row.lat, lng: row.lng } },
    };
  }

  function lookup(address: string): Location | null {
    const text = address.replace(/\s+/g, " ").trim();
    if (text === "") return null;
    // 1. A US zip code (the last one in the address).
    const zips = [...text.matchAll(/\b(\d{5})(?:-\d{4})?\b/g)];
    const zip = zips.at(-1)?.[1];
    if (zip) {
      const row = byZip.get(zip);
      if (row) {
        return {
          formatted_address: `${row.city}, ${row.state_abbr} ${row.zip}, ${country(row.country)}`,
          geometry: { location: { lat: row.lat, lng: row.lng } },
        };
      }
    }
    // 2. "…, City, ST [postal code]" segments.
    const segments = text
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    for (let i = segments.length - 1; i >= 1; i--) {
      const words = segments[i]
        .replace(/\b\d{5}(?:-\d{4})?\b|\b[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d\b/g, "")
        .trim();
      const state = stateOf(words) ?? stateOf(words.split(" ")[0] ?? "");
      if (!state) continue;
      const found = cityMatch(segments[i - 1], state);
      if (found) return found;
    }
    // 3. "… City ST [zip]" without commas: the state word, then up to four words before it as the city.
    const words = text.replace(/,/g, " ").split(" ").filter(Boolean);
    for (let i = words.length - 1; i >= 1; i--) {
      const state = stateOf(words[i]);
      if (!state) continue;
      for (let len = Math.min(4, i); len >= 1; len--) {
        const found = cityMatch(words.slice(i - len, i).join(" "), state);
        if (found) return found;
      }
    }
    return null;
  }

  return (address: string): Location | null => {
    const key = address.trim().toLowerCase();
    if (cache.has(key)) return cache.get(key) ?? null;
    const found = lookup(address);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(key, found);
    return found;
  };
}

export function geocodeRoutes(deps: Deps) {
  const geocode = offlineGeocoder(deps.db);
  const app = new Hono<AppEnv>();
  app.on(endpoints.geocode.method, endpoints.geocode.route, requireAuth(deps), (c) => {
    const found = geocode(c.req.param("address").slice(0, 500));
    return c.json(found ? { results: [found], status: "OK" } : { results: [], status: "ZERO_RESULTS" });
  });
  return app;
}
