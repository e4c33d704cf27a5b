/**
 * Which methods a path serves, read from the build's route table: GET and HEAD everywhere, POST where the
 * route that answers the path has an action. The server answers every other method (and a POST to a route
 * without an action) 405 with this list in `Allow`, before reading the body; the Fetch API cannot even
 * represent some of them (TRACE, CONNECT), so they must never reach React Router.
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

type Manifest = ServerBuild["routes"];

function tree(routes: Manifest, parentId: string | undefined): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => {
      // biome-ignore lint/style/noNonNullAssertion: filtered above
      const { id, path, index, caseSensitive } = route!;
      if (index) return { id, path, index: true, caseSensitive };
      const children = tree(routes, id);
      return { id, path, caseSensitive, ...(children.length ? { children } : {}) };
    });
}

export type MethodTable = { allowed: (pathname: string) => string };

export function methodTable(build: ServerBuild): MethodTable {
  const routes = tree(build.routes, undefined);
  const cache = new Map<string, string>();
  return {
    allowed(pathname) {
      // A client navigation's data request names its page: /Projects.data, /_root.data for "/".
      let path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
      if (path === "/_root") path = "/";
      const matches = matchRoutes(routes, path) ?? [];
      const leaf = matches[matches.length - 1]?.route.id;
      if (!leaf) return "GET, HEAD";
      let allow = cache.get(leaf);
      if (allow === undefined) {
        allow = build.routes[leaf]?.module.action ? "GET, HEAD, POST" : "GET, HEAD";
        cache.set(leaf, allow);
      }
      return allow;
    },
  };
}
