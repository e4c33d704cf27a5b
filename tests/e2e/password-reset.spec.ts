import {
  APP_URL,
  createMember,
  expect,
  expectDialogOpen,
  fillLogin,
  lastOutboxId,
  query,
  resetLinkFor,
  sessionCookie,
  test,
} from "./support/fixtures";

const TOKEN_INVALID = /invalid/i;

test.describe("forgot and reset password", () => {
  test("a reset link from the outbox sets a new password and 'Go to Dashboard' opens the projects page", async ({
    page,
  }) => {
    const member = createMember();
    const since = lastOutboxId();

    await page.goto("/Login");
    await page.getByRole("link", { name: /forgot your password/i }).click();
    await expect(page).toHaveURL(`${APP_URL}/ForgotPassword`);
    await page.getByLabel("Email", { exact: true }).fill(member.email);
    await page.getByRole("button", { name: /send/i }).click();

    const sent = page.getByRole("dialog", { name: "Sent!" });
    await expectDialogOpen(sent);
    await expect(sent).toContainText(/e-?mailed/i);

    const link = await resetLinkFor(member.email, since);
    expect(link.startsWith(`${APP_URL}/ForgotPassword/`)).toBe(true);

    await page.goto(link);
    const newPassword = "a-brand-new-password-1";
    await page.getByLabel("New password").fill(newPassword);
    await page.getByRole("button", { name: /reset password/i }).click();

    const success = page.getByRole("dialog", { name: "Success!" });
    await expectDialogOpen(success);
    await success
      .getByRole("link", { name: "Go to Dashboard" })
      .or(success.getByRole("button", { name: "Go to Dashboard" }))
      .click();
    await expect(page).toHaveURL(`${APP_URL}/Projects`);
    expect(await sessionCookie(page.context())).not.toBeNull();

    // The new password works and the old one no longer does.
    await page.context().clearCookies();
    await page.goto("/Login");
    await fillLogin(page, member.email, member.password);
    await expect(page.getByRole("alert")).toContainText("Incorrect email or password combination");
    await fillLogin(page, member.email, newPassword);
    await expect(page).toHaveURL(`${APP_URL}/Projects`);

    // The link is single-use.
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByLabel("New password").fill("yet-another-password-2");
    await page.getByRole("button", { name: /reset password/i }).click();
    const error = page.getByRole("dialog", { name: "Error!" });
    await expectDialogOpen(error);
    await expect(error).toContainText(TOKEN_INVALID);
  });

  test("a made-up reset token shows the Error! dialog and changes nothing", async ({ page }) => {
    await page.goto("/ForgotPassword/not-a-real-token");
    await page.getByLabel("New password").fill("some-new-password-3");
    await page.getByRole("button", { name: /reset password/i }).click();
    const error = page.getByRole("dialog", { name: "Error!" });
    await expectDialogOpen(error);
    await expect(error).toContainText(TOKEN_INVALID);
    await expect(page.getByLabel("New password")).toHaveValue("");
    expect(await sessionCookie(page.context())).toBeNull();
  });

  test("an unknown e-mail gets the same Sent! answer and no mail", async ({ page }) => {
    const since = lastOutboxId();
    await page.goto("/ForgotPassword");
    await page.getByLabel("Email", { exact: true }).fill("nobody-at-all@example.test");
    await page.getByRole("button", { name: /send/i }).click();
    await expectDialogOpen(page.getByRole("dialog", { name: "Sent!" }));
    const mails = query<{ n: number }>(
      'SELECT COUNT(*) AS n FROM outbox WHERE id > ? AND "to" = ?',
      since,
      "nobody-at-all@example.test",
    );
    expect(mails[0].n).toBe(0);
  });

  test("an empty e-mail is refused with a message", async ({ page }) => {
    await page.goto("/ForgotPassword");
    await page.getByRole("button", { name: /send/i }).click();
    await expect(page.getByText("Please enter your email.")).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Sent!" })).toHaveCount(0);
  });
});
