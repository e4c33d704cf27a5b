/**
 * E-mail that arrives (issue 29), with and without JavaScript: the reference API sends over SMTP to the run's
 * mail catcher (MailDev), and every journey reads the mail from the catcher's API, as a member reads their inbox:
 * the password reset followed from its button, the welcome and receipt of a sign-up, the day's reminder digest
 * and the weekly alert e-mail (their schedules triggered through the test-only hook, with a test clock), and the
 * unsubscribe links, on their confirm page and as RFC 8058's one-click post.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { APP_LOG, E2E_DIR } from "./support/env";
import {
  APP_URL,
  createMember,
  expect,
  expectAxeClean,
  expectDialogOpen,
  fillDate,
  fillLogin,
  jsDisabled,
  loginTo,
  query,
  test,
  writeDb,
} from "./support/fixtures";
import {
  type CaughtMail,
  centralMorning,
  headersOf,
  linksIn,
  mailsTo,
  rawSource,
  runMailJob,
  waitForMail,
} from "./support/mail";

const js = () => !jsDisabled(test.info());
const idOf = (email: string) => query<{ id: number }>("SELECT id FROM users WHERE email = ?", email)[0].id;
const setting = (email: string, column: "alert_weekly" | "reminder_mail") =>
  query<Record<string, number>>(`SELECT ${column} FROM users WHERE email = ?`, email)[0][column];
const DAY_MS = 86_400_000;

/** Opens a mail's HTML part in the browser, as a mail program shows it. */
async function openMail(page: Page, mail: CaughtMail) {
  await page.setContent(mail.html);
}

/** Every link of a mail, in both parts, is on the app's public address. */
function expectAppLinks(mail: CaughtMail) {
  const links = [...linksIn(mail.text), ...linksIn(mail.html)];
  expect(links.length).toBeGreaterThan(0);
  for (const url of links) expect(url.startsWith(`${APP_URL}/`), url).toBe(true);
}

/** One recipient, the account's address, and no header the member's words could have added. */
async function expectOnlyTo(mail: CaughtMail, email: string) {
  expect(mail.to.map((a) => a.address)).toEqual([email]);
  expect(mail.calculatedBcc).toEqual([]);
  const headers = headersOf(await rawSource(mail));
  expect(headers.get("to")).toHaveLength(1);
  expect(headers.get("to")?.[0]).toContain(`<${email}>`);
  for (const name of ["bcc", "cc", "x-evil"]) expect(headers.has(name), name).toBe(false);
  return headers;
}

