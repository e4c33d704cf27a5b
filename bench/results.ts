/** The shape of bench/results.json. */
import type { RouteBundle } from "./bundle";
import type { InteractionResult } from "./interaction";
import type { LighthouseResult } from "./lighthouse";
import type { LoadResult } from "./load";
import type { BrowserScreen, Page } from "./scenarios";
import type { LiteBytes } from "./screens";
import type { SeedInfo } from "./seed";

export interface Settings {
  projects: number;
  durationS: number;
  warmupS: number;
  connections: number[];
  /** Lighthouse runs per page; null: each screen's own (bench/scenarios.ts). */
  lighthouseRuns: number | null;
  interactionRuns: number;
  appPort: number;
  apiPort: number;
  cpuProfile: boolean;
  skipBuild: boolean;
  skipLighthouse: boolean;
}

/** Latency and throughput at each connection count, keyed by the connection count. */
export type ByConnections = Record<string, LoadResult>;

export interface PageResult {
  page: Omit<Page, "body">;
  app: ByConnections;
  /** The page's API calls combined: critical path (latency) and the API's rate for the whole set (req/s). */
  upstream: Record<string, { p50: number; p99: number; sumP50: number; rps: number }>;
}

export interface Results {
  date: string;
  machine: { cores: number; cpu: string; node: string; loadAvgBefore: number[]; loadAvgAfter: number[] };
  settings: Settings;
  seed: SeedInfo & { reused: boolean };
  projectId: number;
  pages: PageResult[];
  apiCalls: Record<string, ByConnections>;
  keywordSearch: {
    requests: number;
    p50: number;
    p95: number;
    max: number;
    firstRoundP95: number;
    laterRoundsP95: number;
    slowest: { ms: number; round: number; query: string }[];
    keywords: string[];
  };
  /** Advanced searches (three or more filters, with and without a keyword), one after another. */
  advancedSearch: Omit<Results["keywordSearch"], "keywords"> & { queries: number };
  /** Lite pages (Save-Data: on) as served: HTML bytes and script tags, next to the full page. */
  lite: LiteBytes[];
  /** Peak RSS polled during the runs above one connection, overall and per page run (in run order). */
  memory: { peakRssUnderLoadMb: number; vmHwmMb: number; peakRssByRunMb: Record<string, number> };
  bundles: RouteBundle[];
  /** The screens the browser part audits (Lighthouse keys: id, and `${id}-lite` for the lite page). */
  screens: BrowserScreen[];
  lighthouse: Record<string, LighthouseResult | { error: string }>;
  /** INP of each interaction under a 4× CPU slowdown, keyed by interaction id. */
  interactions: Record<string, InteractionResult | { error: string }>;
}
