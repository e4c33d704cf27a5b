import {
  askForResetLink,
  createMember,
  expect,
  expectAxeClean,
  expectDialogOpen,
  fillLogin,
  login,
  test,
  writeDb,
} from "./support/fixtures";
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

    // A link that does not work says so as it opens (issue 43).
    await page.goto("/ForgotPassword/not-a-real-token");
    await expect(page.getByRole("heading", { name: "This reset link no longer works" })).toBeVisible();
    await expectAxeClean(page);

    // The form of a working link, and the Error! dialog of a post the API refuses (the link used meanwhile).
    const member = createMember();
    await page.goto(await askForResetLink(page, member.email));
    await expect(page.getByLabel("New password")).toBeVisible();
    await expectAxeClean(page);
    writeDb((db) =>
      db
        .prepare(
          "UPDATE password_resets SET used_at = '2000-01-01T00:00:00.000Z' WHERE user_id = (SELECT id FROM users WHERE email = ?)",
        )
        .run(member.email),
    );
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