test.describe("mail that arrives", () => {
  test("forgot password → the mail → its button → a new password → log in", async ({ page }) => {
    const member = createMember({ firstName: "Eve\r\nBcc: thief@evil.test" });
    await page.goto("/ForgotPassword");
    await page.getByLabel("Email", { exact: true }).fill(member.email);
    await page.getByRole("button", { name: /send/i }).click();
    await expectDialogOpen(page.getByRole("dialog", { name: "Sent!" }));

    const [mail] = await waitForMail(member.email, /^Reset your password$/);
    const link = linksIn(mail.text).find((l) => l.includes("/ForgotPassword/")) ?? "";
    expect(link).toMatch(new RegExp(`^${APP_URL}/ForgotPassword/[A-Za-z0-9_-]{43}$`));
    const token = link.split("/").pop() ?? "";
    expect(mail.text).toContain("within 60 minutes");
    expect(mail.html).toContain(`href="${link}"`);
    expectAppLinks(mail);
    // No token but the link's own: every long random-looking word of the message is that token.
    for (const word of `${mail.text} ${mail.html}`.match(/[A-Za-z0-9_-]{32,}/g) ?? [])
      expect(word).toBe(token);
    // The name with a line break in it did not add a recipient or a header.
    await expectOnlyTo(mail, member.email);
    // The send log keeps no working link: not the outbox, not the delivery log, not the app's access log.
    // (The row is marked a moment after the server has accepted the message.)
    const rows = () =>
      query<{ body: string; html: string; status: string }>(
        'SELECT body, html, status FROM outbox WHERE "to" = ?',
        member.email,
      );
    await expect.poll(() => rows().map((r) => r.status)).toEqual(["sent"]);
    expect(JSON.stringify(rows())).not.toContain(token);
    expect(readFileSync(join(E2E_DIR, "mail.log"), "utf8")).not.toContain(token);

    // The member opens the mail and presses its button.
    await openMail(page, mail);
    await page.getByRole("link", { name: "Choose a new password" }).click();
    await expect(page).toHaveURL(link);
    const newPassword = "a-password-from-the-mail-1";
    await page.getByLabel("New password").fill(newPassword);
    await page.getByRole("button", { name: /reset password/i }).click();
    const success = page.getByRole("dialog", { name: "Success!" });
    await expectDialogOpen(success);
    expect(readFileSync(APP_LOG, "utf8")).not.toContain(token);

    await page.context().clearCookies();
    await page.goto("/Login");
    await fillLogin(page, member.email, newPassword);
    await expect(page).toHaveURL(`${APP_URL}/Projects`);

    // The link works once: opened again, it says so at once (issue 43).
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This reset link no longer works" })).toBeVisible();
    await expect(page.getByLabel("New password")).toHaveCount(0);
  });

  test("a paid sign-up → the welcome, then the receipt", async ({ page }) => {
    const email = `mail-signup-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
    await page.goto("/sign-up/national");
    await expect(page.getByRole("heading", { name: /^Your plan$/ })).toBeVisible();
    if (js()) await expect(page.getByRole("button", { name: "Update price" })).toHaveCount(0);
    await page.getByRole("textbox", { name: "Company" }).fill("Lee Builders");
    await page.getByLabel("First name", { exact: true }).fill("Pat");
    await page.getByLabel("Last name", { exact: true }).fill("Lee");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Phone").fill("5125550100");
    await page.getByLabel("State", { exact: true }).selectOption({ label: "Texas" });
    await page.getByLabel("Password", { exact: true }).fill("signup-password-1");
    await page.getByLabel("Confirm password").fill("signup-password-1");
    if (!js()) {
      await page.getByLabel("Billing first name").fill("Pat");
      await page.getByLabel("Billing last name").fill("Lee");
    }
    await page.getByLabel("Address", { exact: true }).fill("1 Main St");
    await page.getByLabel("City").fill("Austin");
    await page.getByLabel("Billing state").selectOption({ label: "Texas" });
    await page.getByLabel("Zip").fill("78701");
    await page.getByLabel("Card number").fill("4242424242424242");
    await page.getByLabel("Expiration (mm/yy)").fill(js() ? "1239" : "12/39");
    await page.getByLabel("CVV").fill("123");
    await page.getByLabel("I accept the terms of service.").check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/sign-up\/national\/complete$/);

    const [welcome, receipt] = await waitForMail(email, /^(Welcome to Project Leads|Your receipt: )/, 2);
    expect(welcome.subject).toBe("Welcome to Project Leads");
    expect(welcome.text).toContain("Hello Pat,");
    expect(welcome.text).toContain("Your National Edition subscription is active.");
    expect(welcome.text).toContain(`${APP_URL}/Projects`);
    expectAppLinks(welcome);

    expect(receipt.subject).toBe("Your receipt: National Edition, $12,995.00");
    expect(receipt.text).toContain("Plan: National Edition (12 months)");
    expect(receipt.text).toContain("Total: $12,995.00");
    expect(receipt.text).toContain("Paid with the card ending in 4242.");
    expectAppLinks(receipt);
    for (const mail of [welcome, receipt]) {
      await expectOnlyTo(mail, email);
      expect(`${mail.text}${mail.html}${await rawSource(mail)}`).not.toContain("4242424242424242");
    }
    // The receipt's button leads to the printable receipt of the new member (logged in after the sign-up).
    await openMail(page, receipt);
    await expect(page.getByText("Paid with the card ending in 4242.")).toBeVisible();
    await page.getByRole("link", { name: "Open the receipt" }).click();
    await expect(page).toHaveURL(new RegExp(`^${APP_URL}/Me/Subscription/Receipts/\\d+$`));
    await expect(page.getByRole("heading", { name: "Receipt" })).toBeVisible();
    await expect(page.getByText(/^No\. PL-\d{6}$/)).toBeVisible();
  });

  test("a note with today's reminder → the day's digest; turned off in Settings, the next day sends nothing", async ({
    page,
  }) => {
    const member = createMember();
    const project = query<{ id: number; title: string }>(
      "SELECT id, title FROM projects WHERE active = 1 ORDER BY id LIMIT 1 OFFSET 7",
    )[0];
    const today = centralMorning();
    await loginTo(page, `/Projects/${project.id}`, member.email, member.password);
    await page.getByRole("main").getByRole("link", { name: "Add Note", exact: true }).first().click();
    const add = page.getByRole("dialog", { name: "Add Note" });
    await expectDialogOpen(add);
    const [y, m, d] = today.day.split("-");
    await fillDate(add.getByLabel("Reminder / follow-up date"), today.day);
    await add.getByLabel("Note", { exact: true }).fill("Call the owner <today>\nBcc: thief@evil.test");
    await add.getByRole("button", { name: "Save" }).click();
    await expect(add).toHaveCount(0);
    await expect(
      page.getByRole("region", { name: "Notes" }).getByText(`Reminder: ${m}/${d}/${y}`),
    ).toBeVisible();
    await expect
      .poll(
        () =>
          query(
            "SELECT 1 FROM project_notes WHERE user_id = ? AND notification_date = ?",
            idOf(member.email),
            today.day,
          ).length,
      )
      .toBe(1);

    // The scheduler's run for the member's morning (test clock), then its delivery.
    expect(await runMailJob("reminders", member.email, today.at)).toEqual({ members: 1, mailed: 1 });
    const [digest] = await waitForMail(member.email, /^Your reminders for /);
    expect(digest.text).toContain(project.title);
    expect(digest.text).toContain("Call the owner <today>\nBcc: thief@evil.test");
    expect(digest.text).toContain(`${APP_URL}/Projects/${project.id}`);
    expect(digest.html).toContain("Call the owner &lt;today&gt;<br>Bcc: thief@evil.test");
    expectAppLinks(digest);
    const headers = await expectOnlyTo(digest, member.email);
    expect(headers.get("list-unsubscribe")?.[0]).toMatch(
      new RegExp(`^<${APP_URL}/Unsubscribe/[A-Za-z0-9_-]+>$`),
    );
    expect(headers.get("list-unsubscribe-post")).toEqual(["List-Unsubscribe=One-Click"]);
    // A second run the same day sends nothing more.
    expect(await runMailJob("reminders", member.email, new Date(today.at.getTime() + 3600_000))).toEqual({
      members: 0,
      mailed: 0,
    });

    // The digest's link opens the project.
    await openMail(page, digest);
    await page
      .getByRole("link", { name: new RegExp(project.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })
      .click();
    await expect(page).toHaveURL(`${APP_URL}/Projects/${project.id}`);

    // Settings show reminder mail on; the member turns it off.
    await page.goto("/Me/Settings");
    const reminders = page.getByLabel("Reminder e-mails");
    await expect(reminders).toBeChecked();
    await expect(page.getByText("On the morning of a note's reminder date, we e-mail you")).toBeVisible();
    await expect(
      page.getByText(/Every Monday morning we e-mail you the new and updated projects/),
    ).toBeVisible();
    await expectAxeClean(page);
    await reminders.uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Your settings were saved successfully.")).toBeVisible();
    expect(setting(member.email, "reminder_mail")).toBe(0);
    await page.goto("/Me/Settings");
    await expect(page.getByLabel("Reminder e-mails")).not.toBeChecked();

    writeDb((db) =>
      db
        .prepare(
          "INSERT INTO project_notes (user_id, project_id, note, notification_date, created_at, updated_at) VALUES (?, ?, 'Tomorrow', ?, ?, ?)",
        )
        .run(
          idOf(member.email),
          project.id,
          centralMorning(new Date(today.at.getTime() + DAY_MS)).day,
          new Date().toISOString(),
          new Date().toISOString(),
        ),
    );
    expect(await runMailJob("reminders", member.email, new Date(today.at.getTime() + DAY_MS))).toEqual({
      members: 0,
      mailed: 0,
    });
    expect(await mailsTo(member.email)).toHaveLength(1);
  });

  test("alert settings → the weekly alert mail; its unsubscribe link → alerts off, and the next week sends nothing", async ({
    page,
  }) => {
    const member = createMember({ firstName: "Alex" });
    // A project entered or updated in the last week, that the member's alert settings will match.
    const weekAgo = new Date(Date.now() - 6 * DAY_MS).toISOString();
    const project = query<{
      id: number;
      title: string;
      state: string;
      value: number;
      type: string;
      stateName: string;
    }>(
      `SELECT p.id, p.title, p.state, p.minimum_value AS value, t.name AS type, s.name AS stateName
       FROM projects p JOIN project_project_types x ON x.project_id = p.id AND x.position = 0
       JOIN project_types t ON t.id = x.project_type_id JOIN states s ON s.abbr = p.state
       WHERE p.active = 1 AND p.minimum_value >= 1 AND (p.created_at >= ? OR p.updated_at >= ?)
       ORDER BY p.updated_at DESC, p.id LIMIT 1`,
      weekAgo,
      weekAgo,
    )[0];
    expect(project, "a project entered or updated in the last week").toBeDefined();

    await loginTo(page, "/Me/Settings", member.email, member.password);
    await expect(
      page.getByText(/Every Monday morning we e-mail you the new and updated projects/),
    ).toBeVisible();
    await page.getByLabel("Weekly alerts").check();
    await page.getByLabel("Project value").selectOption({ label: "Greater Than" });
    await page.getByLabel("Value (millions)").fill(String(Math.max(Math.floor(project.value) - 1, 0)));
    await page
      .getByRole("group", { name: "Project types" })
      .getByLabel(project.type, { exact: true })
      .check();
    await page.getByRole("group", { name: "States" }).getByLabel(project.stateName, { exact: true }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Your settings were saved successfully.")).toBeVisible();
    expect(setting(member.email, "alert_weekly")).toBe(1);

    // This week's run, at a time it is due (after Monday 6:00 in Chicago).
    const now = new Date();
    const monday = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Chicago",
      weekday: "short",
      hour: "numeric",
      hourCycle: "h23",
    }).formatToParts(now);
    const early =
      monday.find((p) => p.type === "weekday")?.value === "Mon" &&
      Number(monday.find((p) => p.type === "hour")?.value) < 6;
    const at = early ? new Date(now.getTime() + 7 * 3600_000) : now;
    expect(await runMailJob("alerts", member.email, at)).toEqual({ members: 1, mailed: 1 });
    const [mail] = await waitForMail(member.email, /match(es)? your weekly alerts$/);
    expect(mail.text).toContain("Hello Alex,");
    expect(mail.text).toContain(project.title);
    expect(mail.text).toContain(`${APP_URL}/Projects/${project.id}`);
    expect(mail.text).toContain(`${APP_URL}/Alerts`);
    expectAppLinks(mail);
    const headers = await expectOnlyTo(mail, member.email);
    expect(headers.get("list-unsubscribe-post")).toEqual(["List-Unsubscribe=One-Click"]);

    // The mail's button opens the alert list, which has the project.
    await openMail(page, mail);
    await page.getByRole("link", { name: "Your alert list" }).click();
    await expect(page).toHaveURL(`${APP_URL}/Alerts`);
    await expect(page.getByRole("main").getByText(project.title).first()).toBeVisible();

    // The unsubscribe link, opened without a session: a confirm page that changes nothing by itself.
    const unsubscribe = linksIn(mail.text).find((l) => l.includes("/Unsubscribe/")) ?? "";
    expect(headers.get("list-unsubscribe")).toEqual([`<${unsubscribe}>`]);
    await page.context().clearCookies();
    await page.goto(unsubscribe);
    await expect(page.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
    await expect(page.getByText(/Stop sending weekly alert e-mails to e•••@example\.test\?/)).toBeVisible();
    await expectAxeClean(page);
    expect(setting(member.email, "alert_weekly")).toBe(1);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("You will no longer receive weekly alert e-mails");
    expect(setting(member.email, "alert_weekly")).toBe(0);

    // Next week's run sends nothing; Settings show the alerts off.
    expect(await runMailJob("alerts", member.email, new Date(at.getTime() + 7 * DAY_MS))).toEqual({
      members: 0,
      mailed: 0,
    });
    expect((await mailsTo(member.email)).filter((m) => /weekly alerts$/.test(m.subject))).toHaveLength(1);
    await loginTo(page, "/Me/Settings", member.email, member.password);
    await expect(page.getByLabel("Weekly alerts")).not.toBeChecked();
  });

  test("the one-click unsubscribe of RFC 8058: a POST without session or origin turns reminder mail off", async ({
    browserName: _,
  }, info) => {
    test.skip(jsDisabled(info), "plain HTTP requests: run once");
    const member = createMember();
    const today = centralMorning();
    const project = query<{ id: number }>("SELECT id FROM projects WHERE active = 1 ORDER BY id LIMIT 1")[0];
    const addNote = (day: string) =>
      writeDb((db) =>
        db
          .prepare(
            "INSERT INTO project_notes (user_id, project_id, note, notification_date, created_at, updated_at) VALUES (?, ?, 'Due', ?, ?, ?)",
          )
          .run(idOf(member.email), project.id, day, new Date().toISOString(), new Date().toISOString()),
      );
    addNote(today.day);
    await runMailJob("reminders", member.email, today.at);
    const [digest] = await waitForMail(member.email, /^Your reminders for /);
    const url = (headersOf(await rawSource(digest)).get("list-unsubscribe")?.[0] ?? "").replace(/^<|>$/g, "");
    expect(url.startsWith(`${APP_URL}/Unsubscribe/`)).toBe(true);

    // A mail program's prefetch (GET) changes nothing.
    const look = await fetch(url, { redirect: "manual" });
    expect(look.status).toBe(200);
    expect((await look.text()).replace(/<!-- -->/g, "")).toContain(
      "Stop sending <strong>reminder e-mails</strong>",
    );
    expect(setting(member.email, "reminder_mail")).toBe(1);

    // The one-click POST: no cookie, no Origin, the RFC's body; answered 200 without a redirect.
    const res = await fetch(url, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect((await res.text()).replace(/<!-- -->/g, "")).toContain(
      "You will no longer receive reminder e-mails",
    );
    expect(setting(member.email, "reminder_mail")).toBe(0);

    addNote(centralMorning(new Date(today.at.getTime() + DAY_MS)).day);
    expect(await runMailJob("reminders", member.email, new Date(today.at.getTime() + DAY_MS))).toEqual({
      members: 0,
      mailed: 0,
    });
    expect(await mailsTo(member.email)).toHaveLength(1);
  });
});
