/**
 * A charge that outlives the deadline is told as what it is (issue 42, decision 138). The side app (the production
 * build, UPSTREAM_TIMEOUT_MS 1 s) talks to the reference API through a proxy that holds the answer of the charging
 * call, and of the calls that ask what became of it, past the app's deadline: the API charges, the app never hears.
 * The member is told the payment is being confirmed (never "try again"), and once the API can be asked, ends on
 * the completed activation or sign-up, or on the form again with the refusal; with JavaScript the page asks again
 * in place, without it the page reloads itself. Exactly one charge, every time.
 */
import type { Page } from "@playwright/test";
import {
  DECLINED_CARD,
  fillAccount,
  fillBilling,
  GOOD_CARD,
  js,
  newEmail,
  openCheckout,
  PASSWORD,
  scripted,
  total,
} from "./support/checkout";
import { expect, loginAt, test, waitForHydration } from "./support/fault-fixtures";
import type { HoldRule } from "./support/fault-proxy";
import { expectAxeClean, query } from "./support/fixtures";

test.describe.configure({ mode: "parallel" });

const ACTIVATION: HoldRule[] = [
  { method: "POST", path: /\/Users\/Me\/Subscription$/ },
  { method: "GET", path: /\/Users\/Me\/Payments\/[^/]+$/ },
];
const SIGNUP: HoldRule[] = [
  { method: "POST", path: /\/Register$/ },
  { method: "GET", path: /\/Register\/Payments\/[^/]+$/ },
];

/** What the member's card was charged: one amount per approved charge of the processor, and per receipt. */
function chargesOf(email: string) {
  const processor = query<{ amount: number }>(
    `SELECT pc.amount FROM payment_charges pc WHERE pc.approved = 1 AND pc.idempotency_key IN (
       'activate:' || (SELECT s.id FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = ?),
       (SELECT 'register:' || r.idempotency_key FROM register_requests r JOIN users u ON u.id = r.user_id
        WHERE u.email = ?))`,
    email,
    email,
  ).map((r) => r.amount);
  const receipts = query<{ amount: number }>(
    "SELECT mc.amount FROM member_charges mc JOIN users u ON u.id = mc.user_id WHERE u.email = ?",
    email,
  ).map((r) => r.amount);
  return { processor, receipts };
}

/** A free trial made on the side app's checkout, logged in there. */
async function trialOn(page: Page, base: string) {
  const email = newEmail("late");
  await openCheckout(page, `${base}/sign-up/free-trial`);
  await fillAccount(page, email);
  const slot = page.getByLabel("Coverage state 1");
  if (scripted()) await expect(slot.locator("option:checked")).toHaveText("Texas");
  else await slot.selectOption({ label: "Texas" });
  await page.getByLabel("I accept the terms of service.").check();
  await page.getByRole("button", { name: "View projects" }).click();
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  return email;
}

/** The activation form filled in for National ($12,995), up to the terms. */
async function activationFilled(page: Page, base: string, card: string) {
  await page.goto(`${base}/Me/Subscription`);
  const activate = page.getByRole("button", { name: "Activate subscription" });
  if (js()) await waitForHydration(activate);
  await expect(total(page)).toHaveText("$12,995 per year");
  await fillBilling(page, card);
  await page.getByLabel("I accept the terms of service.").check();
  return activate;
}

/** The confirming panel, as the member reads it while the answer is late: the truth, and no "try again". */
async function expectConfirming(page: Page, heading: string) {
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  await expect(page.getByText("you will not be charged twice", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "Check again" })).toBeVisible();
  await expect(page.getByText(/try again/i)).toHaveCount(0);
  await expect(page.getByText(/unknown error|did not answer in time|went wrong/i)).toHaveCount(0);
  // Without JavaScript the page reloads itself; with it, it asks in place (the refresh is only in <noscript>).
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(js() ? 0 : 1);
}

