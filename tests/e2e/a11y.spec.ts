import { expect, expectAxeClean, expectDialogOpen, fillLogin, login, test } from "./support/fixtures";
import { openContactUs } from "./support/shell";

test.describe("accessibility (axe, WCAG 2 A/AA)", () => {
  // Several axe runs a test (without JavaScript each loads the page again in a scratch context): more than
  // 30 s on a loaded machine, in both modes.
  test.beforeEach(() => {
    test.slow(true, "several axe runs a test");
  });

  test("login, its error, and the logout confirmation", async ({ page }) => {
    await page.goto("/Login");
    await expectAxeClean(page);
    await fillLogin(page, "member@example.com", "wrong-password");
    await expect(page.getByRole("alert")).toBeVisible();
    await expectAxeClean(page);
    await page.goto("/Logout");
    await expectAxeClean(page);
  });

  test("forgot password, Sent!, reset and Error!", async ({ page }) => {
    await page.goto("/ForgotPassword");
    await expectAxeClean(page);
    await page.getByLabel("Email", { exact: true }).fill("nobody-at-all@example.test");
    await page.getByRole("button", { name: /send/i }).click();
    await expectDialogOpen(page.getByRole("dialog", { name: "Sent!" }));
    await expectAxeClean(page);

    await page.goto("/ForgotPassword/not-a-real-token");
    await expectAxeClean(page);
    await page.getByLabel("New password").fill("some-new-password-4");
    await page.getByRole("button", { name: /reset password/i }).click();
    await expectDialogOpen(page.getByRole("dialog", { name: "Error!" }));
    await expectAxeClean(page);
  });

  test("the member shell, a profile page, a not-yet-available screen", async ({ page }) => {
    await login(page, "member@example.com");
    await expectAxeClean(page);
    for (const path of ["/Me/Account", "/Notes"]) {
      await page.goto(path);
      await expectAxeClean(page);
    }
  });

  test("Ask A Question and its Submitted message", async ({ page }) => {
    await login(page, "member@example.com");
    await openContactUs(page, "Ask A Question");
    const dialog = page.getByRole("dialog", { name: /Ask A Question/i });
    await expectDialogOpen(dialog);
    await expectAxeClean(page);
    await dialog.getByRole("textbox").first().fill("An accessible question");
    await dialog.getByRole("button", { name: /^Submit/ }).click();
    await expectDialogOpen(page.getByRole("dialog", { name: "Submitted" }));
    await expectAxeClean(page);
  });

  test("the trial shell with its nudge, and the trial-expired dialog", async ({ page }) => {
    await login(page, "trial@example.com");
    await expectDialogOpen(page.getByRole("dialog", { name: "Subscribe to unlock more reports." }));
    await expectAxeClean(page);

    await page.context().clearCookies();
    await login(page, "expired@example.com");
    await expectDialogOpen(page.getByRole("dialog", { name: "Your Free Trial Has Expired..." }));
    await expectAxeClean(page);
  });

  test("the staff Subscribers page", async ({ page }) => {
    await login(page, "sales@example.com");
    await expectAxeClean(page);
  });
});
