/**
 * Contacts (issue 4): the directory (/Contacts) and saved contacts (/Me/Contacts) lists, and the contact
 * detail screen (/Contacts/{id}). Every journey runs in the `js` and the `no-js` projects. Journeys that
 * change data use a throwaway member (createMember), so they never race other specs.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import {
  createMember,
  expect,
  expectAxeClean,
  expectDialogOpen,
  jsDisabled,
  login,
  loginTo,
  pressAndWaitForPost,
  query,
  test,
  writeDb,
} from "./support/fixtures";
import { sidebar } from "./support/shell";

const DIRECTORY_NOT_INCLUDED = "The contact directory is not part of your subscription.";
const CONTACT_NOT_FOUND = "A contact with this ID could not be found.";
const CSV_COLUMNS = [
  "First Name",
  "Last Name",
  "Title",
  "Company",
  "Company Type",
  "Email",
  "Phone",
  "City",
  "State",
  "Created",
  "Updated",
  "Folder",
];

type RichContact = {
  id: number;
  first_name: string;
  last_name: string;
  title: string;
  company_id: number;
  company_name: string;
  company_url: string | null;
  email: string;
  phone: string;
  phone2: string | null;
  phone3: string | null;
  fax: string | null;
  location_number: string | null;
  location_fax: string | null;
  address1: string | null;
  city: string | null;
  url: string | null;
};

/** A seeded contact with a name, a company and as many of the optional fields as the seed has. */
function richContact(): RichContact {
  const row = query<RichContact>(
    `SELECT c.id, c.first_name, c.last_name, c.title, c.company_id, co.name AS company_name, co.url AS company_url,
       c.email, c.phone, c.phone2, c.phone3, c.fax, c.location_number, c.location_fax, c.address1, c.city, c.url
     FROM contacts c JOIN companies co ON co.id = c.company_id
     WHERE c.first_name IS NOT NULL AND c.last_name IS NOT NULL AND c.title IS NOT NULL AND c.email IS NOT NULL
       AND c.phone IS NOT NULL
     ORDER BY (c.phone2 IS NOT NULL) + (c.phone3 IS NOT NULL) + (c.fax IS NOT NULL) + (c.location_number IS NOT NULL)
       + (c.location_fax IS NOT NULL) + (c.url IS NOT NULL) + (c.address1 IS NOT NULL) DESC, c.id
     LIMIT 1`,
  )[0];
  if (!row) throw new Error("no seeded contact with a name, title, email, phone and company");
  return row;
}

function userId(email: string): number {
  return query<{ id: number }>("SELECT id FROM users WHERE email = ?", email)[0].id;
}

/** A throwaway member with the directory, download and share flags and two contact folders of its own. */
function contactMember() {
  const member = createMember({ firstName: "Cora", lastName: "Contacts" });
  const id = userId(member.email);
  const now = new Date().toISOString();
  writeDb((db) => {
    db.prepare("UPDATE users SET allow_directory = 1, allow_download = 1, allow_share = 1 WHERE id = ?").run(
      id,
    );
    const insert = db.prepare(
      "INSERT INTO tags (user_id, name, color, tag_type, created_at) VALUES (?, ?, ?, 2, ?)",
    );
    insert.run(id, "Key people", "#1565c0", now);
    insert.run(id, "Suppliers", "#6a1b9a", now);
  });
  const tags = query<{ id: number; name: string }>(
    "SELECT id, name FROM tags WHERE user_id = ? AND tag_type = 2 ORDER BY id",
    id,
  );
  return { ...member, id, tags };
}

/** axe runs in the js project with the page as it is, and on the no-JS HTML in a scratch page. */
async function axe(page: Page) {
  await expectAxeClean(page);
}

function dialog(page: Page, name: string | RegExp) {
  return page.getByRole("dialog", { name });
}

/** The ids of the rows shown in the results table (from their selection checkboxes). */
async function rowIds(page: Page): Promise<number[]> {
  const labels = await page
    .getByRole("checkbox", { name: /^Select row \d+$/ })
    .evaluateAll((els) => els.map((el) => el.getAttribute("aria-label") ?? ""));
  return labels.map((l) => Number(l.replace(/\D/g, "")));
}

