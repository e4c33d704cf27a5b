/**
 * Rights enforced on the server, not in the dialog (issue 11, docs/decisions/013): an expired trial's pages and
 * data requests carry no project or contact; a member without the directory cannot read an unrelated contact by id.
 */
import { APP_URL, DEMO_PASSWORD, expect, httpOnly, login, query, test } from "./support/fixtures";

/** Logs in with a plain fetch and answers the session cookie ("name=value"). */
async function sessionOf(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${APP_URL}/Login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: APP_URL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => /session=/.test(c));
  await res.body?.cancel();
  if (res.status !== 302 || !cookie) throw new Error(`login of ${email} failed (${res.status})`);
  return cookie.split(";")[0];
}

/** A contact no project names and `email` has not saved. */
function unrelatedContact(email: string) {
  return query<{ id: number; email: string; last_name: string }>(
    `SELECT id, email, last_name FROM contacts WHERE email IS NOT NULL
       AND id NOT IN (SELECT contact_id FROM project_contacts)
       AND id NOT IN (SELECT contact_id FROM user_contacts uc JOIN users u ON u.id = uc.user_id WHERE u.email = ?)
     ORDER BY id LIMIT 1`,
    email,
  )[0];
}

test.describe("an expired trial", () => {
  test("gets the blocking page without a project or contact, HTML and .data alike", async ({
    browserName: _,
  }, info) => {
    httpOnly(info);
    const cookie = await sessionOf("expired@example.com");
    // Every project title and contact e-mail of the database: none may appear in a blocked answer.
    const titles = query<{ title: string }>("SELECT title FROM projects WHERE length(title) >= 12").map(
      (r) => r.title,
    );
    const emails = query<{ email: string }>("SELECT email FROM contacts WHERE email IS NOT NULL").map(
      (r) => r.email,
    );
    const project = query<{ id: number }>("SELECT id FROM projects ORDER BY id LIMIT 1")[0].id;
    const contact = query<{ id: number }>("SELECT id FROM contacts ORDER BY id LIMIT 1")[0].id;
    const paths = [
      "/Contacts",
      "/Contacts.data",
      "/Projects",
      "/Projects.data",
      "/Projects?query=school&page=2",
      "/Projects.data?query=school",
      `/Projects/${project}`,
      `/Projects/${project}.data`,
      `/Contacts/${contact}`,
      `/Contacts/${contact}.data`,
      "/Me/Projects",
      "/Notes",
    ];
    for (const path of paths) {
      const res = await fetch(`${APP_URL}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
      const body = await res.text();
      expect(res.status, path).toBe(403);
      expect(body, path).not.toMatch(/\/(Projects|Contacts)\/\d+/);
      expect(
        titles.filter((t) => body.includes(t)),
        `${path} carries project titles`,
      ).toEqual([]);
      expect(
        emails.filter((e) => body.includes(e)),
        `${path} carries contact e-mails`,
      ).toEqual([]);
      if (!path.includes(".data")) expect(body, path).toContain("Your Free Trial Has Expired...");
    }
    // A post to a blocked screen is refused the same way (a download, a bulk action).
    const post = await fetch(`${APP_URL}/Contacts/Download`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: APP_URL, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ returnTo: "/Contacts" }),
    });
    expect(post.status).toBe(403);
    expect(post.headers.get("content-type") ?? "").not.toMatch(/csv/);
    await post.body?.cancel();
    // The profile pages stay usable.
    for (const path of ["/Me/Account", "/Me/Settings", "/Me/Subscription"]) {
      const res = await fetch(`${APP_URL}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(res.status, path).toBe(200);
      await res.body?.cancel();
    }
  });

  test("sees the blocking dialog on a client navigation too", async ({ page }) => {
    await login(page, "expired@example.com");
    await page.goto("/Me/Account");
    await expect(page.getByRole("dialog", { name: "Your Free Trial Has Expired..." })).toHaveCount(0);
    // The header's logo link: a client navigation (a .data request) with JavaScript, a page load without.
    await page.locator('header a[href="/Projects"]').first().click();
    await expect(page).toHaveURL(/\/Projects$/);
    await expect(page.getByRole("heading", { name: "Your Free Trial Has Expired..." })).toBeVisible();
    await expect(page.locator("a[href^='/Projects/']")).toHaveCount(0);
  });
});

test.describe("a member without the directory", () => {
  test("cannot read an unrelated contact by id", async ({ page }) => {
    const contact = unrelatedContact("basic@example.com");
    await login(page, "basic@example.com");
    await page.goto(`/Contacts/${contact.id}`);
    await expect(page).toHaveURL(/\/Me\/Contacts/);
    await expect(page.getByText("Your subscription does not include the contact directory.")).toBeVisible();
    await expect(page.getByText(contact.email)).toHaveCount(0);
  });
});
