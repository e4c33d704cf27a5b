/**
 * The advanced project search: a GET form whose fields are readable URL parameters, so that a search opened
 * from its URL in a fresh browser shows the same fields and results; dependent choices in both modes; saved
 * searches (save, load, delete after a confirmation); Clear all fields; old `advanced=` JSON links; the
 * free-trial nudge; no panel on the saved list.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { APP_URL } from "./support/env";
import {
  expect,
  expectAxeClean,
  expectDialogOpen,
  jsDisabled,
  login,
  loginTo,
  query,
  test,
} from "./support/fixtures";

const main = (page: Page) => page.getByRole("main");
const panel = (page: Page) => page.getByRole("form", { name: "Advanced project search" });

/** "N matching results." of the list on screen. */
async function matching(page: Page): Promise<number> {
  const text = await main(page)
    .getByText(/matching results\./)
    .textContent();
  const m = /([\d,]+) matching results\./.exec(text ?? "");
  if (!m) throw new Error(`no total in "${text}"`);
  return Number(m[1].replace(/,/g, ""));
}

function countWhere(where: string, ...params: unknown[]): number {
  return query<{ n: number }>(
    `SELECT count(*) AS n FROM projects p WHERE p.active = 1 AND ${where}`,
    ...params,
  )[0].n;
}

function typeId(name: string): number {
  return query<{ id: number }>("SELECT id FROM project_types WHERE name = ?", name)[0].id;
}

/** Sends the panel: the Search button. */
async function runSearch(page: Page) {
  await panel(page).getByRole("button", { name: "Search", exact: true }).click();
}

/** Without JavaScript the dependent choices come back with 'Update options'; with it they follow in place. */
async function updateOptions(page: Page) {
  if (jsDisabled(test.info())) await panel(page).getByRole("button", { name: "Update options" }).click();
}

