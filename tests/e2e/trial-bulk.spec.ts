/**
 * A trial is told before a bulk action spends its reports (issue 42, decision 107): the Move dialog prices the
 * choice, a choice needing more reports than are left is refused whole with the count before anything is spent,
 * and a choice within them is saved and spends exactly its price. The trials are made by the real checkout.
 * Every journey runs in the `js` and the `no-js` projects.
 */
import type { Page } from "@playwright/test";
import { trialFromCheckout } from "./support/checkout";
import {
  createMember,
  expect,
  expectAxeClean,
  expectDialogOpen,
  jsDisabled,
  loginTo,
  query,
  test,
  waitForHydration,
} from "./support/fixtures";
import { sidebar } from "./support/shell";

const main = (page: Page) => page.getByRole("main");
const moveDialog = (page: Page) => page.getByRole("dialog", { name: "Move to folder" });
const rowBoxes = (page: Page) => page.locator("tbody").getByRole("checkbox");
const box = (page: Page, id: number) => page.getByRole("checkbox", { name: `Select row ${id}` });

/** The trial's reports and what it keeps, as the API's database holds them. */
function trialState(email: string) {
  const [{ remaining }] = query<{ remaining: number }>(
    "SELECT s.remaining_projects AS remaining FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = ?",
    email,
  );
  const saved = query<{ id: number; folder: string | null }>(
    `SELECT up.project_id AS id, t.name AS folder FROM user_projects up JOIN users u ON u.id = up.user_id
     LEFT JOIN tags t ON t.id = up.tag_id WHERE u.email = ? ORDER BY up.project_id`,
    email,
  );
  const [{ opened }] = query<{ opened: number }>(
    "SELECT count(*) AS opened FROM project_views v JOIN users u ON u.id = v.user_id WHERE u.email = ?",
    email,
  );
  return { remaining, saved, opened };
}

/** The ids of the first `n` rows listed. */
async function firstRowIds(page: Page, n: number): Promise<number[]> {
  const labels = await rowBoxes(page).evaluateAll((boxes) => boxes.map((b) => b.getAttribute("aria-label")));
  return labels.slice(0, n).map((label) => Number(/\d+$/.exec(label ?? "")?.[0]));
}

/** Checks the rows and opens the Move dialog (without JavaScript, through the GET form that carries them). */
async function openMoveWith(page: Page, ids: number[]) {
  if (!jsDisabled(test.info())) await waitForHydration(rowBoxes(page).first());
  for (const id of ids) await box(page, id).check();
  if (!jsDisabled(test.info())) {
    await expect(main(page).getByText(`${ids.length} projects selected`)).toBeVisible();
  }
  await main(page).getByRole("button", { name: "Move to folder" }).click();
  await expectDialogOpen(moveDialog(page));
}

async function moveTo(page: Page, folder: string) {
  const dialog = moveDialog(page);
  await dialog.getByLabel("Folder", { exact: true }).selectOption({ label: folder });
  await dialog.getByRole("button", { name: "Move projects to folder" }).click();
}

test.describe("a trial's bulk move", () => {
  // Each journey makes its trial through the checkout first, then loads the lists several times.
  test.beforeEach(() => test.setTimeout(120_000));

  test("8 rows with 5 reports left are refused with the count and spend nothing; 3 rows spend 3 and are saved", async ({
    page,
  }) => {
    const email = await trialFromCheckout(page);
    await page.goto("/Projects");
    await expect(sidebar(page).getByText("Free reports remaining: 5")).toBeVisible();
    const ids = await firstRowIds(page, 8);
    expect(ids).toHaveLength(8);

    // Told before confirming: the choice needs more reports than are left.
    const refusal =
      "These 8 projects need 8 reports; you have 5 left. Choose at most 5 projects, or subscribe for unlimited projects.";
    await openMoveWith(page, ids);
    const dialog = moveDialog(page);
    await expect(dialog.getByRole("alert")).toHaveText(refusal);
    await expect(dialog.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/Me/Subscription");
    await expectAxeClean(page, { include: '[role="dialog"]' });

    // Confirmed anyway: refused whole, in the dialog, with the selection kept; never the trial-expired dialog.
    await moveTo(page, "Red");
    await expectDialogOpen(dialog);
    await expect(dialog.getByRole("alert")).toHaveText(refusal);
    await expect(dialog.getByText("8 projects selected.")).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Your Free Trial Has Expired..." })).toHaveCount(0);
    // (Behind the open dialog the page is inert: the rows are found by their label, not their role.)
    for (const id of ids) await expect(page.locator(`input[aria-label="Select row ${id}"]`)).toBeChecked();
    expect(trialState(email)).toEqual({ remaining: 5, saved: [], opened: 0 });
    await moveDialog(page)
      .getByRole(jsDisabled(test.info()) ? "link" : "button", { name: "Close" })
      .click();
    await expect(dialog).toHaveCount(0);
    await expect(sidebar(page).getByText("Free reports remaining: 5")).toBeVisible();

    // Three of them: priced, then spent and saved.
    await page.goto("/Projects");
    await openMoveWith(page, ids.slice(0, 3));
    await expect(dialog.getByText("3 projects selected.")).toBeVisible();
    await expect(dialog).toContainText(
      "Saving these 3 projects to the folder uses 3 of your 5 remaining reports.",
    );
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    await moveTo(page, "Red");
    await expect(dialog).toHaveCount(0);
    await expect(
      page.getByText("3 projects were moved to the folder. 3 reports were used; 2 are left."),
    ).toBeVisible();
    await expect(sidebar(page).getByText("Free reports remaining: 2")).toBeVisible();
    expect(trialState(email)).toEqual({
      remaining: 2,
      saved: [...ids.slice(0, 3)].sort((a, b) => a - b).map((id) => ({ id, folder: "Red" })),
      opened: 3,
    });
  });

  test("projects the trial opened cost nothing, and the dialog says so; a paid member sees no price", async ({
    page,
    browser,
  }) => {
    const email = await trialFromCheckout(page);
    await page.goto("/Projects");
    const ids = await firstRowIds(page, 3);
    await openMoveWith(page, ids.slice(0, 2));
    await moveTo(page, "Green");
    await expect(
      page.getByText("2 projects were moved to the folder. 2 reports were used; 3 are left."),
    ).toBeVisible();

    // Two opened and one new: one report.
    await page.goto("/Projects");
    await openMoveWith(page, ids);
    await expect(moveDialog(page)).toContainText(
      "Saving these 3 projects to the folder uses 1 of your 3 remaining reports (you have opened 2 of them already).",
    );

    // The saved list: everything in it was opened.
    await page.goto("/Me/Projects");
    await openMoveWith(page, ids.slice(0, 2));
    await expect(moveDialog(page)).toContainText(
      "Moving these 2 projects to the folder uses none of your 3 remaining reports: you have opened them already.",
    );
    await moveTo(page, "Yellow");
    await expect(page.getByText("2 projects were moved to the folder.", { exact: true })).toBeVisible();
    expect(trialState(email).remaining).toBe(3);

    // A paid member's dialog has no price.
    const paid = createMember();
    const context = await browser.newContext({ javaScriptEnabled: !jsDisabled(test.info()) });
    const other = await context.newPage();
    await loginTo(other, "/Projects", paid.email, paid.password);
    await openMoveWith(other, await firstRowIds(other, 2));
    await expect(moveDialog(other).getByText("2 projects selected.")).toBeVisible();
    await expect(moveDialog(other)).not.toContainText("report");
    await context.close();
  });
});
