/**
 * Issue 45: the calendar shows the bid dates of the member's saved projects beside the note reminders, and the
 * iCalendar feed carries them as all-day events. In the `js` (FullCalendar's grid) and the `no-js` (the server's
 * month table) projects.
 */
import ICAL from "ical.js";
import { createMember, expect, jsDisabled, loginTo, test, writeDb } from "./support/fixtures";

/** The 10th of next month, its month and its title ("January 2027"). */
function nextMonthDay() {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 10));
  const title = d.toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  return { day: d.toISOString().slice(0, 10), month: d.toISOString().slice(0, 7), title };
}

/**
 * A throwaway member who saved one project (its bid date set to `day`) and noted another with a reminder that
 * day; a third project, not saved, bids that day too. The projects already had a bid date (no Bidding tab comes
 * or goes), each run writes the same dates, and no other spec reads these projects' dates.
 */
function memberWithBid(day: string) {
  const member = createMember({ firstName: "Cal", lastName: "Bidwell" });
  const projects = writeDb((db) => {
    const [saved, noted, other] = db
      .prepare(
        "SELECT id, title FROM projects WHERE active = 1 AND bidding_date IS NOT NULL ORDER BY id DESC LIMIT 3 OFFSET 10",
      )
      .all() as { id: number; title: string }[];
    const userId = db.prepare("SELECT id FROM users WHERE email = ?").pluck().get(member.email) as number;
    const at = new Date().toISOString();
    const setBid = db.prepare("UPDATE projects SET bidding_date = ? WHERE id = ?");
    setBid.run(day, saved.id);
    setBid.run(day, other.id);
    db.prepare(
      "INSERT INTO user_projects (user_id, project_id, tag_id, created_at) VALUES (?, ?, NULL, ?)",
    ).run(userId, saved.id, at);
    db.prepare(
      "INSERT INTO project_notes (user_id, project_id, note, notification_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
    ).run(userId, noted.id, "Calendar: walk the site", day, at, at);
    return { saved, noted, other };
  });
  return { member, ...projects };
}

test("the calendar shows saved projects' bid dates beside the reminders, and the feed carries them", async ({
  page,
  playwright,
}) => {
  const { day, month, title } = nextMonthDay();
  const { member, saved, noted, other } = memberWithBid(day);
  await loginTo(page, `/Calendar?month=${month}`, member.email, member.password);
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  const bid = page.getByRole("link", { name: `Bid date: ${saved.id} ${saved.title}` });
  await expect(bid).toBeVisible();
  await expect(page.getByRole("link", { name: `${noted.id} ${noted.title}`, exact: true })).toBeVisible();
  // Only saved projects: a project the member did not save bids the same day, and is not shown.
  await expect(page.getByRole("link", { name: new RegExp(`^Bid date: ${other.id} `) })).toHaveCount(0);
  if (jsDisabled(test.info())) {
    await expect(page.getByRole("table", { name: `Reminders in ${title}` })).toBeVisible();
  } else {
    await expect(page.locator('.month-calendar table[aria-label^="Reminders in"]')).toHaveCount(0);
  }

  // The feed, read as a calendar program reads it: an all-day event on the bid date, beside the reminder.
  const feedUrl = await page.getByLabel("Calendar feed address").inputValue();
  const program = await playwright.request.newContext();
  const feed = await program.get(feedUrl);
  expect(feed.status()).toBe(200);
  const events = new ICAL.Component(ICAL.parse(await feed.text()))
    .getAllSubcomponents("vevent")
    .map((v) => new ICAL.Event(v));
  const bidEvent = events.find((e) => e.summary === `Bid date: ${saved.id} ${saved.title}`);
  expect(bidEvent?.startDate.isDate).toBe(true);
  expect(bidEvent?.startDate.toString()).toBe(day);
  expect(bidEvent?.component.getFirstPropertyValue("url")).toMatch(new RegExp(`/Projects/${saved.id}$`));
  expect(events.some((e) => e.summary === `${noted.id} ${noted.title}`)).toBe(true);
  expect(events.some((e) => e.summary?.startsWith(`Bid date: ${other.id} `))).toBe(false);
  await program.dispose();

  await bid.click();
  await expect(page).toHaveURL(new RegExp(`/Projects/${saved.id}$`));
});
