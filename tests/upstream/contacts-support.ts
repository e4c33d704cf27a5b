import type { Db } from "../../upstream/db/index";
import { API_BASE_PATH, createApi } from "../../upstream/server";
import { DEMO_PASSWORD, tempDatabase } from "./helpers";

export interface TestApi {
  db: Db;
  /** The database file (for the alerts CLI). */
  path: string;
  /** Calls the API in-process and answers the raw Response (CSV downloads, headers, form posts). */
  call: (path: string, init?: RequestInit & { token?: string; json?: unknown }) => Promise<Response>;
  login: (email: string, password?: string) => Promise<string>;
  close: () => void;
}

/** The API over a seeded temporary database (phase 1's tempDatabase), with a Response-level client. */
export function createTestApi(projects = 1500): TestApi {
  const { db, path, cleanup } = tempDatabase(projects);
  const app = createApi(db);
  const call: TestApi["call"] = async (target, init = {}) => {
    const { token, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set("authorization", `Bearer ${token}`);
    if (json !== undefined) headers.set("content-type", "application/json");
    return app.request(`${API_BASE_PATH}/${target.replace(/^\//, "")}`, {
      ...rest,
      headers,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  };
  const login = async (email: string, password = DEMO_PASSWORD) => {
    const res = await call("Login", { method: "POST", json: { email, password } });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { data: { accessToken: string } };
    return body.data.accessToken;
  };
  return { db, path, call, login, close: cleanup };
}

export const userId = (db: Db, email: string) =>
  db.prepare<[string], number>("SELECT id FROM users WHERE email = ?").pluck().get(email) ?? 0;
