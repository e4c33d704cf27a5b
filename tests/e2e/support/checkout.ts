/**
 * The checkout and the activation as a member fills them in, with and without JavaScript: shared by the sign-up
 * and the billing specs.
 */
import type { Page } from "@playwright/test";
import { actsBeforeHydration, expect, jsDisabled, test } from "./fixtures";

export const GOOD_CARD = "4242424242424242";
export const DECLINED_CARD = "4000000000000002";
export const PASSWORD = "signup-password-1";

export const newEmail = (tag: string) =>
  `signup-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
export const js = () => !jsDisabled(test.info());
/** slow-js: the member acts at once, before the page's late script has hydrated it. */
const atOnce = () => actsBeforeHydration(test.info());
/**
 * Whether the page ran its script while the member typed, so that its conveniences happened (billing names
 * following the account's, the account state filling the first coverage slot, live formatting). In slow-js the
 * member types before the script arrives, and does those by hand, as without JavaScript.
 */
export const scripted = () => js() && !atOnce();

/** Opens a checkout and, with JavaScript, waits until it is hydrated (the no-JS 'Update price' goes away). */
export async function openCheckout(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: /^Your (free trial )?plan$/ })).toBeVisible();
  if (js() && !atOnce()) await expect(page.getByRole("button", { name: "Update price" })).toHaveCount(0);
}

export async function fillAccount(page: Page, email: string, password = PASSWORD, confirm = password) {
  await page.getByRole("textbox", { name: "Company" }).fill("Lee Builders");
  await page.getByLabel("First name", { exact: true }).fill("Pat");
  await page.getByLabel("Last name", { exact: true }).fill("Lee");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Phone").fill("5125550100");
  await page.getByLabel("State", { exact: true }).selectOption({ label: "Texas" });
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(confirm);
}

export async function fillBilling(page: Page, card: string) {
  // With JavaScript the billing name follows the account's as typed; without, the member types it.
  if (scripted() && (await page.getByRole("textbox", { name: "Company" }).count()) > 0) {
    await expect(page.getByLabel("Billing first name")).toHaveValue("Pat");
  } else {
    await page.getByLabel("Billing first name").fill("Pat");
    await page.getByLabel("Billing last name").fill("Lee");
  }
  await page.getByLabel("Address", { exact: true }).fill("1 Main St");
  await page.getByLabel("City").fill("Austin");
  await page.getByLabel("Billing state").selectOption({ label: "Texas" });
  await page.getByLabel("Zip").fill("78701");
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiration (mm/yy)").fill(js() ? "1239" : "12/39");
  await page.getByLabel("CVV").fill("123");
}

export const total = (page: Page) => page.getByTestId("price-total");

/** A free trial made on the checkout with its defaults (every vertical, the account state Texas), logged in. */
export async function trialFromCheckout(page: Page): Promise<string> {
  const email = newEmail("trial");
  await openCheckout(page, "/sign-up/free-trial");
  await fillAccount(page, email);
  const slot = page.getByLabel("Coverage state 1");
  if (scripted()) await expect(slot.locator("option:checked")).toHaveText("Texas");
  else await slot.selectOption({ label: "Texas" });
  await page.getByLabel("I accept the terms of service.").check();
  await page.getByRole("button", { name: "View projects" }).click();
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  return email;
}
