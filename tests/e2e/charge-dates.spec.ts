/**
 * One payment, one date (issue 42): a charge at 00:15 UTC for a US Central member (no time zone chosen: the API's
 * default, as for its mail) is December 1 on the subscription page's list of payments, on the receipt page and in
 * the receipt e-mail. The reference API runs here on a copy of the run's database with its clock at
 * 2026-12-02 00:15 UTC (moving on from there), behind a side app; the member is made by the checkout and pays on
 * /Me/Subscription as anyone does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { type RunningUpstream, startUpstream } from "../../upstream/server";
import { fillAccount, fillBilling, GOOD_CARD, newEmail, openCheckout, scripted } from "./support/checkout";
import { DB_PATH } from "./support/env";
import { expect, test } from "./support/fixtures";
import { freePort } from "./support/raw-http";
import { type SideApp, startSideApp } from "./support/side-app";

const CHARGED_AT = Date.parse("2026-12-02T00:15:00.000Z");

let upstream: RunningUpstream;
let side: SideApp;
let dir: string;

test.beforeAll(async ({ browserName: _ }, info) => {
  if (info.project.use.javaScriptEnabled === false) return;
  test.setTimeout(120_000);
  dir = mkdtempSync(join(tmpdir(), "charge-dates-"));
  const copy = join(dir, "reference.sqlite");
  const source = new Database(DB_PATH, { readonly: true, fileMustExist: true });
  try {
    source.exec(`VACUUM INTO '${copy.replace(/'/g, "''")}'`);
  } finally {
    source.close();
  }
  const started = Date.now();
  upstream = await startUpstream({
    dbPath: copy,
    port: 0,
    appBaseUrl: "http://app.test",
    now: () => new Date(CHARGED_AT + (Date.now() - started)),
  });
  side = await startSideApp(await freePort(), {}, upstream.apiBaseUrl);
});

test.afterAll(async () => {
  await side?.stop();
  await upstream?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("a charge at 00:15 UTC is December 1 for a US Central member: on the page, the receipt and the e-mail", async ({
  page,
}, info) => {
  test.skip(info.project.use.javaScriptEnabled === false, "the dates are the server's: one run");
  test.setTimeout(120_000);
  const email = newEmail("dates");
  await openCheckout(page, `${side.url}/sign-up/free-trial`);
  await fillAccount(page, email);
  const slot = page.getByLabel("Coverage state 1");
  if (scripted()) await expect(slot.locator("option:checked")).toHaveText("Texas");
  else await slot.selectOption({ label: "Texas" });
  await page.getByLabel("I accept the terms of service.").check();
  await page.getByRole("button", { name: "View projects" }).click();
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();

  await page.goto(`${side.url}/Me/Subscription`);
  await fillBilling(page, GOOD_CARD);
  await page.getByLabel("I accept the terms of service.").check();
  await page.getByRole("button", { name: "Activate subscription" }).click();
  const done = page.getByRole("dialog", { name: "Success!" });
  await expect(done).toBeVisible();
  await done.getByText("OK", { exact: true }).click();

  const charge = upstream.db
    .prepare(
      `SELECT c.id, c.created_at, c.local_date FROM member_charges c JOIN users u ON u.id = c.user_id
       WHERE u.email = ?`,
    )
    .get(email) as { id: number; created_at: string; local_date: string };
  // Made at the API's 00:15 UTC on December 2.
  expect(charge.created_at).toMatch(/^2026-12-02T00:1\d:/);

  const payments = page.getByRole("region", { name: "Payments" });
  await expect(payments.getByText("12/01/2026", { exact: true })).toBeVisible();
  await expect(payments.getByText("12/02/2026")).toHaveCount(0);
  await payments.getByRole("link", { name: "Receipt of 12/01/2026" }).click();
  await expect(page.getByRole("heading", { name: "Receipt" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: /^12\/01\/2026$/ })).toBeVisible();
  await expect(page.getByText("12/02/2026")).toHaveCount(0);

  const mail = upstream.db
    .prepare(`SELECT body, html FROM outbox WHERE "to" = ? AND kind = 'receipt'`)
    .get(email) as { body: string; html: string };
  expect(mail.body).toContain("Date: December 1, 2026");
  expect(mail.html).toContain("December 1, 2026");
  expect(mail.body).not.toContain("December 2, 2026");
});
