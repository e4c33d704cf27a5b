import { STAFF_URL } from "./support/env";
import { APP_URL, expect, fillLogin, loginThroughForm, sessionCookie, test } from "./support/fixtures";
import { logoutThroughUserMenu } from "./support/shell";

const LOGIN_FAILED = "Incorrect email or password combination. Please try again.";

test.describe("login", () => {
  test("a member logs in and lands on the projects page inside the shell", async ({ page }) => {
    await page.goto("/Login");
    await expect(page).toHaveTitle(/Login/);
    await fillLogin(page, "member@example.com");
    await expect(page).toHaveURL(`${APP_URL}/Projects`);
    // The header's user menu shows the member's initials.
    await expect(
      page
        .getByRole("banner")
        .getByText(/^[A-Z]{2}$/)
        .first(),
    ).toBeVisible();
    expect(await sessionCookie(page.context())).not.toBeNull();
  });

  test("a wrong password shows the error above the form, clears the password and keeps the e-mail", async ({
    page,
  }) => {
    await page.goto("/Login");
    await fillLogin(page, "member@example.com", "not-the-password");
    const alert = page.getByRole("alert").filter({ hasText: LOGIN_FAILED });
    await expect(alert).toBeVisible();
    await expect(page).toHaveURL(/\/Login/);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("member@example.com");
    // The message sits above the form's fields.
    const alertBox = await alert.boundingBox();
    const emailBox = await page.getByLabel("Email", { exact: true }).boundingBox();
    expect(alertBox && emailBox && alertBox.y < emailBox.y).toBe(true);
    expect(await sessionCookie(page.context())).toBeNull();
  });

  test("an unknown e-mail gets the same message", async ({ page }) => {
    await page.goto("/Login");
    await fillLogin(page, "nobody-here@example.com", "whatever-password");
    await expect(page.getByRole("alert").filter({ hasText: LOGIN_FAILED })).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  });

  test("the sales role lands on the Subscribers page", async ({ page }) => {
    await loginThroughForm(page, "sales@example.com");
    await expect(page).toHaveURL(`${APP_URL}/Subscribers`);
    await expect(page.getByRole("heading", { name: "Subscribers" })).toBeVisible();
    await expect(page.getByRole("link", { name: /staff application/i })).toHaveAttribute("href", STAFF_URL);
  });
});

test.describe("guards", () => {
  test("a logged-out visit carries the wanted path through login", async ({ page }) => {
    await page.goto("/Me/Account");
    await expect(page).toHaveURL(`${APP_URL}/Login?redirect=%2FMe%2FAccount`);
    await fillLogin(page, "member@example.com");
    await expect(page).toHaveURL(`${APP_URL}/Me/Account`);
  });

  const hostile: Array<[string, string]> = [
    ["protocol-relative", "//evil.example"],
    ["backslash", "/\\evil.example"],
    ["absolute", "https://evil.example"],
    ["encoded tab", "/%09/evil.example"],
    ["literal tab", "/\t/evil.example"],
    ["newline", "/\n/evil.example"],
    ["javascript", "javascript:alert(1)"],
  ];
  for (const [name, value] of hostile) {
    test(`a hostile redirect value stays on the site: ${name}`, async ({ page }) => {
      // Nothing may leave for evil.example; if the app tried, the request is aborted and the URL shows it.
      await page.route(
        (url) => url.hostname.endsWith("evil.example"),
        (route) => route.abort(),
      );
      await page.goto(`/Login?redirect=${encodeURIComponent(value)}`);
      await fillLogin(page, "member@example.com");
      await expect(page).not.toHaveURL(/\/Login/);
      const url = new URL(page.url());
      expect(url.origin).toBe(APP_URL);
      // Either the landing page, or a path of this site that does not exist (the 404 page, decision 086).
      if (url.pathname !== "/Projects") {
        expect(url.pathname.startsWith("//")).toBe(false);
        await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      }
    });
  }

  test("a raw tab in the query string stays on the site too", async ({ page }) => {
    await page.route(
      (url) => url.hostname.endsWith("evil.example"),
      (route) => route.abort(),
    );
    await page.goto("/Login?redirect=/%09/evil.example");
    await fillLogin(page, "member@example.com");
    await expect(page).not.toHaveURL(/\/Login/);
    expect(new URL(page.url()).origin).toBe(APP_URL);
  });

  test("a logged-in member is sent from the guest routes to the projects page", async ({ page }) => {
    await loginThroughForm(page, "member@example.com");
    for (const path of ["/Login", "/ForgotPassword", "/ForgotPassword/some-token"]) {
      await page.goto(path);
      await expect(page, `${path} bounces`).toHaveURL(`${APP_URL}/Projects`);
    }
  });

  // An unknown path is a 404 page, not a redirect, for a guest and for a member: not-found.spec.ts.
});

test.describe("checkout guard", () => {
  test("a logged-in member opening a checkout is sent to the projects page", async ({ page }) => {
    await loginThroughForm(page, "member@example.com");
    await page.goto("/sign-up/national-edition");
    await expect(page).toHaveURL(`${APP_URL}/Projects`);
  });
});

test.describe("logout", () => {
  test("/Logout typed in the address bar ends the session and shows the login page", async ({ page }) => {
    await loginThroughForm(page, "member@example.com");
    await page.goto("/Logout");
    await expect(page).toHaveURL(/\/Login(\?|$)/);
    expect(await sessionCookie(page.context())).toBeNull();
    await page.goto("/Projects");
    await expect(page).toHaveURL(/\/Login\?redirect=%2FProjects/);
  });

  test("the user menu's Logout ends the session, and the old cookie replayed is refused", async ({
    page,
    browser,
  }, testInfo) => {
    await loginThroughForm(page, "member@example.com");
    const before = await sessionCookie(page.context());
    expect(before).not.toBeNull();

    await logoutThroughUserMenu(page);
    await expect(page).toHaveURL(/\/Login(\?|$)/);
    expect(await sessionCookie(page.context())).toBeNull();
    await page.goto("/Projects");
    await expect(page).toHaveURL(/\/Login\?redirect=%2FProjects/);

    // Someone who copied the cookie before the logout tries it in another browser.
    const other = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
    try {
      if (!before) throw new Error("no session cookie");
      await other.addCookies([before]);
      expect(await sessionCookie(other)).not.toBeNull();
      const replay = await other.newPage();
      await replay.goto("/Projects");
      await expect(replay).toHaveURL(/\/Login(\?|$)/);
    } finally {
      await other.close();
    }
  });
});
