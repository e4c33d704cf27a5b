/** The side app (production build behind the fault proxy) as a worker fixture, and helpers of the fault specs. */
import { expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { test as base } from "./coverage";
import { DB_PATH, DEMO_PASSWORD } from "./env";
import { createMember, query, waitForHydration } from "./fixtures";
import { FAULT_APP_PORT, type SideApp, startSideApp } from "./side-app";

export { expect, waitForHydration };

// `base`: Playwright's test with the coverage page of `npm run coverage` (support/coverage.ts).
export const test = base.extend<{ sideLogOnFailure: undefined }, { side: SideApp }>({
  // On a failure, the side app's log lines written during the test go into the report.
  sideLogOnFailure: [
    async ({ side }, use, testInfo) => {
      const start = side.logs().length;
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus) {
        const body = side.logs().slice(start) || "(nothing)";
        await testInfo.attach("side-app.log", { body, contentType: "text/plain" });
        console.error(`--- side app log ---\n${body.slice(-4000)}`);
      }
    },
    { auto: true },
  ],
  side: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
    async ({}, use, workerInfo) => {
      const app = await startSideApp(FAULT_APP_PORT + workerInfo.parallelIndex);
      await use(app);
      await app.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
});

/** The friendly texts of an upstream failure (ApiClient): one of them must be on the page. */
export const UPSTREAM_MESSAGE =
  /cannot reach the service|did not answer in time|could not read|ran into a problem|service is (unavailable|taking too long)/i;

/** Signs of internals that must never reach a page: stack frames, source paths, the API's own error text. */
export const LEAK_PATTERNS = [
  /\n\s+at [^\n]+:\d+:\d+/,
  /node_modules/,
  /\/srv\/upstream/,
  /SQLITE_BUSY/,
  /secret-internal/,
  /Bearer\s/i,
];

export function expectNoLeaks(text: string, tokens: Iterable<string>, where: string) {
  for (const pattern of LEAK_PATTERNS) expect(text, `${where}: ${pattern}`).not.toMatch(pattern);
  for (const token of tokens) expect(text.includes(token), `${where}: an API token`).toBe(false);
}

/** Logs in through the side app's login page (the API must pass through for this). */
export async function loginAt(page: Page, base: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${base}/Login`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).not.toHaveURL(/\/Login(\?|$)/);
}

/** Logs in with a plain fetch and returns the session cookie ("name=value"). */
export async function sessionFor(base: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${base}/Login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => /session=/.test(c));
  await res.body?.cancel();
  if (res.status !== 302 || !cookie) throw new Error(`login of ${email} at ${base} failed (${res.status})`);
  return cookie.split(";")[0];
}

export function userId(email: string): number {
  return query<{ id: number }>("SELECT id FROM users WHERE email = ? COLLATE NOCASE", email)[0].id;
}

/**
 * A throwaway member with some data of its own: a project folder and a contact folder (with one item each)
 * and a saved project, so that every screen and form has something to work on.
 */
export function createMemberWithData() {
  const member = createMember();
  const id = userId(member.email);
  const conn = new Database(DB_PATH, { fileMustExist: true });
  conn.pragma("busy_timeout = 5000");
  const now = new Date().toISOString();
  try {
    const projects = conn.prepare("SELECT id FROM projects ORDER BY id LIMIT 2").all() as { id: number }[];
    const [contact, otherContact] = conn.prepare("SELECT id FROM contacts ORDER BY id LIMIT 2").all() as {
      id: number;
    }[];
    const tag = (type: number, name: string) =>
      Number(
        conn
          .prepare("INSERT INTO tags (user_id, name, color, tag_type, created_at) VALUES (?, ?, ?, ?, ?)")
          .run(id, name, "#2563eb", type, now).lastInsertRowid,
      );
    // Every capability on, so that every screen and form (downloads, the directory) reaches the API.
    conn
      .prepare(
        "UPDATE users SET allow_download = 1, allow_share = 1, allow_directory = 1, allow_companysearch = 1 WHERE id = ?",
      )
      .run(id);
    const projectTag = tag(1, "Fault folder");
    const contactTag = tag(2, "Fault contacts");
    conn
      .prepare("INSERT INTO user_projects (user_id, project_id, tag_id, created_at) VALUES (?, ?, ?, ?)")
      .run(id, projects[0].id, projectTag, now);
    conn
      .prepare(
        "INSERT INTO user_contacts (user_id, contact_id, tag_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
      )
      .run(id, contact.id, contactTag, now, now);
    conn
      .prepare(
        "INSERT INTO project_notes (user_id, project_id, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
      )
      .run(id, projects[0].id, "A note from the fault suite", now, now);
    // A charge with its receipt (/Me/Subscription/Receipts/{chargeId}).
    const processorCharge = conn
      .prepare(
        "INSERT INTO payment_charges (idempotency_key, amount, approved, created_at) VALUES (?, 12995, 1, ?)",
      )
      .run(`fault-${id}-${now}`, now).lastInsertRowid;
    const chargeId = Number(
      conn
        .prepare(
          `INSERT INTO member_charges (user_id, payment_charge_id, kind, plan_id, plan_name, months, coverage, components,
             amount, card_last4, promo_code, created_at)
           VALUES (?, ?, 'activation', (SELECT id FROM plans WHERE slug = 'national'), 'National Edition', 12,
             '{"states":[],"counties":[],"verticals":[]}', '{"Plan Price":12995,"Total":12995}', 12995, '4242', NULL, ?)`,
        )
        .run(id, processorCharge, now).lastInsertRowid,
    );
    return {
      ...member,
      id,
      projectId: projects[0].id,
      otherProjectId: projects[1].id,
      contactId: contact.id,
      otherContactId: otherContact.id,
      projectTag,
      contactTag,
      chargeId,
    };
  } finally {
    conn.close();
  }
}

/** A throwaway member with data (createMemberWithData), logged in, and the route params that fit them. */
export async function loggedInMember(base: string) {
  const member = createMemberWithData();
  return { member, values: paramValues(member), cookie: await sessionFor(base, member.email) };
}

/** Values for the route table's path params: real ids from the reference database. */
export function paramValues(member: {
  projectId: number;
  contactId: number;
  projectTag: number;
  contactTag: number;
  chargeId: number;
}) {
  const company = query<{ id: number }>("SELECT id FROM companies ORDER BY id LIMIT 1")[0];
  const plan = query<{ id: number }>("SELECT id FROM plans ORDER BY id LIMIT 1")[0];
  return {
    projectId: member.projectId,
    contactId: member.contactId,
    companyId: company.id,
    planId: plan.id,
    resetToken: "0123456789abcdef0123456789abcdef",
    // The calendar feed's secret (an unknown one: the feed answers 404 when the API is up).
    hash: "0123456789abcdef0123456789abcdef01234567",
    // An unsubscribe link's token (an unknown one: the page answers 404 when the API is up).
    token: "unknown-unsubscribe-token-0123456789abcdef",
    tagId: member.projectTag,
    chargeId: member.chargeId,
  };
}

const OWNED_TABLES = [
  "tags",
  "user_projects",
  "user_contacts",
  "user_companies",
  "project_notes",
  "alerts",
  "saved_searches",
  "messages",
  "user_alert_project_types",
  "user_alert_states",
  "password_resets",
];

/**
 * Everything the API keeps about a member (their row and the rows they own), to compare before and after a
 * failed save: nothing may be half-saved.
 */
export function memberSnapshot(id: number, email: string) {
  const snapshot: Record<string, unknown> = {
    user: query("SELECT * FROM users WHERE id = ?", id)[0],
    liveTokens: query<{ n: number }>(
      "SELECT COUNT(*) AS n FROM access_tokens WHERE user_id = ? AND revoked_at IS NULL",
      id,
    )[0].n,
    outbox: query<{ n: number }>('SELECT COUNT(*) AS n FROM outbox WHERE "to" = ? COLLATE NOCASE', email)[0]
      .n,
  };
  for (const table of OWNED_TABLES) {
    snapshot[table] = query(`SELECT * FROM ${table} WHERE user_id = ? ORDER BY rowid`, id);
  }
  return snapshot;
}

/**
 * Runs `task` over `items`, at most `limit` at a time, in order of start. The fault specs use it where each item
 * waits on the side app's upstream timeout rather than on the CPU: one after another, the waits add up.
 */
export async function eachConcurrently<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
