import { APP_URL, DEMO_URL, MARKETING_URL } from "./support/env";
import {
  expect,
  expectDialogOpen,
  jsDisabled,
  login,
  loginTo,
  query,
  sessionCookie,
  test,
} from "./support/fixtures";
import { sidebar } from "./support/shell";

type Tag = { id: number; name: string; tag_type: number };

function tagsOf(email: string): Tag[] {
  return query<Tag>(
    "SELECT t.id, t.name, t.tag_type FROM tags t JOIN users u ON u.id = t.user_id WHERE u.email = ? ORDER BY t.id",
    email,
  );
}

/** MM/DD/YYYY of an ISO date or date-time (the date part as stored). */
function usDate(value: string): string {
  const [y, m, d] = value.slice(0, 10).split("-");
  return `${m}/${d}/${y}`;
}

test.describe("the sidebar per account", () => {
  test("a paid member with every flag sees Companies, Directory and both folder lists", async ({ page }) => {
    await login(page, "member@example.com");
    const nav = sidebar(page);
    for (const name of [
      "Project Search",
      "Calendar",
      "Saved Projects",
      "Companies",
      "Directory",
      "Contacts",
      "Notes",
    ]) {
      await expect(nav.getByRole("link", { name, exact: true }), name).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Companies", exact: true })).toHaveAttribute(
      "href",
      "/Companies",
    );
    await expect(nav.getByRole("link", { name: "Directory", exact: true })).toHaveAttribute(
      "href",
      "/Contacts",
    );

    const tags = tagsOf("member@example.com");
    expect(
      tags.filter((t) => t.tag_type === 1).length,
      "the seed gives member@ project folders",
    ).toBeGreaterThan(0);
    expect(
      tags.filter((t) => t.tag_type === 2).length,
      "the seed gives member@ contact folders",
    ).toBeGreaterThan(0);
    for (const tag of tags) {
      const href = tag.tag_type === 1 ? `/Me/Projects/Tags/${tag.id}` : `/Me/Contacts/Tags/${tag.id}`;
      const link = nav.locator(`a[href="${href}"]`);
      await expect(link, `folder ${tag.name}`).toBeVisible();
      await expect(link).toContainText(tag.name);
    }
    await expect(nav.getByText(/Free reports remaining/)).toHaveCount(0);

    // A folder link opens the saved list of that folder.
    const first = tags.find((t) => t.tag_type === 1) as Tag;
    await nav.locator(`a[href="/Me/Projects/Tags/${first.id}"]`).click();
    await expect(page).toHaveURL(`${APP_URL}/Me/Projects/Tags/${first.id}`);
  });

  test("a member without the capability flags sees no Companies and no Directory", async ({ page }) => {
    await login(page, "basic@example.com");
    const nav = sidebar(page);
    await expect(nav.getByRole("link", { name: "Project Search", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Saved Projects", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Companies", exact: true })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Directory", exact: true })).toHaveCount(0);
  });

  test("a trial member sees the free reports remaining and the expiry date", async ({ page }) => {
    await login(page, "trial@example.com");
    const sub = query<{ trial_end_date: string; remaining_projects: number }>(
      `SELECT s.trial_end_date, s.remaining_projects FROM subscriptions s JOIN users u ON u.id = s.user_id
       WHERE u.email = ?`,
      "trial@example.com",
    )[0];
    expect(sub.remaining_projects).toBe(5);
    // The subscribe nudge greets a trial member first; Later puts the page back in reach.
    const nudge = page.getByRole("dialog", { name: "Subscribe to unlock more reports." });
    await expectDialogOpen(nudge);
    await nudge
      .getByRole("button", { name: "Later" })
      .or(nudge.getByRole("link", { name: "Later" }))
      .first()
      .click();
    const nav = sidebar(page);
    await expect(nav.getByText("Free reports remaining: 5")).toBeVisible();
    await expect(nav).toContainText(usDate(sub.trial_end_date));
  });

  test("the profile pages show Back, Account, Subscription, Settings and Logout instead", async ({
    page,
  }) => {
    await loginTo(page, "/Me/Account", "member@example.com");
    const nav = sidebar(page);
    for (const name of ["Back", "Account", "Subscription", "Settings"]) {
      await expect(nav.getByRole("link", { name, exact: true }).first(), name).toBeVisible();
    }
    await expect(
      nav
        .getByRole("button", { name: "Logout" })
        .or(nav.getByRole("link", { name: "Logout" }))
        .first(),
    ).toBeVisible();
    await expect(nav.getByRole("link", { name: "Project Search", exact: true })).toHaveCount(0);
  });

  test("the footer carries the current year", async ({ page }) => {
    await login(page, "member@example.com");
    await expect(page.getByRole("contentinfo")).toContainText(String(new Date().getFullYear()));
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Help" })).toHaveAttribute(
      "href",
      "/Help",
    );
  });
});

