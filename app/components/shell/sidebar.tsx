import { Form, useLocation } from "react-router";
import { AppLink, isCurrentPage } from "~/components/app-link";
import { useHydrated } from "~/components/hydrated";
import { FolderDot } from "~/components/lists/folder-dot";
import { canAddFolder, folderDialogHref } from "~/lib/account/folders";
import { formatDate } from "~/lib/format/dates";
import type { Tag } from "../../../contract/user";
import { LogoutButton } from "./header";
import { Icon, type IconName } from "./icons";

type SidebarUser = {
  member_type: string;
  /** Alerts not yet seen (Users/Me unread_alerts), when the API tells. */
  unread_alerts?: number;
  allow_companysearch: boolean;
  allow_directory: boolean;
  projectTags: Tag[];
  contactTags: Tag[];
};

type TrialInfo = { remaining: number | null; endDate: string | null } | null;

// The sidebar's classes are named in app.css (its entries are on every member page, many times over).
const linkBase = "nav-entry";
const closeClass =
  "inline-flex items-center gap-1 rounded-md p-2 text-sm text-slate-700 hover:bg-slate-100 md:hidden";

/**
 * The sidebar: main entries (or the profile entries on profile pages), folder lists, keyword search and the
 * trial counter. Desktop: a column, collapsible to a narrow rail with JavaScript. Mobile: off-canvas,
 * opened by the header's menu link (`#sidebar`, so `:target` opens it without JavaScript).
 */
