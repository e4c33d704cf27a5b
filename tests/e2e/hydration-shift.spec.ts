/**
 * Nothing moves when a page hydrates (decision 065): every visible control of a member screen is where it was
 * before the app's script ran, on a desktop and on a phone. A control that moved between a press and its release
 * loses the click (CI lost "Clear all fields" that way), and a list that jumps under a thumb opens the wrong row.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, login, query, test } from "./support/fixtures";

/** Where each visible control is, by a name that does not depend on which other controls are rendered. */
function controlPositions(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const positions: Record<string, string> = {};
    const seen = new Map<string, number>();
    const controls = document.querySelectorAll<HTMLElement>(
      "main a, main button, main input, main select, main textarea, header a, header button, nav a",
    );
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === "hidden") continue;
      const input = el as HTMLInputElement;
      const name =
        el.id || el.getAttribute("aria-label") || input.name || (el.textContent ?? "").trim().slice(0, 40);
      const label = `${el.tagName.toLowerCase()} "${name}"`;
      const n = (seen.get(label) ?? 0) + 1;
      seen.set(label, n);
      positions[`${label} #${n}`] = `${Math.round(box.x + scrollX)},${Math.round(box.y + scrollY)}`;
    }
    return positions;
  });
}

/** The screen as a browser that runs scripts paints it before they arrive (the app's modules held back). */
async function beforeHydration(member: Page, path: string, viewport: { width: number; height: number }) {
  // The member's session, in a browser of its own whose requests for the app's modules fail.
  const browser = member.context().browser() as Browser;
  const context = await browser.newContext({ viewport, storageState: await member.context().storageState() });
  // Held, not failed: a page whose script failed shows its no-JavaScript controls (decision 091), which is
  // not the page a member sees while the script is on its way.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.abort().catch(() => {});
  });
  const page = await context.newPage();
  // The held modules keep the load event from firing: the document is parsed, and its stylesheet applied.
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor !== "rgba(0, 0, 0, 0)");
  const positions = await controlPositions(page);
  release();
  await context.close();
  return positions;
}

async function afterHydration(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.waitForLoadState("networkidle");
  return controlPositions(page);
}

test.describe("hydration moves nothing", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "hydration needs the app's script");

  for (const [device, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`member screens on a ${device}`, async ({ page }) => {
      test.setTimeout(90_000);
      const project = query<{ id: number }>("SELECT id FROM projects WHERE active = 1 ORDER BY id LIMIT 1")[0]
        .id;
      await page.setViewportSize(viewport);
      await login(page, "member@example.com");
      for (const path of [
        "/Projects?panel=1&sector=Public&query=school",
        "/Me/Projects",
        "/Contacts",
        "/Companies?panel=1",
        `/Projects/${project}`,
        "/Me/Settings",
      ]) {
        const before = await beforeHydration(page, path, viewport);
        const after = await afterHydration(page, path);
        const moved = Object.keys(before)
          .filter((key) => key in after && before[key] !== after[key])
          .map((key) => `${key}: ${before[key]} -> ${after[key]}`);
        expect(moved, `${path} on a ${device}`).toEqual([]);
        // The comparison compares something: most controls are on screen in both.
        expect(Object.keys(before).filter((key) => key in after).length).toBeGreaterThan(10);
      }
    });
  }
});
