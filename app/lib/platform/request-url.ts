/** The path and query a member was looking at, without React Router's data-request decorations. */
export function visiblePath(request: Request): string {
  const url = new URL(request.url);
  let pathname = url.pathname;
  if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length) || "/";
  if (pathname === "/_root") pathname = "/";
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return search ? `${pathname}?${search}` : pathname;
}

export function loginUrlFor(request: Request): string {
  const path = visiblePath(request);
  const onLogin = path === "/" || path.toLowerCase().startsWith("/login");
  if (onLogin) return "/Login";
  // A huge URL (a hostile or broken link) would make a Location header too long to send: keep its path only.
  const wanted = path.length > 2048 ? new URL(request.url).pathname : path;
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
