/**
 * Project lists (/Projects, /Me/Projects, /Me/Projects/Tags/{tagId}): the search form, sorting, pagination,
 * totals, row links, selection with Move and Remove, Download CSV, the folder filter and the folder dialog,
 * the map, and the trial counter. Every journey runs in the `js` and the `no-js` projects.
 * Journeys that change data use a throwaway member, so they never race other specs.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { parse } from "csv-parse/sync";
import { DB_PATH } from "./support/env";
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
  waitForHydration,
} from "./support/fixtures";
import { sidebar } from "./support/shell";

const DEFAULT_FOLDERS: [string, string][] = [
  ["Green", "#2e7d32"],
  ["Yellow", "#f9a825"],
  ["Red", "#c62828"],
  ["Black", "#212121"],
];

/** The ids of the first `n` active seeded projects. */
function projectIds(n: number, offset = 0): number[] {
  return query<{ id: number }>(
    "SELECT id FROM projects WHERE active = 1 ORDER BY id LIMIT ? OFFSET ?",
    n,
    offset,
  ).map((r) => r.id);
}

/**
 * A throwaway member with folders (the four defaults unless told), saved projects (each optionally in a
 * folder, by name) and, when asked, a free trial with `remaining` reports left instead of a paid plan.
 */
function seedMember(
  options: {
    folders?: [string, string][];
    saved?: { id: number; folder?: string }[];
    trial?: { remaining: number };
  } = {},
) {
  const member = createMember({ firstName: "Lee", lastName: "Lister" });
  const conn = new Database(DB_PATH, { fileMustExist: true });
  conn.pragma("busy_timeout = 5000");
  const folderIds = new Map<string, number>();
  try {
    conn
      .transaction(() => {
        const { id: userId } = conn.prepare("SELECT id FROM users WHERE email = ?").get(member.email) as {
          id: number;
        };
        const now = new Date().toISOString();
        const insertTag = conn.prepare(
          "INSERT INTO tags (user_id, name, color, tag_type, created_at) VALUES (?, ?, ?, 1, ?)",
        );
        for (const [name, color] of options.folders ?? DEFAULT_FOLDERS) {
          folderIds.set(name, Number(insertTag.run(userId, name, color, now).lastInsertRowid));
        }
        const insertSaved = conn.prepare(
          "INSERT INTO user_projects (user_id, project_id, tag_id, created_at) VALUES (?, ?, ?, ?)",
        );
        for (const [i, s] of (options.saved ?? []).entries()) {
          const at = new Date(Date.now() - i * 60_000).toISOString();
          insertSaved.run(userId, s.id, s.folder ? (folderIds.get(s.folder) ?? null) : null, at);
        }
        if (options.trial) {
          const plan = conn
            .prepare("SELECT id FROM plans WHERE is_free_trial = 1 ORDER BY id LIMIT 1")
            .get() as {
            id: number;
          };
          const end = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
          conn.prepare("UPDATE users SET member_type = 'Free Trial' WHERE id = ?").run(userId);
          conn
            .prepare(
              "UPDATE subscriptions SET plan_id = ?, start_date = NULL, trial_end_date = ?, remaining_projects = ?, activated = 0 WHERE user_id = ?",
            )
            .run(plan.id, end, options.trial.remaining, userId);
        }
      })
      .immediate();
  } finally {
    conn.close();
  }
  return { ...member, folderIds };
}

function savedCount(email: string): number {
  return (
    query<{ n: number }>(
      "SELECT count(*) AS n FROM user_projects up JOIN users u ON u.id = up.user_id WHERE u.email = ?",
      email,
    )[0]?.n ?? 0
  );
}

const main = (page: Page) => page.getByRole("main");
const folderFilter = (page: Page) => page.getByRole("navigation", { name: "Folder filter" });
const pagination = (page: Page) => page.getByRole("navigation", { name: "Pagination" });
const nameCells = (page: Page) => page.locator("tbody tr td:nth-child(2)");
const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });
const EXPIRED = "Your Free Trial Has Expired...";
const REPORTS_USED = "You Have Used Your Free Trial's Reports";

