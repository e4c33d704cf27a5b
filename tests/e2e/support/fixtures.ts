/** Shared helpers of the browser journeys. */
import { randomBytes } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { hashPassword } from "../../../upstream/security";
import { test as base } from "./coverage";
import { APP_LOG, APP_URL, DB_PATH, DEMO_PASSWORD } from "./env";
import { mailsTo } from "./mail";

export { APP_URL, DEMO_PASSWORD, expect };

/**
 * How the running project delivers the app's scripts (its `metadata.scripts`): on time (js, no-js and the
 * phones), held SCRIPT_DELAY_MS as on a job-site connection (`slow-js`), or never (`js-fails`).
 */
export type ScriptDelivery = "on-time" | "slow" | "fails";
export const SCRIPT_DELAY_MS = 3000;

type ProjectInfo = { project: { use: { javaScriptEnabled?: boolean }; metadata?: Record<string, unknown> } };

export function scriptDelivery(testInfo: ProjectInfo): ScriptDelivery {
  const mode = testInfo.project.metadata?.scripts;
  return mode === "slow" || mode === "fails" ? mode : "on-time";
}

/** Every request for a script: the entry, route modules, lazy parts and their module preloads. */
const isScript = (url: URL) => /\.m?js$/.test(url.pathname);

// `base` is Playwright's test with the coverage page of `npm run coverage` (support/coverage.ts; Playwright's
// own page when E2E_COVERAGE_DIR is unset).
export const test = base.extend<{ scriptsAsProjectSays: undefined }>({
  // Every test's browser context gets its scripts as its project says: the slow-js and js-fails projects run
  // the same journeys as js and no-js (tagged @late-script), with nothing else changed.
  scriptsAsProjectSays: [
    async ({ context }, use, testInfo) => {
      const mode = scriptDelivery(testInfo);
      if (mode === "slow") {
        await context.route(isScript, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
          // The test may have ended (its context closed) while the script was held.
          await route.continue().catch(() => {});
        });
      } else if (mode === "fails") {
        await context.route(isScript, (route) => route.abort("failed"));
      }
      await use(undefined);
    },
    { auto: true },
  ],
});

/**
 * Whether the page works as it does without JavaScript: switched off, or its scripts never arrive (js-fails,
 * where a journey must pass exactly as in no-js).
 */
export function jsDisabled(testInfo: ProjectInfo): boolean {
  return testInfo.project.use.javaScriptEnabled === false || scriptDelivery(testInfo) === "fails";
}

/** Whether the journey acts at once, before the late script hydrates the page (slow-js). */
export function actsBeforeHydration(testInfo: ProjectInfo): boolean {
  return scriptDelivery(testInfo) === "slow";
}

/** Requests at the HTTP level are the same for both browser projects: such a test runs in one of them. */
export function httpOnly(testInfo: Parameters<typeof jsDisabled>[0]) {
  test.skip(jsDisabled(testInfo), "plain HTTP requests: run once");
}

/** Fills and submits /Login as a member would (works with and without JavaScript). */
export async function fillLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/**
 * Logs in for a journey that is about something else, and opens the page the app lands on. The login form's
 * plain post is sent over HTTP in the page's own context (its cookies are the browser's), as a browser without
 * JavaScript sends it: loading and hydrating /Login for each of some 300 journeys cost the suite minutes on the
 * 2-core machine. The form itself, with and without JavaScript, is what auth.spec.ts and the phone journeys
 * and the first phone journey drive (`loginThroughForm`).
 */
export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await loginTo(page, "", email, password);
}

/**
 * `login`, landing on `path` (the login form's redirect field) instead of the app's own landing page: a journey
 * that starts on a page of its own loads one page, not the landing page and then its own. An empty path lands
 * where the app sends a member. With JavaScript the page has hydrated when it returns, as after `login`.
 */
