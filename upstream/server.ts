import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { startSimulator } from "./changes/simulator";
import { contentSite } from "./content/site";
import { type Db, openDatabase } from "./db/index";
import { ApiError, type ApiOptions, type AppEnv, errorBody, resolveDeps } from "./http";
import { DEFAULT_TRUSTED, parseTrusted } from "./limits/client";
import { DEFAULT_LIMITS } from "./limits/config";
import { publicCallLimits } from "./limits/public-calls";
import { type CounterStore, memoryCounters, redisCounters } from "./limits/store";
import { loggedPath } from "./log-path";
import { type MailOptions, mailTestHooks, type RunningMail, startMail } from "./mail/service";
import { accountRoutes } from "./routes/account";
import { alertRoutes } from "./routes/alerts";
import { authRoutes } from "./routes/auth";
import { calendarRoutes } from "./routes/calendar";
import { changeRoutes } from "./routes/changes";
import { companyRoutes } from "./routes/companies";
import { contactRoutes } from "./routes/contacts";
import { geocodeRoutes } from "./routes/geocode";
import { mailRoutes } from "./routes/mail";
import { messageRoutes } from "./routes/messages";
import { noteRoutes } from "./routes/notes";
import { paymentRoutes } from "./routes/payments";
import { projectRoutes } from "./routes/projects";
import { registerRoutes } from "./routes/register";
import { searchRoutes } from "./routes/searches";
import { tagRoutes } from "./routes/tags";
import { userRoutes } from "./routes/users";
import { createSeededDatabase, isSeeded } from "./seed/index";
import { trialOverGuard } from "./trial-guard";

export const API_BASE_PATH = "/api/frontend/V1";
export type { ApiOptions } from "./http";

/** The provider API as a Hono app; every call lives under /api/frontend/V1. */
export function createApi(db: Db, options: ApiOptions = {}) {
  const deps = resolveDeps(db, options);
  const api = new Hono<AppEnv>();
  const limits = options.limits ?? DEFAULT_LIMITS;

  // Before every call: a Free Trial that is over reaches only the calls of its allowlist, and the public calls
  // are limited per client and per account (decision 105).
  api.use("*", trialOverGuard(deps, API_BASE_PATH));
  api.route(
    "/",
    publicCallLimits(
      limits,
      options.counters ?? memoryCounters(limits.memoryKeys),
      parseTrusted(options.trustedProxies ?? DEFAULT_TRUSTED),
    ),
  );
  api.get("/Health", (c) => c.json({ status: "ok" }));
  api.route("/", authRoutes(deps));
  api.route("/", userRoutes(deps));
  api.route("/", messageRoutes(deps));
  api.route("/", contactRoutes(deps));
  api.route("/", noteRoutes(deps));
  api.route("/", alertRoutes(deps));
  api.route("/", projectRoutes(deps));
  api.route("/", tagRoutes(deps));
  api.route("/", geocodeRoutes(deps));
  api.route("/", accountRoutes(deps));
  api.route("/", searchRoutes(deps));
  api.route("/", companyRoutes(deps));
  api.route("/", calendarRoutes(deps));
  api.route("/", changeRoutes(deps));
  api.route("/", registerRoutes(deps, options.cardProcessor));
  api.route("/", paymentRoutes(deps));
  api.route("/", mailRoutes(deps));

  const app = new Hono<AppEnv>();
  app.route(API_BASE_PATH, api);
  // The help content site's stand-in (WordPress REST shape), for /Manual and /TrainingVideos offline.
  app.route("/content", contentSite());
  app.notFound((c) => c.json({ message: "Not found." }, 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(errorBody(err), err.status);
    if (err instanceof HTTPException) return c.json({ message: err.message || "Bad request." }, err.status);
    // Name and message only: no stack traces in logs.
    console.error(`[upstream] ${c.req.method} ${loggedPath(c.req.url)}: ${err.name}: ${err.message}`);
    return c.json({ message: "Server error." }, 500);
  });
  return app;
}

