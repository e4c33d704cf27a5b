/**
 * Saved projects are a watch list (issue 45, decision 126), with and without JavaScript: a member's saved project
 * has its bid date moved by research (upstream/changes/record.ts, the one writer, on the run's database) → the
 * saved list's row says "Bid date moved"; the project page says what changed, old → new, dated; back on the list
 * the mark is gone (opening the page marked the project seen).
 */
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { changeWriter } from "../../upstream/changes/record";
import { DB_PATH } from "./support/env";
import { createMember, expect, expectAxeClean, loginTo, test, writeDb } from "./support/fixtures";

const DAY_MS = 86_400_000;
/** The detail page's date, MM/DD/YYYY. */
const longDay = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * Saves a project with a bid date for the member (saved yesterday), then moves its bid date a week on as research
 * does. Each browser project has its own project (`offset`), so the js and no-js runs never move the same one.
 */
function savedProjectMoved(email: string, offset: number) {
  const picked = writeDb((db) => {
    const { id, bidding_date } = db
      .prepare(
        "SELECT id, bidding_date FROM projects WHERE active = 1 AND bidding_date IS NOT NULL ORDER BY id LIMIT 1 OFFSET ?",
      )
      .get(offset) as { id: number; bidding_date: string };
    const userId = db.prepare("SELECT id FROM users WHERE email = ?").pluck().get(email) as number;
    db.prepare(
      "INSERT INTO user_projects (user_id, project_id, tag_id, created_at) VALUES (?, ?, NULL, ?)",
    ).run(userId, id, new Date(Date.now() - DAY_MS).toISOString());
    return { id, from: bidding_date };
  });
  const to = new Date(Date.parse(`${picked.from}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10);
  const conn = new Database(DB_PATH, { fileMustExist: true });
  conn.pragma("busy_timeout = 5000");
  try {
    expect(changeWriter(conn).bidDate(picked.id, to, new Date().toISOString())).toBe(true);
  } finally {
    conn.close();
  }
  return { ...picked, to };
}

const main = (page: Page) => page.getByRole("main");
const rowOf = (page: Page, id: number) =>
  main(page)
    .locator("tbody tr")
    .filter({ has: page.locator(`a[href^="/Projects/${id}?"], a[href="/Projects/${id}"]`) });
const marksOf = (page: Page, id: number) =>
  rowOf(page, id).getByRole("list", { name: "Changed since you last opened it" });

test("a saved project's moved bid date is marked on the list, said on its page, and unmarked once opened", async ({
  page,
}, testInfo) => {
  const member = createMember({ firstName: "Wanda" });
  const offset = 40 + ["js", "no-js"].indexOf(testInfo.project.name) + 1;
  const project = savedProjectMoved(member.email, offset);

  await loginTo(page, "/Me/Projects", member.email);
  await expect(marksOf(page, project.id).getByRole("listitem")).toHaveText(["Bid date moved"]);
  await expectAxeClean(page);

  await rowOf(page, project.id).getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/Projects/${project.id}(\\?|$)`));
  const changed = page.getByRole("region", { name: "What changed" });
  const moved = changed
    .getByRole("listitem")
    .filter({ hasText: `Bid date: ${longDay(project.from)} → ${longDay(project.to)}` });
  await expect(moved).toHaveCount(1);
  await expect(moved).toContainText(longDay(new Date().toISOString()));
  await expectAxeClean(page);

  await page.goto("/Me/Projects");
  await expect(rowOf(page, project.id)).toHaveCount(1);
  await expect(marksOf(page, project.id)).toHaveCount(0);
});