test.describe("links between pages", () => {
  test("the sidebar, a sort header and a page number lead to their pages, and mark the current entry", async ({
    page,
  }) => {
    const noJs = jsDisabled(test.info());
    await loginTo(page, "/Projects", "member@example.com");
    // With JavaScript the links navigate inside the page (no document load): a mark on the window survives.
    if (!noJs) await page.evaluate(() => Object.assign(window, { sameDocumentMark: true }));
    const nav = sidebar(page);
    const projectSearch = nav.getByRole("link", { name: "Project Search", exact: true });
    const calendar = nav.getByRole("link", { name: "Calendar", exact: true });
    await expect(projectSearch).toHaveAttribute("aria-current", "page");
    await expect(calendar).not.toHaveAttribute("aria-current");

    await calendar.click();
    await expect(page).toHaveURL(/\/Calendar$/);
    await expect(calendar).toHaveAttribute("aria-current", "page");
    await expect(projectSearch).not.toHaveAttribute("aria-current");

    await projectSearch.click();
    await expect(page).toHaveURL(/\/Projects$/);
    const citySort = page.getByRole("columnheader", { name: /City/ }).getByRole("link");
    await expect(citySort).toHaveAttribute("href", /^\/Projects\?.*orderBy=city/);
    await citySort.click();
    await expect(page).toHaveURL(/\/Projects\?.*orderBy=city/);
    await expect(page.getByRole("columnheader", { name: /City/ })).toHaveAttribute(
      "aria-sort",
      /ascending|descending/,
    );
    await page.getByRole("link", { name: "Page 2", exact: true }).first().click();
    await expect(page).toHaveURL(/\/Projects\?.*page=2/);
    await expect(page).toHaveURL(/orderBy=city/);
    if (!noJs) {
      expect(await page.evaluate(() => (window as { sameDocumentMark?: boolean }).sameDocumentMark)).toBe(
        true,
      );
    }
  });
});

