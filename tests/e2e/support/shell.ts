/**
 * Locators for the logged-in shell, by role and text. The header menus open from buttons (with
 * JavaScript in place, without it through a GET form setting ?menu=); the sidebar is the navigation
 * landmark 'Main' (or 'Profile' on the profile pages).
 */
import type { Locator, Page } from "@playwright/test";

/** A header menu's trigger button. */
export function headerMenu(page: Page, name: string | RegExp): Locator {
  return page.getByRole("banner").getByRole("button", { name });
}

/** The header's user menu trigger: the initials, with 'Account menu for <name>' for screen readers. */
export function userMenu(page: Page): Locator {
  return headerMenu(page, /Account menu/);
}

export async function openUserMenu(page: Page) {
  await userMenu(page).click();
}

/** Logs out through the user menu's Logout (a POST form). */
export async function logoutThroughUserMenu(page: Page) {
  await openUserMenu(page);
  await page.getByRole("banner").getByRole("button", { name: "Logout", exact: true }).click();
}

/** The sidebar navigation. */
export function sidebar(page: Page): Locator {
  return page.getByRole("navigation", { name: /^(Main|Profile)$/ });
}

/** Opens the header's Contact Us menu and picks one of its entries. */
export async function openContactUs(page: Page, entry: "Ask A Question" | "Request Research") {
  const banner = page.getByRole("banner");
  await headerMenu(page, "Contact Us").click();
  await banner.getByRole("link", { name: entry, exact: true }).click();
}
