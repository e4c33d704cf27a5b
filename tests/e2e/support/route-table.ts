/**
 * The app's route table (app/routes.ts), flattened into concrete screens and actions, so that the fault,
 * fuzz and security specs cover every route without a hand-kept list.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import routes from "../../../app/routes";
import { ROOT } from "./env";

type Entry = { id?: string; path?: string; index?: boolean; file: string; children?: Entry[] };

export type AppRoute = {
  /** The pattern as written in the table, with a leading slash: "/Projects/:projectId". */
  pattern: string;
  file: string;
  id: string;
  /** The layout files around it, outermost first. */
  layouts: string[];
  params: string[];
  hasLoader: boolean;
  hasAction: boolean;
  /** A logged-in screen (inside routes/_member.tsx). */
  member: boolean;
  /** A guest screen (login, password recovery, sign-up). */
  guest: boolean;
};

const sources = new Map<string, string>();
function source(file: string) {
  let text = sources.get(file);
  if (text === undefined) {
    text = readFileSync(join(ROOT, "app", file), "utf8");
    sources.set(file, text);
  }
  return text;
}
const exports = (file: string, name: string) =>
  new RegExp(`export\\s+(async\\s+)?(function|const|let)\\s+${name}\\b`).test(source(file));

function flatten(entries: Entry[], prefix: string, layouts: string[], out: AppRoute[]) {
  for (const entry of entries) {
    const isLayout = entry.path === undefined && !entry.index;
    const pattern = entry.index
      ? prefix || "/"
      : entry.path !== undefined
        ? `${prefix}/${entry.path}`.replace(/\/+/g, "/")
        : prefix;
    if (!isLayout) {
      out.push({
        pattern,
        file: entry.file,
        id: entry.id ?? entry.file.replace(/\.tsx?$/, ""),
        layouts,
        params: [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1]),
        hasLoader: exports(entry.file, "loader"),
        hasAction: exports(entry.file, "action"),
        member: layouts.includes("routes/_member.tsx"),
        guest: layouts.includes("routes/_guest.tsx") || layouts.includes("routes/_signup.tsx"),
      });
    }
    if (entry.children)
      flatten(entry.children, pattern === "/" ? "" : pattern, [...layouts, entry.file], out);
  }
  return out;
}

/** Every route of the table with a path (the catch-all "*" included: it is a route like the others). */
export const APP_ROUTES: AppRoute[] = flatten(routes as unknown as Entry[], "", [], []);

/** Concrete screens: every route but the catch-all. */
export const SCREENS = APP_ROUTES.filter((r) => !r.pattern.includes("*"));

/** Routes that take form posts. */
export const ACTIONS = APP_ROUTES.filter((r) => r.hasAction);

/** Fills a pattern's params; throws for a param the caller has no value for (so a new route is noticed). */
export function fillPath(pattern: string, values: Record<string, string | number>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no test value for :${name} in ${pattern}: add one`);
    return encodeURIComponent(String(value));
  });
}
