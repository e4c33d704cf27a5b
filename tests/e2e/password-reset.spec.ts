import type { Page } from "@playwright/test";
import {
  APP_URL,
  askForResetLink,
  createMember,
  expect,
  expectDialogOpen,
  fillLogin,
  lastOutboxId,
  query,
  resetLinkFor,
  sessionCookie,
  test,
  writeDb,
} from "./support/fixtures";

const TOKEN_INVALID = /invalid/i;

/** A used, expired or unknown link, said when it is opened: no password field, the way to a new link. */
async function expectLinkNoLongerWorks(page: Page) {
  await expect(page.getByRole("heading", { name: "This reset link no longer works" })).toBeVisible();
  await expect(page.getByText("has already been used or has expired")).toBeVisible();
  await expect(page.getByLabel("New password")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Send a new reset link" })).toHaveAttribute(
    "href",
    "/ForgotPassword",
  );
}

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

    // The link is single-use, and says so as soon as it is opened again: no form to type into first.
    await page.context().clearCookies();
    await page.goto(link);
    await expectLinkNoLongerWorks(page);
  });

  test("a made-up reset token says so when opened and changes nothing", async ({ page }) => {
    await page.goto("/ForgotPassword/not-a-real-token");
    await expectLinkNoLongerWorks(page);
    expect(await sessionCookie(page.context())).toBeNull();
  });

  test("an expired reset link says so when opened; a new one can be asked for from there", async ({
    page,
  }) => {
    const member = createMember();
    const link = await askForResetLink(page, member.email);
    writeDb((db) =>
      db
        .prepare(
          "UPDATE password_resets SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = (SELECT id FROM users WHERE email = ?)",
        )
        .run(member.email),
    );
    await page.goto(link);
    await expectLinkNoLongerWorks(page);
    await page.getByRole("link", { name: "Send a new reset link" }).click();
    await expect(page).toHaveURL(`${APP_URL}/ForgotPassword`);
  });

  test("a reset post on a link that went stale meanwhile still shows the Error! dialog", async ({ page }) => {
    // The form was opened while the link worked; the link was used elsewhere before the post.
    const member = createMember();
    const link = await askForResetLink(page, member.email);
    await page.goto(link);
    await expect(page.getByLabel("New password")).toBeVisible();
    writeDb((db) =>
      db
        .prepare(
          "UPDATE password_resets SET used_at = '2000-01-01T00:00:00.000Z' WHERE user_id = (SELECT id FROM users WHERE email = ?)",
        )
        .run(member.email),
    );
    await page.getByLabel("New password").fill("some-new-password-3");
    await page.getByRole("button", { name: /reset password/i }).click();
    const error = page.getByRole("dialog", { name: "Error!" });
    await expectDialogOpen(error);
    await expect(error).toContainText(TOKEN_INVALID);
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
