import { Link, useLocation } from "react-router";
import { AppLink } from "~/components/app-link";
import { useHydrated } from "~/components/hydrated";
import { fullName, initials } from "~/lib/format/format";
import type { ContactDialogName } from "~/lib/pages/contact-us";
import type { PublicConfig } from "~/lib/platform/config.server";
import { hrefWithDialog } from "~/lib/platform/dialog-url";
import { Icon } from "./icons";
import { HeaderMenu, menuItemClass } from "./menus";

const mobileMenuClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden";

type HeaderUser = { first_name: string; last_name: string; email: string };

/** The logged-in header: brand, mobile menu button and title, Contact Us / Help / user menus. */
export function Header({
  user,
  config,
  mobileTitle,
  onOpenDialog,
  onOpenMobileNav,
  mobileNavOpen,
}: {
  user: HeaderUser | null;
  config: PublicConfig | null;
  mobileTitle: string | null;
  /** With JavaScript: open a Contact Us dialog in place (without it, the menu item's link sets ?dialog=). */
  onOpenDialog: (name: ContactDialogName) => void;
  onOpenMobileNav: () => void;
  mobileNavOpen: boolean;
}) {
  const location = useLocation();
  const hydrated = useHydrated();

  const dialogLink = (name: ContactDialogName, text: string) => (
    <li>
      <Link
        to={hrefWithDialog(location, name)}
        preventScrollReset
        className={menuItemClass}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          onOpenDialog(name);
        }}
      >
        {text}
      </Link>
    </li>
  );

  const name = user ? fullName(user.first_name, user.last_name) : "";

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white no-print">
      <div className="flex h-14 items-center gap-2 px-3 md:px-4">
        {hydrated ? (
          <button
            type="button"
            className={mobileMenuClass}
            aria-controls="sidebar"
            aria-expanded={mobileNavOpen}
            onClick={onOpenMobileNav}
          >
            <Icon name="menu" className="h-6 w-6" />
            <span className="sr-only">Menu</span>
          </button>
        ) : (
          // Without JavaScript the sidebar opens as the link's :target.
          <a href="#sidebar" className={mobileMenuClass}>
            <Icon name="menu" className="h-6 w-6" />
            <span className="sr-only">Menu</span>
          </a>
        )}
        <AppLink
          to="/Projects"
          className="hidden items-center gap-2 text-lg font-bold text-brand-800 md:flex"
        >
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Project Leads
        </AppLink>
        {/* The screen's name in full (issue 43): it wraps to a second line rather than being cut. */}
        <p
          data-testid="screen-title"
          className="min-w-0 flex-1 text-base leading-tight font-semibold text-slate-900 [overflow-wrap:anywhere] md:hidden"
        >
          {mobileTitle ?? "Project Leads"}
        </p>
        <div className="hidden flex-1 md:block" />

        <div className="flex items-center gap-1">
          <HeaderMenu name="contact" label={<>Contact Us</>} triggerClassName="max-sm:px-1.5">
            {dialogLink("ask", "Ask A Question")}
            {dialogLink("research", "Request Research")}
          </HeaderMenu>
          <HeaderMenu name="help" label={<>Help</>} triggerClassName="max-sm:px-1.5">
            <MenuLink to="/Manual">Manual</MenuLink>
            <MenuLink to="/TrainingVideos">Training videos</MenuLink>
            {config?.videoChannelUrl ? (
              <li>
                <a
                  href={config.videoChannelUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={menuItemClass}
                >
                  Video channel<span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
          </HeaderMenu>
          <HeaderMenu
            name="account"
            label={
              <>
                <span
                  aria-hidden="true"
                  className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white"
                >
                  {user ? initials(user.first_name, user.last_name) : "?"}
                </span>
                <span className="sr-only">{name ? `Account menu for ${name}` : "Account menu"}</span>
              </>
            }
            triggerClassName="px-1"
          >
            {name ? (
              <li className="border-b border-slate-100 px-4 py-2 text-xs text-slate-600">
                <span className="block font-semibold text-slate-800">{name}</span>
                <span className="block truncate">{user?.email}</span>
              </li>
            ) : null}
            <MenuLink to="/Me/Account">My Account</MenuLink>
            <MenuLink to="/Me/Subscription">Subscription</MenuLink>
            <MenuLink to="/Me/Settings">Settings</MenuLink>
            <li>
              <LogoutButton className={menuItemClass} />
            </li>
          </HeaderMenu>
        </div>
      </div>
    </header>
  );
}

/** A menu item that goes to another page of the app. */
function MenuLink({ to, children }: { to: string; children: string }) {
  return (
    <li>
      <AppLink to={to} className={menuItemClass}>
        {children}
      </AppLink>
    </li>
  );
}

/**
 * Logout is always a POST (never a GET link). A plain HTML form: the whole page reloads onto the
 * login page, so nothing of the member's data stays in the browser's memory.
 */
export function LogoutButton({ className, children }: { className: string; children?: React.ReactNode }) {
  return (
    <form method="post" action="/Logout">
      <button type="submit" className={className}>
        {children ?? "Logout"}
      </button>
    </form>
  );
}
