import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { KEPT_PATHS, LONGEST_KEPT_PATH, methodTable } from "../../server/methods";

type Entry = { id: string; parentId?: string; path?: string; index?: boolean; action?: boolean };

/** A build's route table, as much of it as the method table reads. */
function buildOf(entries: Entry[]): ServerBuild {
  const routes = Object.fromEntries(
    entries.map(({ action, ...route }) => [
      route.id,
      { ...route, module: action ? { action: () => null } : {} },
    ]),
  );
  return { routes } as unknown as ServerBuild;
}

const build = buildOf([
  { id: "root", path: "" },
  { id: "home", parentId: "root", index: true, action: true },
  { id: "projects", parentId: "root", path: "Projects", action: true },
  { id: "new-project", parentId: "root", path: "Projects/new" },
  { id: "project", parentId: "root", path: "Projects/:id", action: true },
  { id: "help", parentId: "root", path: "Help" },
]);

describe("methodTable", () => {
  it("allows POST where the route answering the path has an action, and only there", () => {
    const { allowed } = methodTable(build);
    expect(allowed("/Projects")).toBe("GET, HEAD, POST");
    expect(allowed("/Projects/12")).toBe("GET, HEAD, POST");
    // The static segment outranks the dynamic one, as in React Router.
    expect(allowed("/Projects/new")).toBe("GET, HEAD");
    expect(allowed("/Help")).toBe("GET, HEAD");
    expect(allowed("/nowhere/at/all")).toBe("GET, HEAD");
  });

  it("reads a client navigation's data request as its page", () => {
    const { allowed } = methodTable(build);
    expect(allowed("/Projects/12.data")).toBe("GET, HEAD, POST");
    expect(allowed("/Help.data")).toBe("GET, HEAD");
    expect(allowed("/_.data")).toBe("GET, HEAD, POST");
    // From a path with a trailing slash (future.v8_trailingSlashAwareDataRequests): /Help/ asks /Help/_.data.
    expect(allowed("/Help/_.data")).toBe("GET, HEAD");
  });

  it("answers the same once many made-up paths have pushed the first ones out of memory", () => {
    const { allowed } = methodTable(build);
    const first = ["/Projects", "/Help", "/Projects/new"].map(allowed);
    for (let i = 0; i < KEPT_PATHS + 10; i++) allowed(`/Projects/${i}`);
    expect(["/Projects", "/Help", "/Projects/new"].map(allowed)).toEqual(first);
  });

  it("answers a path too long to keep all the same", () => {
    const { allowed } = methodTable(build);
    const long = `/Projects/${"9".repeat(LONGEST_KEPT_PATH)}`;
    expect(allowed(long)).toBe("GET, HEAD, POST");
    expect(allowed(`/${"x".repeat(LONGEST_KEPT_PATH)}`)).toBe("GET, HEAD");
  });
});