test.describe("contact directory", () => {
  test("search is a GET form: the URL carries the query, and a row opens the contact with it", async ({
    page,
  }) => {
    const contact = richContact();
    await loginTo(page, "/Contacts", "member@example.com");
    await expect(page.getByRole("heading", { level: 1, name: "Directory" })).toBeVisible();
    const search = page.getByRole("main").getByRole("search");
    await search.getByRole("searchbox", { name: "Search contacts" }).fill(contact.last_name);
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(
      new RegExp(`/Contacts\\?page=1&perPage=15&query=${encodeURIComponent(contact.last_name)}$`),
    );
    await expect(page.getByRole("searchbox", { name: "Search contacts" })).toHaveValue(contact.last_name);
    const link = page.getByRole("table").getByRole("link", { name: contact.last_name }).first();
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(
      new RegExp(`/Contacts/\\d+\\?page=1&perPage=15&query=${encodeURIComponent(contact.last_name)}$`),
    );
    await expect(page.getByRole("link", { name: /Back to directory/ })).toHaveAttribute(
      "href",
      `/Contacts?page=1&perPage=15&query=${encodeURIComponent(contact.last_name)}`,
    );
  });

  test("sorting cycles through the header links and paging keeps 15 rows a page", async ({ page }) => {
    await loginTo(page, "/Contacts", "member@example.com");
    const header = page.getByRole("columnheader", { name: /Last Name/ });
    await expect(header).toHaveAttribute("aria-sort", "none");
    await header.getByRole("link").click();
    await expect(page).toHaveURL(/orderBy=last_name&orderDirection=desc/);
    await expect(page.getByRole("columnheader", { name: /Last Name/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await page
      .getByRole("columnheader", { name: /Last Name/ })
      .getByRole("link")
      .click();
    await expect(page).toHaveURL(/orderBy=last_name&orderDirection=asc/);
    await expect(page.getByRole("columnheader", { name: /Last Name/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    const firstAsc = query<{ last_name: string }>(
      "SELECT last_name FROM contacts ORDER BY last_name IS NULL, last_name ASC LIMIT 1",
    )[0].last_name;
    await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText(firstAsc);

    expect(await rowIds(page)).toHaveLength(15);
    const pageOne = await rowIds(page);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/[?&]page=2&perPage=15&orderBy=last_name&orderDirection=asc/);
    await expect(
      page.getByRole("navigation", { name: "Pagination" }).locator('[aria-current="page"]'),
    ).toHaveText("2");
    await expect.poll(() => rowIds(page)).not.toEqual(pageOne);
    expect(await rowIds(page)).toHaveLength(15);
  });

  test("the folder filter shows one folder; choosing it again clears the filter", async ({ page }) => {
    const member = contactMember();
    const [key] = member.tags;
    const contacts = query<{ id: number }>("SELECT id FROM contacts ORDER BY id LIMIT 3");
    writeDb((db) => {
      const now = new Date().toISOString();
      const insert = db.prepare(
        "INSERT INTO user_contacts (user_id, contact_id, tag_id, note, created_at, updated_at) VALUES (?, ?, ?, NULL, ?, ?)",
      );
      insert.run(member.id, contacts[0].id, key.id, now, now);
      insert.run(member.id, contacts[1].id, key.id, now, now);
      insert.run(member.id, contacts[2].id, null, now, now);
    });
    await loginTo(page, "/Contacts", member.email, member.password);
    const filter = page.getByRole("navigation", { name: "Folder filter" });
    await filter.getByRole("link", { name: "Key people", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/Contacts\\?page=1&perPage=15&tag=${key.id}$`));
    await expect(filter.getByRole("link", { name: "Key people", exact: true })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect
      .poll(async () => (await rowIds(page)).sort((a, b) => a - b))
      .toEqual([contacts[0].id, contacts[1].id].sort((a, b) => a - b));
    await filter.getByRole("link", { name: "Key people", exact: true }).click();
    await expect(page).toHaveURL(/\/Contacts\?page=1&perPage=15$/);
    await expect.poll(async () => (await rowIds(page)).length).toBe(15);

    // The saved list's folder filter goes to the folder's own route.
    await page.goto("/Me/Contacts");
    await expect(page.getByRole("heading", { level: 1, name: "Saved Contacts" })).toBeVisible();
    await expect.poll(async () => (await rowIds(page)).length).toBe(3);
    await page
      .getByRole("navigation", { name: "Folder filter" })
      .getByRole("link", { name: "Key people", exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/Me/Contacts/Tags/${key.id}\\?`));
    await expect.poll(async () => (await rowIds(page)).length).toBe(2);
  });

  test("selected rows move to a folder", { tag: "@late-script" }, async ({ page }) => {
    const member = contactMember();
    const suppliers = member.tags[1];
    await loginTo(
      page,
      "/Contacts?page=1&perPage=15&orderBy=last_name&orderDirection=asc",
      member.email,
      member.password,
    );
    const ids = (await rowIds(page)).slice(0, 2);
    for (const id of ids) await page.getByRole("checkbox", { name: `Select row ${id}` }).check();
    await page.getByRole("button", { name: "Move to folder" }).click();
    const move = dialog(page, "Move to folder");
    await expectDialogOpen(move);
    await expect(move).toContainText("2 contacts selected.");
    await move.getByLabel("Folder", { exact: true }).selectOption({ label: suppliers.name });
    await move.getByRole("button", { name: "Move contacts to folder" }).click();
    await expect(move).toHaveCount(0);
    await expect
      .poll(() =>
        query<{ contact_id: number }>(
          "SELECT contact_id FROM user_contacts WHERE user_id = ? AND tag_id = ? ORDER BY contact_id",
          member.id,
          suppliers.id,
        ).map((r) => r.contact_id),
      )
      .toEqual([...ids].sort((a, b) => a - b));
    await page.goto(`/Me/Contacts/Tags/${suppliers.id}`);
    await expect
      .poll(async () => (await rowIds(page)).sort((a, b) => a - b))
      .toEqual([...ids].sort((a, b) => a - b));
  });

  test("Download CSV posts the list and answers the CSV; basic has no download button", {
    tag: "@late-script",
  }, async ({ page }) => {
    const contact = richContact();
    await loginTo(
      page,
      `/Contacts?page=1&perPage=15&query=${encodeURIComponent(contact.last_name)}`,
      "member@example.com",
    );
    const button = page.getByRole("button", { name: "Download CSV" });
    await expect(button).toBeVisible();
    await expect(page.locator("form", { has: button })).toHaveAttribute("method", "post");
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const path = await download.path();
    const file = await readFile(path);
    // As Excel expects: a UTF-8 byte-order mark (accents intact) and CRLF line ends (issue 43).
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.toString("utf8")).toContain("\r\n");
    const records: string[][] = parse(file, { bom: true });
    expect(records[0]).toEqual(CSV_COLUMNS);
    expect(records.length).toBeGreaterThan(1);
    const lastNames = records.slice(1).map((r) => r[1]);
    expect(lastNames).toContain(contact.last_name);

    await page.context().clearCookies();
    await loginTo(page, "/Me/Contacts", "basic@example.com");
    await expect(page.getByRole("heading", { level: 1, name: "Saved Contacts" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Download CSV" })).toHaveCount(0);
  });

  test("a member without the directory is told so and has no Directory entry", async ({ page }) => {
    await loginTo(page, "/Contacts", "basic@example.com");
    await expect(page.getByText(DIRECTORY_NOT_INCLUDED)).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await expect(sidebar(page).getByRole("link", { name: "Directory", exact: true })).toHaveCount(0);
    await expect(sidebar(page).getByRole("link", { name: "Contacts", exact: true })).toBeVisible();
  });
});

test.describe("contact detail", () => {
  test("shows every field with a value, Email contact and the way back to the list", async ({ page }) => {
    const contact = richContact();
    await loginTo(page, `/Contacts/${contact.id}?page=2&perPage=15&query=smith`, "member@example.com");
    const name = `${contact.first_name} ${contact.last_name}`;
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(name));
    const details = page.getByRole("region", { name: "Contact details" });
    const value = (label: string) =>
      details.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd");
    await expect(value("Title")).toHaveText(contact.title);
    await expect(value("Company").getByRole("link", { name: contact.company_name })).toHaveAttribute(
      "href",
      `/Companies/${contact.company_id}`,
    );
    await expect(value("Email").getByRole("link")).toHaveAttribute("href", `mailto:${contact.email}`);
    await expect(value("Phone")).toHaveText(contact.phone);
    const optional: [string, string | null][] = [
      ["Phone 2", contact.phone2],
      ["Phone 3", contact.phone3],
      ["Fax", contact.fax],
      ["Location Number", contact.location_number],
      ["Location Fax", contact.location_fax],
      ["Website", contact.url],
      ["Company Website", contact.company_url],
    ];
    for (const [label, text] of optional) {
      if (text) await expect(value(label)).toHaveText(text);
      else await expect(value(label)).toHaveCount(0);
    }
    if (contact.address1) await expect(value("Address")).toContainText(contact.address1);
    const companyType = query<{ name: string }>(
      `SELECT t.name FROM company_company_types cct JOIN company_types t ON t.id = cct.company_type_id
       WHERE cct.company_id = ? ORDER BY t.name LIMIT 1`,
      contact.company_id,
    )[0];
    if (companyType) await expect(value("Company Type")).toHaveText(companyType.name);

    await expect(page.getByRole("link", { name: "Email contact" })).toHaveAttribute(
      "href",
      new RegExp(`^mailto:\\?subject=${encodeURIComponent(name)}&body=.+Contacts%2F${contact.id}`),
    );
    await expect(page.getByRole("link", { name: /Back to directory/ })).toHaveAttribute(
      "href",
      "/Contacts?page=2&perPage=15&query=smith",
    );
    await axe(page);

    // Opened from the saved list, the breadcrumb goes back there.
    await page.goto(`/Contacts/${contact.id}?page=1&perPage=15&mine=1`);
    await expect(page.getByRole("link", { name: /Back to saved contacts/ })).toHaveAttribute(
      "href",
      "/Me/Contacts?page=1&perPage=15",
    );
  });

  test("Email contact only for members allowed to share", async ({ page }) => {
    // basic@ (no directory, a Texas plan for hotels and apartments) reads a contact a project of its coverage names.
    const contact = query<{ id: number; first_name: string; last_name: string }>(
      `SELECT c.id, c.first_name, c.last_name FROM contacts c JOIN project_contacts pc ON pc.contact_id = c.id
       JOIN projects p ON p.id = pc.project_id
       WHERE c.first_name IS NOT NULL AND c.last_name IS NOT NULL AND p.state = 'TX' AND EXISTS (
         SELECT 1 FROM project_project_types y JOIN project_types t ON t.id = y.project_type_id
         WHERE y.project_id = p.id AND t.name IN ('Hotel', 'Multifamily'))
       ORDER BY c.id LIMIT 1`,
    )[0];
    await loginTo(page, `/Contacts/${contact.id}`, "basic@example.com");
    await expect(
      page.getByRole("heading", { level: 1, name: `${contact.first_name} ${contact.last_name}` }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Email contact" })).toHaveCount(0);
    // Without the directory, the way back is the saved contacts.
    await expect(page.getByRole("link", { name: /Back to saved contacts/ })).toHaveAttribute(
      "href",
      "/Me/Contacts",
    );
  });

  test("a missing contact is the 404 page, leading back to the contact list", async ({ page }) => {
    await login(page, "member@example.com");
    const error = page.getByRole("alert").filter({ hasText: "Error 404" });
    for (const id of ["999999999", "not-a-number"]) {
      const response = await page.goto(`/Contacts/${id}?page=3&perPage=15`);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveURL(new RegExp(`/Contacts/${id}\\?page=3&perPage=15$`));
      await expect(error.getByRole("heading", { level: 1, name: "Contact not found" })).toBeVisible();
      await expect(error).toContainText(CONTACT_NOT_FOUND);
      await expect(error.getByRole("link", { name: "Back to directory" })).toHaveAttribute(
        "href",
        "/Contacts?page=3&perPage=15",
      );
    }
    // From the saved list, back to the saved list.
    await page.goto("/Contacts/999999999?mine=1&page=1&perPage=15");
    await expect(error.getByRole("link", { name: "Back to saved contacts" })).toHaveAttribute(
      "href",
      "/Me/Contacts?page=1&perPage=15",
    );
    await error.getByRole("link", { name: "Back to saved contacts" }).click();
    await expect(page).toHaveURL(/\/Me\/Contacts\?page=1&perPage=15$/);
  });

  test("opened from a project's Contacts tab, the breadcrumb leads back to the project", async ({ page }) => {
    const row = query<{ project_id: number; title: string }>(
      `SELECT pc.project_id, p.title FROM project_contacts pc JOIN projects p ON p.id = pc.project_id
       WHERE p.active = 1 ORDER BY pc.project_id LIMIT 1`,
    )[0];
    test.skip(!row, "no project with contacts in the seed");
    await loginTo(page, `/Projects/${row.project_id}?tab=contacts`, "member@example.com");
    await page.locator("#panel-contacts").getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`/Contacts/\\d+\\?fromProject=${row.project_id}$`));
    const back = page.getByRole("link", { name: /Back to project/ });
    await expect(back).toHaveAttribute("href", `/Projects/${row.project_id}?tab=contacts`);
    await back.click();
    await expect(page.getByRole("heading", { level: 1, name: row.title })).toBeVisible();
  });

  test("save, file in a folder, clear the folder, remove", async ({ page }) => {
    const member = contactMember();
    const contact = richContact();
    await loginTo(page, `/Contacts/${contact.id}`, member.email, member.password);
    await expect(page.getByRole("group", { name: "Folder:" })).toHaveCount(0);

    await page.getByRole("button", { name: "Add Saved Contacts" }).click();
    await expect(page.getByRole("button", { name: "Remove", exact: true })).toBeVisible();
    const key = page.getByRole("button", { name: "Key people" });
    await expect(key).toHaveAttribute("aria-pressed", "false");
    await pressAndWaitForPost(page, key);
    await expect(page.getByRole("button", { name: "Key people" })).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(page.getByRole("button", { name: "Key people" })).toHaveAttribute("aria-pressed", "true");
    expect(
      query<{ tag_id: number | null }>(
        "SELECT tag_id FROM user_contacts WHERE user_id = ? AND contact_id = ?",
        member.id,
        contact.id,
      )[0]?.tag_id,
    ).toBe(member.tags[0].id);
    await axe(page);

    // Choosing the folder it is in clears it.
    await pressAndWaitForPost(page, page.getByRole("button", { name: "Key people" }));
    await expect(page.getByRole("button", { name: "Key people" })).toHaveAttribute("aria-pressed", "false");
    await page.reload();
    await expect(page.getByRole("button", { name: "Key people" })).toHaveAttribute("aria-pressed", "false");

    await page.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(page.getByRole("button", { name: "Add Saved Contacts" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Key people" })).toHaveCount(0);
    await expect
      .poll(
        () =>
          query("SELECT id FROM user_contacts WHERE user_id = ? AND contact_id = ?", member.id, contact.id)
            .length,
      )
      .toBe(0);
  });

  test("add, edit and delete the contact note", async ({ page }) => {
    const member = contactMember();
    const contact = richContact();
    const noJs = jsDisabled(test.info());
    const savedNote = () =>
      query<{ note: string | null }>(
        "SELECT note FROM user_contacts WHERE user_id = ? AND contact_id = ?",
        member.id,
        contact.id,
      )[0]?.note ?? null;
    await loginTo(page, `/Contacts/${contact.id}`, member.email, member.password);
    const notes = page.getByRole("region", { name: "Note", exact: true });
    await expect(notes).toContainText("No note yet.");

    await page.getByRole("main").getByRole("link", { name: "Add Note", exact: true }).first().click();
    const add = dialog(page, "Add Note");
    await expectDialogOpen(add);
    await expect(add.getByLabel("Reminder / follow-up date")).toHaveCount(0);
    // An empty note is refused with a message, the dialog stays open.
    await add.getByRole("button", { name: "Save" }).click();
    await expect(add.getByText("Please enter a note.")).toBeVisible();
    await add.getByLabel("Note", { exact: true }).fill("Prefers calls after 3 pm");
    await axe(page);
    await add.getByRole("button", { name: "Save" }).click();
    await expect(add).toHaveCount(0);
    await expect(notes.getByText("Prefers calls after 3 pm")).toBeVisible();
    await expect.poll(savedNote).toBe("Prefers calls after 3 pm");
    // A note saves the contact (Contacts/AddNote links it to the member).
    await expect(page.getByRole("button", { name: "Remove", exact: true })).toBeVisible();

    await page.getByRole("main").getByRole("link", { name: "Edit Note", exact: true }).click();
    const edit = dialog(page, "Edit Note");
    await expectDialogOpen(edit);
    await expect(edit.getByLabel("Note", { exact: true })).toHaveValue("Prefers calls after 3 pm");
    await expect(edit.getByRole(noJs ? "link" : "button", { name: "Cancel" })).toBeVisible();
    await edit.getByLabel("Note", { exact: true }).fill("Prefers e-mail");
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(edit).toHaveCount(0);
    await expect(notes.getByText("Prefers e-mail")).toBeVisible();
    await expect.poll(savedNote).toBe("Prefers e-mail");

    await notes.getByRole("link", { name: "Delete note" }).click();
    const confirm = dialog(page, "Delete note");
    await expectDialogOpen(confirm);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(notes.getByText("Prefers e-mail")).toHaveCount(0);
    await expect(notes).toContainText("No note yet.");
    await expect.poll(savedNote).toBeNull();
  });
});

test.describe("contact folders", () => {
  test("Add Folder creates a contact folder, and hides at 8 contact folders", async ({ page }) => {
    const member = contactMember();
    await login(page, member.email, member.password);
    const folders = sidebar(page).getByRole("list", { name: "Contact folders" });
    await expect(folders.getByRole("link", { name: "Key people", exact: true })).toBeVisible();
    await folders.getByRole("link", { name: /Add Folder/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New folder" })).toBeVisible();
    // Name and colour are both needed.
    await page.getByLabel("Name").fill("Vendors");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Please make sure you have filled in all fields!")).toBeVisible();
    await page.getByLabel("Name").fill("Vendors");
    await page.locator("label", { hasText: "Teal" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/Me\/Contacts$/);
    await expect(folders.getByRole("link", { name: "Vendors", exact: true })).toBeVisible();
    expect(
      query<{ tag_type: number }>(
        "SELECT tag_type FROM tags WHERE user_id = ? AND name = 'Vendors'",
        member.id,
      ),
    ).toEqual([{ tag_type: 2 }]);

    // Eight contact folders: no Add Folder for contacts (projects still have theirs), and no ninth.
    writeDb((db) => {
      const insert = db.prepare(
        "INSERT INTO tags (user_id, name, color, tag_type, created_at) VALUES (?, ?, '#ef6c00', 2, ?)",
      );
      for (let i = 4; i <= 8; i++) insert.run(member.id, `Folder ${i}`, new Date().toISOString());
    });
    await page.goto("/Me/Contacts");
    await expect(folders.getByRole("link", { name: "Folder 8", exact: true })).toBeVisible();
    await expect(folders.getByRole("link", { name: /Add Folder/ })).toHaveCount(0);
    await expect(
      sidebar(page)
        .getByRole("list", { name: "Project folders" })
        .getByRole("link", { name: /Add Folder/ }),
    ).toBeVisible();
    await page.goto("/Folders?tag_type=2&returnTo=%2FMe%2FContacts");
    await expect(page.getByText("You can have at most 8 folders.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  });
});
