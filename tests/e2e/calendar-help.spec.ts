/**
 * Issue 15 (calendar and help): /Calendar with a reminder made through the project page's note dialog, the
 * month as URL state, the FullCalendar grid replacing the server's table without a jump; the feed read by a real
 * iCalendar parser (ical.js), its UID stable across fetches, 404 after 'Reset address'; /Manual, /TrainingVideos
 * and /Help from the reference content site, and the friendly message when the content site is down.
 * Every journey runs in the js and no-js projects; journeys that change data use throwaway members.
 */
import type { Page } from "@playwright/test";
import ICAL from "ical.js";
import {
  APP_URL,
  askForResetLink,
  createMember,
  expect,
  expectAxeClean,
  expectDialogOpen,
  fillDate,
  fillLogin,
  jsDisabled,
  login,
  loginTo,
  query,
  test,
  waitForHydration,
  writeDb,
} from "./support/fixtures";
import { freePort } from "./support/raw-http";
import { startSideApp } from "./support/side-app";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A month `delta` months from now: its `YYYY-MM`, its title, and the 15th as YYYY-MM-DD. */
function monthFromNow(delta: number) {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + delta, 15));
  const month = d.toISOString().slice(0, 7);
  return { month, title: `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`, day15: `${month}-15` };
}

function project(offset = 0): { id: number; title: string } {
  return query<{ id: number; title: string }>(
    "SELECT id, title FROM projects WHERE active = 1 ORDER BY id LIMIT 1 OFFSET ?",
    offset,
  )[0];
}

async function axe(page: Page) {
  if (!jsDisabled(test.info())) await expectAxeClean(page);
}

/** The month area: its title heading. */
const monthHeading = (page: Page) => page.getByRole("heading", { level: 2 }).first();

