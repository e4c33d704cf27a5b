import { contactName } from "./lib/detail/contact-detail";
import { contactTexts } from "./lib/pages/contact-us";
import { errorTitle } from "./lib/platform/invariant";

/**
 * The one place for titles: each screen's name by route id, and for a screen named after what it shows, how its
 * loader data names it. The root route's `meta` makes the document title from it ('{title} | Project Leads') and
 * the shell's mobile header shows the name (spec: the page title comes from the route's title). No route exports
 * title of its own: each page route's `meta` is `screenMeta`, which reads this table (React Router calls the
 * deepest route's `meta` with every match above it, so the root's cannot see the screen).
 */
type Title = {
  /** The screen's name: the mobile header, and the document title when `of` says nothing. */
  name: string;
  /** The document title from the screen's loader data (the project's title, the contact's name). */
  of?: (data: never) => string | null | undefined;
};

// Loader data is read defensively: a screen that is not `found` (a company outside the plan) has no entity.
type Named = { outcome?: string; project?: { title?: string }; company?: { name?: string } };
type ContactData = { contact?: Parameters<typeof contactName>[0] };
type SitePage = { title?: string };

const TITLES: Record<string, Title> = {
  "routes/home": { name: "Home" },
  "routes/login": { name: "Login" },
  "routes/forgot-password": { name: "Forgot password" },
  "routes/reset-password": { name: "Reset password" },
  logout: { name: "Log out" },
  "me-logout": { name: "Log out" },
  "routes/sign-up": { name: "Sign up" },
  signup: { name: "Sign up" },
  "signup.complete": { name: "Welcome" },
  "routes/subscribers": { name: "Subscribers" },
  "routes/contact-us": {
    name: "Contact Us",
    of: (data: { reason?: "Question" | "Research" }) =>
      data?.reason ? contactTexts(data.reason).title : null,
  },
  "routes/folders": { name: "Folder" },
  projects: { name: "Project Search" },
  "projects.show": { name: "Project", of: (data: Named) => data?.project?.title },
  "projects.mine": { name: "Saved Projects" },
  "projects.mine.tag": { name: "Saved Projects" },
  companies: { name: "Companies" },
  "companies.show": { name: "Company", of: (data: Named) => data?.company?.name },
  contacts: { name: "Directory" },
  "contacts.show": {
    name: "Contact",
    of: (data: ContactData) => (data?.contact ? contactName(data.contact) : null),
  },
  "contacts.mine": { name: "Saved Contacts" },
  "contacts.mine.tag": { name: "Saved Contacts" },
  notes: { name: "Notes" },
  alerts: { name: "Alerts" },
  calendar: { name: "Calendar" },
  manual: { name: "Manuals" },
  "training-videos": { name: "Training Videos" },
  help: { name: "Help" },
  account: { name: "Account" },
  subscription: { name: "Subscription" },
  "subscription.receipt": { name: "Receipt" },
  settings: { name: "Settings" },
  "routes/unsubscribe": { name: "Unsubscribe" },
  "routes/bench-baseline": { name: "Baseline" },
  // The company's pages: the content site's own title when it answered.
  "site.about": { name: "About Us", of: (data: SitePage) => data?.title },
  "site.news": { name: "News", of: (data: SitePage) => data?.title },
  "site.terms": { name: "Terms of Service", of: (data: SitePage) => data?.title },
  "site.privacy": { name: "Privacy Policy", of: (data: SitePage) => data?.title },
};

/** A route id's screen name, or null for a route without a screen of its own (a layout, the root). */
export function titleForRouteId(id: string | null | undefined): string | null {
  return (id && Object.hasOwn(TITLES, id) && TITLES[id].name) || null;
}

type MatchLike = { id: string; handle?: unknown; loaderData?: unknown; data?: unknown };

/** The deepest titled match's screen name (the mobile header). */
export function screenTitle(matches: readonly MatchLike[]): string | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const name = titleForRouteId(matches[i].id);
    if (name) return name;
  }
  return null;
}

/** The document title: the deepest titled match's, from its data when the screen is named after what it shows. */
export function documentTitle(matches: readonly (MatchLike | undefined)[]): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    if (!match || !Object.hasOwn(TITLES, match.id)) continue;
    const { name, of } = TITLES[match.id];
    const data = match.loaderData ?? match.data;
    const own = of && data ? (of as (d: unknown) => string | null | undefined)(data) : null;
    return `${own || name} | Project Leads`;
  }
  return "Project Leads";
}

/**
 * Every page route's `meta` (`export const meta: Route.MetaFunction = screenMeta`): the document title from the
 * table, or an error's from the error page.
 */
export function screenMeta({
  matches,
  error,
}: {
  matches: readonly (MatchLike | undefined)[];
  error?: unknown;
}) {
  return [{ title: error ? errorTitle(error) : documentTitle(matches) }];
}

/** True when the current screen is a profile page (its layout's handle says `profile: true`). */
export function isProfileScreen(matches: readonly MatchLike[]): boolean {
  return matches.some((m) => Boolean((m.handle as { profile?: unknown } | undefined)?.profile));
}
