/**
 * Issue 4 (app side, without contacts): /Notes, /Alerts, /Me/Account with the change-password dialog, and
 * /Me/Settings. Every journey runs in the js and no-js projects; mutating journeys use throwaway members.
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  createMember,
  expect,
  expectAxeClean,
  expectDialogOpen,
  jsDisabled,
  login,
  loginTo,
  query,
  test,
  writeDb,
} from "./support/fixtures";

const tag = () => randomBytes(3).toString("hex");

function userId(email: string): number {
  return query<{ id: number }>("SELECT id FROM users WHERE email = ?", email)[0].id;
}

/** A throwaway member with `count` project notes (newest first: "Note 1" is the newest) and one long note. */
function memberWithNotes(count: number, marker: string) {
  const member = createMember();
  const id = userId(member.email);
  const projects = query<{ id: number; title: string }>(
    "SELECT id, title FROM projects ORDER BY id LIMIT ?",
    count + 1,
  );
  const long = `${marker} long note ${"x".repeat(380)} TAIL-THAT-IS-NOT-SHOWN`;
  writeDb((db) => {
    const insert = db.prepare(
      "INSERT INTO project_notes (user_id, project_id, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
    );
    for (let i = 1; i <= count; i++) {
      const at = new Date(Date.UTC(2026, 5, 30 - i, 12)).toISOString();
      insert.run(id, projects[i - 1].id, `${marker} Note ${i}`, at, at);
    }
    const oldest = new Date(Date.UTC(2026, 0, 2, 12)).toISOString();
    insert.run(id, projects[count].id, long, oldest, oldest);
  });
  return { ...member, projects, long };
}

async function goNotes(page: Page, search = "") {
  await page.goto(`/Notes${search}`);
  await expect(page.getByRole("heading", { level: 1, name: "Notes" })).toBeVisible();
}

const noteTabs = (page: Page) => page.getByRole("navigation", { name: "Note types" });

