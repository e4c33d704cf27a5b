/**
 * The advanced project search on a 390-pixel phone, with and without JavaScript: the panel opens, is filled and
 * searched without sideways scrolling, and the saved-searches dialog fits the screen.
 */
import { expect, expectDialogOpen, jsDisabled, loginTo, test } from "../support/fixtures";
import { attachScreenshot, expectDialogsInViewport, expectNoHorizontalOverflow } from "../support/phone";

test("advanced project search on a phone", async ({ page }, testInfo) => {
  await loginTo(page, "/Projects", "member@example.com");
  await page.getByRole("main").getByRole("link", { name: "Advanced search" }).click();
  const form = page.getByRole("form", { name: "Advanced project search" });
  await expect(form).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await form.getByRole("radio", { name: "Public" }).check();
  await form.getByRole("checkbox", { name: "Senior Living" }).check();
  if (jsDisabled(testInfo)) await form.getByRole("button", { name: "Update options" }).click();
  await expect(form.getByRole("group", { name: "Project Subtypes" })).toBeVisible();
  await form.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/[?&]sector=Public/);
  await expectNoHorizontalOverflow(page);
  await attachScreenshot(page, testInfo, "advanced-search");
  await page
    .getByRole("form", { name: "Advanced project search" })
    .getByRole("link", { name: "Saved searches" })
    .click();
  await expectDialogOpen(page.getByRole("dialog", { name: "Saved Searches" }));
  await expectDialogsInViewport(page);
});