/** The search params of the page's URL, as a plain object (one value each). */
function params(page: Page): Record<string, string> {
  const found = Object.fromEntries(new URL(page.url()).searchParams);
  // The search box sends its "Bids due: Any time" as `bidsDue=` when no script runs (no filter); a hydrated
  // page leaves it out of the address (checked in the js project below).
  if (found.bidsDue === "") delete found.bidsDue;
  return found;
}

/** "N matching results. M in database." */
async function totals(page: Page): Promise<{ matching: number; database: number }> {
  const text = await main(page)
    .getByText(/matching results\./)
    .textContent();
  const m = /(\d+) matching results\. (\d+) in database\./.exec(text ?? "");
  if (!m) throw new Error(`no totals in "${text}"`);
  return { matching: Number(m[1]), database: Number(m[2]) };
}

/**
 * The flash dialog after a mutation: with JavaScript it closes itself after 2.5 s; without it, its Close
 * link leads to the same page without it.
 */
/** A confirmation banner ('Folder saved'): it leaves the page usable; its Dismiss link closes it. */
async function closeToast(page: Page, title: string) {
  const banner = page.getByRole("status").filter({ hasText: title });
  await expect(banner).toBeVisible();
  await expect(dialog(page, title)).toHaveCount(0);
  await banner.getByRole("link", { name: "Dismiss" }).click();
  await expect(banner).toHaveCount(0);
}

async function search(page: Page, text: string) {
  await main(page).getByRole("searchbox", { name: "Search projects" }).fill(text);
  await main(page).getByRole("search").getByRole("button", { name: "Search" }).click();
}

