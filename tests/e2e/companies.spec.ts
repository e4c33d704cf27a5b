/**
 * Companies (issue 15): the list (/Companies) with its search, sort, paging, totals and CSV download, and the
 * company detail (/Companies/{id}) with its tabs, the edit (editing roles) and the merge (merging roles). Every
 * journey runs in the `js` and the `no-js` projects; journeys that change data work on companies they create.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import {
  expect,
  expectAxeClean,
  expectDialogOpen,
  login,
  loginTo,
  query,
  test,
  writeDb,
} from "./support/fixtures";
import { sidebar } from "./support/shell";

const NOT_INCLUDED = "The company search is not part of your subscription.";
const NOT_FOUND = "A company with this ID could not be found. Please try searching for it instead.";

type Seeded = { id: number; name: string; url: string; phone: string };

/** A seeded company with a www. website, locations, people, projects and partners. */
function richCompany(): Seeded {
  const row = query<Seeded>(
    `SELECT co.id, co.name, co.url, co.phone FROM companies co
     WHERE co.url LIKE 'www.%'
       AND EXISTS (SELECT 1 FROM company_locations l WHERE l.company_id = co.id)
       AND EXISTS (SELECT 1 FROM company_partners p WHERE p.company_id = co.id)
       AND EXISTS (SELECT 1 FROM contacts c JOIN project_contacts pc ON pc.contact_id = c.id
                   JOIN projects p ON p.id = pc.project_id WHERE c.company_id = co.id AND p.active = 1)
     ORDER BY co.id LIMIT 1`,
  )[0];
  if (!row) throw new Error("no seeded company with locations, partners and projects");
  return row;
}

/** A company of this test's own (a location and a person), and optionally a near-duplicate of it. */
function ownCompany(label: string, withDuplicate = false) {
  const stamp = `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const name = `Quillon ${stamp} Builders`;
  const now = new Date().toISOString();
  return writeDb((db) => {
    const type = db.prepare("SELECT id FROM company_types ORDER BY id LIMIT 1").pluck().get() as number;
    const add = (n: string, url: string, city: string, person: string) => {
      const id = Number(
        db
          .prepare("INSERT INTO companies (name, url, phone, created_at, updated_at) VALUES (?, ?, ?, ?, ?)")
          .run(n, url, "(512) 555-0199", now, now).lastInsertRowid,
      );
      db.prepare("INSERT INTO company_company_types (company_id, company_type_id) VALUES (?, ?)").run(
        id,
        type,
      );
      db.prepare(
        "INSERT INTO company_locations (company_id, address1, city, state, zip, phone) VALUES (?, '1 Main St', ?, 'TX', '78701', NULL)",
      ).run(id, city);
      db.prepare(
        "INSERT INTO contacts (first_name, last_name, title, company_id, created_at, updated_at) VALUES (?, 'Quill', 'Estimator', ?, ?, ?)",
      ).run(person, id, now, now);
      return id;
    };
    const slug = stamp.toLowerCase().replace(/[^a-z0-9]+/g, "");
    const id = add(name, `www.quillon${slug}.com`, "Austin", "Ada");
    const dupName = `${name.toUpperCase()}, Inc.`;
    const dupId = withDuplicate ? add(dupName, `quillon${slug}.com`, "Dallas", "Bram") : null;
    return { id, name, dupId, dupName, url: `quillon${slug}.com` };
  });
}

const dialog = (page: Page, name: string | RegExp) => page.getByRole("dialog", { name });
/** A tab of the company screen: a link without JavaScript, a tab once hydrated. */
const tab = (page: Page, name: string) => {
  const tabs = page.getByRole("region", { name: "Company details" });
  return tabs.getByRole("tab", { name, exact: true }).or(tabs.getByRole("link", { name, exact: true }));
};

test.describe("companies list", () => {
  test("keyword search, totals, the sort cycle and paging; a row opens the company", {
    tag: "@late-script",
  }, async ({ page }) => {
    const company = richCompany();
    const all = query<{ n: number }>("SELECT count(*) AS n FROM companies")[0].n;
    await login(page, "member@example.com");
    await sidebar(page).getByRole("link", { name: "Companies", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Companies" })).toBeVisible();
    await expect(page.getByText(`${all} matching results. ${all} in database.`)).toBeVisible();
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(16);
    await expect(rows.nth(1).getByRole("cell").nth(3)).toHaveText(/(^|\D)\d\d\/\d\d\/\d\d$/);

    const name = page.getByRole("columnheader", { name: /Name/ });
    await name.getByRole("link").click();
    await expect(page).toHaveURL(/orderBy=name&orderDirection=desc/);
    await expect(page.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "descending");
    await page.getByRole("columnheader", { name: /Name/ }).getByRole("link").click();
    await expect(page).toHaveURL(/orderBy=name&orderDirection=asc/);
    await page.getByRole("columnheader", { name: /Name/ }).getByRole("link").click();
    await expect(page).not.toHaveURL(/orderBy/);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/[?&]page=2&perPage=15/);

    const search = page.getByRole("main").getByRole("search");
    await search.getByPlaceholder("Search for company").fill(company.name);
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/Companies\?page=1&perPage=15&query=/);
    await expect(page.getByText(/^\d+ matching results\. \d+ in database\.$/)).toBeVisible();
    await page.getByRole("table").getByRole("link", { name: company.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/Companies/${company.id}\\?page=1&perPage=15&query=`));
    await expect(page.getByRole("heading", { level: 1, name: company.name })).toBeVisible();
    // §9: MM/DD/YYYY on the page (the list's dates are MM/DD/YY)
    await expect(page.getByText(/^Entered: \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await expect(page.getByText(/^Updated: \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await expect(page.getByRole("link", { name: /Back to companies/ })).toHaveAttribute(
      "href",
      /\/Companies\?page=1&perPage=15&query=/,
    );
  });

  test("Download CSV posts the list and answers every matching row", async ({ page }) => {
    const company = richCompany();
    await loginTo(
      page,
      `/Companies?page=1&perPage=15&query=${encodeURIComponent(company.name)}`,
      "member@example.com",
    );
    const button = page.getByRole("button", { name: "Download CSV" });
    await expect(page.locator("form", { has: button })).toHaveAttribute("method", "post");
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    const records: string[][] = parse(await readFile(await download.path()), { bom: true });
    expect(records[0]).toEqual(["Name", "Website", "Company Type", "Entered", "Updated"]);
    expect(records.map((r) => r[0])).toContain(company.name);
    const matching = Number((await page.getByText(/matching results/).textContent())?.match(/^\d+/)?.[0]);
    expect(records.length - 1).toBe(matching);
  });

  test("a member without the company search is told so, on the list and on a company", async ({ page }) => {
    await login(page, "basic@example.com");
    await expect(sidebar(page).getByRole("link", { name: "Companies", exact: true })).toHaveCount(0);
    await page.goto("/Companies");
    await expect(page.getByText(NOT_INCLUDED)).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Download CSV" })).toHaveCount(0);
    await page.goto(`/Companies/${richCompany().id}`);
    await expect(page.getByText(NOT_INCLUDED)).toBeVisible();
  });
});