export async function loginTo(page: Page, path: string, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post(`${APP_URL}/Login`, {
    form: { email, password, redirect: path },
    headers: { Origin: APP_URL },
    maxRedirects: 0,
  });
  const landing = response.headers().location;
  if (response.status() !== 302 || !landing) {
    throw new Error(`login of ${email} answered ${response.status()}, not a redirect`);
  }
  await page.goto(landing);
  await expect(page).not.toHaveURL(/\/Login(\?|$)/);
  if (!jsDisabled(test.info()) && !actsBeforeHydration(test.info())) {
    // A fresh document (after the form, the landing page came by a client-side navigation, already hydrated):
    // wait for it to hydrate, when the shell's menu link becomes its menu button, so that a journey may use
    // the page's script-driven controls at once.
    await expect(page.locator('header a[href="#sidebar"]')).toHaveCount(0);
  }
}

/** Logs in through the login page, as a member does, and waits until the app has left it. */
export async function loginThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/Login");
  await fillLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/Login(\?|$)/);
}

/** Waits until React has hydrated the element (with JavaScript), so that typing into it is not lost. */
export async function waitForHydration(locator: Locator) {
  // slow-js: the member does not wait for the script, and neither does the journey.
  if (actsBeforeHydration(test.info())) return;
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps"))), {
      message: "the page hydrates",
    })
    .toBe(true);
}

/**
 * Presses a submit button and waits until the server has answered the post it sent. With JavaScript the new
 * state shows at once (optimistic) while the post is still on its way: a reload at that moment cancels it, as it
 * would for a member, so a journey that reloads to prove the change was stored waits for the answer first.
 * (The post is the first one sent after the press: an earlier post still awaiting its answer is not it.)
 */
export async function pressAndWaitForPost(page: Page, button: Locator) {
  const sent = page.waitForRequest((request) => request.method() === "POST");
  await button.click();
  await (await sent).response();
}

/**
 * Types a day into a date field as a member does into the field shown: the browser's date input (YYYY-MM-DD)
 * before the page hydrates or without JavaScript, the picker's MM/DD/YYYY text once it has. (A US date filled
 * into a date input leaves it empty: a journey that assumed the picker lost its reminder whenever it acted
 * before the page had hydrated.)
 */
export async function fillDate(field: Locator, isoDay: string) {
  const [y, m, d] = isoDay.split("-");
  const us = `${m}/${d}/${y}`;
  await expect(async () => {
    const native = (await field.getAttribute("type")) === "date";
    await field.fill(native ? isoDay : us);
    expect([isoDay, us]).toContain(await field.inputValue());
  }).toPass({ timeout: 10_000 });
}

/** The session cookie of a context (`__Host-session` in production, `session` with COOKIE_SECURE=false). */
export async function sessionCookie(context: BrowserContext) {
  const cookies = await context.cookies(APP_URL);
  return cookies.find((c) => c.name === "__Host-session" || c.name === "session") ?? null;
}

/** What the app process writes from now on (.e2e/app.log, written by tests/e2e/support/serve.ts). */
export function logFromHere(): () => string {
  const start = statSync(APP_LOG).size;
  return () => readFileSync(APP_LOG).subarray(start).toString("utf8");
}

/** The e2e database, read-only (the outbox, messages): the API owns it and writes to it. */
export function db(): Database.Database {
  const conn = new Database(DB_PATH, { readonly: true, fileMustExist: true });
  conn.pragma("busy_timeout = 5000");
  return conn;
}

/** Reads one statement's rows and closes the connection. */
export function query<T>(sql: string, ...params: unknown[]): T[] {
  const conn = db();
  try {
    return conn.prepare(sql).all(...params) as T[];
  } finally {
    conn.close();
  }
}

/**
 * The newest reset link mailed to `email` after outbox row `sinceId`, as it arrived in the mail catcher: the
 * outbox says how many reset mails were written for the address, the link is read from the newest one caught.
 */