test.describe("trial expired", () => {
  const TITLE = "Your Free Trial Has Expired...";

  test("blocks the app with the three choices, but not on the profile pages", async ({ page }) => {
    await login(page, "expired@example.com");
    const dialog = page.getByRole("dialog", { name: TITLE });
    await expectDialogOpen(dialog);
    await expect(dialog).toContainText("Sign up for a full subscription to continue using the product.");
    const signUp = dialog
      .getByRole("link", { name: "Sign Up" })
      .or(dialog.getByRole("button", { name: "Sign Up" }));
    await expect(signUp.first()).toBeVisible();
    await expect(
      dialog
        .getByRole("link", { name: /Schedule a demo/i })
        .or(dialog.getByRole("button", { name: /Schedule a demo/i }))
        .first(),
    ).toBeVisible();
    await expect(
      dialog
        .getByRole("button", { name: "Home page" })
        .or(dialog.getByRole("link", { name: "Home page" }))
        .first(),
    ).toBeVisible();
    // It cannot be closed.
    await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);
    await expect(dialog.getByRole("link", { name: "Close" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expectDialogOpen(dialog);

    // Another member screen: still blocked.
    await page.goto("/Notes");
    await expectDialogOpen(page.getByRole("dialog", { name: TITLE }));

    // Sign Up leads to the subscription page, where the dialog does not show.
    await page.getByRole("dialog", { name: TITLE }).getByText("Sign Up", { exact: true }).click();
    await expect(page).toHaveURL(`${APP_URL}/Me/Subscription`);
    await expect(page.getByRole("dialog", { name: TITLE })).toHaveCount(0);
    await page.goto("/Me/Account");
    await expect(page.getByRole("dialog", { name: TITLE })).toHaveCount(0);
  });

  test("Schedule a demo points at the demo scheduling page", async ({ page }) => {
    await login(page, "expired@example.com");
    const dialog = page.getByRole("dialog", { name: TITLE });
    const demo = dialog.getByRole("link", { name: /Schedule a demo/i });
    await expect(demo).toHaveAttribute("href", DEMO_URL);
  });

  test("Home page logs out, then goes to the company site", async ({ page }) => {
    await page.route(`${MARKETING_URL}**`, (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<title>Company site</title><h1>Company site</h1>",
      }),
    );
    await login(page, "expired@example.com");
    const dialog = page.getByRole("dialog", { name: TITLE });
    await dialog
      .getByRole("button", { name: "Home page" })
      .or(dialog.getByRole("link", { name: "Home page" }))
      .first()
      .click();
    await expect(page).toHaveURL(MARKETING_URL);
    await expect(page.getByRole("heading", { name: "Company site" })).toBeVisible();
    expect(await sessionCookie(page.context())).toBeNull();
    await page.goto(`${APP_URL}/Projects`);
    await expect(page).toHaveURL(/\/Login/);
  });
});

test.describe("subscribe nudge", () => {
  const TEXT = "Subscribe to unlock more reports.";

  test("a trial member is nudged once; Later dismisses it", async ({ page }) => {
    await login(page, "trial@example.com");
    const nudge = page.getByRole("dialog", { name: TEXT });
    await expectDialogOpen(nudge);
    await expect(
      nudge
        .getByRole("link", { name: "Sign Up" })
        .or(nudge.getByRole("button", { name: "Sign Up" }))
        .first(),
    ).toBeVisible();
    await nudge
      .getByRole("button", { name: "Later" })
      .or(nudge.getByRole("link", { name: "Later" }))
      .first()
      .click();
    await expect(page.getByRole("dialog", { name: TEXT })).toHaveCount(0);
    await expect(page).toHaveURL(/\/Projects/);
    // The next screen does not bring it back.
    await page.goto("/Notes");
    await expect(page.getByRole("dialog", { name: TEXT })).toHaveCount(0);
  });

  test("the nudge does not block the page: a sidebar link navigates and dismisses it", async ({ page }) => {
    await login(page, "trial@example.com");
    await expectDialogOpen(page.getByRole("dialog", { name: TEXT }));
    await sidebar(page).getByRole("link", { name: "Notes", exact: true }).click();
    await expect(page).toHaveURL(`${APP_URL}/Notes`);
    await expect(page.getByRole("dialog", { name: TEXT })).toHaveCount(0);
  });

  test("the nudge's Sign Up opens the subscription page", async ({ page }) => {
    await login(page, "trial@example.com");
    const nudge = page.getByRole("dialog", { name: TEXT });
    await nudge
      .getByRole("link", { name: "Sign Up" })
      .or(nudge.getByRole("button", { name: "Sign Up" }))
      .first()
      .click();
    await expect(page).toHaveURL(`${APP_URL}/Me/Subscription`);
    await expect(page.getByRole("dialog", { name: TEXT })).toHaveCount(0);
  });

  test("a paid member is not nudged and not blocked", async ({ page }) => {
    await login(page, "member@example.com");
    await expect(page.getByRole("heading").first()).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