test.describe("project search", () => {
  test("keyword search through the GET form carries exactly the list parameters", {
    tag: "@late-script",
  }, async ({ page }) => {
    await loginTo(page, "/Projects", "member@example.com");
    await expect(page.getByRole("heading", { level: 1, name: "Project Search" })).toBeVisible();
    const all = await totals(page);
    expect(all.matching).toBeGreaterThan(15);

    await search(page, "hotel");
    await expect(page).toHaveURL(/[?&]query=hotel/);
    expect(params(page)).toEqual({ page: "1", perPage: "15", query: "hotel" });
    if (test.info().project.name === "js") expect(new URL(page.url()).search).not.toContain("bidsDue");
    // (With JavaScript the URL can change a moment before the new rows render.)
    await expect.poll(async () => (await totals(page)).matching).toBeLessThan(all.matching);
    const found = await totals(page);
    expect(found.matching).toBeGreaterThan(0);
    expect(found.database).toBe(all.database);
    await expect(main(page).getByRole("searchbox", { name: "Search projects" })).toHaveValue("hotel");

    // The sort, the folder and the page jump keep the query; a new search goes back to page 1 and keeps the sort.
    await page.getByRole("columnheader", { name: /City/ }).getByRole("link").click();
    await expect(page).toHaveURL(/orderBy=city/);
    expect(params(page)).toEqual({
      page: "1",
      perPage: "15",
      orderBy: "city",
      orderDirection: "desc",
      query: "hotel",
    });
    await folderFilter(page).getByRole("link", { name: "Hot Leads", exact: true }).click();
    await expect(page).toHaveURL(/[?&]tag=\d+/);
    const tag = params(page).tag;
    await search(page, "school");
    await expect(page).toHaveURL(/[?&]query=school/);
    expect(params(page)).toEqual({
      page: "1",
      perPage: "15",
      orderBy: "city",
      orderDirection: "desc",
      tag,
      query: "school",
    });
  });

  test("a search without matches says No records", async ({ page }) => {
    await loginTo(page, "/Projects?page=1&perPage=15&query=zzqxjvwnomatch", "member@example.com");
    await expect(main(page).getByRole("cell", { name: "No records" })).toBeVisible();
    expect((await totals(page)).matching).toBe(0);
    await expect(pagination(page)).toHaveCount(0);
  });

  test("sorting cycles descending, ascending, none and returns to page 1", async ({ page }) => {
    await loginTo(page, "/Projects?page=3&perPage=15", "member@example.com");
    const header = page.getByRole("columnheader", { name: /Name/ });
    await expect(header).toHaveAttribute("aria-sort", "none");

    await header.getByRole("link").click();
    await expect(page).toHaveURL(/orderBy=title&orderDirection=desc/);
    expect(params(page).page).toBe("1");
    await expect(header).toHaveAttribute("aria-sort", "descending");
    const desc = await nameCells(page).allTextContents();
    expect(desc.length).toBe(15);
    expect(desc).toEqual([...desc].sort().reverse());

    await header.getByRole("link").click();
    await expect(page).toHaveURL(/orderBy=title&orderDirection=asc/);
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    const asc = await nameCells(page).allTextContents();
    expect(asc).toEqual([...asc].sort());
    expect(asc[0]).not.toBe(desc[0]);

    await header.getByRole("link").click();
    await expect(page).not.toHaveURL(/orderBy/);
    expect(params(page)).toEqual({ page: "1", perPage: "15" });
    await expect(header).toHaveAttribute("aria-sort", "none");
  });

  test("pagination: two pages either side, first and last, the page jump, page 0 is page 1", async ({
    page,
  }) => {
    await loginTo(page, "/Projects?page=5&perPage=15", "member@example.com");
    const { matching } = await totals(page);
    const last = Math.ceil(matching / 15);
    expect(last).toBeGreaterThan(10);
    const nav = pagination(page);
    await expect(nav.locator('[aria-current="page"]')).toHaveText("5");
    for (const p of [1, 3, 4, 6, 7, last]) {
      await expect(nav.getByRole("link", { name: `Page ${p}`, exact: true })).toBeVisible();
    }
    for (const p of [2, 8]) {
      await expect(nav.getByRole("link", { name: `Page ${p}`, exact: true })).toHaveCount(0);
    }

    await nav.getByRole("link", { name: `Page ${last}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]page=${last}(&|$)`));
    await expect(nav.locator('[aria-current="page"]')).toHaveText(String(last));
    const onLast = await page.locator("tbody tr").count();
    expect(onLast).toBe(matching - (last - 1) * 15);

    // The page jump reaches any page: a number field (issue 43).
    const jump = nav.getByLabel("Go to page");
    await jump.fill("13");
    await nav.getByRole("button", { name: "Go" }).click();
    await expect(page).toHaveURL(/[?&]page=13(&|$)/);
    await expect(nav.locator('[aria-current="page"]')).toHaveText("13");
    expect(params(page)).toEqual({ page: "13", perPage: "15" });

    // A page past the last shows the last page, not "No records".
    await page.goto("/Projects?page=99999&perPage=15");
    await expect(page).toHaveURL(new RegExp(`[?&]page=${last}(&|$)`));
    await expect(nav.locator('[aria-current="page"]')).toHaveText(String(last));
    expect(await page.locator("tbody tr").count()).toBe(matching - (last - 1) * 15);

    for (const bad of ["0", "-3"]) {
      await page.goto(`/Projects?page=${bad}&perPage=15`);
      await expect(nav.locator('[aria-current="page"]')).toHaveText("1");
      await expect(nav.getByRole("link", { name: "Page 2", exact: true })).toBeVisible();
    }
  });

  test("the tracking link counts the saved projects and leads to them", async ({ page }) => {
    const member = seedMember({ saved: projectIds(3).map((id) => ({ id })) });
    await loginTo(page, "/Projects", member.email, member.password);
    const tracking = main(page).getByRole("link", { name: "Number of projects tracking: 3" });
    await expect(tracking).toBeVisible();
    await tracking.click();
    await expect(page).toHaveURL(/\/Me\/Projects(\?|$)/);
    await expect(page.getByRole("heading", { level: 1, name: "Saved Projects" })).toBeVisible();
    await expect(main(page).getByRole("link", { name: /Number of projects tracking/ })).toHaveCount(0);
    await expect(page.locator("tbody tr")).toHaveCount(3);
    expect((await totals(page)).matching).toBe(3);
    // One page: no pagination.
    await expect(pagination(page)).toHaveCount(0);
  });

  test("a row's name opens the project and carries the search parameters", async ({ page }) => {
    await login(page, "member@example.com");
    const list = "/Projects?page=2&perPage=15&orderBy=city&orderDirection=asc&query=hotel";
    await page.goto(list);
    const link = nameCells(page).first().getByRole("link");
    const title = (await link.textContent()) ?? "";
    await expect(link).toHaveAttribute(
      "href",
      /^\/Projects\/\d+\?page=2&perPage=15&orderBy=city&orderDirection=asc&query=hotel$/,
    );
    await link.click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("link", { name: /Back to search/ })).toHaveAttribute("href", list);
  });

  test("a folder route pre-selects its folder and its rows lead back to it", async ({ page }) => {
    const [a, b, c] = projectIds(3, 20);
    const member = seedMember({
      saved: [
        { id: a, folder: "Red" },
        { id: b, folder: "Red" },
        { id: c, folder: "Green" },
      ],
    });
    const red = member.folderIds.get("Red");
    await loginTo(page, `/Me/Projects/Tags/${red}`, member.email, member.password);
    const active = folderFilter(page).getByRole("link", { name: "Red", exact: true });
    await expect(active).toHaveAttribute("aria-current", "true");
    await expect(folderFilter(page).getByRole("link", { name: "Green", exact: true })).not.toHaveAttribute(
      "aria-current",
      /.*/,
    );
    await expect(page.locator("tbody tr")).toHaveCount(2);
    await expect(nameCells(page).first().getByRole("link")).toHaveAttribute(
      "href",
      new RegExp(`^/Projects/\\d+\\?page=1&perPage=15&mine=1&tag=${red}$`),
    );
    await nameCells(page).first().getByRole("link").click();
    await expect(page.getByRole("link", { name: /Back to search/ })).toHaveAttribute(
      "href",
      `/Me/Projects/Tags/${red}?page=1&perPage=15`,
    );
    await page.getByRole("link", { name: /Back to search/ }).click();
    await expect(page).toHaveURL(new RegExp(`/Me/Projects/Tags/${red}\\?`));

    // Choosing the active folder clears the filter; choosing another folder filters by it.
    await folderFilter(page).getByRole("link", { name: "Red", exact: true }).click();
    await expect(page).toHaveURL(/\/Me\/Projects\?page=1&perPage=15$/);
    await expect(page.locator("tbody tr")).toHaveCount(3);
    await expect(folderFilter(page).locator('[aria-current="true"]')).toHaveCount(0);
    await folderFilter(page).getByRole("link", { name: "Green", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/Me/Projects/Tags/${member.folderIds.get("Green")}\\?`));
    await expect(page.locator("tbody tr")).toHaveCount(1);
  });

  test("the search's folder filter toggles the tag parameter", async ({ page }) => {
    const member = seedMember({ saved: [{ id: projectIds(1, 30)[0], folder: "Yellow" }] });
    const yellow = member.folderIds.get("Yellow");
    await loginTo(page, "/Projects?page=4&perPage=15&query=office", member.email, member.password);
    await folderFilter(page).getByRole("link", { name: "Yellow", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]tag=${yellow}(&|$)`));
    expect(params(page)).toEqual({ page: "1", perPage: "15", query: "office", tag: String(yellow) });
    const chip = folderFilter(page).getByRole("link", { name: "Yellow", exact: true });
    await expect(chip).toHaveAttribute("aria-current", "true");
    await chip.click();
    await expect(page).not.toHaveURL(/[?&]tag=/);
    expect(params(page)).toEqual({ page: "1", perPage: "15", query: "office" });
  });
});

