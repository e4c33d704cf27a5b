/**
 * When the reference API's own limits refuse a public call (decision 105: 429 with a message and Retry-After),
 * the member reads that message on the form, not a generic error: login, forgot password, the checkout's price
 * and the checkout itself, with and without JavaScript. Each test starts an API of its own on the run's database
 * with low per-client limits, and a side app in front of it whose own limits are out of the way, so that the
 * API's refusal is what the member meets.
 */
import type { Page } from "@playwright/test";
import { type RunningUpstream, startUpstream } from "../../upstream/server";
import { fillAccount, newEmail, openCheckout, scripted } from "./support/checkout";
import { DB_PATH } from "./support/env";
import { expect, expectDialogOpen, jsDisabled, test } from "./support/fixtures";
import { freePort } from "./support/raw-http";
import { type SideApp, startSideApp } from "./support/side-app";

/** One failure (or one use) per client, then 429: every browser of the test is the same client, 127.0.0.1. */
const ONE_PER_CLIENT = {
  login: { delayAfter: 1000, maxDelaySeconds: 900, perClient: 1, windowSeconds: 900 },
  publicForm: { delayAfter: 1000, maxDelaySeconds: 3600, perClient: 1, windowSeconds: 3600 },
  cardFailuresPerClientPerHour: 1000,
  promoFailuresPerClientPerHour: 1,
  memoryKeys: 1000,
};

/** The side app's own limits, out of the way. */
const APP_LIMITS_OFF = {
  LOGIN_DELAY_AFTER_FAILURES: "1000",
  LOGIN_MAX_FAILURES_PER_CLIENT: "100000",
  PUBLIC_FORM_DELAY_AFTER: "1000",
  PUBLIC_FORM_MAX_PER_CLIENT_PER_HOUR: "100000",
  PROMO_MAX_FAILURES_PER_CLIENT_PER_HOUR: "100000",
  UPSTREAM_TIMEOUT_MS: "8000",
};

async function withLimitedApi(run: (app: SideApp) => Promise<void>) {
  let api: RunningUpstream | null = null;
  let app: SideApp | null = null;
  try {
    api = await startUpstream({ dbPath: DB_PATH, port: 0, limits: ONE_PER_CLIENT });
    app = await startSideApp(await freePort(), { ...APP_LIMITS_OFF, API_BASE_URL: api.apiBaseUrl });
    await run(app);
  } finally {
    await app?.stop();
    await api?.close();
  }
}

const reprice = async (page: Page) => {
  if (jsDisabled(test.info())) await page.getByRole("button", { name: "Update price" }).click();
  else await page.getByLabel("Promo code").blur();
};

test("the API's limits of its public calls are told on each form in their own words", async ({ page }) => {
  test.setTimeout(180_000);
  await withLimitedApi(async (app) => {
    // Login: one failed password per client, then the API's wait.
    await page.goto(`${app.url}/Login`);
    for (const expected of [
      "Incorrect email or password combination. Please try again.",
      "Too many failed login attempts. Please try again in 15 minutes.",
    ]) {
      await page.getByLabel("Email", { exact: true }).fill("nobody@example.test");
      await page.getByLabel("Password", { exact: true }).fill("not-the-password");
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page.getByRole("alert").filter({ hasText: expected })).toBeVisible();
    }

    // Forgot password: one reset mail per client and hour.
    await page.goto(`${app.url}/ForgotPassword`);
    await page.getByLabel("Email", { exact: true }).fill("nobody@example.test");
    await page.getByRole("button", { name: /send/i }).click();
    await expectDialogOpen(page.getByRole("dialog", { name: "Sent!" }));
    await page.goto(`${app.url}/ForgotPassword`);
    await page.getByLabel("Email", { exact: true }).fill("somebody@example.test");
    await page.getByRole("button", { name: /send/i }).click();
    const refused = page.getByRole("dialog", { name: "Error!" });
    await expectDialogOpen(refused);
    await expect(refused).toContainText(
      "Too many requests from you or for this e-mail address. Please try again in 60 minutes.",
    );

    // The checkout's price: one promo code that does not apply per client and hour.
    await openCheckout(page, `${app.url}/sign-up/national`);
    const promo = page.getByLabel("Promo code");
    await promo.fill("NOPE-CODE-1");
    await reprice(page);
    await expect(page.getByText("The promo code is not valid.").first()).toBeVisible();
    await promo.fill("NOPE-CODE-2");
    await reprice(page);
    await expect(
      page
        .getByText(
          "Too many promo codes that do not apply were tried from your address. Please try again in 60 minutes, or leave the promo code empty.",
        )
        .first(),
    ).toBeVisible();

    // The checkout: one sign-up per client and hour (an address already taken counts: it tells that it is).
    await openCheckout(page, `${app.url}/sign-up/free-trial`);
    await fillAccount(page, "member@example.com");
    const slot = page.getByLabel("Coverage state 1");
    if (scripted()) await expect(slot.locator("option:checked")).toHaveText("Texas");
    else await slot.selectOption({ label: "Texas" });
    await page.getByLabel("I accept the terms of service.").check();
    await page.getByRole("button", { name: "View projects" }).click();
    await expect(page.getByText("The email has already been taken.").first()).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill(newEmail("limited"));
    await page.getByLabel("I accept the terms of service.").check();
    await page.getByRole("button", { name: "View projects" }).click();
    await expect(
      page.getByText(
        "Too many requests from you or for this e-mail address. Please try again in 60 minutes.",
      ),
    ).toBeVisible();
    await expect(page.getByText("Sorry, there was an unknown error")).toHaveCount(0);
  });
});