test.describe("company detail", () => {
  test("type, phone, website and the tabs; people, projects and partners open their screens", async ({
    page,
  }) => {
    const company = richCompany();
    await loginTo(page, `/Companies/${company.id}`, "member@example.com");
    await expect(page.getByRole("heading", { level: 1, name: company.name })).toBeVisible();
    await expect(page.getByRole("link", { name: company.url })).toHaveAttribute(
      "href",
      `http://${company.url}`,
    );
    await expect(page.getByRole("link", { name: company.phone }).first()).toHaveAttribute(
      "href",
      `tel:${company.phone}`,
    );
    await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
    await expect(tab(page, "Merge & fix")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Email company" })).toHaveAttribute("href", /^mailto:/);
    await expect(page.getByRole("table", { name: "Company locations" })).toBeVisible();

    await tab(page, "Companies worked with").click();
    await expect(page).toHaveURL(/tab=partners/);
    const partner = page.getByRole("table", { name: "Companies worked with" }).getByRole("link").first();
    await expect(partner).toHaveAttribute("href", /^\/Companies\/\d+$/);

    await tab(page, "Projects").click();
    await expect(page).toHaveURL(/tab=projects/);
    const project = page.getByRole("table", { name: "Projects" }).getByRole("link").first();
    const projectHref = await project.getAttribute("href");
    expect(projectHref).toMatch(/^\/Projects\/\d+$/);

    await tab(page, "People").click();
    const person = page.getByRole("table", { name: "People" }).getByRole("link").first();
    const personHref = (await person.getAttribute("href")) ?? "";
    expect(personHref).toMatch(/^\/Contacts\/\d+$/);
    await person.click();
    await expect(page).toHaveURL(new RegExp(`${personHref}$`));

    await page.goto(`/Companies/${company.id}?print=1`);
    for (const h of ["Company Locations", "People", "Projects", "Companies worked with"])
      await expect(page.getByRole("heading", { level: 2, name: h })).toBeVisible();
  });

  test("a missing company is the 404 page, leading back to the list", async ({ page }) => {
    await login(page, "member@example.com");
    const response = await page.goto("/Companies/987654321");
    expect(response?.status()).toBe(404);
    const error = page.getByRole("alert").filter({ hasText: "Error 404" });
    await expect(error.getByRole("heading", { level: 1, name: "Company not found" })).toBeVisible();
    await expect(error).toContainText(NOT_FOUND);
    await error.getByRole("link", { name: "Back to companies" }).click();
    await expect(page).toHaveURL(/\/Companies$/);
    await expect(page.getByRole("heading", { level: 1, name: "Companies" })).toBeVisible();
  });

  test("researcher edits name, phone and locations (a form post); no Merge & fix", async ({ page }, info) => {
    const own = ownCompany(`R${info.project.name}`);
    await loginTo(page, `/Companies/${own.id}`, "researcher@example.com");
    await expect(page.getByText("No Associated Companies")).toBeHidden();
    await expect(tab(page, "Merge & fix")).toHaveCount(0);
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    const edit = dialog(page, "Edit company");
    await expectDialogOpen(edit);
    await expect(edit.getByLabel("Name")).toHaveValue(own.name);
    await edit.getByLabel("Name").fill("");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit.getByText("Please enter the company name.")).toBeVisible();
    const renamed = `${own.name} Renamed`;
    await edit.getByLabel("Name").fill(renamed);
    await edit.getByLabel("Phone", { exact: true }).fill("(512) 555-0123");
    const added = edit.getByRole("group", { name: "Add a location" });
    await added.getByLabel("Address", { exact: true }).fill("77 Elm St");
    await added.getByLabel("City").fill("Waco");
    await edit.getByRole("group", { name: "Location 1" }).getByLabel("Remove this location").check();
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
    await expect(dialog(page, "Edit company")).toHaveCount(0);
    const locations = page.getByRole("table", { name: "Company locations" });
    await expect(locations).toContainText("77 Elm St");
    await expect(locations).toContainText("Waco");
    await expect(locations).not.toContainText("Austin");
    await expect(page.getByRole("link", { name: "(512) 555-0123" })).toBeVisible();
    // The merge confirmation is not there for a researcher, even from the URL.
    await page.goto(`/Companies/${own.id}?tab=merge&dialog=merge&mergeWithId=1`);
    await expect(page.getByRole("button", { name: "Yes!" })).toHaveCount(0);
  });

  test("admin merges a duplicate after the confirmation (a form post)", async ({ page }, info) => {
    const own = ownCompany(`A${info.project.name}`, true);
    await loginTo(page, `/Companies/${own.id}`, "admin@example.com");
    await tab(page, "Merge & fix").click();
    const table = page.getByRole("table", { name: "Possible duplicates" });
    await expect(table).toContainText(own.dupName);
    await table.getByRole("link", { name: `Merge ${own.dupName} into this company` }).click();
    const confirm = dialog(page, "Merge");
    await expectDialogOpen(confirm);
    await expect(confirm).toContainText(
      `Are you sure you want to merge ${own.dupName} (${own.url}) into this company?`,
    );
    await confirm.getByRole("button", { name: "Yes!" }).click();
    await expect(page.getByRole("button", { name: "Yes!" })).toHaveCount(0);
    // The merge says what was merged into what (issue 43), in a banner that leaves the page usable.
    const merged = page.getByRole("status").filter({ hasText: "Companies merged" });
    await expect(merged).toBeVisible();
    await expect(merged).toContainText(`${own.dupName} was merged into ${own.name}`);
    await expect(page.getByText("No duplicates found")).toBeVisible();
    // By its name, which is this test's own: SQLite hands a deleted last id to the next company inserted, and
    // the other worker may insert one at once.
    expect(query("SELECT id FROM companies WHERE name = ?", own.dupName)).toHaveLength(0);
    await tab(page, "People").click();
    await expect(page.getByRole("table", { name: "People" }).getByRole("link")).toHaveCount(2);
    await tab(page, "Company Locations").click();
    await expect(page.getByRole("table", { name: "Company locations" })).toContainText("Dallas");
  });

  test("the action refuses a merge posted by a researcher, as the API does", async ({ page }, info) => {
    test.skip(info.project.name !== "js", "a hand-made post from the page: run once");
    const own = ownCompany("Forged", true);
    await loginTo(page, `/Companies/${own.id}`, "researcher@example.com");
    const status = await page.evaluate(async ({ id, dupId }) => {
      const body = new URLSearchParams({ intent: "merge", mergeWithId: String(dupId) });
      const res = await fetch(`/Companies/${id}`, { method: "POST", body, redirect: "manual" });
      return res.status;
    }, own);
    expect(status).toBe(403);
    expect(query("SELECT id FROM companies WHERE id = ?", own.dupId)).toHaveLength(1);
  });

  test("both screens pass axe", async ({ page }) => {
    const company = richCompany();
    await loginTo(page, "/Companies", "admin@example.com");
    await expect(page.getByRole("heading", { level: 1, name: "Companies" })).toBeVisible();
    await expectAxeClean(page);
    await page.goto(`/Companies/${company.id}?tab=merge`);
    await expect(page.getByRole("heading", { level: 1, name: company.name })).toBeVisible();
    await expectAxeClean(page);
    await page.goto(`/Companies/${company.id}?dialog=edit`);
    await expectDialogOpen(dialog(page, "Edit company"));
    await expectAxeClean(page);
  });
});
