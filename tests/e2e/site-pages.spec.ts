/**
 * The company's pages (issue 43): the footer's About Us, News, Terms of Service and Privacy Policy lead to real
 * pages served from the content site stand-in (not back to Project Search), open to visitors too, and the terms
 * checkbox of the checkout links to the terms. Runs in js and no-js.
 */
import { expect, loginTo, test } from "./support/fixtures";

const PAGES = [
  { link: "About Us", path: "/about-us", text: "researches commercial construction projects" },
  { link: "News", path: "/news", text: "weekly alert e-mails" },
  { link: "Terms of Service", path: "/terms-of-service", text: "These terms govern your use" },
  { link: "Privacy Policy", path: "/privacy-policy", text: "Card numbers go to our payment processor" },
];

test("the footer's company links open the company's pages", async ({ page }) => {
  await loginTo(page, "/Notes", "member@example.com");
  for (const p of PAGES) {
    await page.goto("/Notes");
    await page.getByRole("contentinfo").getByRole("link", { name: p.link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${p.path}$`));
    await expect(page.getByRole("heading", { level: 1, name: p.link })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(p.text);
  }
  await page.screenshot({ path: `/tmp/screens-a-terms-${test.info().project.name}.png`, fullPage: true });
});

test("a visitor reads the terms, and the checkout's terms checkbox links to them", async ({ page }) => {
  await page.goto("/terms-of-service");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await page.goto("/sign-up/free-trial");
  const terms = page.getByLabel("I accept the terms of service.");
  await expect(terms).toBeVisible();
  const link = page.getByRole("link", { name: "terms of service", exact: true });
  await expect(link).toHaveAttribute("href", "/terms-of-service");
  const response = await page.request.get(String(await link.getAttribute("href")));
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain("These terms govern your use");
});
