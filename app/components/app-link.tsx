import { type AnchorHTMLAttributes, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * A link to one of the app's pages, rendered as a plain anchor. React Router's `<Link>` runs a dozen hooks
 * for each link, in the server render and again in hydration, and a list page has about ninety links
 * (the sidebar's entries and folders, the rows, sorting, paging). With JavaScript, the root's
 * `useAppLinkNavigation` turns a click on this anchor into the client-side navigation a `<Link>` makes;
 * `data-discover` lets React Router fetch the target route's manifest ahead of the click, as for a `<Link>`.
 *
 * Only for pages (not downloads or other resource routes, which need a document request). `to` is an absolute
 * path ("/Projects?page=2") or a query for the current page ("?page=2", written out with the page's path as
 * `<Link>` writes it). `keepScroll` is `<Link preventScrollReset>`: the page keeps its scroll position (sorting, a
 * dialog opened by its URL).
 */
export function AppLink({
  to,
  keepScroll,
  ...anchor
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string; keepScroll?: boolean }) {
  const { pathname } = useLocation();
  const href = to.startsWith("?") ? pathname + to : to;
  return <a href={href} data-discover="true" data-keep-scroll={keepScroll ? "" : undefined} {...anchor} />;
}

/** Whether a link to `to` marks the current page, as `<NavLink>` decides it (case-insensitive; `end`: exactly). */
export function isCurrentPage(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const target = (to.split(/[?#]/, 1)[0] ?? "").toLowerCase().replace(/(.)\/$/, "$1");
  return here === target || (!end && here.startsWith(target) && here.charAt(target.length) === "/");
}

/**
 * Client-side navigation for the app's plain page links (`AppLink`): a plain left click on an anchor with
 * `data-discover`, to this origin and this window, navigates through the router instead of loading a document,
 * as `<Link>`'s own click handler does (and, like it, replaces the history entry when the target is the current
 * URL). A `<Link>` handles its own clicks first (the event is then defaultPrevented); a `<Link reloadDocument>`
 * would need `discover="none"` to be left to the browser.
 */
export function useAppLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[data-discover]") : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute("download")) return;
      if (anchor.target && anchor.target !== "_self") return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const path = url.pathname + url.search + url.hash;
      const current = window.location.pathname + window.location.search + window.location.hash;
      void navigate(path, {
        replace: path === current,
        preventScrollReset: anchor.hasAttribute("data-keep-scroll"),
      });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
