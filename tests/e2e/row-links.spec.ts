/**
 * "Clicking a row opens" (member-app.md §2, signup-search-companies-calendar.md §2.11): a click anywhere on a
 * results row opens its project, contact or company, with and without JavaScript, on a desktop and on a phone;
 * the row keeps one real link (keyboard: Tab, Enter), and its checkbox and other links still do their own thing.
 * The same for the similar projects and contacts of a project and the people, projects and partners of a company.
 */

import type { Locator, Page } from "@playwright/test";
import { expect, login, loginTo, query, test } from "./support/fixtures";

const rows = (page: Page) => page.getByRole("main").locator("tbody tr");
/** The rows of a table named by its caption. */
const tableRows = (page: Page, caption: string) =>
  page.getByRole("main").getByRole("table", { name: caption, exact: true }).locator("tbody tr");
const escaped = (href: string) => href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A seeded project with contacts (the similar projects come from its type and state). */
function projectWithContacts(): number {
  return query<{ id: number }>(
    `SELECT p.id FROM projects p WHERE p.active = 1
       AND EXISTS (SELECT 1 FROM project_contacts pc WHERE pc.project_id = p.id) ORDER BY p.id LIMIT 1`,
  )[0].id;
}

/** A seeded company with people, projects and partners. */
function companyWithTables(): number {
  return query<{ id: number }>(
    `SELECT co.id FROM companies co
     WHERE EXISTS (SELECT 1 FROM company_partners p WHERE p.company_id = co.id)
       AND EXISTS (SELECT 1 FROM contacts c JOIN project_contacts pc ON pc.contact_id = c.id
                   JOIN projects p ON p.id = pc.project_id WHERE c.company_id = co.id AND p.active = 1)
     ORDER BY co.id LIMIT 1`,
  )[0].id;
}

/**
 * A row of `caption`'s table opens on a click in the cell `cell`: the row holds one link of its own (`links`
 * counts the others, each its own target), and the click lands on the page that link names.
 */
async function rowOpens(page: Page, caption: string, cell: number, path: RegExp) {
  const row = tableRows(page, caption).first();
  const link = row.locator(".results-cell-link a");
  await expect(link).toHaveCount(1);
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(path);
  await row.getByRole("cell").nth(cell).scrollIntoViewIfNeeded();
  await clickOn(page, row.getByRole("cell").nth(cell));
  await expect(page).toHaveURL(new RegExp(`${escaped(href)}$`));
}

/** A member's click in the middle of a cell (the row's link lies over it, so the click is the pointer's own). */
async function clickOn(page: Page, cell: Locator) {
  const box = await cell.boundingBox();
  if (!box) throw new Error("the cell is not on screen");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

for (const size of [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
]) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test("a click on a project row's city opens the project; its checkbox only selects", async ({ page }) => {
      await loginTo(page, "/Projects", "member@example.com");
      const first = rows(page).first();
      const href = (await first.getByRole("link").first().getAttribute("href")) ?? "";
      const checkbox = first.getByRole("checkbox");
      await checkbox.check();
      await expect(checkbox).toBeChecked();
      await expect(page).toHaveURL(/\/Projects$/);
      await clickOn(page, first.getByRole("cell").nth(2));
      await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, "\\?")}$`));
    });

    test("a contact row opens on its last name; a company row on its dates, its website link stays its own", async ({
      page,
    }) => {
      await loginTo(page, "/Contacts", "member@example.com");
      const contact = rows(page).first();
      const contactHref = (await contact.getByRole("link").first().getAttribute("href")) ?? "";
      expect(await contact.getByRole("link").count()).toBe(1);
      await clickOn(page, contact.getByRole("cell").nth(2));
      await expect(page).toHaveURL(new RegExp(`${contactHref.replace(/[?]/g, "\\?")}$`));

      await page.goto("/Companies");
      const company = rows(page).first();
      const companyHref = (await company.getByRole("link").first().getAttribute("href")) ?? "";
      await clickOn(page, company.getByRole("cell").last());
      await expect(page).toHaveURL(new RegExp(`${companyHref.replace(/[?]/g, "\\?")}$`));
    });

    test("a similar project's row opens that project; a project's contact row opens the contact", async ({
      page,
    }) => {
      const id = projectWithContacts();
      await login(page, "member@example.com");
      if (size.name === "desktop") {
        // Similar Projects is hidden on narrow screens (member-app.md §2).
        await page.goto(`/Projects/${id}`);
        await rowOpens(page, "Similar Projects", 2, /^\/Projects\/\d+\?fromProject=\d+$/);
      }
      await page.goto(`/Projects/${id}?tab=contacts`);
      await rowOpens(page, "Contacts on this project", 2, new RegExp(`^/Contacts/\\d+\\?fromProject=${id}$`));
    });

    test("a company's people, projects and partner rows open the contact, project and company", async ({
      page,
    }) => {
      const id = companyWithTables();
      await loginTo(page, `/Companies/${id}?tab=people`, "member@example.com");
      await rowOpens(page, "People", 1, /^\/Contacts\/\d+$/);
      await page.goto(`/Companies/${id}?tab=projects`);
      await rowOpens(page, "Projects", 2, /^\/Projects\/\d+$/);
      await page.goto(`/Companies/${id}?tab=partners`);
      // A partner's website link stays its own target, above the row's.
      const partner = tableRows(page, "Companies worked with").first();
      const website = partner.getByRole("cell").nth(1).getByRole("link");
      if ((await website.count()) > 0) {
        await website.scrollIntoViewIfNeeded();
        // The middle of its first line box (a wrapped link's bounding box also holds the gaps between lines).
        const hit = await website.evaluate((a) => {
          const line = a.getClientRects()[0];
          const top = document.elementFromPoint(line.x + line.width / 2, line.y + line.height / 2);
          return top?.closest("a")?.getAttribute("target") ?? null;
        });
        expect(hit).toBe("_blank");
      }
      await rowOpens(page, "Companies worked with", 2, /^\/Companies\/\d+$/);
    });

    test("a company's project row is reached and followed from the keyboard", async ({ page }) => {
      await loginTo(page, `/Companies/${companyWithTables()}?tab=projects`, "member@example.com");
      const link = tableRows(page, "Projects").first().getByRole("link");
      await expect(link).toHaveCount(1);
      const href = (await link.getAttribute("href")) ?? "";
      await link.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${escaped(href)}$`));
    });

    test("the row's link is reached and followed from the keyboard", async ({ page }) => {
      await loginTo(page, "/Projects", "member@example.com");
      const link = rows(page).first().getByRole("link").first();
      const href = (await link.getAttribute("href")) ?? "";
      await link.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, "\\?")}$`));
    });
  });
}