export async function resetLinkFor(email: string, sinceId = 0): Promise<string> {
  const pattern = /(https?:\/\/[^\s"'<>]+\/ForgotPassword\/[^\s"'<>]+)/;
  const resets = (after: number) =>
    query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM outbox WHERE "to" = ? COLLATE NOCASE AND kind = 'password-reset' AND id > ?`,
      email,
      after,
    )[0].n;
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        if (resets(sinceId) === 0) return null;
        const caught = (await mailsTo(email)).filter((m) => m.subject === "Reset your password");
        if (caught.length < resets(0)) return null;
        found = caught.at(-1)?.text.match(pattern)?.[1] ?? null;
        return found;
      },
      { message: `a reset e-mail to ${email} in the mail catcher`, timeout: 20_000 },
    )
    .not.toBeNull();
  return found as unknown as string;
}

/**
 * Asks for a reset link as a member does (the Forgot Password form, its Sent! dialog) and answers the link the
 * mail catcher got.
 */
export async function askForResetLink(page: Page, email: string): Promise<string> {
  const since = lastOutboxId();
  await page.goto("/ForgotPassword");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: /send/i }).click();
  await expectDialogOpen(page.getByRole("dialog", { name: "Sent!" }));
  return resetLinkFor(email, since);
}

/** The id of the newest outbox row (0 when empty), to tell later mails apart. */
export function lastOutboxId(): number {
  return query<{ id: number | null }>("SELECT MAX(id) AS id FROM outbox")[0]?.id ?? 0;
}

/**
 * Creates a throwaway paid member directly in the e2e database (upstream's own password hashing), so tests
 * that change an account (password reset) never touch the shared demo accounts.
 */
/** Writes to the e2e database in one immediate transaction (waits for the API's writes instead of failing). */
export function writeDb<T>(run: (db: Database.Database) => T): T {
  const conn = new Database(DB_PATH, { fileMustExist: true });
  conn.pragma("busy_timeout = 5000");
  try {
    return conn.transaction(() => run(conn)).immediate();
  } finally {
    conn.close();
  }
}

/**
 * One hash per password in a worker, as the seed gives every demo account one: scrypt is deliberately slow (tens
 * of milliseconds), and a worker makes dozens of throwaway members with the same password. Hashed before the
 * write lock is taken, which the API would otherwise wait.
 */
const passwordHashes = new Map<string, string>();
function passwordHashFor(password: string): string {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
  }
  return hash;
}

/** A paid plan and its coverage: state abbreviations and project type names (the member's choices at checkout). */
export type MemberPlan = { slug: string; states?: string[]; verticals?: string[] };

export function createMember(
  options: { firstName?: string; lastName?: string; password?: string; plan?: MemberPlan } = {},
) {
  const email = `e2e-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}@example.test`;
  const password = options.password ?? DEMO_PASSWORD;
  const now = new Date().toISOString();
  const passwordHash = passwordHashFor(password);
  const conn = new Database(DB_PATH, { fileMustExist: true });
  conn.pragma("busy_timeout = 5000");
  try {
    conn
      .transaction(() => {
        const { lastInsertRowid: userId } = conn
          .prepare(
            `INSERT INTO users (email, password_hash, first_name, last_name, member_type, ical_hash, created_at, updated_at)
           VALUES (?, ?, ?, ?, 'Member', ?, ?, ?)`,
          )
          .run(
            email,
            passwordHash,
            options.firstName ?? "Tess",
            options.lastName ?? "Throwaway",
            // A calendar feed secret, as the seed gives every member.
            randomBytes(20).toString("hex"),
            now,
            now,
          );
        // A paid, activated National subscription (every state, every vertical), as the seed gives member@, or
        // the plan asked for with its coverage rows (a limited plan without them would see nothing, decision 151).
        const chosen = options.plan ?? { slug: "national" };
        const plan = conn.prepare("SELECT id, months FROM plans WHERE slug = ?").get(chosen.slug) as
          | { id: number; months: number }
          | undefined;
        if (plan) {
          const { lastInsertRowid: subscriptionId } = conn
            .prepare(
              `INSERT INTO subscriptions (user_id, plan_id, start_date, activated, payment_total, created_at, updated_at)
             VALUES (?, ?, ?, 1, 0, ?, ?)`,
            )
            .run(userId, plan.id, now.slice(0, 10), now, now);
          for (const abbr of chosen.states ?? [])
            conn
              .prepare(
                "INSERT INTO subscription_states (subscription_id, state_id) SELECT ?, id FROM states WHERE abbr = ? AND country = 'US'",
              )
              .run(subscriptionId, abbr);
          for (const name of chosen.verticals ?? [])
            conn
              .prepare(
                "INSERT INTO subscription_project_types (subscription_id, project_type_id) SELECT ?, id FROM project_types WHERE name = ?",
              )
              .run(subscriptionId, name);
        }
      })
      .immediate();
  } finally {
    conn.close();
  }
  return { email, password };
}

/**
 * The scratch page, with JavaScript, in which a page without JavaScript is checked: one per browser (a worker's),
 * kept between checks. It holds nothing of a member's (no cookies, only the HTML handed to it and the app's public
 * styles), and a context of its own for each of some 60 checks cost a new renderer process each time.
 */
const scratchPages = new WeakMap<Browser, Promise<Page>>();

async function scratchPageOf(browser: Browser): Promise<Page> {
  let scratch = scratchPages.get(browser);
  if (!scratch || (await scratch).isClosed()) {
    scratch = browser.newContext({ javaScriptEnabled: true }).then((context) => context.newPage());
    scratchPages.set(browser, scratch);
    // A page that could not be made is not kept: the next check tries again.
    scratch.catch(() => scratchPages.delete(browser));
  }
  return scratch;
}

/**
 * Runs axe (WCAG 2.0/2.1 A and AA) on the page and fails on serious or critical violations, listed readably.
 * axe runs inside the page, which a context without JavaScript refuses: there the page's current HTML (the
 * no-JS rendering, scripts removed) is loaded into a scratch JavaScript-enabled page with the same styles.
 */
export async function expectAxeClean(page: Page, options: { include?: string; exclude?: string[] } = {}) {
  // An axe run takes 2–10 s on a busy 2-core machine (the advanced panels have some 500 options): each one
  // adds to the test's time budget, so a journey that checks three screens is not cut short by the clock.
  test.info().setTimeout(test.info().timeout + 10_000);
  const jsOff = test.info().project.use.javaScriptEnabled === false;
  let target = page;
  if (jsOff) {
    const url = page.url();
    const html = (await page.content())
      .replace(/<script\b[\s\S]*?<\/script>/gi, "")
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser to run axe in");
    target = await scratchPageOf(browser);
    const viewport = page.viewportSize();
    if (viewport) await target.setViewportSize(viewport);
    await target.unrouteAll();
    // A request's address carries no #fragment, the page's may (a no-JavaScript menu opened by its link).
    const document = new URL(url);
    document.hash = "";
    let handedOver = false;
    await target.route(
      (u) => u.href === document.href,
      (route) => {
        handedOver = true;
        return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
      },
    );
    await target.goto(url);
    // Never check another page (the server's answer to a browser without the member's cookie) in its place.
    if (!handedOver) throw new Error(`axe: the HTML of ${url} did not reach the scratch page`);
  }
  // Legacy mode runs axe in the page itself, without the blank page the default opens to gather its results:
  // half the time on every screen, the same findings on ours, which have no frame of their own (the one frame,
  // a training video's player, is another site's and not ours to check). Decision 142.
  // Only violations are read, so only violations are gathered in full: for the passes axe would otherwise
  // build a selector and an HTML excerpt of every node it checked, a third of its time on a long list page.
  // The violations, their nodes and messages are the same (decision 142).
  let builder = new AxeBuilder({ page: target })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(true);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = blocking
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) => `    - ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`,
        )
        .join("\n");
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`;
    })
    .join("\n\n");
  expect(blocking, `accessibility violations on ${page.url()}:\n\n${report}`).toEqual([]);
}

/**
 * Asserts that a dialog is open, through its title heading: Headless UI puts role="dialog" on a wrapper
 * whose children are position:fixed, so the wrapper itself has no box and never counts as "visible".
 */
export async function expectDialogOpen(dialog: Locator) {
  await expect(dialog.getByRole("heading").first()).toBeVisible();
}

/**
 * Watches for a message that closes by itself (a success message's 2.5 s), started before the action that
 * shows it, so that the test cannot begin looking only after the message has already closed. (The rare miss of
 * Request Research's message in CI was not that: there the message never came; see the closing note.)
 */
export function watchFor(locator: Locator, timeout = 20_000): Promise<void> {
  const seen = locator.first().waitFor({ state: "visible", timeout });
  // Awaited by the test; a test that fails before awaiting it must not also leave an unhandled rejection.
  seen.catch(() => {});
  return seen;
}