test.describe("advanced project search", () => {
  test("a multi-field search is a readable URL that a fresh browser opens to the same fields and results", {
    tag: "@late-script",
  }, async ({ page, browser }) => {
    await loginTo(page, "/Projects", "member@example.com");
    await main(page).getByRole("link", { name: "Advanced search" }).click();
    await panel(page).getByRole("radio", { name: "Public" }).check();
    await panel(page).getByLabel("State").selectOption(["TX", "CA"]);
    await panel(page).getByRole("checkbox", { name: "$25M – $100M" }).check();
    await panel(page).getByRole("checkbox", { name: "Over $100M" }).check();
    await runSearch(page);

    await expect(page).toHaveURL(/[?&]sector=Public/);
    const url = new URL(page.url());
    expect(url.searchParams.getAll("state").sort()).toEqual(["CA", "TX"]);
    expect(url.searchParams.getAll("value")).toEqual(["25_100_million", "over_100_million"]);
    expect(url.searchParams.get("advanced")).toBeNull();
    // Only the fields that were set: the URL stays short enough to read and to send.
    expect([...url.searchParams.keys()].filter((k) => url.searchParams.get(k) === "")).toEqual([]);
    const expected = countWhere("p.sector = 'Public' AND p.state IN ('TX', 'CA') AND p.minimum_value >= 25");
    expect(expected).toBeGreaterThan(0);
    await expect.poll(() => matching(page)).toBe(expected);

    // The same link in a browser that has never seen it (after logging in there).
    const context = await browser.newContext({ javaScriptEnabled: !jsDisabled(test.info()) });
    const other = await context.newPage();
    await login(other, "member@example.com");
    await other.goto(`${APP_URL}${url.pathname}${url.search}`);
    await expect(panel(other).getByRole("radio", { name: "Public" })).toBeChecked();
    await expect(panel(other).getByRole("checkbox", { name: "Over $100M" })).toBeChecked();
    await expect(panel(other).getByLabel("State")).toHaveValues(["CA", "TX"]);
    await expect.poll(() => matching(other)).toBe(expected);
    await context.close();

    // A sort keeps the search and goes back to page 1.
    await main(page).getByRole("link", { name: /^Name/ }).first().click();
    await expect(page).toHaveURL(/orderBy=title/);
    await expect(page).toHaveURL(/[?&]sector=Public/);
    await expect.poll(() => matching(page)).toBe(expected);
  });

  test("project types bring their subtypes and units, states their counties", {
    tag: "@late-script",
  }, async ({ page }) => {
    await loginTo(page, "/Projects?panel=1", "member@example.com");
    await expect(panel(page).getByRole("group", { name: "Project Subtypes" })).toHaveCount(0);
    await expect(panel(page).getByLabel("County")).toBeDisabled();

    await panel(page).getByRole("checkbox", { name: "Senior Living" }).check();
    await panel(page).getByLabel("State").selectOption(["TX"]);
    await updateOptions(page);

    const subtypes = panel(page).getByRole("group", { name: "Project Subtypes" });
    await expect(subtypes.getByRole("checkbox", { name: "All" })).toBeVisible();
    await expect(subtypes.getByRole("checkbox", { name: "Memory Care" })).toBeVisible();
    await expect(panel(page).getByLabel("Project Min Beds")).toBeVisible();
    const county = panel(page).getByLabel("County");
    await expect(county).toBeEnabled();
    await expect(county.getByRole("option", { name: "Travis (TX)" })).toHaveCount(1);

    // A second type with units: the unit filters go (they apply to exactly one type with units).
    await panel(page).getByRole("checkbox", { name: "Multifamily" }).check();
    await updateOptions(page);
    await expect(panel(page).getByLabel("Project Min Beds")).toHaveCount(0);

    await panel(page).getByRole("checkbox", { name: "Multifamily" }).uncheck();
    await updateOptions(page);
    await panel(page)
      .getByRole("group", { name: "Project Subtypes" })
      .getByRole("checkbox", { name: "Memory Care" })
      .check();
    await panel(page).getByLabel("County").selectOption(["Travis"]);
    await runSearch(page);
    await expect(page).toHaveURL(/county=Travis/);
    const memoryCare = query<{ id: number }>("SELECT id FROM project_subtypes WHERE name = 'Memory Care'")[0]
      .id;
    const expected = countWhere(
      `p.state = 'TX' AND p.county = 'Travis'
       AND p.id IN (SELECT project_id FROM project_project_types WHERE project_type_id = ?)
       AND p.id IN (SELECT project_id FROM project_project_subtypes WHERE project_subtype_id = ?)`,
      typeId("Senior Living"),
      memoryCare,
    );
    await expect.poll(() => matching(page)).toBe(expected);
  });

  test("save a search, load it from Saved searches, delete it after 'Are you sure'", {
    tag: "@late-script",
  }, async ({ page }) => {
    await login(page, "member@example.com");
    const name = `Texas public ${test.info().project.name} ${Date.now()}`;
    await page.goto("/Projects?panel=1&sector=Public&state=TX&query=school");
    const expected = await matching(page);
    await panel(page).getByRole("link", { name: "Save search" }).click();
    const save = page.getByRole("dialog", { name: "Save Search" });
    await expectDialogOpen(save);
    await save.getByLabel("Name").fill(name);
    await save.getByRole("button", { name: "Save" }).click();
    await expect(save).toHaveCount(0);
    await expect
      .poll(
        () => query<{ search: string }>("SELECT search FROM saved_searches WHERE name = ?", name)[0]?.search,
      )
      .toBe(JSON.stringify({ query: "school", sector: "Public", state: ["TX"] }));

    await page.goto("/Projects?panel=1");
    await panel(page).getByRole("link", { name: "Saved searches" }).click();
    const list = page.getByRole("dialog", { name: "Saved Searches" });
    await expectDialogOpen(list);
    await list.getByRole("link", { name: `Load ${name}` }).click();
    await expect(page).toHaveURL(/[?&]sector=Public/);
    await expect(page).toHaveURL(/[?&]query=school/);
    await expect(panel(page).getByRole("radio", { name: "Public" })).toBeChecked();
    await expect.poll(() => matching(page)).toBe(expected);

    await panel(page).getByRole("link", { name: "Saved searches" }).click();
    await page
      .getByRole("dialog", { name: "Saved Searches" })
      .getByRole("link", { name: `Delete ${name}` })
      .click();
    const confirm = page.getByRole("dialog", { name: "Delete saved search" });
    await expectDialogOpen(confirm);
    await expect(confirm).toContainText("Are you sure");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => query("SELECT id FROM saved_searches WHERE name = ?", name).length).toBe(0);
  });

  test("Download CSV follows the advanced search", { tag: "@late-script" }, async ({ page }) => {
    await loginTo(page, "/Projects?panel=1&sector=Public&state=TX", "member@example.com");
    const expected = countWhere("p.sector = 'Public' AND p.state = 'TX'");
    await expect.poll(() => matching(page)).toBe(expected);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      main(page).getByRole("button", { name: "Download CSV" }).click(),
    ]);
    const rows = parse(readFileSync(await download.path()), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(rows.length).toBe(expected);
    expect(new Set(rows.map((r) => r.State))).toEqual(new Set(["TX"]));
  });

  test("a name already saved asks whether to replace that search; Replace keeps one search of that name", async ({
    page,
  }) => {
    const name = `Replace me ${test.info().project.name} ${Date.now()}`;
    const saveAs = async (sector: string) => {
      await page.goto(`/Projects?panel=1&sector=${sector}&dialog=save-search`);
      const save = page.getByRole("dialog", { name: "Save Search" });
      await expectDialogOpen(save);
      await save.getByLabel("Name").fill(name);
      await save.getByRole("button", { name: "Save" }).click();
      return save;
    };
    await login(page, "member@example.com");
    await expect(await saveAs("Public")).toHaveCount(0);
    const save = await saveAs("Private");
    await expect(save.getByText("You already have a saved search with this name.")).toBeVisible();
    await expect(save.getByLabel("Name")).toHaveValue(name);
    await save.getByRole("button", { name: "Replace" }).click();
    await expect(save).toHaveCount(0);
    await expect(page.getByText(`The search '${name}' was replaced.`)).toBeVisible();
    expect(query<{ search: string }>("SELECT search FROM saved_searches WHERE name = ?", name)).toEqual([
      { search: JSON.stringify({ sector: "Private" }) },
    ]);
  });

  test("an empty name is refused and the dialog stays open", async ({ page }) => {
    await loginTo(page, "/Projects?panel=1&sector=Private&dialog=save-search", "member@example.com");
    const save = page.getByRole("dialog", { name: "Save Search" });
    await expectDialogOpen(save);
    await save.getByRole("button", { name: "Save" }).click();
    await expect(save.getByText("Please enter a name.")).toBeVisible();
  });

  test("Clear all fields searches again with inactive projects and no keyword", async ({ page }) => {
    await loginTo(page, "/Projects?panel=1&sector=Public&query=school", "member@example.com");
    await panel(page).getByRole("link", { name: "Clear all fields" }).click();
    await expect(page).toHaveURL(/showInactive=1/);
    const url = new URL(page.url());
    expect(url.searchParams.get("query")).toBeNull();
    expect(url.searchParams.get("sector")).toBeNull();
    await expect(panel(page).getByRole("checkbox", { name: "Show inactive projects" })).toBeChecked();
    await expect
      .poll(() => matching(page))
      .toBe(query<{ n: number }>("SELECT count(*) AS n FROM projects")[0].n);
  });

  test("an old advanced= JSON link lands on the same search in readable parameters", async ({ page }) => {
    await login(page, "member@example.com");
    const old = JSON.stringify({ sector: "Public", state: ["TX"], projectType: [typeId("Healthcare")] });
    await page.goto(`/Projects?page=1&perPage=15&advanced=${encodeURIComponent(old)}`);
    await expect(page).toHaveURL(/[?&]sector=Public/);
    const url = new URL(page.url());
    expect(url.searchParams.get("advanced")).toBeNull();
    expect(url.searchParams.getAll("state")).toEqual(["TX"]);
    expect(url.searchParams.getAll("projectType")).toEqual([String(typeId("Healthcare"))]);
    const expected = countWhere(
      "p.sector = 'Public' AND p.state = 'TX' AND p.id IN (SELECT project_id FROM project_project_types WHERE project_type_id = ?)",
      typeId("Healthcare"),
    );
    await expect.poll(() => matching(page)).toBe(expected);
  });

  test("a free-trial member gets the subscribe nudge and no advanced search runs", async ({ page }) => {
    await loginTo(page, "/Projects?panel=1&sector=Public&state=TX", "trial@example.com");
    await expect(panel(page).locator("..").getByRole("alert")).toContainText("Subscribe");
    await expect.poll(() => matching(page)).toBe(countWhere("1"));
  });

  test("the open panels pass the accessibility check", async ({ page }) => {
    await login(page, "member@example.com");
    for (const path of [
      `/Projects?panel=1&projectType=${typeId("Senior Living")}&state=TX`,
      "/Contacts?panel=1",
      "/Companies?panel=1",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("form", { name: /Advanced/ })).toBeVisible();
      await expectAxeClean(page);
    }
  });

  test("the saved list has no advanced search", async ({ page }) => {
    await loginTo(page, "/Me/Projects?panel=1&sector=Public", "member@example.com");
    await expect(page.getByRole("heading", { level: 1, name: "Saved Projects" })).toBeVisible();
    await expect(panel(page)).toHaveCount(0);
    await expect(main(page).getByRole("link", { name: "Advanced search" })).toHaveCount(0);
  });
});

