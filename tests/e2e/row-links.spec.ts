/**
 * "Clicking a row opens" (member-app.md §2, signup-search-companies-calendar.md §2.11): a click anywhere on a
 * results row opens its project, contact or company, with and without JavaScript, on a desktop and on a phone;
 * the row keeps one real link (keyboard: Tab, Enter), and its checkbox and other links still do their own thing.
 */

import type { Locator, Page } from "@playwright/test";
import { expect, login, test } from "./support/fixtures";

const rows = (page: Page) => page.getByRole("main").locator("tbody tr");

/** A member's click in the middle of a cell (the row's link lies over it, so the click is the pointer's own). */
async function clickOn(page: Page, cell: Locator) {
  const box = await cell.boundingBox();
  if (!box) throw new Error("the cell is not on screen");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

for (const size of [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
]) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test("a click on a project row's city opens the project; its checkbox only selects", async ({ page }) => {
      await login(page, "member@example.com");
      await page.goto("/Projects");
      const first = rows(page).first();
      const href = (await first.getByRole("link").first().getAttribute("href")) ?? "";
      const checkbox = first.getByRole("checkbox");
      await checkbox.check();
      await expect(checkbox).toBeChecked();
      await expect(page).toHaveURL(/\/Projects$/);
      await clickOn(page, first.getByRole("cell").nth(2));
      await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, "\\?")}$`));
    });

    test("a contact row opens on its last name; a company row on its dates, its website link stays its own", async ({
      page,
    }) => {
      await login(page, "member@example.com");
      await page.goto("/Contacts");
      const contact = rows(page).first();
      const contactHref = (await contact.getByRole("link").first().getAttribute("href")) ?? "";
      expect(await contact.getByRole("link").count()).toBe(1);
      await clickOn(page, contact.getByRole("cell").nth(2));
      await expect(page).toHaveURL(new RegExp(`${contactHref.replace(/[?]/g, "\\?")}$`));

      await page.goto("/Companies");
      const company = rows(page).first();
      const companyHref = (await company.getByRole("link").first().getAttribute("href")) ?? "";
      await clickOn(page, company.getByRole("cell").last());
      await expect(page).toHaveURL(new RegExp(`${companyHref.replace(/[?]/g, "\\?")}$`));
    });

    test("the row's link is reached and followed from the keyboard", async ({ page }) => {
      await login(page, "member@example.com");
      await page.goto("/Projects");
      const link = rows(page).first().getByRole("link").first();
      const href = (await link.getAttribute("href")) ?? "";
      await link.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, "\\?")}$`));
    });
  });
}
