/**
 * Saved searches bring new leads (issue 45), with and without JavaScript, against the run's mail catcher: a saved
 * project search set to "Daily" in the Save Search dialog, a new matching project entered, the scheduler's run
 * (test hook, test clock) → one mail listing it with the link to the whole search; its own unsubscribe link →
 * that search off (shown in the Saved Searches dialog) and the next run sends nothing; the dialog sets it again.
 */
import { randomBytes } from "node:crypto";
import {
  APP_URL,
  createMember,
  expect,
  expectAxeClean,
  expectDialogOpen,
  loginTo,
  query,
  test,
  writeDb,
} from "./support/fixtures";
import { headersOf, linksIn, mailsTo, rawSource, runMailJob, waitForMail } from "./support/mail";

const DAY_MS = 86_400_000;

const searchOf = (name: string) =>
  query<{ id: number; mail_frequency: string }>(
    "SELECT id, mail_frequency FROM saved_searches WHERE name = ?",
    name,
  )[0];

/** A new project entered now by research, in the test's own city (inserted as existing tests do, into the DB). */
function enterProject(title: string, city: string): number {
  let id = 0;
  const now = new Date().toISOString();
  writeDb((db) => {
    id = Number(
      db
        .prepare(
          "INSERT INTO projects (title, city, state, minimum_value, active, created_at, updated_at) VALUES (?, ?, 'TX', 12, 1, ?, ?)",
        )
        .run(title, city, now, now).lastInsertRowid,
    );
  });
  return id;
}

/** An instant the daily run is due at (from 6:00 in the member's zone, US Central), and not before now. */
function dueNow(): Date {
  const now = new Date();
  const hour = Number(
    new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", hour: "numeric", hourCycle: "h23" })
      .formatToParts(now)
      .find((p) => p.type === "hour")?.value,
  );
  return hour < 6 ? new Date(now.getTime() + 7 * 3600_000) : now;
}

test("a saved search set to daily → one mail of its new match; its unsubscribe → the next run sends nothing", async ({
  page,
}) => {
  const member = createMember({ firstName: "Sam" });
  const tag = randomBytes(4).toString("hex");
  const city = `Zephyrville ${tag}`;
  const name = `Zephyr leads ${tag}`;
  const created: number[] = [];
  try {
    // Save the search with its e-mail choice, in the Save Search dialog.
    await loginTo(
      page,
      `/Projects?panel=1&city=${encodeURIComponent(city)}&dialog=save-search`,
      member.email,
      member.password,
    );
    const save = page.getByRole("dialog", { name: "Save Search" });
    await expectDialogOpen(save);
    await expect(save.getByLabel("E-mail new matches")).toHaveValue("off");
    await expectAxeClean(page);
    await save.getByLabel("Name").fill(name);
    await save.getByLabel("E-mail new matches").selectOption({ label: "Daily" });
    await save.getByRole("button", { name: "Save" }).click();
    await expect(save).toHaveCount(0);
    await expect.poll(() => searchOf(name)?.mail_frequency).toBe("daily");

    // The Saved Searches dialog shows the choice.
    await page.goto("/Projects?panel=1&dialog=saved-searches");
    const list = page.getByRole("dialog", { name: "Saved Searches" });
    await expectDialogOpen(list);
    await expect(list.getByLabel(`${name}: E-mail new matches`)).toHaveValue("daily");
    await expectAxeClean(page);

    // Research enters a project the search matches; the scheduler's run mails it, once.
    const title = `Zephyr Medical Office ${tag}`;
    created.push(enterProject(title, city));
    const at = dueNow();
    expect(await runMailJob("searches", member.email, at)).toEqual({ members: 1, mailed: 1 });
    const [mail] = await waitForMail(member.email, /your saved search/);
    expect(mail.subject).toBe(`1 new project matches your saved search '${name}'`);
    expect(mail.text).toContain("Hello Sam,");
    expect(mail.text).toContain(title);
    expect(mail.text).toContain(`${APP_URL}/Projects/${created[0]}`);
    const searchLink = linksIn(mail.text).find((l) => l.includes("orderBy=created_at")) ?? "";
    expect(searchLink).toBe(
      `${APP_URL}/Projects?page=1&orderBy=created_at&orderDirection=desc&panel=1&city=${encodeURIComponent(city).replace(/%20/g, "+")}`,
    );
    for (const link of [...linksIn(mail.text), ...linksIn(mail.html)])
      expect(link.startsWith(`${APP_URL}/`), link).toBe(true);
    const headers = headersOf(await rawSource(mail));
    expect(headers.get("list-unsubscribe-post")).toEqual(["List-Unsubscribe=One-Click"]);
    expect(await runMailJob("searches", member.email, new Date(at.getTime() + 3600_000))).toEqual({
      members: 0,
      mailed: 0,
    });

    // The mail's button opens the whole search, newest first, with the new project in it.
    await page.setContent(mail.html);
    await page.getByRole("link", { name: "Open the full search" }).click();
    await expect(page).toHaveURL(searchLink);
    await expect(page.getByRole("main").getByText(title).first()).toBeVisible();

    // The search's own unsubscribe link, opened without a session: confirm, then that search is off.
    const unsubscribe = linksIn(mail.text).find((l) => l.includes("/Unsubscribe/")) ?? "";
    expect(headers.get("list-unsubscribe")).toEqual([`<${unsubscribe}>`]);
    await page.context().clearCookies();
    await page.goto(unsubscribe);
    await expect(page.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
    await expect(page.getByText(`e-mails of new matches for the saved search '${name}'`)).toBeVisible();
    expect(searchOf(name).mail_frequency).toBe("daily");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText(
      `You will no longer receive e-mails of new matches for the saved search '${name}'`,
    );
    expect(searchOf(name).mail_frequency).toBe("off");

    // Another new match, the next day's run: nothing is sent.
    created.push(enterProject(`Zephyr Warehouse ${tag}`, city));
    expect(await runMailJob("searches", member.email, new Date(at.getTime() + DAY_MS))).toEqual({
      members: 0,
      mailed: 0,
    });
    expect(await mailsTo(member.email)).toHaveLength(1);

    // The Saved Searches dialog shows it off, and sets it to weekly again (a form post).
    await loginTo(page, "/Projects?panel=1&dialog=saved-searches", member.email, member.password);
    const again = page.getByRole("dialog", { name: "Saved Searches" });
    await expectDialogOpen(again);
    const choice = again.getByLabel(`${name}: E-mail new matches`);
    await expect(choice).toHaveValue("off");
    await choice.selectOption({ label: "Weekly" });
    await again.getByRole("button", { name: `Set e-mails of ${name}` }).click();
    await expect.poll(() => searchOf(name)?.mail_frequency).toBe("weekly");
    await expect(
      page.getByRole("dialog", { name: "Saved Searches" }).getByLabel(`${name}: E-mail new matches`),
    ).toHaveValue("weekly");
  } finally {
    writeDb((db) => {
      for (const id of created) db.prepare("DELETE FROM projects WHERE id = ?").run(id);
    });
  }
});