test.describe("advanced contact and company search", () => {
  test("a contact search by state and last name, saved and loaded again", async ({ page }) => {
    await login(page, "member@example.com");
    const last = query<{ last_name: string; state: string }>(
      "SELECT c.last_name, l.state FROM contacts c JOIN company_locations l ON l.company_id = c.company_id WHERE c.last_name IS NOT NULL AND l.state = 'TX' LIMIT 1",
    )[0];
    await page.goto("/Contacts");
    await main(page).getByRole("link", { name: "Advanced search" }).click();
    const form = page.getByRole("form", { name: "Advanced contact search" });
    await form.getByLabel("Last name").fill(last.last_name);
    await form.getByLabel("State").selectOption(["TX"]);
    await form.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`lastName=${encodeURIComponent(last.last_name)}`));
    const url = new URL(page.url());
    expect(url.searchParams.getAll("state")).toEqual(["TX"]);
    expect(url.searchParams.has("firstName")).toBe(false);
    // The address bar changes before the new list is on screen: wait for the found contacts, then count them.
    await expect(main(page).locator("tbody tr td:nth-child(3)").first()).toContainText(last.last_name, {
      ignoreCase: true,
    });
    const found = await matching(page);
    expect(found).toBeGreaterThan(0);
    for (const cell of await main(page).locator("tbody tr td:nth-child(3)").allTextContents()) {
      expect(cell.toLowerCase()).toContain(last.last_name.toLowerCase());
    }

    const name = `Contacts ${test.info().project.name} ${Date.now()}`;
    await form.getByRole("link", { name: "Save search" }).click();
    const save = page.getByRole("dialog", { name: "Save Search" });
    await expectDialogOpen(save);
    await save.getByLabel("Name").fill(name);
    await save.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => query<{ kind: string }>("SELECT kind FROM saved_searches WHERE name = ?", name)[0]?.kind)
      .toBe("contact");
    await page.goto("/Contacts?panel=1&dialog=saved-searches");
    await page
      .getByRole("dialog", { name: "Saved Searches" })
      .getByRole("link", { name: `Load ${name}` })
      .click();
    await expect(page).toHaveURL(/[?&]state=TX/);
    await expect(
      page.getByRole("form", { name: "Advanced contact search" }).getByLabel("Last name"),
    ).toHaveValue(last.last_name);
    await expect.poll(() => matching(page)).toBe(found);
  });

  test("a company search by state and name, saved and loaded again", async ({ page }) => {
    await loginTo(page, "/Companies?panel=1", "member@example.com");
    const form = page.getByRole("form", { name: "Advanced company search" });
    await form.getByLabel("State").selectOption(["TX"]);
    await form.getByLabel("Name", { exact: true }).fill("Construction");
    await form.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]name=Construction/);
    const expected = query<{ n: number }>(
      `SELECT count(*) AS n FROM companies co WHERE co.name LIKE '%Construction%'
       AND co.id IN (SELECT company_id FROM company_locations WHERE state = 'TX')`,
    )[0].n;
    expect(expected).toBeGreaterThan(0);
    await expect.poll(() => matching(page)).toBe(expected);

    const name = `Companies ${test.info().project.name} ${Date.now()}`;
    await page.goto(`${new URL(page.url()).pathname}${new URL(page.url()).search}&dialog=save-search`);
    const save = page.getByRole("dialog", { name: "Save Search" });
    await expectDialogOpen(save);
    await save.getByLabel("Name").fill(name);
    await save.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => query<{ kind: string }>("SELECT kind FROM saved_searches WHERE name = ?", name)[0]?.kind)
      .toBe("company");
    await page.goto("/Companies?dialog=saved-searches");
    await page
      .getByRole("dialog", { name: "Saved Searches" })
      .getByRole("link", { name: `Load ${name}` })
      .click();
    await expect(page).toHaveURL(/[?&]name=Construction/);
    await expect.poll(() => matching(page)).toBe(expected);
  });
});
