/**
 * Nothing is drawn over a dialog, a menu or a control (issue 43). With the map shown, every dialog of the screen
 * opens whole: each of its controls is the element at its own centre (`document.elementFromPoint`), and, since
 * hit-testing passes through Leaflet's painted panes that take no pointer events, the dialog looks the same
 * with the map hidden (pixels of its panel compared). The subscribe nudge takes its own place in the page:
 * for expired@ on /Me/Account the element at the centre of Save is Save.
 * Runs in `js` (Leaflet drawn) and `no-js` (the map's text fallback, the dialogs from the URL).
 */
import type { Locator, Page } from "@playwright/test";
import {
  createMember,
  expect,
  expectDialogOpen,
  jsDisabled,
  loginTo,
  test,
  waitForHydration,
  writeDb,
} from "./support/fixtures";
import { openContactUs, sidebar } from "./support/shell";

const main = (page: Page) => page.getByRole("main");
const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });
const CONTROLS = 'input:not([type="hidden"]), select, textarea, button, a[href]';

/** A throwaway member with two folders and `saved` saved projects (the first active ones). */
function seedMember(saved = 3) {
  const member = createMember({ firstName: "Mia", lastName: "Mapper" });
  const projectIds = writeDb((db) => {
    const { id: userId } = db.prepare("SELECT id FROM users WHERE email = ?").get(member.email) as {
      id: number;
    };
    const now = new Date().toISOString();
    const tag = db.prepare(
      "INSERT INTO tags (user_id, name, color, tag_type, created_at) VALUES (?, ?, ?, 1, ?)",
    );
    tag.run(userId, "Green", "#2e7d32", now);
    tag.run(userId, "Red", "#c62828", now);
    const ids = (
      db.prepare("SELECT id FROM projects WHERE active = 1 ORDER BY id LIMIT ?").all(saved) as {
        id: number;
      }[]
    ).map((r) => r.id);
    const save = db.prepare(
      "INSERT INTO user_projects (user_id, project_id, tag_id, created_at) VALUES (?, ?, NULL, ?)",
    );
    for (const id of ids) save.run(userId, id, now);
    return ids;
  });
  return { ...member, projectIds };
}

/** With JavaScript the map must really be drawn (tiles or outlines and its markers) before anything is judged. */
async function expectMapDrawn(page: Page) {
  if (jsDisabled(test.info())) return;
  await expect(page.locator(".leaflet-container").first()).toBeVisible();
  await expect(page.locator(".leaflet-marker-icon").first()).toBeVisible();
}

/** The controls of a box: links, buttons and form fields. */
const controlsOf = (box: Locator) => box.locator(CONTROLS);

/**
 * Every visible control of `controls` is on top at its own centre: `elementFromPoint` there returns the control
 * or one of its descendants.
 */
async function expectControlsOnTop(controls: Locator, what: string) {
  const count = await controls.count();
  let checked = 0;
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    if (!(await control.isVisible())) continue;
    await control.scrollIntoViewIfNeeded();
    const hit = await control.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return {
        onTop: top !== null && (top === el || el.contains(top)),
        name: `${el.tagName.toLowerCase()} '${(el.textContent || el.getAttribute("aria-label") || el.getAttribute("name") || "").trim().slice(0, 40)}'`,
        found: top ? `${top.tagName.toLowerCase()}.${String(top.className).slice(0, 80)}` : "nothing",
      };
    });
    expect(hit.onTop, `${what}: ${hit.name} is covered by ${hit.found}`).toBe(true);
    checked++;
  }
  expect(checked, `${what}: visible controls checked`).toBeGreaterThan(0);
}

/**
 * The panel looks the same with the map hidden: nothing of the map is painted over it (layers that take no
 * pointer events are skipped by elementFromPoint, not by the eye).
 */
