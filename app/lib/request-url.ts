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