/** Marks the document: still there afterwards, the page moved on without a full reload. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { lateChargeMark: number }).lateChargeMark = 1;
  });
const documentMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { lateChargeMark?: number }).lateChargeMark === 1);

test.describe("an activation whose answer is late", () => {
  test("is confirmed, not failed: the member ends on the active plan and its receipt, charged once", async ({
    page,
    side,
  }) => {
    test.setTimeout(120_000);
    await side.proxy.set("pass");
    const email = await trialOn(page, side.url);
    const activate = await activationFilled(page, side.url, GOOD_CARD);
    side.proxy.hold(...ACTIVATION);
    try {
      await activate.click();
      await expectConfirming(page, "We are confirming your payment…");
      await expect(page.getByText("Your payment of $12,995 for National was sent to us")).toBeVisible();
      // The API charged while the app waited: it is only the answer that is late.
      expect(chargesOf(email)).toEqual({ processor: [12995], receipts: [12995] });
      // A reload, or another tab, tells the same, and offers no second payment.
      await page.reload();
      await expectConfirming(page, "We are confirming your payment…");
      await expect(page.getByRole("button", { name: "Activate subscription" })).toHaveCount(0);
      const other = await page.context().newPage();
      await other.goto(`${side.url}/Me/Subscription`);
      await expect(other.getByRole("heading", { name: "We are confirming your payment…" })).toBeVisible();
      await other.close();
      // (Without JavaScript the page reloads itself under the checker: the same markup is checked with it.)
      if (js()) await expectAxeClean(page);
      if (js()) await markDocument(page);
    } finally {
      side.proxy.release();
    }

    // The page finds out by itself: no click.
    const done = page.getByRole("dialog", { name: "Success!" });
    await expect(done).toContainText("Your subscription has been updated successfully.", { timeout: 20_000 });
    if (js()) expect(await documentMarked(page), "with JavaScript, no full reload").toBe(true);
    await done.getByText("OK", { exact: true }).click();
    await expect(page.getByText("Your subscription is active.")).toBeVisible();
    await expect(page.getByText("Total: $12,995 / year")).toBeVisible();
    const payments = page.getByRole("region", { name: "Payments" });
    await expect(payments.getByText("National Edition, 1 year")).toBeVisible();
    await expect(payments.getByRole("link", { name: /^Receipt/ })).toBeVisible();
    await expect(page.getByText(/try again/i)).toHaveCount(0);
    expect(chargesOf(email)).toEqual({ processor: [12995], receipts: [12995] });
  });

  test("refused by the processor: the form again with its words and what was typed, and the same key pays once", async ({
    page,
    side,
  }) => {
    test.setTimeout(120_000);
    await side.proxy.set("pass");
    const email = await trialOn(page, side.url);
    const activate = await activationFilled(page, side.url, DECLINED_CARD);
    side.proxy.hold(...ACTIVATION);
    try {
      await activate.click();
      await expectConfirming(page, "We are confirming your payment…");
    } finally {
      side.proxy.release();
    }
    await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByLabel("Address", { exact: true })).toHaveValue("1 Main St");
    await expect(page.getByLabel("City")).toHaveValue("Austin");
    await expect(page.getByLabel("Card number")).toHaveValue("");
    expect(await page.content()).not.toContain(DECLINED_CARD);
    expect(chargesOf(email)).toEqual({ processor: [], receipts: [] });

    // Another card, on the form as it came back: one charge.
    await page.getByLabel("Card number").fill(GOOD_CARD);
    await page.getByLabel("Expiration (mm/yy)").fill(js() ? "1239" : "12/39");
    await page.getByLabel("CVV").fill("123");
    await page.getByLabel("I accept the terms of service.").check();
    await page.getByRole("button", { name: "Activate subscription" }).click();
    await expect(page.getByRole("dialog", { name: "Success!" })).toContainText(
      "Your subscription has been updated successfully.",
    );
    expect(chargesOf(email)).toEqual({ processor: [12995], receipts: [12995] });
  });
});

test.describe("a charge that never reached the API", () => {
  test("is confirmed as never received: the form again as typed, nothing charged, and the same key pays once", async ({
    page,
    side,
  }) => {
    test.setTimeout(120_000);
    await side.proxy.set("pass");
    const email = await trialOn(page, side.url);
    const activate = await activationFilled(page, side.url, GOOD_CARD);
    // The answer is cut off: the app cannot know that the proxy never passed the request on.
    await side.proxy.set("drop", { methods: ["POST"], path: /\/Users\/Me\/Subscription$/ });
    try {
      await activate.click();
      await expect(page.getByText(/did not reach us, and nothing was charged/)).toBeVisible({
        timeout: 20_000,
      });
    } finally {
      await side.proxy.set("pass");
    }
    await expect(page.getByText(/try again/i)).toHaveCount(0);
    await expect(page.getByLabel("Address", { exact: true })).toHaveValue("1 Main St");
    await expect(page.getByLabel("Card number")).toHaveValue("");
    expect(chargesOf(email)).toEqual({ processor: [], receipts: [] });

    await page.getByLabel("Card number").fill(GOOD_CARD);
    await page.getByLabel("Expiration (mm/yy)").fill(js() ? "1239" : "12/39");
    await page.getByLabel("CVV").fill("123");
    await page.getByLabel("I accept the terms of service.").check();
    await page.getByRole("button", { name: "Activate subscription" }).click();
    await expect(page.getByRole("dialog", { name: "Success!" })).toContainText(
      "Your subscription has been updated successfully.",
    );
    expect(chargesOf(email)).toEqual({ processor: [12995], receipts: [12995] });
  });
});

test.describe("a sign-up whose answer is late", () => {
  test("is confirmed, not failed: the member ends on the completion page, logs in, and was charged once", async ({
    page,
    side,
  }) => {
    test.setTimeout(120_000);
    await side.proxy.set("pass");
    const email = newEmail("late-paid");
    await openCheckout(page, `${side.url}/sign-up/state`);
    await fillAccount(page, email);
    const slot = page.getByLabel("Coverage state 1");
    if (scripted()) await expect(slot.locator("option:checked")).toHaveText("Texas");
    else await slot.selectOption({ label: "Texas" });
    await page.getByRole("group", { name: "Project types" }).getByLabel("Hotel").check();
    if (!js()) await page.getByRole("button", { name: "Update price" }).click();
    await expect(total(page)).toHaveText("$3,495 per year");
    await fillBilling(page, GOOD_CARD);
    await page.getByLabel("I accept the terms of service.").check();
    side.proxy.hold(...SIGNUP);
    try {
      await page.getByRole("button", { name: "Create account" }).click();
      await expectConfirming(page, "We are confirming your payment…");
      await expect(page.getByText("Your payment of $3,495 for State was sent to us")).toBeVisible();
      expect(query("SELECT id FROM users WHERE email = ?", email)).toHaveLength(1);
      expect(chargesOf(email)).toEqual({ processor: [3495], receipts: [3495] });
      // The checkout of another plan, meanwhile, is this confirmation too: one sign-up at a time.
      await page.goto(`${side.url}/sign-up/national`);
      await expectConfirming(page, "We are confirming your payment…");
      await expect(page).toHaveURL(/\/sign-up\/state$/);
      if (js()) await expectAxeClean(page);
      if (js()) await markDocument(page);
    } finally {
      side.proxy.release();
    }

    await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/sign-up\/state\/complete$/);
    if (js()) expect(await documentMarked(page), "with JavaScript, no full reload").toBe(true);
    await expect(page.getByText("Your account is ready.")).toBeVisible();
    await expect(page.getByText(/try again|unknown error/i)).toHaveCount(0);
    // The password was never kept: the member logs in, and finds what they paid for.
    await page.getByRole("link", { name: "log in" }).click();
    await loginAt(page, side.url, email, PASSWORD);
    await page.goto(`${side.url}/Me/Subscription`);
    await expect(page.getByText("Your subscription is active.")).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Payments" }).getByText("State Edition, 1 year"),
    ).toBeVisible();
    expect(query("SELECT id FROM users WHERE email = ?", email)).toHaveLength(1);
    expect(chargesOf(email)).toEqual({ processor: [3495], receipts: [3495] });
  });

  test("a trial's late sign-up ends on its completion page too", async ({ page, side }) => {
    test.setTimeout(120_000);
    await side.proxy.set("pass");
    const email = newEmail("late-trial");
    await openCheckout(page, `${side.url}/sign-up/free-trial`);
    await fillAccount(page, email);
    const slot = page.getByLabel("Coverage state 1");
    if (scripted()) await expect(slot.locator("option:checked")).toHaveText("Texas");
    else await slot.selectOption({ label: "Texas" });
    await page.getByLabel("I accept the terms of service.").check();
    side.proxy.hold(...SIGNUP);
    try {
      await page.getByRole("button", { name: "View projects" }).click();
      await expectConfirming(page, "We are confirming your sign-up…");
    } finally {
      side.proxy.release();
    }
    await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/sign-up\/free-trial\/complete\?free_trial=1$/);
    await expect(page.getByText(/cannot be downloaded during the free trial/)).toBeVisible();
    expect(query("SELECT id FROM users WHERE email = ?", email)).toHaveLength(1);
    expect(chargesOf(email)).toEqual({ processor: [], receipts: [] });
  });
});
