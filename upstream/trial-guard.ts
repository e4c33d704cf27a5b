/**
 * What a Free Trial that is over may still call, and the one middleware that refuses it everything else
 * (docs/decisions/105-the-apis-own-guard.md). The list below is the whole of it: a call that is not on it answers
 * 403 with the trial-expired body, whoever calls it and however the call names its member (the Authorization
 * header; a download's `token` field; the calendar feed's secret). A new call of the endpoint table is refused
 * by default.
 */
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { FEED_HASH_PATTERN } from "../contract/calendar";
import { CSV_FILE, type Endpoint, endpoints } from "../contract/endpoints";
import { ApiError, type AppEnv, bearerToken, type Deps, readRaw, tokenOwner } from "./http";
import { memberRights, TRIAL_EXPIRED } from "./rights";
import { hashToken } from "./security";

export type EndpointName = keyof typeof endpoints;

/**
 * - "always": the profile pages (/Me/Account, /Me/Subscription with its receipts, /Me/Settings, as the app's trial
 *   gate lets them through), activation, logging out;
 * - "last-report": calls about the project whose opening (or saving) spent the trial's last report, until the
 *   trial's end date: the spec shows that one screen ("the dialog triggers when the count is 0 and stays 0, not on
 *   the change from 1 to 0"), and the app lets its reads and its forms through; any other project is refused.
 */
export type TrialOverAccess = "always" | "last-report";

export const TRIAL_OVER_MAY_CALL = {
  // Profile: the member, the account and settings forms, the password.
  me: "always",
  meWithSettings: "always",
  updateAccount: "always",
  changePassword: "always",
  // The alert settings' lists of states and project types (/Me/Settings).
  projectSearchOptions: "always",
  // Subscription: activation, the charges and a receipt. (Register/Options, /Counties and /Price are public.)
  subscribe: "always",
  charges: "always",
  charge: "always",
  // A late activation's outcome, by its idempotency key (decision 138).
  paymentState: "always",
  logout: "always",
  // The screen of the last report.
  project: "last-report",
  projectNotes: "last-report",
  similarProjects: "last-report",
  projectChanges: "last-report",
  saveProjectNote: "last-report",
  deleteProjectNote: "last-report",
  saveProject: "last-report",
  setProjectFolder: "last-report",
  unsaveProject: "last-report",
} as const satisfies Partial<Record<EndpointName, TrialOverAccess>>;

/** Whether `name` is on the list with `access` (the table's type says which names are). */
const accessOf = (name: EndpointName): TrialOverAccess | undefined =>
  (TRIAL_OVER_MAY_CALL as Partial<Record<EndpointName, TrialOverAccess>>)[name];

type Row = { name: EndpointName; endpoint: Endpoint };

/** The table's calls by the route the API serves them at (`GET /api/frontend/V1/Users/Me`). */
function callsByRoute(basePath: string): Map<string, Row[]> {
  const byRoute = new Map<string, Row[]>();
  for (const [name, endpoint] of Object.entries(endpoints) as [EndpointName, Endpoint][]) {
    const key = `${endpoint.method} ${basePath}${endpoint.route}`;
    byRoute.set(key, [...(byRoute.get(key) ?? []), { name, endpoint }]);
  }
  return byRoute;
}

/** The body as an object, or {} (a body that does not parse is the handler's to refuse). */
async function bodyFields(c: Context): Promise<Record<string, unknown>> {
  try {
    const raw = await readRaw(c);
    return raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The path parameters of a request for `endpoint` (a middleware's `c.req.param()` sees only its own route's). */
function pathParams(path: string, basePath: string, endpoint: Endpoint): Record<string, string> {
  const pattern = endpoint.route.replace(
    /:([A-Za-z_]\w*)(?:\{([^}]*)\})?/g,
    (_, name: string, regex?: string) => `(?<${name}>${regex ?? "[^/]+"})`,
  );
  const match = new RegExp(`^${basePath}${pattern}$`).exec(path);
  return { ...match?.groups };
}

/** The project a "last-report" call is about: its path's project (`projectId`, else `id`), or the body's project_id. */
async function projectOf(c: Context, basePath: string, endpoint: Endpoint): Promise<number | null> {
  const params = pathParams(c.req.path, basePath, endpoint);
  const raw = params.projectId ?? params.id ?? (await bodyFields(c)).project_id;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The middleware, registered before every route of the API: it finds the call of the table the request is for,
 * the member the call names, and refuses (403, `{ message: TRIAL_EXPIRED }`) a Free Trial that is over unless the
 * call is on TRIAL_OVER_MAY_CALL. A request without a valid credential passes on: the call itself answers it
 * (401, 404).
 */
export function trialOverGuard(deps: Deps, basePath: string): MiddlewareHandler<AppEnv> {
  const { db } = deps;
  const byRoute = callsByRoute(basePath);
  const rights = memberRights(deps);
  const ownerOfToken = tokenOwner(deps);
  const ownerOfFeed = db.prepare<[string], number>("SELECT id FROM users WHERE ical_hash = ?").pluck();
  const lastReportProject = db
    .prepare<[number, number, number], number>(
      `SELECT 1 FROM project_views WHERE user_id = ? AND project_id = ?
         AND created_at = (SELECT max(created_at) FROM project_views WHERE user_id = ?)`,
    )
    .pluck();

  /** The member the call names, or undefined (a public call; no valid credential). */
  async function callerOf(c: Context, { name, endpoint }: Row): Promise<number | undefined> {
    if (name === "calendarFeed") {
      const hash = c.req.query("hash") ?? "";
      return FEED_HASH_PATTERN.test(hash) ? ownerOfFeed.get(hash) : undefined;
    }
    if (endpoint.public) return undefined;
    // A download may be posted as a plain form, its token in the body (downloadRequestReader).
    const token = bearerToken(c) ?? (endpoint.answer === CSV_FILE ? (await bodyFields(c)).token : undefined);
    return typeof token === "string" && token ? ownerOfToken(hashToken(token)) : undefined;
  }

  async function allowed(c: Context, { name, endpoint }: Row, userId: number, over: "ended" | "reports") {
    const access = accessOf(name);
    if (access === "always") return true;
    if (access !== "last-report" || over !== "reports") return false;
    const projectId = await projectOf(c, basePath, endpoint);
    return projectId !== null && lastReportProject.get(userId, projectId, userId) === 1;
  }

  return async (c, next) => {
    const route = matchedRoutes(c).find((r) => r.method !== "ALL");
    const rows = route ? byRoute.get(`${route.method} ${route.path}`) : undefined;
    if (!rows) return next();
    const userId = await callerOf(c, rows[0]);
    if (userId === undefined) return next();
    const over = rights.trialOverBy(userId);
    if (over === null) return next();
    for (const row of rows) if (await allowed(c, row, userId, over)) return next();
    throw new ApiError(403, TRIAL_EXPIRED);
  };
}
