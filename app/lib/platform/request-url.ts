/**
 * The page a request path names: a client navigation's data request (`/Projects.data`, `/Projects/_.data` for
 * `/Projects/`, `/_.data` for `/`) names its page, as React Router reads it (future.v8_trailingSlashAwareDataRequests).
 */
export function pagePathname(pathname: string): string {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length) || "/";
  return pathname;
}

/**
 * The URL of the page a request is for, as React Router's `url` argument gives it. Loaders, actions and middleware
 * get the request as it came (future.v8_passThroughRequests): a client navigation's data request carries `.data`
 * and the router's own `_routes` and `index` parameters. Read the page from here, never from `request.url`
 * (tests/unit/request-url.test.ts holds app/ to it).
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  url.pathname = pagePathname(url.pathname);
  if (url.searchParams.has("_routes")) url.searchParams.delete("_routes");
  if (url.searchParams.has("index", "")) url.searchParams.delete("index", "");
  return url;
}

/** The path and query a member was looking at, without React Router's data-request decorations. */
export function visiblePath(request: Request): string {
  const url = pageUrl(request);
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

export function loginUrlFor(request: Request): string {
  const path = visiblePath(request);
  const onLogin = path === "/" || path.toLowerCase().startsWith("/login");
  if (onLogin) return "/Login";
  // A huge URL (a hostile or broken link) would make a Location header too long to send: keep its path only.
  const wanted = path.length > 2048 ? pageUrl(request).pathname : path;
  return wanted.length > 2048 ? "/Login" : `/Login?redirect=${encodeURIComponent(wanted)}`;
}

/** The address the page is known by, behind a TLS-terminating proxy too (for the e-mail links). */
export function publicOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim();
  const proto = request.headers.get("X-Forwarded-Proto")?.split(",")[0]?.trim();
  if (host && /^[a-z0-9.:-]+$/i.test(host))
    return `${proto === "https" ? "https" : url.protocol.replace(":", "")}://${host}`;
  return url.origin;
}
