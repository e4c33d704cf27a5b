import { useCallback, useEffect, useState } from "react";
import { useLocation, useMatches, useNavigate } from "react-router";
import { lazyPart } from "~/components/lazy-part";
import { CONTACT_DIALOGS, type ContactDialogName } from "~/lib/pages/contact-us";
import { dialogFromSearch, hrefWithoutDialog } from "~/lib/platform/dialog-url";
import {
  isFreeTrial,
  isTrialExpired,
  remainingProjects,
  trialEndDate,
  trialOverReason,
} from "~/lib/platform/trial";
import type { RootData } from "~/root-data";
import { isProfileScreen, screenTitle } from "~/screen-titles";
import { preloadInteractiveModal } from "../modal";
import { Toast } from "../toast";
import { SubscribeNudge, TrialExpiredDialog } from "../trial-dialogs";
import { Footer, useContactHref } from "./footer";
import { Header } from "./header";
import { Sidebar } from "./sidebar";

// The Contact Us form (and Conform with it) loads with its first opening, not with every member page.
const ContactUsDialog = lazyPart("contact-us-dialog", () =>
  import("../contact-us-form").then((m) => m.ContactUsDialog),
);

const SIDEBAR_COOKIE = "sidebar";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Reads the remembered sidebar state from a Cookie header (the server renders it, so nothing flashes). */
export function sidebarCollapsedFromCookie(cookieHeader: string | null): boolean {
  return (cookieHeader ?? "").split(";").some((part) => part.trim() === `${SIDEBAR_COOKIE}=collapsed`);
}

function rememberSidebar(collapsed: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie, read by the server on the next load.
  document.cookie = `${SIDEBAR_COOKIE}=${collapsed ? "collapsed" : "open"}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

/**
 * The logged-in shell: header, sidebar, main content, footer, and the shell's dialogs
 * (Contact Us, toast, trial expired, subscribe nudge).
 */
export function AppShell({
  root,
  sidebarCollapsed: initialCollapsed,
  today,
  blocked = false,
  children,
}: {
  root: RootData | null;
  /** A trial that is over, stopped by the server: the blocking dialog whatever the screen. */
  blocked?: boolean;
  sidebarCollapsed: boolean;
  /** YYYY-MM-DD from the server, so server and browser agree on the trial rule. */
  today: string;
  children: React.ReactNode;
}) {
  const user = root?.user ?? null;
  const previousRemaining = root?.previousRemaining ?? null;
  const config = root?.config ?? null;
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();
  const profile = isProfileScreen(matches);
  const title = screenTitle(matches);
  const contactHref = useContactHref();

  const [collapsed, setCollapsed] = useState(initialCollapsed);
  const toggleCollapsed = useCallback(() => {
    setCollapsed((value) => {
      rememberSidebar(!value);
      return !value;
    });
  }, []);

  // Every member screen has dialogs (Contact Us at least): fetch their script once the page is idle.
  useEffect(preloadInteractiveModal, []);
  ContactUsDialog.usePreload();

  const [mobileOpen, setMobileOpen] = useState(false);
  useEffect(() => {
    void location.key;
    setMobileOpen(false);
  }, [location.key]);

  // Contact Us dialogs: in React state with JavaScript, in the URL (?dialog=ask|research) without it.
  const urlDialog = dialogFromSearch(location.search, CONTACT_DIALOGS);
  const [jsDialog, setJsDialog] = useState<{ name: ContactDialogName; n: number } | null>(null);
  const openDialog = useCallback(
    (name: ContactDialogName) => setJsDialog((d) => ({ name, n: (d?.n ?? 0) + 1 })),
    [],
  );
  const dialog = jsDialog?.name ?? urlDialog;
  const closeDialog = useCallback(() => {
    setJsDialog(null);
    if (dialogFromSearch(window.location.search, CONTACT_DIALOGS)) {
      navigate(hrefWithoutDialog(window.location), { replace: true, preventScrollReset: true });
    }
  }, [navigate]);

  const remaining = user ? remainingProjects(user) : null;
  const trialExpired = blocked || (!profile && isTrialExpired(user, today, { previousRemaining }));

  const trialInfo = user && isFreeTrial(user) ? { remaining, endDate: trialEndDate(user) } : null;

  return (
    <div className="flex min-h-full flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header
        user={user}
        config={config}
        mobileTitle={title}
        onOpenDialog={openDialog}
        onOpenMobileNav={() => setMobileOpen(true)}
        mobileNavOpen={mobileOpen}
      />
      <div className="flex flex-1">
        <Sidebar
          user={user}
          profile={profile}
          collapsed={collapsed}
          onToggleCollapsed={toggleCollapsed}
          mobileOpen={mobileOpen}
          onCloseMobile={() => setMobileOpen(false)}
          trial={trialInfo}
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main" tabIndex={-1} className="flex-1 p-4 focus:outline-none md:p-6">
            {/* The nudge and the status banners take their own place in the page, above the screen: they are
                never drawn over a control (issue 43). */}
            {trialExpired ? null : <SubscribeNudge show={Boolean(root?.showNudge)} />}
            <Toast toast={root?.toast} />
            {children}
            {dialog ? (
              <ContactUsDialog key={`${dialog}-${jsDialog?.n ?? 0}`} name={dialog} onClose={closeDialog} />
            ) : null}
            {trialExpired ? (
              <TrialExpiredDialog
                demoSchedulingUrl={config?.demoSchedulingUrl}
                reason={trialOverReason(user, today)}
                endDate={user ? trialEndDate(user) : null}
              />
            ) : null}
          </main>
          <Footer
            marketingSiteUrl={config?.marketingSiteUrl}
            supportPhone={config?.supportPhone}
            year={root?.year ?? new Date().getFullYear()}
            contactHref={contactHref}
          />
        </div>
      </div>
    </div>
  );
}
