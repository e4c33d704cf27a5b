/**
 * A real 404 (issue 44): an unknown address, and every detail screen's missing id, answer 404 with the one error
 * page: inside the member shell with a project search box for a member, with a login link for a guest. Never a
 * redirect. Runs in the `js` and the `no-js` projects.
 */
import type { Page, Response } from "@playwright/test";
import { APP_URL, expect, jsDisabled, loginTo, test } from "./support/fixtures";
import { sidebar } from "./support/shell";

const ERROR_404 = "Error 404";

/** The one error page for a 404, as a member sees it (the shell around it) or a guest (a login link). */
async function expectNotFoundPage(
  page: Page,
  response: Response | null,
  who: "member" | "guest",
  heading = "Page not found",
  message?: string,
) {
  expect(response?.status(), `${page.url()} answers 404`).toBe(404);
  const alert = page.getByRole("alert").filter({ hasText: ERROR_404 });
  await expect(alert.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  if (message) await expect(alert).toContainText(message);
  await expect(page).toHaveTitle(`${heading} | Project Leads`);
  if (who === "member") {
    await expect(sidebar(page)).toBeVisible();
    await expect(alert.getByRole("searchbox", { name: "Search projects" })).toBeVisible();
    await expect(alert.getByRole("link", { name: "Log in" })).toHaveCount(0);
  } else {
    await expect(sidebar(page)).toHaveCount(0);
    await expect(alert.getByRole("searchbox")).toHaveCount(0);
    await expect(alert.getByRole("link", { name: "Log in" })).toBeVisible();
  }
}

test.describe("an unknown address", () => {
  test("a guest gets the 404 page with a login link that comes back here, not a redirect", async ({
    page,
  }) => {
    for (const path of ["/no/such/page", "/Projectz", "/Me/Nothing?x=1"]) {
      const response = await page.goto(path);
      await expect(page).toHaveURL(`${APP_URL}${path}`);
      await expectNotFoundPage(page, response, "guest");
    }
    await expect(page.getByRole("link", { name: "Log in" })).toHaveAttribute(
      "href",
      `/Login?redirect=${encodeURIComponent("/Me/Nothing?x=1")}`,
    );
  });

  test("a member gets the 404 page inside the shell, and its search box searches the projects", async ({
    page,
  }) => {
    await loginTo(page, "/Notes", "member@example.com");
    const response = await page.goto("/no/such/page");
    await expect(page).toHaveURL(`${APP_URL}/no/such/page`);
    await expectNotFoundPage(page, response, "member");
    await page.getByRole("alert").getByRole("searchbox", { name: "Search projects" }).fill("school");
    await page.getByRole("alert").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(`${APP_URL}/Projects?query=school`);
    await expect(page.getByRole("heading", { level: 1, name: "Project Search" })).toBeVisible();
  });

  test("a member following a link to an unknown address in the app gets the same page", async ({
    page,
  }, testInfo) => {
    test.skip(jsDisabled(testInfo), "a client-side navigation needs JavaScript; the page loads are above");
    await loginTo(page, "/Notes", "member@example.com");
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate("/Nowhere/At/All"),
    );
    await expect(page).toHaveURL(`${APP_URL}/Nowhere/At/All`);
    const alert = page.getByRole("alert").filter({ hasText: ERROR_404 });
    await expect(alert.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(sidebar(page)).toBeVisible();
    await expect(alert.getByRole("searchbox", { name: "Search projects" })).toBeVisible();
  });
});

test.describe("a detail screen's missing id", () => {
  const PROJECT = "A project with this ID could not be found. Please try searching for it instead.";
  const COMPANY = "A company with this ID could not be found. Please try searching for it instead.";
  const CONTACT = "A contact with this ID could not be found.";

  test("a project, a company, a contact, a receipt: the same 404 page, with the way back", async ({
    page,
  }) => {
    await loginTo(page, "/Notes", "member@example.com");
    const cases = [
      { path: "/Projects/999999999?page=3&perPage=15", heading: "Project not found", message: PROJECT },
      { path: "/Projects/not-a-number", heading: "Project not found", message: PROJECT },
      { path: "/Companies/987654321", heading: "Company not found", message: COMPANY },
      { path: "/Companies/x1", heading: "Company not found", message: COMPANY },
      { path: "/Contacts/999999999?page=3&perPage=15", heading: "Contact not found", message: CONTACT },
      { path: "/Contacts/not-a-number", heading: "Contact not found", message: CONTACT },
      { path: "/Me/Subscription/Receipts/999999999", heading: "Receipt not found" },
      { path: "/Me/Subscription/Receipts/abc", heading: "Receipt not found" },
    ];
    for (const { path, heading, message } of cases) {
      const response = await page.goto(path);
      await expect(page, "no redirect").toHaveURL(`${APP_URL}${path}`);
      await expectNotFoundPage(page, response, "member", heading, message);
    }
    // The way back leads to the list the screen was opened from.
    await page.goto("/Projects/999999999?page=3&perPage=15");
    await page.getByRole("alert").getByRole("link", { name: "Back to search" }).click();
    await expect(page).toHaveURL(/\/Projects\?page=3&perPage=15$/);
    await page.goto("/Contacts/999999999?page=3&perPage=15");
    await page.getByRole("alert").getByRole("link", { name: "Back to directory" }).click();
    await expect(page).toHaveURL(/\/Contacts\?page=3&perPage=15$/);
  });

  test("a member without the directory is led back to the saved contacts", async ({ page }) => {
    await loginTo(page, "/Notes", "basic@example.com");
    const response = await page.goto("/Contacts/999999999");
    await expectNotFoundPage(page, response, "member", "Contact not found", CONTACT);
    await expect(
      page.getByRole("alert").getByRole("link", { name: "Back to saved contacts" }),
    ).toHaveAttribute("href", "/Me/Contacts");
  });

  test("an unsubscribe link that names no one: the same 404 page, for a guest and for a one-click post", async ({
    page,
  }) => {
    for (const token of ["A".repeat(43), "too-short"]) {
      const response = await page.goto(`/Unsubscribe/${token}`);
      await expectNotFoundPage(page, response, "guest", "This link does not work", "after you log in");
      const post = await page.request.post(`${APP_URL}/Unsubscribe/${token}`, {
        form: { "List-Unsubscribe": "One-Click" },
        maxRedirects: 0,
      });
      expect(post.status()).toBe(404);
    }
  });
});
