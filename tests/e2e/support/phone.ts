/**
 * Checks of the phone journeys (tests/e2e/phone/*.phone.ts): no sideways scrolling, dialogs inside the window,
 * pointer targets of at least 24×24 CSS px (WCAG 2.2 2.5.8), and screenshots attached to the HTML report.
 */
import { expect, type Page, type TestInfo } from "@playwright/test";

/** The page is no wider than the window: nothing makes it scroll sideways (or a phone zoom out). */
export async function expectNoHorizontalOverflow(page: Page) {
  const size = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    widest: [...document.querySelectorAll("body *")]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter((x) => x.right > window.innerWidth + 1)
      .slice(0, 3)
      .map(
        (x) =>
          `${x.el.tagName.toLowerCase()}.${String(x.el.className).slice(0, 60)} → ${Math.round(x.right)}`,
      ),
  }));
  expect(
    size.scrollWidth,
    `page ${page.url()} is ${size.scrollWidth} px wide in a ${size.innerWidth} px window: ${size.widest.join("; ")}`,
  ).toBeLessThanOrEqual(size.innerWidth);
}

/** Every open dialog's box (its panel, `data-dialog-panel` in app/components/modal.tsx) lies inside the window. */
export async function expectDialogsInViewport(page: Page) {
  const boxes = await page.evaluate(() =>
    [...document.querySelectorAll("[data-dialog-panel]")].map((panel) => {
      const r = panel.getBoundingClientRect();
      return {
        name: panel.querySelector("h2, h3, [id]")?.textContent ?? "",
        left: Math.round(r.left),
        top: Math.round(r.top),
        right: Math.round(r.right),
        bottom: Math.round(r.bottom),
        width: window.innerWidth,
        height: window.innerHeight,
      };
    }),
  );
  expect(boxes.length, "an open dialog").toBeGreaterThan(0);
  for (const b of boxes) {
    const inside = b.left >= 0 && b.top >= 0 && b.right <= b.width && b.bottom <= b.height;
    expect(inside, `dialog '${b.name}' at ${JSON.stringify(b)} lies inside the window`).toBe(true);
  }
}

/**
 * Pointer targets smaller than `min` CSS px either way: links, buttons and form controls that are seen (a
 * visually hidden control counts through the label that wraps it). Links inside a sentence are exempt, as
 * WCAG 2.5.8 allows.
 */
export async function smallTargets(page: Page, min = 24, selector = "body"): Promise<string[]> {
  return page.evaluate(
    ({ min, selector }) => {
      const root = document.querySelector(selector) ?? document.body;
      const controls = root.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]',
      );
      const small: string[] = [];
      for (const el of controls) {
        if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
        let r = el.getBoundingClientRect();
        const label = el.closest("label");
        if (label) {
          const lr = label.getBoundingClientRect();
          if (lr.width * lr.height > r.width * r.height) r = lr;
        }
        // Visually hidden (sr-only: a 1 px box, or clipped away, like the skip link until focused): no target.
        const style = getComputedStyle(el);
        if (r.width <= 1 || r.height <= 1 || style.clipPath === "inset(50%)") continue;
        if (r.width >= min && r.height >= min) continue;
        // An inline link in a sentence (text around it in its block) is exempt.
        if (el.tagName === "A" && getComputedStyle(el).display === "inline") {
          const block = el.parentElement;
          const text = (block?.textContent ?? "").replace(el.textContent ?? "", "").trim();
          if (text.length > 0) continue;
        }
        const name = (
          el.getAttribute("aria-label") ??
          el.textContent ??
          el.getAttribute("name") ??
          ""
        ).trim();
        small.push(
          `${el.tagName.toLowerCase()} '${name.slice(0, 40)}' ${Math.round(r.width)}×${Math.round(r.height)}`,
        );
      }
      return small;
    },
    { min, selector },
  );
}

/** A screenshot of the whole page, attached to the HTML report under `name`. */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ fullPage: true, animations: "disabled", scale: "css" });
  await testInfo.attach(name, { body, contentType: "image/png" });
}
