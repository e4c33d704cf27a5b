/**
 * Phone first (issue 12): the member journeys on a 390×844 touch screen, in the `phone` (JavaScript on) and
 * `phone-no-js` projects (playwright.config.ts; only files ending in .phone.ts run there). Every journey
 * asserts that the page never scrolls sideways and that each dialog's box lies inside the window; then
 * target sizes, axe, and screenshots at phone and desktop size attached to the HTML report.
 */
import type { Page } from "@playwright/test";
import {
  createMember,
  expect,
  expectAxeClean,
  expectDialogOpen,
  jsDisabled,
  login,
  loginThroughForm,
  loginTo,
  query,
  test,
  writeDb,
} from "../support/fixtures";
import {
  attachScreenshot,
  expectDialogsInViewport,
  expectNoHorizontalOverflow,
  smallTargets,
} from "../support/phone";
import { sidebar } from "../support/shell";

const DEFAULT_FOLDERS: [string, string][] = [
  ["Green", "#2e7d32"],
  ["Yellow", "#f9a825"],
  ["Red", "#c62828"],
  ["Black", "#212121"],
];

const noJs = () => jsDisabled(test.info());
const main = (page: Page) => page.getByRole("main");
const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });
const folderFilter = (page: Page) => page.getByRole("navigation", { name: "Folder filter" });

/** A throwaway member with the four default folders of each kind and `saved` saved projects (the first ones). */
function seedMember(saved = 3) {
  const member = createMember({ firstName: "Pat", lastName: "Phone" });
  const projectIds = writeDb((db) => {
    const { id: userId } = db.prepare("SELECT id FROM users WHERE email = ?").get(member.email) as {
      id: number;
    };
    const now = new Date().toISOString();
    const tag = db.prepare(
      "INSERT INTO tags (user_id, name, color, tag_type, created_at) VALUES (?, ?, ?, ?, ?)",
    );
    for (const type of [1, 2])
      for (const [name, color] of DEFAULT_FOLDERS) tag.run(userId, name, color, type, now);
    const ids = (
      db.prepare("SELECT id FROM projects WHERE active = 1 ORDER BY id LIMIT ?").all(saved) as {
        id: number;
      }[]
    ).map((r) => r.id);
    const save = db.prepare(
      "INSERT INTO user_projects (user_id, project_id, tag_id, created_at) VALUES (?, ?, NULL, ?)",
    );
    for (const id of ids) save.run(userId, id, now);
    return ids;
  });
  return { ...member, projectIds };
}

/** Opens the sidebar as a phone does: the header's Menu (a button with JavaScript, a #sidebar link without). */
async function openMenu(page: Page) {
  await page
    .getByRole("banner")
    .getByRole(noJs() ? "link" : "button", { name: "Menu", exact: true })
    .click();
  await expect(sidebar(page)).toBeInViewport();
}

/** The page fits the window, and so does every dialog open on it. */
async function fits(page: Page, withDialog = false) {
  await expectNoHorizontalOverflow(page);
  if (withDialog) await expectDialogsInViewport(page);
}

