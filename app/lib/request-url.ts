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
  return onLogin ? "/Login" : `/Login?redirect=${encodeURIComponent(path)}`;
}