export function Sidebar({
  user,
  profile,
  collapsed,
  onToggleCollapsed,
  mobileOpen,
  onCloseMobile,
  trial,
}: {
  user: SidebarUser | null;
  profile: boolean;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  mobileOpen: boolean;
  onCloseMobile: () => void;
  trial: TrialInfo;
}) {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  // What <NavLink> gives its link: the current-page class and aria-current.
  const current = (to: string, end: boolean, currentClass: string, idleClass: string) =>
    isCurrentPage(pathname, to, end)
      ? ({ className: currentClass, "aria-current": "page" } as const)
      : { className: idleClass };
  const navEntry = (to: string, end = false) =>
    current(to, end, "nav-entry nav-entry-current", "nav-entry nav-entry-idle");
  const alertsEntry = navEntry("/Alerts");
  const label = (text: string) => <span className={collapsed ? "md:sr-only" : ""}>{text}</span>;
  const entry = (to: string, icon: IconName, text: string, end = false) => (
    <li>
      <AppLink to={to} {...navEntry(to, end)} title={collapsed ? text : undefined}>
        <Icon name={icon} />
        {label(text)}
      </AppLink>
    </li>
  );
  const mobileClasses = mobileOpen
    ? "max-md:fixed max-md:inset-y-0 max-md:left-0 max-md:z-50 max-md:flex max-md:w-72 max-md:shadow-xl"
    : "max-md:hidden max-md:target:fixed max-md:target:inset-y-0 max-md:target:left-0 max-md:target:z-50 max-md:target:flex max-md:target:w-72 max-md:target:shadow-xl";

  return (
    <>
      {mobileOpen ? (
        <div
          aria-hidden="true"
          className="fixed inset-0 z-40 bg-slate-900/40 md:hidden"
          onClick={onCloseMobile}
        />
      ) : null}
      <nav
        id="sidebar"
        aria-label={profile ? "Profile" : "Main"}
        className={`no-print shrink-0 flex-col overflow-y-auto border-r border-slate-200 bg-white md:sticky md:top-14 md:flex md:h-[calc(100vh-3.5rem)] ${
          collapsed ? "md:w-16" : "md:w-64"
        } ${mobileClasses}`}
      >
        <SidebarButtons
          hydrated={hydrated}
          collapsed={collapsed}
          onToggleCollapsed={onToggleCollapsed}
          onCloseMobile={onCloseMobile}
        />

        <div id="sidebar-entries" className="flex flex-1 flex-col gap-4 px-2 pt-2 pb-6">
          {profile ? (
            <ul className="space-y-0.5">
              {entry("/Projects", "back", "Back")}
              {entry("/Me/Account", "user", "Account")}
              {entry("/Me/Subscription", "card", "Subscription")}
              {entry("/Me/Settings", "cog", "Settings")}
              <li>
                <LogoutButton className={`${linkBase} nav-entry-idle w-full`}>
                  <Icon name="logout" />
                  {label("Logout")}
                </LogoutButton>
              </li>
            </ul>
          ) : (
            <>
              <ul className="space-y-0.5">
                {entry("/Projects", "search", "Project Search")}
                {entry("/Calendar", "calendar", "Calendar")}
                <li>
                  <AppLink
                    to="/Me/Projects"
                    {...navEntry("/Me/Projects", true)}
                    title={collapsed ? "Saved Projects" : undefined}
                  >
                    <Icon name="bookmark" />
                    {label("Saved Projects")}
                  </AppLink>
                  <FolderList
                    tags={user?.projectTags ?? []}
                    base="/Me/Projects"
                    listLabel="Project folders"
                    tagType={1}
                    collapsed={collapsed}
                  />
                </li>
                {user?.allow_companysearch ? entry("/Companies", "building", "Companies") : null}
                {user?.allow_directory ? entry("/Contacts", "book", "Directory") : null}
                <li>
                  <AppLink
                    to="/Me/Contacts"
                    {...navEntry("/Me/Contacts", true)}
                    title={collapsed ? "Contacts" : undefined}
                  >
                    <Icon name="users" />
                    {label("Contacts")}
                  </AppLink>
                  <FolderList
                    tags={user?.contactTags ?? []}
                    base="/Me/Contacts"
                    listLabel="Contact folders"
                    tagType={2}
                    collapsed={collapsed}
                  />
                </li>
                {entry("/Notes", "note", "Notes")}
                <li>
                  <AppLink to="/Alerts" {...alertsEntry} title={collapsed ? "Alerts" : undefined}>
                    <Icon name="bell" />
                    {label("Alerts")}
                    <UnreadBadge count={user?.unread_alerts ?? 0} collapsed={collapsed} />
                  </AppLink>
                </li>
              </ul>

              <KeywordSearch collapsed={collapsed} />

              {trial ? <TrialCounter trial={trial} collapsed={collapsed} /> : null}

              <ul className="space-y-0.5 border-t border-slate-200 pt-3 md:hidden">
                {entry("/Me/Account", "user", "Account")}
                <li>
                  <LogoutButton className={`${linkBase} nav-entry-idle w-full`}>
                    <Icon name="logout" />
                    <span>Logout</span>
                  </LogoutButton>
                </li>
              </ul>
            </>
          )}
        </div>
      </nav>
    </>
  );
}