test.describe("Notes", () => {
  test("project and contact tabs list notes with their links and dates", async ({ page }) => {
    await login(page, "member@example.com");
    await goNotes(page);
    await expect(noteTabs(page).getByRole("link", { name: "Projects" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const projectNotes = page.getByRole("list", { name: "Project notes" });
    await expect(projectNotes.getByRole("listitem").first()).toBeVisible();
    await expect(projectNotes.getByRole("link").first()).toHaveAttribute("href", /^\/Projects\/\d+$/);
    await expect(projectNotes.locator("time").first()).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);

    await noteTabs(page).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/[?&]tab=contacts/);
    await expect(noteTabs(page).getByRole("link", { name: "Contact" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const contactNotes = page.getByRole("list", { name: "Contact notes" });
    const firstContact = contactNotes.getByRole("link").first();
    await expect(firstContact).toHaveAttribute("href", /^\/Contacts\/\d+$/);
    await expect(firstContact).toHaveText(/^\S+( \S+)*$/);
    await expectAxeClean(page);
  });

  test("search keeps the tab, returns to page 1, and says 'No records' when nothing matches", async ({
    page,
  }) => {
    const marker = `zq${tag()}`;
    const member = memberWithNotes(20, marker);
    await login(page, member.email);
    await goNotes(page);
    const list = page.getByRole("list", { name: "Project notes" });
    await expect(list.getByRole("listitem")).toHaveCount(15);

    // Paging: 21 notes, 15 per page.
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(list.getByRole("listitem")).toHaveCount(6);
    // The long note (the oldest) is cut to 300 characters with an ellipsis.
    const longEntry = list.getByRole("listitem").filter({ hasText: `${marker} long note` });
    await expect(longEntry).toContainText("…");
    await expect(longEntry).not.toContainText("TAIL-THAT-IS-NOT-SHOWN");
    const shown = ((await longEntry.locator("p").textContent()) ?? "").trim();
    expect(Array.from(shown)).toHaveLength(301);

    // A new search from page 2 goes back to page 1.
    const search = page.getByRole("searchbox", { name: "Search notes" });
    await search.fill(`${marker} Note 1`);
    await search.locator("xpath=ancestor::form").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]page=1(&|$)/);
    await expect(page).toHaveURL(new RegExp(`query=${marker}`));
    // "Note 1" and "Note 10" … "Note 19".
    await expect(list.getByRole("listitem")).toHaveCount(11);
    await expect(list.getByRole("listitem").first()).toContainText(`${marker} Note 1`);

    // The contact tab keeps the query; this member has no contact notes.
    await noteTabs(page).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/[?&]tab=contacts/);
    await expect(page).toHaveURL(new RegExp(`query=${marker}`));
    await expect(page.getByRole("main").getByText("No records", { exact: true })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search notes" })).toHaveValue(`${marker} Note 1`);
  });

  test("tab, query and page come back from the URL", async ({ page }) => {
    const marker = `zr${tag()}`;
    const member = memberWithNotes(20, marker);
    await login(page, member.email);
    await goNotes(page, `?tab=projects&query=${marker}&page=2`);
    await expect(page.getByRole("list", { name: "Project notes" }).getByRole("listitem")).toHaveCount(6);
    await expect(
      page.getByRole("navigation", { name: "Pagination" }).locator('[aria-current="page"]'),
    ).toHaveText("2");
  });
});

test.describe("Alerts", () => {
  test("each alert links to its project or contact, with its date and the preferences link", async ({
    page,
  }) => {
    await loginTo(page, "/Alerts", "member@example.com");
    await expect(page.getByRole("heading", { level: 1, name: "Alerts" })).toBeVisible();
    const main = page.getByRole("main");
    const items = main.getByRole("listitem");
    await expect(items.first()).toBeVisible();
    await expect(items.first().getByRole("link")).toHaveAttribute("href", /^\/(Projects|Contacts)\/\d+$/);
    await expect(items.first().locator("time")).toHaveText(/^\d{2}\/\d{2}\/\d{2}$/);
    await expectAxeClean(page);
    await main.getByRole("link", { name: "Alert preferences" }).click();
    await expect(page).toHaveURL(/\/Me\/Settings$/);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  });

  test("a member without alerts is told so", async ({ page }) => {
    const member = createMember();
    await loginTo(page, "/Alerts", member.email);
    await expect(page.getByText("You have no alerts currently!")).toBeVisible();
  });
});

test.describe("Account", () => {
  test("saves the profile and says so", async ({ page }) => {
    const member = createMember();
    await loginTo(page, "/Me/Account", member.email);
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(member.email);
    await expect(page.getByLabel("Country")).toHaveValue("US");
    await expectAxeClean(page);

    const city = `Springfield ${tag()}`;
    await page.getByLabel("First name").fill("Robin");
    await page.getByLabel("Address", { exact: true }).fill("12 Main St");
    await page.getByLabel("City").fill(city);
    const state = page.getByLabel("State / Province");
    if ((await state.evaluate((el) => el.tagName)) === "SELECT") await state.selectOption("OK");
    else await state.fill("OK");
    await page.getByLabel("Zip").fill("73102");
    await page.getByRole("button", { name: "Save" }).click();

    await expect(page.getByRole("dialog", { name: "Success!" })).toContainText(
      "Your account was saved successfully.",
    );
    await expect(page).toHaveURL(/\/Me\/Account$/);
    await page.reload();
    await expect(page.getByLabel("First name")).toHaveValue("Robin");
    await expect(page.getByLabel("City")).toHaveValue(city);
    await expect(page.getByLabel("State / Province")).toHaveValue("OK");
    const row = query<{ first_name: string; city: string; state: string; country: string }>(
      "SELECT first_name, city, state, country FROM users WHERE email = ?",
      member.email,
    )[0];
    expect(row).toEqual({ first_name: "Robin", city, state: "OK", country: "US" });
  });

  test("an API validation failure shows its message and keeps what was typed", async ({ page }) => {
    const member = createMember();
    await loginTo(page, "/Me/Account", member.email);
    await page.getByLabel("First name").fill("Kept");
    await page.getByLabel("City").fill("Typed City");
    await page.getByLabel("Email").fill("member@example.com");
    // A new address needs the member's password (issue 11): given, the API's own refusal shows.
    await page.getByLabel("Your password").fill(member.password);
    await page.getByRole("button", { name: "Save" }).click();

    await expect(
      page.getByRole("alert").filter({ hasText: "The email has already been taken." }),
    ).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Kept");
    await expect(page.getByLabel("City")).toHaveValue("Typed City");
    await expect(page.getByLabel("Email")).toHaveValue("member@example.com");
    expect(
      query<{ email: string }>("SELECT email FROM users WHERE id = ?", userId(member.email))[0].email,
    ).toBe(member.email);
  });
});

test.describe("Change password", () => {
  async function openDialog(page: Page) {
    await page.goto("/Me/Account");
    await page.getByRole("link", { name: "Change password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change password" });
    await expectDialogOpen(dialog);
    return dialog;
  }

  test("opens from the URL without JavaScript", async ({ page }) => {
    const member = createMember();
    await loginTo(page, "/Me/Account?dialog=password", member.email);
    const dialog = page.getByRole("dialog", { name: "Change password" });
    await expectDialogOpen(dialog);
    await expect(dialog.getByLabel("Current password")).toBeVisible();
    await expectAxeClean(page);
    // Cancel goes back to the page without the dialog.
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/Me\/Account$/);
    await expect(page.getByRole("dialog", { name: "Change password" })).toHaveCount(0);
  });

  test("a wrong current password shows 'Whoops!' with the API's message once, the new password kept", async ({
    page,
  }) => {
    const member = createMember();
    await login(page, member.email);
    const dialog = await openDialog(page);
    await dialog.getByLabel("Current password").fill("not-my-password");
    await dialog.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
    await dialog.getByLabel("Confirm new password").fill("a-brand-new-password");
    await dialog.getByRole("button", { name: "Change password" }).click();

    const whoops = page.getByRole("dialog", { name: "Whoops!" });
    await expectDialogOpen(whoops);
    await expect(whoops.getByRole("alert")).toContainText("The current password is incorrect.");
    await expect(whoops.getByText("The current password is incorrect.")).toHaveCount(1);
    await expect(whoops.getByLabel("Current password")).toHaveValue("");
    // What was typed as the new password stays (decision 042); the wrong current password is not echoed.
    await expect(whoops.getByLabel("New password", { exact: true })).toHaveValue("a-brand-new-password");
    await expect(whoops.getByLabel("Confirm new password")).toHaveValue("a-brand-new-password");
    expect(await page.content()).not.toContain("not-my-password");
  });

  test("a good change says so, and the new password logs in", async ({ page, browser }, testInfo) => {
    const member = createMember();
    await login(page, member.email);
    const dialog = await openDialog(page);
    const next = `new-password-${tag()}`;
    await dialog.getByLabel("Current password").fill(member.password);
    await dialog.getByLabel("New password", { exact: true }).fill(next);
    await dialog.getByLabel("Confirm new password").fill(next);
    await dialog.getByRole("button", { name: "Change password" }).click();

    await expect(page.getByRole("dialog", { name: "Success!" })).toContainText(
      "Your password was changed successfully.",
    );
    await expect(page).toHaveURL(/\/Me\/Account$/);
    // This session keeps working.
    await page.goto("/Me/Settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

    const other = await browser.newContext({ javaScriptEnabled: !jsDisabled(testInfo) });
    try {
      const fresh = await other.newPage();
      await login(fresh, member.email, next);
    } finally {
      await other.close();
    }
  });
});

test.describe("Settings", () => {
  test("saves the alert preferences and shows them again", async ({ page }) => {
    const member = createMember();
    await loginTo(page, "/Me/Settings", member.email);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expectAxeClean(page);

    await page.getByLabel("Weekly alerts").check();
    // The spec's two operators, and nothing that would mean something else.
    await expect(page.getByLabel("Project value").locator("option")).toHaveText([
      "Less Than",
      "Greater Than",
    ]);
    await page.getByLabel("Project value").selectOption({ label: "Greater Than" });
    await page.getByLabel("Value (millions)").fill("12.5");
    const types = page.getByRole("group", { name: "Project types" });
    const states = page.getByRole("group", { name: "States" });
    await types.getByRole("checkbox").nth(0).check();
    await types.getByRole("checkbox").nth(2).check();
    await states.getByLabel("Texas").check();
    await states.getByLabel("Ontario").check();
    await page.getByRole("button", { name: "Save" }).click();

    const done = page.getByRole("dialog", { name: "Success!" });
    await expectDialogOpen(done);
    await expect(done).toContainText("Your settings were saved successfully.");
    // With JavaScript the message closes by itself after 2.5 s.
    if (!jsDisabled(test.info())) await expect(done).toHaveCount(0, { timeout: 5000 });

    const id = userId(member.email);
    const row = query<{ alert_weekly: number; alert_operator: number; alert_value: string }>(
      "SELECT alert_weekly, alert_operator, alert_value FROM users WHERE id = ?",
      id,
    )[0];
    expect(row).toEqual({ alert_weekly: 1, alert_operator: 1, alert_value: "12.5" });
    expect(query("SELECT project_type_id FROM user_alert_project_types WHERE user_id = ?", id)).toHaveLength(
      2,
    );
    const stateAbbrs = query<{ abbr: string }>(
      "SELECT s.abbr FROM user_alert_states u JOIN states s ON s.id = u.state_id WHERE u.user_id = ? ORDER BY s.abbr",
      id,
    ).map((r) => r.abbr);
    expect(stateAbbrs).toEqual(["ON", "TX"]);

    await page.goto("/Me/Settings");
    await expect(page.getByLabel("Weekly alerts")).toBeChecked();
    await expect(page.getByLabel("Project value")).toHaveValue("1");
    await expect(page.getByLabel("Value (millions)")).toHaveValue("12.5");
    await expect(states.getByLabel("Texas")).toBeChecked();
    await expect(types.getByRole("checkbox").nth(2)).toBeChecked();
    await expect(types.getByRole("checkbox").nth(1)).not.toBeChecked();
  });

  test("a refused save keeps what was chosen and says it could not be saved", async ({ page }) => {
    const member = createMember();
    await loginTo(page, "/Me/Settings", member.email);
    await page.getByLabel("Weekly alerts").check();
    await page.getByLabel("Value (millions)").fill("about five");
    await page.getByRole("group", { name: "States" }).getByLabel("Texas").check();
    await page.getByRole("button", { name: "Save" }).click();

    await expect(
      page.getByRole("alert").filter({ hasText: "Your settings could not be saved. Please try again." }),
    ).toBeVisible();
    await expect(page.getByLabel("Value (millions)")).toHaveValue("about five");
    await expect(page.getByLabel("Weekly alerts")).toBeChecked();
    await expect(page.getByRole("group", { name: "States" }).getByLabel("Texas")).toBeChecked();
    expect(
      query<{ alert_weekly: number }>("SELECT alert_weekly FROM users WHERE email = ?", member.email)[0]
        .alert_weekly,
    ).toBe(0);
  });

  test("Select all / Deselect all toggles a checkbox group", async ({ page }, testInfo) => {
    const member = createMember();
    await loginTo(page, "/Me/Settings", member.email);
    const types = page.getByRole("group", { name: "Project types" });
    if (jsDisabled(testInfo)) {
      // Without JavaScript the toggle could not work: it keeps its place but is not offered.
      await expect(types.getByRole("checkbox").first()).toBeVisible();
      await expect(types.getByRole("button", { name: /Select all/ })).toHaveCount(0);
      return;
    }
    await types.getByRole("button", { name: /^Select all/ }).click();
    for (const box of await types.getByRole("checkbox").all()) await expect(box).toBeChecked();
    await types.getByRole("button", { name: /^Deselect all/ }).click();
    for (const box of await types.getByRole("checkbox").all()) await expect(box).not.toBeChecked();
  });
});