test.describe("selection and bulk actions", () => {
  test("Move to folder needs a folder and files the selected projects", { tag: "@late-script" }, async ({
    page,
  }) => {
    const ids = projectIds(3, 40);
    const member = seedMember({ saved: ids.map((id) => ({ id })) });
    await loginTo(page, "/Me/Projects", member.email, member.password);
    await page.getByRole("checkbox", { name: `Select row ${ids[0]}` }).check();
    await page.getByRole("checkbox", { name: `Select row ${ids[1]}` }).check();
    if (!jsDisabled(test.info())) await expect(main(page).getByText("2 projects selected")).toBeVisible();
    await main(page).getByRole("button", { name: "Move to folder" }).click();

    const move = dialog(page, "Move to folder");
    await expectDialogOpen(move);
    await expect(move.getByText("2 projects selected.")).toBeVisible();
    const select = move.getByLabel("Folder", { exact: true });
    await expect(select).toHaveAttribute("required", "");
    // Without a folder the browser refuses the form: the dialog stays.
    await move.getByRole("button", { name: "Move projects to folder" }).click();
    await expectDialogOpen(move);
    await expect(page.getByText("2 projects were moved to the folder.")).toHaveCount(0);

    await select.selectOption({ label: "Red" });
    await move.getByRole("button", { name: "Move projects to folder" }).click();
    await expect(move).toHaveCount(0);
    await expect(page.getByText("2 projects were moved to the folder.")).toBeVisible();
    for (const id of ids.slice(0, 2)) {
      await expect(
        page.locator("tbody tr").filter({ has: page.getByRole("checkbox", { name: `Select row ${id}` }) }),
      ).toContainText("Red");
    }
    const folders = query<{ project_id: number; name: string | null }>(
      `SELECT up.project_id, t.name FROM user_projects up JOIN users u ON u.id = up.user_id
       LEFT JOIN tags t ON t.id = up.tag_id WHERE u.email = ? ORDER BY up.project_id`,
      member.email,
    );
    expect(folders).toEqual([
      { project_id: ids[0], name: "Red" },
      { project_id: ids[1], name: "Red" },
      { project_id: ids[2], name: null },
    ]);
  });

  test("a selection carried in the address stays checked, also once the page runs its script", async ({
    page,
  }) => {
    const ids = projectIds(3, 60);
    const member = seedMember({ saved: ids.map((id) => ({ id })) });
    await login(page, member.email, member.password);
    // The no-JavaScript bulk buttons lead to such an address; it can be bookmarked, shared or gone back to.
    await page.goto(`/Me/Projects?ids=${ids[0]}&ids=${ids[2]}`);
    const box = (id: number) => page.getByRole("checkbox", { name: `Select row ${id}` });
    if (!jsDisabled(test.info())) {
      await waitForHydration(box(ids[0]));
      await expect(main(page).getByText("2 projects selected")).toBeVisible();
    }
    await expect(box(ids[0])).toBeChecked();
    await expect(box(ids[1])).not.toBeChecked();
    await expect(box(ids[2])).toBeChecked();
  });

  test("Remove selected asks first; cancel keeps, Yes removes", { tag: "@late-script" }, async ({ page }) => {
    const ids = projectIds(3, 50);
    const member = seedMember({ saved: ids.map((id) => ({ id })) });
    const noJs = jsDisabled(test.info());
    await loginTo(page, "/Me/Projects", member.email, member.password);
    // The search list has no Remove selected.
    const selectTwo = async () => {
      await page.getByRole("checkbox", { name: `Select row ${ids[0]}` }).check();
      await page.getByRole("checkbox", { name: `Select row ${ids[2]}` }).check();
      await main(page).getByRole("button", { name: "Remove selected" }).click();
    };
    await selectTwo();
    const confirm = dialog(page, "Are you sure?");
    await expectDialogOpen(confirm);
    await expect(confirm).toContainText("You will remove 2 projects from your saved list");
    await confirm.getByRole(noJs ? "link" : "button", { name: "cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.locator("tbody tr")).toHaveCount(3);
    expect(savedCount(member.email)).toBe(3);

    if (noJs) await page.goto("/Me/Projects");
    await selectTwo();
    await expectDialogOpen(confirm);
    await confirm.getByRole("button", { name: "Yes" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByText("2 projects were removed from your saved list.")).toBeVisible();
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.getByRole("checkbox", { name: `Select row ${ids[1]}` })).toBeVisible();
    expect(savedCount(member.email)).toBe(1);

    await page.goto("/Projects");
    await expect(main(page).getByRole("button", { name: "Remove selected" })).toHaveCount(0);
  });

  test("Download CSV posts the list parameters; absent without allow_download", {
    tag: "@late-script",
  }, async ({ page }) => {
    await loginTo(
      page,
      "/Projects?page=2&perPage=15&orderBy=title&orderDirection=asc&query=hotel",
      "member@example.com",
    );
    const { matching } = await totals(page);
    const form = main(page)
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Download CSV" }) });
    await expect(form).toHaveAttribute("method", "post");
    const firstOnPage2 = (await nameCells(page).first().textContent())?.trim();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      main(page).getByRole("button", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const path = await download.path();
    const file = readFileSync(path);
    // As Excel expects: a UTF-8 byte-order mark and CRLF line ends (issue 43).
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.toString("utf8").split("\r\n").length).toBe(matching + 2);
    const rows = parse(file, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.length).toBe(matching);
    // The list's columns with the project ID, address, county and bid date; the folder by name.
    expect(Object.keys(rows[0] ?? {})).toEqual([
      "Project ID",
      "Name",
      "Address",
      "City",
      "State",
      "Zip",
      "County",
      "Project Type",
      "Const Type",
      "Projected Project Stage",
      "Estimated Value (M)",
      "Bid Date",
      "Entered",
      "Updated",
      "Folder",
    ]);
    const names = rows.map((r) => r.Name);
    expect(names).toEqual([...names].sort());
    // Every page of the list, in its order: row 16 is the first row of page 2.
    expect(names[15]).toBe(firstOnPage2);

    await page.context().clearCookies();
    await loginTo(page, "/Projects", "basic@example.com");
    await expect(page.getByRole("heading", { level: 1, name: "Project Search" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Download CSV" })).toHaveCount(0);
  });
});

test.describe("folders", () => {
  test("create (with the Whoops! warning), rename and delete a folder", { tag: "@late-script" }, async ({
    page,
  }) => {
    const member = seedMember();
    await loginTo(page, "/Me/Projects", member.email, member.password);
    await folderFilter(page).getByRole("link", { name: "Add Folder" }).click();
    const form = page.locator('form[action^="/Folders"]');
    if (!jsDisabled(test.info())) await expectDialogOpen(dialog(page, "New folder"));
    else await expect(page.getByRole("heading", { name: "New folder" })).toBeVisible();

    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Whoops!")).toBeVisible();
    await expect(page.getByText("Please make sure you have filled in all fields!")).toBeVisible();

    await form.getByLabel("Name").fill("Bids 2027");
    await form.getByRole("radio", { name: "Blue" }).check({ force: true });
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/Me\/Projects\?page=1&perPage=15$/);
    await closeToast(page, "Folder saved");
    await expect(folderFilter(page).getByRole("link", { name: "Bids 2027", exact: true })).toBeVisible();
    await expect(sidebar(page).getByRole("link", { name: "Bids 2027", exact: true })).toBeVisible();
    expect(
      query<{ color: string }>(
        "SELECT t.color FROM tags t JOIN users u ON u.id = t.user_id WHERE u.email = ? AND t.name = 'Bids 2027'",
        member.email,
      ),
    ).toEqual([{ color: "#1565c0" }]);

    await folderFilter(page).getByRole("link", { name: "Edit folder Bids 2027" }).click();
    const edit = dialog(page, "Edit folder");
    await expectDialogOpen(edit);
    await expect(edit.getByLabel("Name")).toHaveValue("Bids 2027");
    await expect(edit.getByRole("radio", { name: "Blue" })).toBeChecked();
    await edit.getByLabel("Name").fill("Bids 2028");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit).toHaveCount(0);
    await closeToast(page, "Folder saved");
    await expect(folderFilter(page).getByRole("link", { name: "Bids 2028", exact: true })).toBeVisible();
    await expect(folderFilter(page).getByRole("link", { name: "Bids 2027", exact: true })).toHaveCount(0);

    // An emptied name gets the warning too.
    await folderFilter(page).getByRole("link", { name: "Edit folder Bids 2028" }).click();
    await expectDialogOpen(edit);
    await edit.getByLabel("Name").fill("");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Please make sure you have filled in all fields!")).toBeVisible();

    // Deleting the folder being viewed leads to the saved list.
    await page.goto("/Me/Projects");
    await folderFilter(page).getByRole("link", { name: "Bids 2028", exact: true }).click();
    await expect(page).toHaveURL(/\/Me\/Projects\/Tags\/\d+\?/);
    await folderFilter(page).getByRole("link", { name: "Edit folder Bids 2028" }).click();
    await expectDialogOpen(edit);
    await edit.getByRole("button", { name: "Delete" }).click();
    // Asked first, in both modes (without JavaScript on the folder page the form posts to).
    await expect(form.getByText("Are you sure?")).toBeVisible();
    await form.getByRole("button", { name: "Yes" }).click();
    await expect(edit).toHaveCount(0);
    await expect(page).toHaveURL(/\/Me\/Projects\?page=1&perPage=15$/);
    await closeToast(page, "Folder deleted");
    await expect(folderFilter(page).getByRole("link", { name: "Bids 2028", exact: true })).toHaveCount(0);
    await expect(folderFilter(page).getByRole("link", { name: /^Edit folder/ })).toHaveCount(4);
  });

  test("default folders keep their colour and cannot be deleted", async ({ page }) => {
    const member = seedMember();
    await loginTo(page, "/Me/Projects", member.email, member.password);
    await folderFilter(page).getByRole("link", { name: "Edit folder Green" }).click();
    const edit = dialog(page, "Edit folder");
    await expectDialogOpen(edit);
    await expect(edit.getByLabel("Name")).toHaveValue("Green");
    await expect(edit.getByRole("radio")).toHaveCount(0);
    await expect(edit.getByRole("button", { name: "Delete" })).toHaveCount(0);
    await edit.getByLabel("Name").fill("Warm leads");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit).toHaveCount(0);
    await expect(folderFilter(page).getByRole("link", { name: "Warm leads", exact: true })).toBeVisible();
    expect(
      query<{ name: string; color: string }>(
        "SELECT t.name, t.color FROM tags t JOIN users u ON u.id = t.user_id WHERE u.email = ? AND t.color = '#2e7d32'",
        member.email,
      ),
    ).toEqual([{ name: "Warm leads", color: "#2e7d32" }]);
  });

  test("Add Folder hides at eight folders", async ({ page }) => {
    const seven = seedMember({
      folders: [...DEFAULT_FOLDERS, ["Blue", "#1565c0"], ["Orange", "#ef6c00"], ["Purple", "#6a1b9a"]],
    });
    await loginTo(page, "/Me/Projects", seven.email, seven.password);
    await expect(folderFilter(page).getByRole("link", { name: "Add Folder" })).toBeVisible();

    const eight = seedMember({
      folders: [
        ...DEFAULT_FOLDERS,
        ["Blue", "#1565c0"],
        ["Orange", "#ef6c00"],
        ["Purple", "#6a1b9a"],
        ["Teal", "#00838f"],
      ],
    });
    await page.context().clearCookies();
    await loginTo(page, "/Me/Projects", eight.email, eight.password);
    await expect(folderFilter(page).getByRole("link", { name: "Edit folder Teal" })).toBeVisible();
    await expect(folderFilter(page).getByRole("link", { name: "Add Folder" })).toHaveCount(0);
  });
});

test.describe("map", () => {
  test("Show map / Hide map keeps the other parameters", async ({ page }) => {
    await loginTo(page, "/Projects?page=2&perPage=15&query=hotel", "member@example.com");
    await main(page).getByRole("link", { name: "Show map" }).click();
    await expect(page).toHaveURL(/[?&]map=1/);
    expect(params(page)).toEqual({ page: "2", perPage: "15", query: "hotel", map: "1" });
    await expect(page.getByRole("region", { name: /Map/ })).toBeVisible();
    // The sort and the pages keep the map.
    await page.getByRole("columnheader", { name: /State/ }).getByRole("link").click();
    await expect(page).toHaveURL(/orderBy=state/);
    expect(params(page).map).toBe("1");
    await main(page).getByRole("link", { name: "Hide map" }).click();
    await expect(page).not.toHaveURL(/map=1/);
    expect(params(page)).toEqual({
      page: "1",
      perPage: "15",
      orderBy: "state",
      orderDirection: "desc",
      query: "hotel",
    });
    await expect(page.getByRole("region", { name: /Map/ })).toHaveCount(0);
  });

  test("map=1: the places as links without JavaScript, markers that open the project with it", async ({
    page,
  }) => {
    await login(page, "member@example.com");
    const list = "/Projects?page=1&perPage=15&query=hotel";
    await page.goto(`${list}&map=1`);
    const titles = await nameCells(page).allTextContents();

    if (jsDisabled(test.info())) {
      const places = page.getByRole("region", { name: "Map locations" });
      await expect(places).toBeVisible();
      const links = places.getByRole("link");
      const count = await links.count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(titles.length);
      for (const text of await links.allTextContents()) expect(titles).toContain(text);
      await expect(places.getByRole("listitem").first()).toContainText(/, [A-Z]{2}$/);
      // The project carries the whole list, its map switch included: its breadcrumb leads back to the map.
      await expect(links.first()).toHaveAttribute(
        "href",
        /^\/Projects\/\d+\?page=1&perPage=15&query=hotel&map=1$/,
      );
      await expectAxeClean(page);
      await page.screenshot({ path: test.info().outputPath("list-with-map.png"), fullPage: true });
      const title = (await links.first().textContent()) ?? "";
      await links.first().click();
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole("link", { name: /Back to search/ })).toHaveAttribute(
        "href",
        `${list}&map=1`,
      );
      return;
    }

    const map = page.getByRole("region", { name: "Map of listed projects" });
    await expect(map).toBeVisible();
    const markers = map.locator(".leaflet-marker-icon");
    await expect(markers.first()).toBeVisible();
    const count = await markers.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(titles.length);
    for (const alt of await markers.evaluateAll((els) => els.map((e) => e.getAttribute("alt")))) {
      expect(titles).toContain(alt);
    }
    // Without MAP_TILE_URL (the default) the map draws its offline basemap: land and state outlines from our own
    // origin, no tiles.
    await expect(map.locator(".leaflet-basemap-pane path").first()).toBeAttached();
    expect(await map.locator(".leaflet-basemap-pane path").count()).toBeGreaterThanOrEqual(2);
    await expect(map.locator("img.leaflet-tile")).toHaveCount(0);
    // The marker images are Leaflet's own, bundled (inlined or served), and they load.
    await expect(markers.first()).toHaveAttribute("src", /^data:image\/png|\/assets\/marker-icon/);
    expect(
      await markers
        .first()
        .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    ).toBe(true);
    await expectAxeClean(page);
    await page.screenshot({ path: test.info().outputPath("list-with-map.png"), fullPage: true });

    const title = (await markers.first().getAttribute("alt")) ?? "";
    await markers.first().click({ force: true });
    await expect(page).toHaveURL(/\/Projects\/\d+\?page=1&perPage=15&query=hotel&map=1$/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("link", { name: /Back to search/ })).toHaveAttribute("href", `${list}&map=1`);
  });
});

test.describe("trial", () => {
  test("opening a project spends a free report", async ({ page }) => {
    const member = seedMember({ trial: { remaining: 5 } });
    await loginTo(page, "/Projects", member.email, member.password);
    await expect(sidebar(page).getByText("Free reports remaining: 5")).toBeVisible();
    const link = nameCells(page).first().getByRole("link");
    const title = (await link.textContent()) ?? "";
    await link.click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(sidebar(page).getByText("Free reports remaining: 4")).toBeVisible();

    await page.getByRole("link", { name: /Back to search/ }).click();
    await nameCells(page).nth(1).getByRole("link").click();
    await expect(sidebar(page).getByText("Free reports remaining: 3")).toBeVisible();
    expect(
      query<{ remaining_projects: number }>(
        "SELECT s.remaining_projects FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = ?",
        member.email,
      )[0]?.remaining_projects,
    ).toBe(3);
  });

  test("the project that uses the last report stays readable; the next screen is blocked", async ({
    page,
  }) => {
    const member = seedMember({ trial: { remaining: 1 } });
    await loginTo(page, "/Projects", member.email, member.password);
    const link = nameCells(page).first().getByRole("link");
    const title = (await link.textContent()) ?? "";
    const otherHref = (await nameCells(page).nth(1).getByRole("link").getAttribute("href")) ?? "";
    await link.click();
    await expect(page.locator("h1", { hasText: title })).toBeVisible();
    await expect(sidebar(page).getByText("Free reports remaining: 0")).toBeVisible();
    await expect(dialog(page, EXPIRED)).toHaveCount(0);
    // A reload of the same project is the same screen: still readable.
    await page.reload();
    await expect(page.locator("h1", { hasText: title })).toBeVisible();
    await expect(dialog(page, EXPIRED)).toHaveCount(0);

    // The count is 0 and stays 0: the next screen is blocked, saying the reports are used (the trial's date still
    // runs, so not "expired").
    await page.goto("/Projects");
    await expectDialogOpen(dialog(page, REPORTS_USED));
    await expect(dialog(page, REPORTS_USED)).toContainText("Your Free Trial's reports are all used");
    await expect(dialog(page, EXPIRED)).toHaveCount(0);
    // A project not opened before cannot be read: the blocking page, with nothing of the project, not an error page.
    const response = await page.goto(otherHref);
    expect(response?.status()).toBe(403);
    await expectDialogOpen(dialog(page, REPORTS_USED));
    await expect(page.locator("h1")).toHaveCount(0);
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
  });
});