/** The count of unread alerts beside the Alerts entry (nothing when there are none). */
function UnreadBadge({ count, collapsed }: { count: number; collapsed: boolean }) {
  // On the Alerts page itself the list has just been read (the count was taken alongside it).
  const onAlerts = useLocation().pathname.toLowerCase() === "/alerts";
  if (count <= 0 || onAlerts) return null;
  return (
    <span
      className={`ml-auto rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white ${collapsed ? "md:absolute md:top-0 md:right-0 md:px-1.5" : ""}`}
    >
      {count > 99 ? "99+" : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/** A folder list: each folder with its edit link, then 'Add Folder' (hidden at 8 folders of that type). */
function FolderList({
  tags,
  base,
  listLabel,
  tagType,
  collapsed,
}: {
  tags: Tag[];
  base: string;
  listLabel: string;
  tagType: 1 | 2;
  collapsed: boolean;
}) {
  const { pathname } = useLocation();
  const current = (to: string) =>
    isCurrentPage(pathname, to, false)
      ? ({ className: "nav-folder nav-folder-current", "aria-current": "page" } as const)
      : { className: "nav-folder nav-folder-idle" };
  return (
    <ul aria-label={listLabel} className={`mt-0.5 mb-1 ml-8 space-y-0.5 ${collapsed ? "md:hidden" : ""}`}>
      {tags.map((tag) => (
        <li key={tag.id} className="flex items-center gap-1">
          <AppLink to={`${base}/Tags/${tag.id}`} {...current(`${base}/Tags/${tag.id}`)}>
            <FolderDot color={tag.color} className="nav-folder-swatch" />
            <span className="truncate">{tag.name}</span>
          </AppLink>
          <AppLink
            to={folderDialogHref(tagType, base, tag.id)}
            title={`Edit folder ${tag.name}`}
            className="nav-folder-edit"
          >
            <span aria-hidden="true">Edit</span>
            <span className="sr-only">Edit folder {tag.name}</span>
          </AppLink>
        </li>
      ))}
      {canAddFolder(tags) ? (
        <li>
          <AppLink
            to={folderDialogHref(tagType, base)}
            className="flex items-center gap-2 rounded-md px-3 py-1.5 text-sm text-brand-700 hover:bg-slate-100"
          >
            <span aria-hidden="true">+</span>
            <span>
              Add Folder<span className="sr-only"> ({tagType === 1 ? "projects" : "contacts"})</span>
            </span>
          </AppLink>
        </li>
      ) : null}
    </ul>
  );
}

/** Close menu (a phone's off-canvas sidebar) and Collapse / Expand (a desktop's column, with JavaScript). */
function SidebarButtons({
  hydrated,
  collapsed,
  onToggleCollapsed,
  onCloseMobile,
}: {
  hydrated: boolean;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  onCloseMobile: () => void;
}) {
  return (
    <div className="flex items-center justify-between gap-2 px-3 pt-3">
      {hydrated ? (
        <button type="button" className={closeClass} onClick={onCloseMobile}>
          <Icon name="close" />
          <span>Close menu</span>
        </button>
      ) : (
        // Without JavaScript: leaves the :target state that opened the sidebar.
        <a href="#main" className={closeClass}>
          <Icon name="close" />
          <span>Close menu</span>
        </a>
      )}
      <button
        type="button"
        onClick={onToggleCollapsed}
        disabled={!hydrated}
        aria-expanded={!collapsed}
        aria-controls="sidebar-entries"
        title={collapsed ? "Expand sidebar" : "Collapse sidebar"}
        className={`hidden rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60 md:inline-flex ${
          collapsed ? "mx-auto" : "ml-auto"
        }`}
      >
        <Icon name={collapsed ? "chevronRight" : "chevronLeft"} />
        <span className="sr-only">{collapsed ? "Expand sidebar" : "Collapse sidebar"}</span>
      </button>
    </div>
  );
}

/** The sidebar's keyword search: a GET form to /Projects. */
function KeywordSearch({ collapsed }: { collapsed: boolean }) {
  return (
    <Form
      method="get"
      action="/Projects"
      role="search"
      aria-label="Keyword search"
      className={`px-1 ${collapsed ? "md:hidden" : ""}`}
    >
      <label htmlFor="sidebar-query" className="mb-1 block text-xs font-semibold text-slate-700 uppercase">
        Keyword search
      </label>
      <div className="flex gap-1">
        <input
          id="sidebar-query"
          type="search"
          name="query"
          placeholder="Search projects"
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        />
        <button
          type="submit"
          className="rounded-md bg-brand-700 px-2 text-white hover:bg-brand-800 focus:ring-2 focus:ring-brand-600 focus:ring-offset-1 focus:outline-none"
        >
          <Icon name="search" className="h-4 w-4" />
          <span className="sr-only">Search</span>
        </button>
      </div>
    </Form>
  );
}

/** A free trial's reports left and its end. */
function TrialCounter({ trial, collapsed }: { trial: NonNullable<TrialInfo>; collapsed: boolean }) {
  return (
    <div
      className={`mx-1 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950 ${
        collapsed ? "md:hidden" : ""
      }`}
    >
      <p className="font-semibold">Free Trial</p>
      <p>Free reports remaining: {trial.remaining ?? 0}</p>
      {trial.endDate ? <p>Trial expires: {formatDate(trial.endDate)}</p> : null}
    </div>
  );
}