export interface StartUpstreamOptions extends ApiOptions {
  dbPath: string;
  port?: number;
  host?: string;
  /** Projects to seed when the database is empty. Default 20,000. */
  seedProjects?: number;
  log?: (line: string) => void;
  /** One line per request: method, path (no query, no body, no feed secret: loggedPath), status. */
  accessLog?: (line: string) => void;
  /** A Redis (redis:// or rediss://) that keeps the counters of the public calls' limits, shared by instances. */
  redisUrl?: string | null;
  /**
   * Send the outbox over SMTP and run the mail schedules (upstream/mail/). Without it, mail stays in the outbox.
   * The test-only hook (/__test/mail) is mounted when UPSTREAM_TEST_HOOKS=1, never under NODE_ENV=production.
   */
  mail?: MailOptions;
  /**
   * Research changes applied to random projects a day (upstream/changes/simulator.ts); 0 or absent: none. `npm
   * start` turns it on (upstream/main.ts); the tests leave it off and call the simulator themselves.
   */
  simulatedChangesPerDay?: number;
}

export interface RunningUpstream {
  /** Base URL of the server, e.g. http://127.0.0.1:3001 (the API is under /api/frontend/V1). */
  url: string;
  apiBaseUrl: string;
  db: Db;
  close: () => Promise<void>;
}

/** Opens and migrates the database, seeds it when empty, and serves the API over HTTP. */
export async function startUpstream(options: StartUpstreamOptions): Promise<RunningUpstream> {
  const {
    dbPath,
    port = 3001,
    host = "127.0.0.1",
    seedProjects = 20_000,
    log = () => {},
    accessLog,
  } = options;
  let db = openDatabase(dbPath);
  if (!isSeeded(db)) {
    db.close();
    log(`Seeding ${dbPath} with ${seedProjects} projects…`);
    const stats = createSeededDatabase(dbPath, { projects: seedProjects });
    log(`Seeded in ${(stats.ms / 1000).toFixed(1)} s.`);
    db = openDatabase(dbPath);
  }
  let mail: RunningMail | null = null;
  const ownCounters: CounterStore | null = options.redisUrl
    ? redisCounters(options.redisUrl, (options.limits ?? DEFAULT_LIMITS).memoryKeys, log)
    : null;
  const withMail: ApiOptions = {
    ...options,
    counters: ownCounters ?? options.counters,
    onMail: () => mail?.delivery.kick(),
  };
  const app = createApi(db, withMail);
  const simulator =
    options.simulatedChangesPerDay && options.simulatedChangesPerDay > 0
      ? startSimulator(db, { changesPerDay: options.simulatedChangesPerDay, now: options.now, log })
      : null;
  if (simulator) log(`[research] simulating ${options.simulatedChangesPerDay} project changes a day`);
  if (options.mail) {
    const deps = resolveDeps(db, withMail);
    mail = startMail(deps, { log, ...options.mail });
    if (process.env.UPSTREAM_TEST_HOOKS === "1") {
      if (process.env.NODE_ENV === "production")
        throw new Error(
          "UPSTREAM_TEST_HOOKS is for the browser tests and is refused under NODE_ENV=production.",
        );
      app.route("/__test/mail", mailTestHooks(deps, mail));
      log("[mail] test hooks on at /__test/mail (UPSTREAM_TEST_HOOKS=1)");
    }
  }
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const fetch: typeof app.fetch = accessLog
      ? async (request, ...rest) => {
          const response = await app.fetch(request, ...rest);
          accessLog(`${request.method} ${loggedPath(request.url)} ${response.status}`);
          return response;
        }
      : app.fetch;
    const s = serve({ fetch, port, hostname: host }, () => resolve(s));
  });
  const address = server.address() as AddressInfo;
  const displayHost = host.includes(":") ? `[${host}]` : host;
  const url = `http://${displayHost}:${address.port}`;
  return {
    url,
    apiBaseUrl: `${url}${API_BASE_PATH}`,
    db,
    close: async () => {
      // The send in flight is finished and marked before the database closes.
      simulator?.stop();
      await mail?.stop();
      await ownCounters?.close();
      await new Promise<void>((resolve, reject) => {
        server.close((err) => {
          db.close();
          if (err) reject(err);
          else resolve();
        });
      });
    },
  };
}