async function expectNothingPaintedOver(page: Page, panel: Locator, what: string) {
  if (jsDisabled(test.info())) return;
  // Inside the panel's rounded corners, where the page behind (and its map) shows through by design.
  const box = await panel.boundingBox();
  if (!box) throw new Error(`${what}: no panel`);
  const inset = 10;
  const clip = {
    x: box.x + inset,
    y: box.y + inset,
    width: box.width - 2 * inset,
    height: box.height - 2 * inset,
  };
  const shot = () => page.screenshot({ clip, animations: "disabled", caret: "hide" });
  const withMap = await shot();
  await page.addStyleTag({ content: ".leaflet-container { visibility: hidden !important; }" });
  const withoutMap = await shot();
  expect(withMap.equals(withoutMap), `${what}: the map is painted over it`).toBe(true);
}

async function expectDialogWhole(page: Page, box: Locator, what: string) {
  await expectDialogOpen(box);
  const panel = page
    .locator("[data-dialog-panel]")
    .filter({ has: page.getByRole("heading", { name: what }) });
  await expectControlsOnTop(controlsOf(panel), what);
  await expectNothingPaintedOver(page, panel, what);
}

test.describe("dialogs over the map, 1280×900", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("Move to folder on the list with the map shown", async ({ page }) => {
    const member = seedMember();
    await loginTo(page, "/Me/Projects?map=1", member.email, member.password);
    await expectMapDrawn(page);
    const box = page.getByRole("checkbox", { name: `Select row ${member.projectIds[0]}` });
    if (!jsDisabled(test.info())) await waitForHydration(box);
    await box.check();
    await main(page).getByRole("button", { name: "Move to folder" }).click();
    await expectDialogWhole(page, dialog(page, "Move to folder"), "Move to folder");
    await page.screenshot({ path: `/tmp/screens-a-move-${test.info().project.name}.png` });
  });

  test("Request Research from the header with the map shown", async ({ page }) => {
    const member = seedMember();
    await loginTo(page, "/Me/Projects?map=1", member.email, member.password);
    await expectMapDrawn(page);
    if (!jsDisabled(test.info()))
      await waitForHydration(page.getByRole("banner").getByRole("button").first());
    await openContactUs(page, "Request Research");
    await expectDialogWhole(page, dialog(page, "Request Research"), "Request Research");
    await page.screenshot({ path: `/tmp/screens-a-research-${test.info().project.name}.png` });
  });

  test("the note dialog on a project page with its map", async ({ page }) => {
    const member = seedMember();
    await loginTo(page, `/Projects/${member.projectIds[0]}`, member.email, member.password);
    await expectMapDrawn(page);
    const add = main(page).getByRole("link", { name: "Add Note", exact: true }).first();
    if (!jsDisabled(test.info())) await waitForHydration(add);
    await add.click();
    await expectDialogWhole(page, dialog(page, "Add Note"), "Add Note");
    await page.screenshot({ path: `/tmp/screens-a-note-${test.info().project.name}.png` });
  });

  test("the subscribe nudge is never over a control: Save on /Me/Account is Save", async ({ page }) => {
    await loginTo(page, "/Me/Account", "expired@example.com");
    await expect(page.getByRole("dialog", { name: "Subscribe to unlock more reports." })).toBeVisible();
    const save = main(page).getByRole("button", { name: "Save", exact: true });
    await expect(save.first()).toBeVisible();
    await expectControlsOnTop(save, "Save");
    await expectControlsOnTop(controlsOf(main(page)), "/Me/Account");
    await page.screenshot({ path: `/tmp/screens-a-account-${test.info().project.name}.png` });
  });
});

test.describe("the phone's menu over the map, 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("☰ menu over the list's map", async ({ page }) => {
    const member = seedMember();
    await loginTo(page, "/Me/Projects?map=1", member.email, member.password);
    await expectMapDrawn(page);
    const menu = page
      .getByRole("banner")
      .getByRole(jsDisabled(test.info()) ? "link" : "button", { name: "Menu", exact: true });
    if (!jsDisabled(test.info())) await waitForHydration(menu);
    await menu.click();
    const nav = sidebar(page);
    await expect(nav).toBeInViewport();
    await expectControlsOnTop(controlsOf(nav), "the ☰ menu");
    // The whole sidebar's box: its links and their background.
    const panel = page.locator("#sidebar").or(nav).first();
    await expectNothingPaintedOver(page, panel, "the ☰ menu");
    await page.screenshot({ path: `/tmp/screens-a-menu-${test.info().project.name}.png` });
  });
});