test.describe("calendar", () => {
  test("a reminder made in the note dialog shows in its month; months are URL state", {
    tag: "@late-script",
  }, async ({ page }) => {
    const member = createMember();
    const p = project(3);
    const next = monthFromNow(1);
    const now = monthFromNow(0);
    const noJs = jsDisabled(test.info());
    await login(page, member.email, member.password);

    await page.goto(`/Projects/${p.id}`);
    await page.getByRole("main").getByRole("link", { name: "Add Note", exact: true }).first().click();
    const add = page.getByRole("dialog", { name: "Add Note" });
    await expectDialogOpen(add);
    await fillDate(add.getByLabel("Reminder / follow-up date"), next.day15);
    await add.getByLabel("Note", { exact: true }).fill("Calendar: call the owner");
    await add.getByRole("button", { name: "Save" }).click();
    await expect(add).toHaveCount(0);

    await page.goto("/Calendar");
    await expect(monthHeading(page)).toHaveText(now.title);
    const eventLink = page.getByRole("link", { name: `${p.id} ${p.title}` });
    await expect(eventLink).toHaveCount(0);

    await page.getByRole("link", { name: /^Next month/ }).click();
    await expect(page).toHaveURL(new RegExp(`/Calendar\\?month=${next.month}$`));
    await expect(monthHeading(page)).toHaveText(next.title);
    await expect(eventLink).toBeVisible();
    if (!noJs) {
      // The FullCalendar grid has replaced the server's table, in the same box.
      await expect(page.locator('.month-calendar table[aria-label^="Reminders in"]')).toHaveCount(0);
      const box = await page.locator(".month-calendar").boundingBox();
      const grid = await page.locator(".month-calendar > *").first().boundingBox();
      expect(Math.abs((grid?.height ?? 0) - (box?.height ?? -99))).toBeLessThan(3);
    } else {
      await expect(page.getByRole("table", { name: `Reminders in ${next.title}` })).toBeVisible();
    }
    await axe(page);

    await eventLink.click();
    await expect(page).toHaveURL(new RegExp(`/Projects/${p.id}$`));
  });

  test("without JavaScript the month is only its real weeks, with today marked", async ({ page }) => {
    test.skip(
      !jsDisabled(test.info()),
      "with JavaScript the month is FullCalendar's grid, which marks today",
    );
    await loginTo(page, "/Calendar", "member@example.com");
    const zone = query<{ tz: string | null }>(
      "SELECT time_zone AS tz FROM users WHERE email = 'member@example.com'",
    )[0].tz;
    const today = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone || "America/Chicago",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(new Date());
    const table = page.getByRole("table", { name: /^Reminders in / });
    await expect(table).toBeVisible();
    // Every week row holds at least one day of the month: none is empty above or below.
    const [y, m] = today.split("-").map(Number);
    const lead = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
    const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
    await expect(table.locator("tbody tr")).toHaveCount(Math.ceil((lead + days) / 7));
    // Nor an empty band between the weekday header and the first week (a hidden caption's share once was one).
    const headBottom = await table.locator("thead").evaluate((el) => el.getBoundingClientRect().bottom);
    const firstTop = await table
      .locator("tbody tr")
      .first()
      .evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs(firstTop - headBottom)).toBeLessThan(3);
    const marked = table.locator('td[aria-current="date"]');
    await expect(marked).toHaveCount(1);
    await expect(marked).toBeVisible();
    await expect(marked).toContainText(`Today, ${Number(today.slice(8))}`);
  });

  test("Today and Previous month move through the months by URL", { tag: "@late-script" }, async ({
    page,
  }) => {
    const now = monthFromNow(0);
    const later = monthFromNow(3);
    const before = monthFromNow(-1);
    await loginTo(page, `/Calendar?month=${later.month}`, "member@example.com");
    await expect(monthHeading(page)).toHaveText(later.title);
    await page.getByRole("link", { name: "Today", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`month=${now.month}$`));
    await expect(monthHeading(page)).toHaveText(now.title);
    // The seed gives member@ several reminders this month: each is shown.
    const reminders = query<{ n: number }>(
      `SELECT count(*) AS n FROM project_notes n JOIN users u ON u.id = n.user_id
       WHERE u.email = 'member@example.com' AND n.notification_date LIKE ?`,
      `${now.month}-%`,
    )[0].n;
    expect(reminders).toBeGreaterThan(3);
    await expect(page.getByRole("main").getByRole("link", { name: /^\d+ \S/ })).toHaveCount(reminders);
    await page.getByRole("link", { name: /^Previous month/ }).click();
    await expect(page).toHaveURL(new RegExp(`month=${before.month}$`));
    await expect(monthHeading(page)).toHaveText(before.title);
    // A month that is not YYYY-MM shows this month.
    await page.goto("/Calendar?month=2026-13");
    await expect(monthHeading(page)).toHaveText(now.title);
  });

  test("no layout jump: the server's table and the grid have the same size", async ({ page }) => {
    test.skip(jsDisabled(test.info()), "the grid replaces the table only with JavaScript");
    await login(page, "member@example.com");
    // Hold the calendar's chunk back to measure the server's table first.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/month-calendar\.client/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/Calendar");
    const table = page.locator('.month-calendar table[aria-label^="Reminders in"]');
    await expect(table).toHaveCount(1);
    const before = await page.locator(".month-calendar").boundingBox();
    const feedBefore = await page.getByLabel("Calendar feed address").boundingBox();
    release();
    await expect(table).toHaveCount(0);
    const after = await page.locator(".month-calendar").boundingBox();
    const feedAfter = await page.getByLabel("Calendar feed address").boundingBox();
    expect(after?.height).toBeCloseTo(before?.height ?? 0, 0);
    expect(feedAfter?.y).toBeCloseTo(feedBefore?.y ?? 0, 0);
  });

  test("the feed: iCalendar read by ical.js, a stable UID, 304 when unchanged, 404 after a reset", async ({
    page,
    playwright,
  }) => {
    test.skip(
      jsDisabled(test.info()),
      "one run: the feed is plain HTTP; the reset form is posted in both modes",
    );
    const member = createMember();
    const p = project(5);
    const day = monthFromNow(2).day15;
    writeDb((db) => {
      const userId = (db.prepare("SELECT id FROM users WHERE email = ?").get(member.email) as { id: number })
        .id;
      const at = new Date().toISOString();
      db.prepare(
        "INSERT INTO project_notes (user_id, project_id, note, notification_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
      ).run(userId, p.id, "Feed: send the brochure", day, at, at);
    });
    await loginTo(page, "/Calendar", member.email, member.password);
    const address = page.getByLabel("Calendar feed address");
    const feedUrl = await address.inputValue();
    expect(feedUrl).toMatch(new RegExp(`^${APP_URL}/Calendar/[0-9a-f]{40}/Ical$`));
    await expect(page.getByRole("link", { name: "Export calendar" })).toHaveAttribute("href", feedUrl);

    // A calendar program: no cookies.
    const program = await playwright.request.newContext();
    const first = await program.get(feedUrl);
    expect(first.status()).toBe(200);
    expect(first.headers()["content-type"]).toMatch(/^text\/calendar/);
    expect(first.headers()["cache-control"]).toMatch(/max-age=900/);
    expect(first.headers()["set-cookie"]).toBeUndefined();
    const etag = first.headers().etag;
    expect(etag).toBeTruthy();
    expect(first.headers()["last-modified"]).toBeTruthy();
    const events = (body: string) =>
      new ICAL.Component(ICAL.parse(body)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    const [event] = events(await first.text());
    expect(event.summary).toBe(`${p.id} ${p.title}`);
    expect(event.description).toBe("Feed: send the brochure");
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe(day);
    expect(event.component.getFirstPropertyValue("url")).toBe(`${APP_URL}/Projects/${p.id}`);
    expect(event.component.getFirstPropertyValue("dtstamp")).toBeTruthy();

    const second = await program.get(feedUrl);
    expect(events(await second.text())[0].uid).toBe(event.uid);
    const unchanged = await program.get(feedUrl, { headers: { "If-None-Match": etag } });
    expect(unchanged.status()).toBe(304);

    await waitForHydration(address); // the address selects itself on focus with JavaScript
    await address.focus();
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? "")).toBe(feedUrl);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: APP_URL });
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Copied to the clipboard." })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);
    await page.getByRole("button", { name: "Reset address" }).click();
    await expect(page.getByRole("dialog", { name: "Success!" })).toBeVisible();
    await expect(address).not.toHaveValue(feedUrl);
    const newUrl = await address.inputValue();
    expect((await program.get(feedUrl)).status()).toBe(404);
    const renewed = await program.get(newUrl);
    expect(renewed.status()).toBe(200);
    expect(events(await renewed.text())[0].uid).toBe(event.uid);
    expect((await program.get(`${APP_URL}/Calendar/${"0".repeat(40)}/Ical`)).status()).toBe(404);
    await program.dispose();
  });

  test("the feed follows the account: a password change and a password reset each give it a new address", async ({
    page,
    playwright,
  }) => {
    const member = createMember();
    const feedOf = () =>
      `${APP_URL}/Calendar/${query<{ h: string }>("SELECT ical_hash AS h FROM users WHERE email = ?", member.email)[0].h}/Ical`;
    const program = await playwright.request.newContext();
    const first = feedOf();
    expect((await program.get(first)).status()).toBe(200);

    // The password change (which also ends the member's other sessions).
    await loginTo(page, "/Me/Account", member.email, member.password);
    await page.getByRole("link", { name: "Change password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change password" });
    await expectDialogOpen(dialog);
    await dialog.getByLabel("Current password").fill(member.password);
    await dialog.getByLabel("New password", { exact: true }).fill("feed-follows-1");
    await dialog.getByLabel("Confirm new password").fill("feed-follows-1");
    await dialog.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("dialog", { name: "Success!" })).toBeVisible();
    expect((await program.get(first)).status(), "the address before the change").toBe(404);
    const second = feedOf();
    expect(second).not.toBe(first);
    await page.goto("/Calendar");
    await expect(page.getByLabel("Calendar feed address")).toHaveValue(second);
    expect((await program.get(second)).status()).toBe(200);

    // The password reset, from the e-mailed link.
    await page.context().clearCookies();
    const link = await askForResetLink(page, member.email);
    await page.goto(link);
    await page.getByLabel("New password").fill("feed-follows-2");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByText("Your password has been reset!")).toBeVisible();
    expect((await program.get(second)).status(), "the address before the reset").toBe(404);
    expect(feedOf()).not.toBe(second);
    expect((await program.get(feedOf())).status()).toBe(200);
    await program.dispose();
  });

  test("an expired trial's feed answers 403: a calendar that says so, without an event", async ({
    playwright,
  }) => {
    test.skip(jsDisabled(test.info()), "plain HTTP: run once");
    const { h: hash, id } = query<{ h: string; id: number }>(
      "SELECT ical_hash AS h, id FROM users WHERE email = 'expired@example.com'",
    )[0];
    // A reminder of its own, which the feed must not carry.
    const secretNote = `Expired trial's reminder ${Date.now().toString(36)}`;
    writeDb((db) => {
      const at = new Date().toISOString();
      db.prepare(
        "INSERT INTO project_notes (user_id, project_id, note, notification_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
      ).run(id, project(3).id, secretNote, monthFromNow(1).day15, at, at);
    });
    const notes = query<{ note: string }>(
      "SELECT note FROM project_notes WHERE user_id = ? AND notification_date IS NOT NULL",
      id,
    );
    expect(notes.map((n) => n.note)).toContain(secretNote);
    const program = await playwright.request.newContext();
    const res = await program.get(`${APP_URL}/Calendar/${hash}/Ical`);
    expect(res.status()).toBe(403);
    expect(res.headers()["content-type"]).toMatch(/^text\/calendar/);
    const body = await res.text();
    const calendar = new ICAL.Component(ICAL.parse(body));
    expect(calendar.getAllSubcomponents("vevent")).toHaveLength(0);
    expect(String(calendar.getFirstPropertyValue("x-wr-calname"))).toContain("Your free trial has expired.");
    for (const { note } of notes) expect(body).not.toContain(note);
    await program.dispose();
  });

  test("Reset address works as a plain form post", async ({ page }) => {
    test.skip(!jsDisabled(test.info()), "the no-JS form post");
    const member = createMember();
    await loginTo(page, `/Calendar?month=${monthFromNow(1).month}`, member.email, member.password);
    const address = page.getByLabel("Calendar feed address");
    const old = await address.inputValue();
    await page.getByRole("button", { name: "Reset address" }).click();
    await expect(page.getByRole("dialog", { name: "Success!" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`month=${monthFromNow(1).month}$`));
    await expect(address).not.toHaveValue(old);
  });
});

