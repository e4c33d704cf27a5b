/**
 * Which methods a path serves, read from the build's route table: GET and HEAD everywhere, POST where the
 * route that answers the path has an action. The server answers every other method (and a POST to a route
 * without an action) 405 with this list in `Allow`, before reading the body; the Fetch API cannot even
 * represent some of them (TRACE, CONNECT), so they must never reach React Router.
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { LruCache } from "../app/lib/platform/lru";
import { pagePathname } from "../app/lib/platform/request-url";

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

/**
 * How many paths' answers are kept, and the longest path kept. React Router's matchRoutes flattens and ranks the
 * whole route table on every call (its own handler keeps the flattened table, but that is not public), which
 * made this check a fifth of the app's CPU under a stream of posts. Paths repeat (a form posts to its own page),
 * so the answers are kept per path, the least recently used going first: paths made up by a stranger cannot grow
 * the table past about a megabyte.
 */
export const KEPT_PATHS = 2_000;
export const LONGEST_KEPT_PATH = 256;

export function methodTable(build: ServerBuild): MethodTable {
  const routes = tree(build.routes, undefined);
  const byPath = new LruCache<string, string>(KEPT_PATHS);

  function lookUp(path: string): string {
    const matches = matchRoutes(routes, path) ?? [];
    const leaf = matches[matches.length - 1]?.route.id;
    return leaf && build.routes[leaf]?.module.action ? "GET, HEAD, POST" : "GET, HEAD";
  }

  return {
    allowed(pathname) {
      // A client navigation's data request names its page: /Projects.data, /_.data for "/".
      const path = pagePathname(pathname);
      if (path.length > LONGEST_KEPT_PATH) return lookUp(path);
      let allow = byPath.get(path);
      if (allow === undefined) {
        allow = lookUp(path);
        byPath.set(path, allow);
      }
      return allow;
    },
  };
}
