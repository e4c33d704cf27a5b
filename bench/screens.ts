/**
 * The browser part of the bench, shared by `npm run bench` (bench/run.ts) and `bench/lh-only.ts`: which records
 * the screens show (a project, a company), who is logged in on each, the lite pages as served, Lighthouse on each
 * screen and its lite page, and the interactions' INP.
 */
import { gzipSync } from "node:zlib";
import { type InteractionResult, measureInteraction } from "./interaction";
import { type LighthouseResult, lighthouse } from "./lighthouse";
import type { BrowserScreen, InteractionScenario, ScreenIds } from "./scenarios";
import { apiToken, appSessionCookie, MEMBER, TRIAL_MEMBER } from "./session";

export type Who = BrowserScreen["account"];

/** The first project and the first company of the member's lists, as the screens' records. */
export async function screenIds(apiUrl: string, token?: string): Promise<ScreenIds> {
  const bearer = token ?? (await apiToken(apiUrl));
  const first = async (path: string) => {
    const res = await fetch(`${apiUrl}/${path}?page=1&perPage=15`, {
      headers: { Authorization: `Bearer ${bearer}`, Accept: "application/json" },
    });
    const body = (await res.json()) as { data?: { data?: { id: number }[] } };
    const id = body.data?.data?.[0]?.id;
    if (!res.ok || id === undefined) throw new Error(`${path}: no first record (HTTP ${res.status})`);
    return id;
  };
  return { projectId: await first("Projects"), companyId: await first("Companies") };
}

/** One app session per account, logged in when first needed. */
export function sessions(appUrl: string, memberCookie?: string): (who: Who) => Promise<string | null> {
  const cache = new Map<string, Promise<string>>();
  if (memberCookie) cache.set("member", Promise.resolve(memberCookie));
  return (who) => {
    if (who === null) return Promise.resolve(null);
    let cookie = cache.get(who);
    if (!cookie) {
      cookie = appSessionCookie(appUrl, who === "trial" ? TRIAL_MEMBER : MEMBER);
      cache.set(who, cookie);
    }
    return cookie;
  };
}

export interface LiteBytes {
  page: string;
  /** The screen's id (bench/scenarios.ts browserScreens). */
  id?: string;
  htmlBytes: number;
  htmlGzip: number;
  scriptTags: number;
  fullHtmlGzip: number;
  fullScriptTags: number;
}

/** A lite page as the server sends it (Save-Data: on): gzip bytes of the HTML next to the full page's. */
export async function liteBytes(
  appUrl: string,
  screen: { id: string; label: string; path: string },
  cookie: string | null,
): Promise<LiteBytes> {
  const fetchHtml = async (saveData: boolean) => {
    const res = await fetch(`${appUrl}${screen.path}`, {
      headers: { ...(cookie ? { Cookie: cookie } : {}), ...(saveData ? { "Save-Data": "on" } : {}) },
    });
    const html = await res.text();
    if (res.status !== 200) throw new Error(`${screen.path} (lite ${saveData}) answered ${res.status}`);
    return {
      html: Buffer.byteLength(html),
      gzip: gzipSync(html).length,
      scripts: (html.match(/<script\b/g) ?? []).length,
    };
  };
  const [lite, full] = await Promise.all([fetchHtml(true), fetchHtml(false)]);
  return {
    page: screen.label,
    id: screen.id,
    htmlBytes: lite.html,
    htmlGzip: lite.gzip,
    scriptTags: lite.scripts,
    fullHtmlGzip: full.gzip,
    fullScriptTags: full.scripts,
  };
}

/**
 * Lighthouse on each screen (id) and, with `lite`, on its lite page (`${id}-lite`), one after another; a failure
 * is recorded as the screen's result instead of stopping the rest.
 */
export async function auditScreens(options: {
  root: string;
  appUrl: string;
  outDir: string;
  screens: BrowserScreen[];
  cookieOf: (who: Who) => Promise<string | null>;
  /** Runs per page; each screen's own default (`lhRuns`) when absent. */
  runs?: number;
  full?: boolean;
  lite?: boolean;
  log: (line: string) => void;
}): Promise<Record<string, LighthouseResult | { error: string }>> {
  const results: Record<string, LighthouseResult | { error: string }> = {};
  const variants: { suffix: string; headers: Record<string, string> }[] = [
    ...(options.full !== false ? [{ suffix: "", headers: {} }] : []),
    ...(options.lite !== false ? [{ suffix: "-lite", headers: { "Save-Data": "on" } }] : []),
  ];
  for (const { suffix, headers } of variants) {
    for (const screen of options.screens) {
      const id = `${screen.id}${suffix}`;
      const runs = options.runs ?? screen.lhRuns;
      options.log(`lighthouse ${id} ${screen.label} (${runs} runs)...`);
      try {
        results[id] = await lighthouse({
          root: options.root,
          url: `${options.appUrl}${screen.path}`,
          cookie: await options.cookieOf(screen.account),
          outDir: options.outDir,
          name: id,
          runs,
          headers,
        });
      } catch (error) {
        results[id] = { error: (error as Error).message };
      }
      options.log(`  ${JSON.stringify(results[id])}`);
    }
  }
  return results;
}

/** INP of each interaction (bench/interaction.ts), worst of `runs`. */
export async function measureInteractions(options: {
  appUrl: string;
  scenarios: InteractionScenario[];
  cookieOf: (who: Who) => Promise<string | null>;
  runs: number;
  log: (line: string) => void;
}): Promise<Record<string, InteractionResult | { error: string }>> {
  const results: Record<string, InteractionResult | { error: string }> = {};
  for (const scenario of options.scenarios) {
    options.log(`INP ${scenario.id}: ${scenario.label} (${options.runs} runs, CPU 4× slower)...`);
    try {
      results[scenario.id] = await measureInteraction({
        appUrl: options.appUrl,
        cookie: await options.cookieOf(scenario.account),
        scenario,
        runs: options.runs,
      });
    } catch (error) {
      results[scenario.id] = { error: (error as Error).message };
    }
    options.log(`  ${JSON.stringify(results[scenario.id])}`);
  }
  return results;
}
