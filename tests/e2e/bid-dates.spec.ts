/**
 * Bid dates up front (issue 45): the project lists' "Bid Date" column sorts, and the "Bids due" filter of the
 * search box and of the advanced search keeps the bids due in the next 7, 30 or 90 days. Both come back from
 * the URL (reload, a shared link) in the `js` and the `no-js` projects.
 */
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { DB_PATH } from "./support/env";
import { createMember, expect, expectAxeClean, loginTo, test } from "./support/fixtures";

const DAY_MS = 86_400_000;
const isoDay = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
/** The lists' short date, MM/DD/YY. */
const shortDay = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(2, 4)}`;

/**
 * Gives two active projects that already have a bid date (so no Bidding tab appears or goes) a bid date `soonDays`
 * and `laterDays` from today, and saves the first for the member. Each test has its own two (`offset`), and its
 * js and no-js runs write the same dates; no other spec reads these projects' dates.
 */
function bidsFor(email: string, offset: number, soonDays: number, laterDays: number) {
  const conn = new Database(DB_PATH, { fileMustExist: true });
  conn.pragma("busy_timeout = 5000");
  try {
    return conn
      .transaction(() => {
        const [soon, later] = conn
          .prepare(
            "SELECT id FROM projects WHERE active = 1 AND bidding_date IS NOT NULL ORDER BY id DESC LIMIT 2 OFFSET ?",
          )
          .pluck()
          .all(offset) as number[];
        const setBid = conn.prepare("UPDATE projects SET bidding_date = ? WHERE id = ?");
        setBid.run(isoDay(soonDays), soon);
        setBid.run(isoDay(laterDays), later);
        const userId = conn.prepare("SELECT id FROM users WHERE email = ?").pluck().get(email) as number;
        conn
          .prepare(
            "INSERT INTO user_projects (user_id, project_id, tag_id, created_at) VALUES (?, ?, NULL, ?)",
          )
          .run(userId, soon, new Date().toISOString());
        return { soon, later, soonDate: isoDay(soonDays) };
      })
      .immediate();
  } finally {
    conn.close();
  }
}

const main = (page: Page) => page.getByRole("main");
const rowLink = (page: Page, id: number) => main(page).locator(`tbody a[href^="/Projects/${id}?"]`);
const rowOf = (page: Page, id: number) =>
  main(page)
    .locator("tbody tr")
    .filter({ has: page.locator(`a[href^="/Projects/${id}?"]`) });
const searchBox = (page: Page) => page.getByRole("search", { name: "Search projects" });
const panel = (page: Page) => page.getByRole("form", { name: "Advanced project search" });
const params = (page: Page) => new URL(page.url()).searchParams;

test("the Bid Date column and the Bids due filter come back from the URL", async ({ page }) => {
  const member = createMember({ firstName: "Bea", lastName: "Bidder" });
  const { soon, later, soonDate } = bidsFor(member.email, 3, 2, 20);

  await loginTo(
    page,
    "/Projects?page=1&perPage=100&orderBy=bidding_date&orderDirection=asc&bidsDue=7",
    member.email,
  );
  await expect(page.getByRole("heading", { level: 1, name: "Project Search" })).toBeVisible();
  const header = main(page).getByRole("columnheader", { name: /Bid Date/ });
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  // Both searches show the window the URL asks for.
  await expect(searchBox(page).getByLabel("Bids due")).toHaveValue("7");
  await expect(panel(page).getByLabel("Bids due")).toHaveValue("7");
  await expect(rowLink(page, soon)).toBeVisible();
  await expectAxeClean(page);
  await expect(rowLink(page, later)).toHaveCount(0);
  await expect(rowOf(page, soon)).toContainText(shortDay(soonDate));

  // The search box sends its window with the keyword, keeping the sort; back on page 1.
  await searchBox(page).getByLabel("Bids due").selectOption("30");
  await searchBox(page).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]bidsDue=30(&|$)/);
  expect(params(page).getAll("bidsDue")).toEqual(["30"]);
  expect(params(page).get("orderBy")).toBe("bidding_date");
  await expect(rowLink(page, later)).toBeVisible();
  await expect(rowLink(page, soon)).toBeVisible();

  // A reload shows the same list, and the advanced search's choice wins there too.
  await page.reload();
  await expect(panel(page).getByLabel("Bids due")).toHaveValue("30");
  await panel(page).getByLabel("Bids due").selectOption("7");
  await panel(page).getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/[?&]bidsDue=7(&|$)/);
  await expect(rowLink(page, later)).toHaveCount(0);
  await expect(searchBox(page).getByLabel("Bids due")).toHaveValue("7");

  // Any time drops the filter.
  await searchBox(page).getByLabel("Bids due").selectOption("");
  await searchBox(page).getByRole("button", { name: "Search" }).click();
  await expect(page).not.toHaveURL(/bidsDue=\d/);
  await expect(searchBox(page).getByLabel("Bids due")).toHaveValue("");
});

test("the saved list shows and sorts by the bid date", async ({ page }) => {
  const member = createMember({ firstName: "Sal", lastName: "Saver" });
  const { soon, soonDate } = bidsFor(member.email, 6, 5, 40);
  await loginTo(page, "/Me/Projects", member.email);
  await expect(page.getByRole("heading", { level: 1, name: "Saved Projects" })).toBeVisible();
  await expect(rowOf(page, soon)).toContainText(shortDay(soonDate));
  // The saved list has no Bids due filter (its searches live on /Projects).
  await expect(main(page).getByLabel("Bids due")).toHaveCount(0);
  await main(page)
    .getByRole("columnheader", { name: /Bid Date/ })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/orderBy=bidding_date&orderDirection=desc/);
  await page.reload();
  await expect(main(page).getByRole("columnheader", { name: /Bid Date/ })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
});