test.describe("phone journeys", () => {
  test("list: search, sort, page, a row's card, and 'No records'", async ({ page }) => {
    await loginThroughForm(page, "member@example.com");
    await page.goto("/Projects");
    await fits(page);
    // A row is a card: its name is a link, the columns that matter are label/value pairs.
    const firstRow = main(page).locator("tbody tr").first();
    await expect(firstRow.getByRole("link").first()).toBeVisible();
    // The label is the cell's generated text (app.css), with an empty alternative: the header names the cell.
    const city = firstRow.locator('td[data-label="City"]');
    await expect(city).toBeVisible();
    expect(await city.evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe('"City" / ""');
    expect(await city.evaluate((cell) => getComputedStyle(cell).display)).toBe("flex");
    // The header names the screen in full, never cut ("Project Se…").
    const title = page.getByTestId("screen-title");
    await expect(title).toHaveText("Project Search");
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    // Sorting is one "Sort by" control above the cards, not a line of column names; the first card is in view.
    await expect(main(page).getByRole("columnheader", { name: /Name/ })).toBeHidden();
    const sortBy = main(page).getByText("Sort by", { exact: false }).first();
    await expect(sortBy).toBeVisible();
    await expect(firstRow).toBeInViewport();

    await main(page).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await fits(page);
    await main(page).locator("summary", { hasText: "Sort by" }).click();
    await main(page).getByRole("link", { name: /^City/ }).click();
    await expect(page).toHaveURL(/orderBy=city/);
    await expect(page).toHaveURL(/[?&]page=1(&|$)|^(?!.*page=)/);
    await expect(main(page).locator("summary", { hasText: "Sort by" })).toContainText("City");
    await fits(page);

    await main(page).getByRole("searchbox", { name: "Search projects" }).fill("zzqx-no-such-project");
    await main(page).getByRole("search").getByRole("button", { name: "Search" }).click();
    // Seen where it can be: inside the window's width, not centred in a cell wider than the screen.
    const empty = main(page).getByText("No records", { exact: true });
    await expect(empty).toBeVisible();
    const box = await empty.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await fits(page);

    // Saved contacts were 1,612 px wide at a desktop width too (the Folder column's hidden label).
    await page.setViewportSize({ width: 1366, height: 900 });
    for (const path of ["/Me/Contacts", "/Me/Projects"]) {
      await page.goto(path);
      await fits(page);
    }
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ["/Me/Contacts", "/Projects"]) {
      await page.goto(path);
      await fits(page);
    }
  });

  test("feedback on a slow connection: progress bar, busy button, dimmed list", async ({ page }) => {
    test.skip(noJs(), "without JavaScript the browser's own progress shows");
    await loginTo(page, "/Projects", "member@example.com");
    await expect(page.getByRole("banner").getByRole("button", { name: "Menu", exact: true })).toBeVisible();
    // Every data request of a client navigation takes 1.5 s.
    await page.route(/\.data(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const search = main(page).getByRole("search").getByRole("button", { name: "Search" });
    await main(page).getByRole("searchbox", { name: "Search projects" }).fill("hotel");
    await search.click();
    await expect(search).toHaveAttribute("aria-busy", "true");
    await expect(page.getByRole("progressbar", { name: "Loading" })).toBeVisible();
    await expect(
      main(page)
        .locator('[aria-busy="true"]')
        .filter({ has: page.locator("table") }),
    ).toHaveCount(1);
    await expect(page).toHaveURL(/query=hotel/);
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await expect(search).not.toHaveAttribute("aria-busy", "true");
    await expect(main(page).locator('[aria-busy="true"]')).toHaveCount(0);
  });

  test("folders: new folder in the window, the six free colours, a banner, Delete asks first", async ({
    page,
  }) => {
    const member = seedMember(1);
    await loginTo(page, "/Me/Projects", member.email, member.password);
    await folderFilter(page).getByRole("link", { name: "Add Folder" }).click();
    const form = page.locator('form[action^="/Folders"]');
    await expect(form.getByLabel("Name")).toBeVisible();
    await fits(page, true);
    if (!noJs()) await expect(form.getByLabel("Name")).toBeFocused();
    // The four default colours are the default folders' own (decision 040).
    await expect(form.getByRole("radio")).toHaveCount(6);
    await expect(form.getByRole("radio", { name: "Green" })).toHaveCount(0);

    await form.getByLabel("Name").fill("Site visits");
    await form.getByRole("radio", { name: "Teal" }).check({ force: true });
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/Me\/Projects\?/);
    // 'Folder saved' is a banner: no dialog holds the page, which stays usable.
    const banner = page.getByRole("status").filter({ hasText: "Folder saved" });
    await expect(banner).toBeVisible();
    await expect(page.locator("[data-dialog-panel]")).toHaveCount(0);
    await fits(page);
    await folderFilter(page).getByRole("link", { name: "Edit folder Site visits" }).click();
    const edit = page.locator('form[action^="/Folders"]');
    await expect(edit.getByLabel("Name")).toHaveValue("Site visits");
    await fits(page, true);

    await edit.getByRole("button", { name: "Delete" }).click();
    await expect(edit.getByText("Are you sure?")).toBeVisible();
    await fits(page, !noJs());
    await edit.getByRole("button", { name: "Yes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Folder deleted" })).toBeVisible();
    await expect(folderFilter(page).getByRole("link", { name: "Site visits", exact: true })).toHaveCount(0);
    await fits(page);
  });

  test("the standalone folder page has Cancel back to where the member came from", async ({ page }) => {
    const member = seedMember(0);
    await loginTo(page, "/Me/Contacts", member.email, member.password);
    await openMenu(page);
    await sidebar(page).getByRole("link", { name: "Add Folder (contacts)" }).click();
    await expect(page).toHaveURL(/\/Folders\?/);
    await expect(page.getByRole("heading", { name: "New folder" })).toBeVisible();
    await fits(page);
    await main(page).getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/Me\/Contacts$/);
  });

  test("move to folder: select on a card, the dialog in the window, a banner", async ({ page }) => {
    const member = seedMember(3);
    const [a, b] = member.projectIds;
    await loginTo(page, "/Me/Projects", member.email, member.password);
    await page.getByRole("checkbox", { name: `Select row ${a}` }).check();
    await page.getByRole("checkbox", { name: `Select row ${b}` }).check();
    await main(page).getByRole("button", { name: "Move to folder" }).click();
    const move = dialog(page, "Move to folder");
    await expectDialogOpen(move);
    await fits(page, true);
    if (!noJs()) await expect(move.getByLabel("Folder", { exact: true })).toBeFocused();
    await move.getByLabel("Folder", { exact: true }).selectOption({ label: "Yellow" });
    await move.getByRole("button", { name: "Move projects to folder" }).click();
    await expect(move).toHaveCount(0);
    await expect(
      page.getByRole("status").filter({ hasText: "2 projects were moved to the folder." }),
    ).toBeVisible();
    await fits(page);
    const row = main(page)
      .locator("tbody tr")
      .filter({ has: page.getByRole("checkbox", { name: `Select row ${a}` }) });
    await expect(row.getByText("Yellow")).toBeVisible();
  });

  test("note: add a note to a project from a phone", async ({ page }) => {
    const member = seedMember(0);
    const [project] = query<{ id: number }>("SELECT id FROM projects WHERE active = 1 ORDER BY id LIMIT 1");
    await loginTo(page, `/Projects/${project.id}`, member.email, member.password);
    await fits(page);
    await main(page).getByRole("link", { name: "Add Note", exact: true }).first().click();
    const add = dialog(page, "Add Note");
    await expectDialogOpen(add);
    await fits(page, true);
    await add.getByLabel("Note", { exact: true }).fill("Met the site manager");
    await add.getByRole("button", { name: "Save" }).click();
    await expect(add).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Notes" }).getByText("Met the site manager")).toBeVisible();
    await fits(page);
    await page.goto("/Notes");
    await expect(main(page).getByText("Met the site manager")).toBeVisible();
    await expect(main(page).locator("time").first()).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    await fits(page);
  });

  test("calendar: the month's reminders as an agenda, nothing scrolling sideways inside its box", async ({
    page,
  }) => {
    await login(page, "member@example.com");
    // member@'s reminders are this month and next (upstream/seed/accounts.ts).
    const month = query<{ month: string }>(
      `SELECT substr(n.notification_date, 1, 7) AS month FROM project_notes n JOIN users u ON u.id = n.user_id
       WHERE u.email = 'member@example.com' AND n.notification_date IS NOT NULL ORDER BY n.notification_date LIMIT 1`,
    )[0].month;
    await page.goto(`/Calendar?month=${month}`);
    const agenda = main(page).getByRole("region", { name: /^Reminders in / });
    await expect(agenda).toBeVisible();
    await expect(agenda.getByRole("link").first()).toBeVisible();
    await expect(main(page).getByRole("table")).toHaveCount(0);
    await fits(page);
    // No box inside the page scrolls sideways either (a field's own text may: it is not a box of the page).
    const wider = await main(page).evaluate((el) =>
      [...el.querySelectorAll("*:not(input):not(textarea)")]
        .filter(
          (x) => x.getBoundingClientRect().right > window.innerWidth + 1 || x.scrollWidth > x.clientWidth + 1,
        )
        .filter(
          (x) =>
            getComputedStyle(x).overflowX !== "visible" ||
            x.getBoundingClientRect().right > window.innerWidth + 1,
        )
        .map((x) => `${x.tagName.toLowerCase()}.${String(x.className).slice(0, 40)}`),
    );
    expect(wider).toEqual([]);
    await expectAxeClean(page);
    const first = agenda.getByRole("link").first();
    const title = (await first.textContent()) ?? "";
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/Projects/${title.split(" ")[0]}$`));
  });

  test("account: change password fails once with the new password kept, the dialog in the window", async ({
    page,
  }) => {
    const member = createMember();
    await loginTo(page, "/Me/Account", member.email, member.password);
    await fits(page);
    await main(page).getByRole("link", { name: "Change password" }).click();
    const change = dialog(page, "Change password");
    await expectDialogOpen(change);
    await fits(page, true);
    if (!noJs()) await expect(change.getByLabel("Current password")).toBeFocused();
    await change.getByLabel("Current password").fill("not-my-password");
    await change.getByLabel("New password", { exact: true }).fill("phone-new-password-1");
    await change.getByLabel("Confirm new password").fill("phone-new-password-1");
    await change.getByRole("button", { name: "Change password" }).click();
    const whoops = dialog(page, "Whoops!");
    await expectDialogOpen(whoops);
    await expect(whoops.getByText("The current password is incorrect.")).toHaveCount(1);
    await expect(whoops.getByLabel("New password", { exact: true })).toHaveValue("phone-new-password-1");
    await expect(whoops.getByLabel("Confirm new password")).toHaveValue("phone-new-password-1");
    await fits(page, true);
    // Always a way out: Cancel closes it, with or without JavaScript.
    await whoops.getByRole("link", { name: "Cancel" }).click();
    await expect(whoops).toHaveCount(0);
    await expect(page).toHaveURL(/\/Me\/Account$/);
  });

  test("Alerts are reached from the shell with the count of unread ones", async ({ page }) => {
    const member = seedMember(1);
    writeDb((db) => {
      const { id } = db.prepare("SELECT id FROM users WHERE email = ?").get(member.email) as { id: number };
      const insert = db.prepare(
        "INSERT INTO alerts (user_id, message, project_id, contact_id, created_at) VALUES (?, ?, ?, NULL, ?)",
      );
      insert.run(id, "A new project matches your alert", member.projectIds[0], "2026-01-05T10:00:00.000Z");
      insert.run(id, "Another project matches your alert", member.projectIds[0], "2026-01-06T10:00:00.000Z");
    });
    await loginTo(page, "/Projects", member.email, member.password);
    await openMenu(page);
    const alerts = sidebar(page).getByRole("link", { name: /^Alerts/ });
    await expect(alerts).toHaveAccessibleName(/^Alerts\s*2 unread$/);
    await fits(page);
    await alerts.click();
    await expect(page.getByRole("heading", { level: 1, name: "Alerts" })).toBeVisible();
    await expect(main(page).locator("time").first()).toHaveText("01/06/26");
    await fits(page);
    await page.goto("/Notes");
    await openMenu(page);
    await expect(sidebar(page).getByRole("link", { name: /^Alerts/ })).toHaveAccessibleName(/^Alerts$/);
  });
});

/** The main screens of a member, for the target-size, axe and screenshot checks. */
const SCREENS = [
  { name: "project search", path: "/Projects" },
  { name: "saved projects", path: "/Me/Projects" },
  { name: "directory", path: "/Contacts" },
  { name: "saved contacts", path: "/Me/Contacts" },
  { name: "project", path: "/Projects/PROJECT" },
  { name: "notes", path: "/Notes" },
  { name: "alerts", path: "/Alerts" },
  { name: "account", path: "/Me/Account" },
  { name: "calendar", path: "/Calendar" },
  { name: "folder dialog", path: "/Me/Projects?dialog=folder" },
];

function screenPath(path: string) {
  const [project] = query<{ id: number }>("SELECT id FROM projects WHERE active = 1 ORDER BY id LIMIT 1");
  return path.replace("PROJECT", String(project.id));
}

test.describe("main screens on a phone", () => {
  // Ten screens at two sizes, axe on each at phone size: more than the default 30 s on a loaded machine.
  test.describe.configure({ timeout: 150_000 });

  // One load of each screen per size serves every check of it: at phone size the width, the pointer targets,
  // axe and a screenshot; at desktop size the width, the targets of the two list screens and a screenshot.
  test("no screen scrolls sideways, every pointer target is at least 24×24 px (the primary ones 44 px), axe finds nothing serious; screenshots in the HTML report", async ({
    page,
  }, testInfo) => {
    const mode = noJs() ? " — no JavaScript" : "";
    await login(page, "member@example.com");
    const small: string[] = [];
    for (const screen of SCREENS) {
      await page.goto(screenPath(screen.path));
      await fits(page);
      small.push(...(await smallTargets(page)).map((t) => `${screen.path}: ${t}`));
      if (screen.path === "/Me/Projects") await expectPrimaryTargets44(page);
      await expectAxeClean(page);
      await attachScreenshot(page, testInfo, `${screen.name} — phone${mode}`);
    }
    // The shell's sidebar, opened as a phone opens it.
    await page.goto("/Projects");
    await openMenu(page);
    small.push(...(await smallTargets(page, 24, "#sidebar")).map((t) => `sidebar: ${t}`));

    // At a desktop width (the sidebar's Edit links, the sort headers).
    await page.setViewportSize({ width: 1366, height: 900 });
    for (const screen of SCREENS) {
      await page.goto(screenPath(screen.path));
      await fits(page);
      if (screen.path === "/Projects" || screen.path === "/Me/Contacts") {
        small.push(...(await smallTargets(page)).map((t) => `${screen.path} (desktop): ${t}`));
      }
      await attachScreenshot(page, testInfo, `${screen.name} — desktop${mode}`);
    }
    expect(small).toEqual([]);
  });
});

/** The primary targets of a list screen on a phone (search, paging, selection, the menu) are 44×44 px or more. */
async function expectPrimaryTargets44(page: Page) {
  const primary = [
    main(page).getByRole("search").getByRole("button", { name: "Search" }),
    main(page).getByRole("link", { name: "Page 2" }),
    main(page).getByRole("checkbox").nth(1),
    page.getByRole("banner").getByRole(noJs() ? "link" : "button", { name: "Menu", exact: true }),
  ];
  for (const target of primary) {
    const box = await target.evaluate((el) => (el.closest("label") ?? el).getBoundingClientRect().toJSON());
    expect(box.height, String(target)).toBeGreaterThanOrEqual(44);
    expect(box.width, String(target)).toBeGreaterThanOrEqual(44);
  }
}
