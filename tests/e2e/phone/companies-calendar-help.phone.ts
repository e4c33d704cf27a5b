/**
 * Companies, the company page, the calendar and the help pages on a 390-pixel phone, with and without
 * JavaScript: no sideways scrolling, dialogs inside the window, screenshots for the report.
 */
import { expect, expectDialogOpen, loginTo, test } from "../support/fixtures";
import { attachScreenshot, expectDialogsInViewport, expectNoHorizontalOverflow } from "../support/phone";

test("companies list and a company page on a phone", async ({ page }, testInfo) => {
  await loginTo(page, "/Companies", "member@example.com");
  await expect(page.getByRole("heading", { level: 1, name: "Companies" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await attachScreenshot(page, testInfo, "companies");
  await page.locator("tbody a[href^='/Companies/']").first().click();
  await expect(page).toHaveURL(/\/Companies\/\d+/);
  await expectNoHorizontalOverflow(page);
  for (const tab of ["Company Locations", "People", "Projects", "Companies worked with"]) {
    await page
      .getByRole("link", { name: tab })
      .or(page.getByRole("tab", { name: tab }))
      .first()
      .click();
    await expectNoHorizontalOverflow(page);
  }
  await attachScreenshot(page, testInfo, "company");
});

test("the company edit dialog fits a phone (researcher)", async ({ page }) => {
  await loginTo(page, "/Companies/1?dialog=edit", "researcher@example.com");
  await expectDialogOpen(page.getByRole("dialog").first());
  await expectDialogsInViewport(page);
  await expectNoHorizontalOverflow(page);
});

test("the calendar and the help pages on a phone", async ({ page }, testInfo) => {
  await loginTo(page, "/Calendar?month=2026-12", "member@example.com");
  await expect(page.getByRole("heading", { level: 1, name: /Calendar/ })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await attachScreenshot(page, testInfo, "calendar");
  for (const path of ["/Help", "/Manual", "/TrainingVideos"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  }
});
