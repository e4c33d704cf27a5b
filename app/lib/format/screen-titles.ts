/**
 * Screen titles by route id, for the screens that share one module (routes/projects.tsx, contacts.tsx) and for the
 * mobile header when a route has no `handle.title` of its own.
 */
const TITLES: Record<string, string> = {
  projects: "Project Search",
  "projects.show": "Project",
  "projects.mine": "Saved Projects",
  "projects.mine.tag": "Saved Projects",
  companies: "Companies",
  "companies.show": "Company",
  contacts: "Directory",
  "contacts.show": "Contact",
  "contacts.mine": "Saved Contacts",
  "contacts.mine.tag": "Saved Contacts",
  notes: "Notes",
  alerts: "Alerts",
  calendar: "Calendar",
  manual: "Manuals",
  "training-videos": "Training Videos",
  help: "Help",
  account: "Account",
  subscription: "Subscription",
  settings: "Settings",
  signup: "Sign up",
  "signup.complete": "Welcome",
};

export function titleForRouteId(id: string | null | undefined): string | null {
  if (!id) return null;
  if (TITLES[id]) return TITLES[id];
  // Variants such as "contacts.mine.something" fall back to their nearest known parent id.
  const parts = id.split(".");
  while (parts.length > 1) {
    parts.pop();
    const parent = TITLES[parts.join(".")];
    if (parent) return parent;
  }
  return null;
}

type MatchLike = { id: string; handle?: unknown };

/** The deepest titled match's title: the title of its route id, else its `handle.title`. */
export function screenTitle(matches: readonly MatchLike[]): string | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    // A module shared by several ids (projects.tsx, contacts.tsx) is named more precisely by its id.
    const byId = titleForRouteId(match.id);
    if (byId) return byId;
    const handleTitle = (match.handle as { title?: unknown } | undefined)?.title;
    if (typeof handleTitle === "string" && handleTitle) return handleTitle;
  }
  return null;
}

/** True when the current screen is a profile page (its layout's handle says `profile: true`). */
export function isProfileScreen(matches: readonly MatchLike[]): boolean {
  return matches.some((m) => Boolean((m.handle as { profile?: unknown } | undefined)?.profile));
}
