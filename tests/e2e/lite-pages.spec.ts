/**
 * Lite pages: a browser that sends `Save-Data: on`, or a member who turns them on in Settings, gets every page
 * with no script at all (the no-JavaScript forms and dialogs), a banner saying so and a way back to full pages.
 * The browser here runs JavaScript: what is asserted is that the server sends none.
 */
import type { Page } from "@playwright/test";
import { expect, login, loginTo, test } from "./support/fixtures";

/** Counts the script requests a page makes from now on. */
function countScripts(page: Page) {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") seen.push(`${request.frame().url()} ${request.url()}`);
  });
  return seen;
}

/**
 * A full page fetches a chunk while the browser is idle (the dialog library); leaving it before counting
 * keeps that late request out of the next page's count.
 */
async function leaveFullPage(page: Page) {
  await page.goto("about:blank");
}

async function expectLite(page: Page, scripts: string[]) {
  await expect(page.getByText("Lite pages: no scripts, for slow connections.")).toBeVisible();
  expect(await page.locator("script").count()).toBe(0);
  expect(scripts).toEqual([]);
}

test.describe("lite pages", () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    "what the server sends to a browser that runs scripts",
  );

  test.describe("with Save-Data: on", () => {
    test.use({ extraHTTPHeaders: { "Save-Data": "on" } });

    test("search, paging and a project load without any script, and the list stays in the URL", async ({
      page,
    }) => {
      await login(page, "member@example.com");
      // From here: Playwright's extra headers do not reach the GET that follows the login form's redirect.
      await leaveFullPage(page);
      const scripts = countScripts(page);
      await page.goto("/Projects");
      await expectLite(page, scripts);
      await page.getByRole("searchbox", { name: "Search projects" }).fill("school");
      await page
        .getByRole("search", { name: "Search projects" })
        .getByRole("button", { name: "Search" })
        .click();
      await expect(page).toHaveURL(/[?&]query=school/);
      await expect(page.getByText(/matching results\./)).toBeVisible();
      await page
        .getByRole("navigation", { name: "Pagination" })
        .getByRole("link", { name: "Page 2" })
        .click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(page).toHaveURL(/[?&]query=school/);
      await page.locator("table a[href^='/Projects/']").first().click();
      await expect(page).toHaveURL(/\/Projects\/\d+/);
      await expectLite(page, scripts);
    });

    test("'Switch to full pages' brings the scripts back, for this browser only", async ({ page }) => {
      // Logs in on a full page: a lite landing page never hydrates, which login waits for.
      await login(page, "member@example.com");
      await page.goto("/Contacts");
      const scripts = countScripts(page);
      await page.getByRole("button", { name: "Switch to full pages" }).first().click();
      await expect(page.getByText("Lite pages: no scripts, for slow connections.")).toHaveCount(0);
      await expect(page).toHaveURL(/\/Contacts$/);
      await expect.poll(() => scripts.length, { message: "the app's scripts load again" }).toBeGreaterThan(0);
    });
  });

  test("a member turns lite pages on in Settings and off again from the banner", async ({ page }) => {
    await loginTo(page, "/Me/Settings", "member@example.com");
    await page.getByRole("button", { name: "Turn on lite pages" }).click();
    await expect(page.getByRole("button", { name: "Switch to full pages" })).toHaveCount(2);
    await expect(page).toHaveURL(/\/Me\/Settings$/);
    await leaveFullPage(page);
    const scripts = countScripts(page);
    await page.goto("/Projects");
    await expectLite(page, scripts);
    await page.getByRole("button", { name: "Switch to full pages" }).click();
    await expect(page.getByText("Lite pages: no scripts, for slow connections.")).toHaveCount(0);
    await expect(page).toHaveURL(/\/Projects$/);
    await expect.poll(() => scripts.length, { message: "the app's scripts load again" }).toBeGreaterThan(0);
  });

  test("a lite page's policy allows no script", async ({ request }) => {
    const lite = await request.get("/Login", { headers: { "Save-Data": "on" } });
    expect(lite.headers()["content-security-policy"]).toContain("script-src 'none'");
    expect(lite.headers().vary).toContain("Save-Data");
    expect(await lite.text()).not.toContain("<script");
    const full = await request.get("/Login");
    expect(await full.text()).toContain("<script");
  });
});
