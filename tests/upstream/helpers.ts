import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Db, openDatabase } from "../../upstream/db/index";
import type { ApiOptions } from "../../upstream/http";
import type { PublicCallLimits } from "../../upstream/limits/config";
import { coverageFor } from "../../upstream/models/coverage";
import { seedDatabase } from "../../upstream/seed/index";
import { API_BASE_PATH, createApi } from "../../upstream/server";

export const DEMO_PASSWORD = "demo-password";

/** A seeded temporary database file, removed by cleanup(). */
export function tempDatabase(
  projects = 300,
  name = "reference.sqlite",
): { db: Db; path: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "upstream-test-"));
  const path = join(dir, name);
  const db = openDatabase(path);
  seedDatabase(db, { projects });
  return {
    db,
    path,
    cleanup: () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Limits of the public calls that a test's own sign-ups, logins and reset mails never reach: every call of
 * `app.request()` comes from the same unknown client. tests/upstream/limits.test.ts tests the limits themselves.
 */
export const RELAXED_LIMITS: PublicCallLimits = {
  login: { delayAfter: 1000, maxDelaySeconds: 900, perClient: 100_000, windowSeconds: 900 },
  publicForm: { delayAfter: 1000, maxDelaySeconds: 3600, perClient: 100_000, windowSeconds: 3600 },
  cardFailuresPerClientPerHour: 100_000,
  promoFailuresPerClientPerHour: 100_000,
  memoryKeys: 100_000,
};

/** The API over a seeded temporary database, with a clock the test can move (and RELAXED_LIMITS unless given). */
export function testApi(options: ApiOptions & { projects?: number } = {}) {
  const { db, cleanup } = tempDatabase(options.projects);
  const clock = { now: new Date() };
  const app = createApi(db, {
    appBaseUrl: "http://app.test",
    now: () => clock.now,
    limits: RELAXED_LIMITS,
    ...options,
  });

  async function call(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ) {
    const init: RequestInit = { method, headers: { ...headers } };
    if (token) (init.headers as Record<string, string>).authorization = `Bearer ${token}`;
    if (body !== undefined) {
      if (typeof body === "string") init.body = body;
      else {
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)["content-type"] = "application/json";
      }
    }
    const res = await app.request(`${API_BASE_PATH}${path}`, init);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  }

  async function login(email: string, password = DEMO_PASSWORD): Promise<string> {
    const res = await call("POST", "/Login", { email, password });
    if (res.status !== 200)
      throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.accessToken;
  }

  /** Moves the clock forward. */
  const advance = (ms: number) => {
    clock.now = new Date(clock.now.getTime() + ms);
  };

  return { app, db, call, login, advance, clock, cleanup };
}

/**
 * Projects inside (or outside) a member's coverage, as the reference API decides it (upstream/models/coverage.ts):
 * the ids of `count` active projects, lowest first.
 */
export function projectsByCoverage(db: Db, email: string, inside: boolean, count = 5): number[] {
  const userId = db.prepare("SELECT id FROM users WHERE email = ?").pluck().get(email) as number;
  const c = coverageFor(db).condition(userId);
  return db
    .prepare(
      `SELECT p.id FROM projects p WHERE p.active = 1 AND ${inside ? "" : "NOT"} (${c.sql}) ORDER BY p.id LIMIT ?`,
    )
    .pluck()
    .all(...c.values, count) as number[];
}