test.describe("help pages", () => {
  test.beforeEach(async ({ page }) => {
    // The sample videos are YouTube players: nothing leaves the machine.
    await page.route(/^https:\/\/(www\.youtube\.com|player\.vimeo\.com)\//, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title>" }),
    );
    await login(page, "member@example.com");
  });

  test("/Manual: cards from the content site; View opens the manual's PDF", async ({ page, request }) => {
    await page.goto("/Manual");
    await expect(page.getByRole("heading", { level: 1, name: "Manuals" })).toBeVisible();
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Getting Started" }) });
    await expect(card).toContainText("save the ones you follow");
    await expect(page.getByRole("heading", { name: "Project Search & Filters" })).toBeVisible();
    const view = card.getByRole("link", { name: /^View Getting Started/ });
    const href = (await view.getAttribute("href")) ?? "";
    expect(href).toMatch(/getting-started\.pdf$/);
    const pdf = await request.get(href);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    if (!jsDisabled(test.info())) {
      // The thumbnail is allowed by the page's Content-Security-Policy and loads.
      const img = card.locator("img");
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    }
    await axe(page);
  });

  test("/TrainingVideos: Watch opens the video in a dialog at its own address", async ({ page }) => {
    await page.goto("/TrainingVideos");
    await expect(page.getByRole("heading", { level: 1, name: "Training Videos" })).toBeVisible();
    await page.getByRole("link", { name: "Watch Notes and Reminders" }).click();
    await expect(page).toHaveURL(/\/TrainingVideos\?video=202$/);
    const dialog = page.getByRole("dialog", { name: "Notes and Reminders" });
    await expectDialogOpen(dialog);
    await expect(dialog.locator('iframe[title="Notes and Reminders"]')).toHaveAttribute(
      "src",
      /^https:\/\/www\.youtube\.com\/embed\//,
    );
    await axe(page);
    await dialog
      .getByRole("button", { name: "Close" })
      .or(dialog.getByRole("link", { name: "Close" }))
      .click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/TrainingVideos$/);
  });

  test("/Help lists the ways to get help, and the shell's links lead to working screens", async ({
    page,
  }) => {
    await page.goto("/Help");
    await expect(page.getByRole("heading", { level: 1, name: "Help" })).toBeVisible();
    for (const name of ["Manuals", "Training videos", "Video channel", "Contact us", "Phone"])
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "(800) 555-0142" })).toHaveAttribute(
      "href",
      "tel:8005550142",
    );
    await axe(page);
    await page.getByRole("link", { name: "Ask A Question" }).click();
    await expectDialogOpen(page.getByRole("dialog", { name: "Ask A Question" }));

    await page.goto("/Projects");
    await page.getByRole("contentinfo").getByRole("link", { name: "Help", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Help" })).toBeVisible();
    await page.getByRole("link", { name: "Read the manuals" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Manuals" })).toBeVisible();
    await page.getByRole("navigation").getByRole("link", { name: "Calendar", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  });

  test("a content site that is down: a friendly message, not an error page", async ({ page }) => {
    test.skip(jsDisabled(test.info()), "server-rendered message: one run");
    test.setTimeout(60_000); // starting a second app process takes a while on a loaded machine
    const side = await startSideApp(await freePort(), { CONTENT_API_URL: "http://127.0.0.1:9/wp-json" });
    try {
      await page.goto(`${side.url}/Login`);
      await fillLogin(page, "member@example.com");
      await expect(page).not.toHaveURL(/\/Login/);
      const manual = await page.goto(`${side.url}/Manual`);
      expect(manual?.status()).toBe(200);
      await expect(page.getByRole("status")).toContainText(
        "The manuals cannot be loaded right now. Please try again in a few minutes.",
      );
      await page.goto(`${side.url}/TrainingVideos`);
      await expect(page.getByRole("status")).toContainText("The training videos cannot be loaded right now.");
      await axe(page);
    } finally {
      await side.stop();
    }
  });
});
