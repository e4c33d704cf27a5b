import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { loginUrlFor, pagePathname, pageUrl, visiblePath } from "../../app/lib/platform/request-url";

describe("visiblePath", () => {
  it("drops React Router's data-request decorations", () => {
    expect(visiblePath(new Request("http://x/Projects.data?query=a&_routes=root"))).toBe("/Projects?query=a");
    expect(visiblePath(new Request("http://x/_.data"))).toBe("/");
    expect(visiblePath(new Request("http://x/Projects/_.data?index"))).toBe("/Projects/");
  });
});

describe("pageUrl", () => {
  it("is the page a client navigation's data request is for, as React Router's url argument gives it", () => {
    const page = pageUrl(new Request("http://x/Me/Projects.data?query=a&_routes=root,routes/projects&index"));
    expect(page.href).toBe("http://x/Me/Projects?query=a");
    expect(pageUrl(new Request("http://x/_.data?_routes=root")).href).toBe("http://x/");
    expect(pageUrl(new Request("http://x/sign-up/free-trial/complete/_.data")).pathname).toBe(
      "/sign-up/free-trial/complete/",
    );
  });

  it("leaves a page's own request and its parameters as they are", () => {
    expect(pageUrl(new Request("http://x/Projects?query=a+b&page=2")).href).toBe(
      "http://x/Projects?query=a+b&page=2",
    );
    expect(pageUrl(new Request("http://x/Calendar/Ical?index=3")).searchParams.get("index")).toBe("3");
    expect(pagePathname("/Projects/12")).toBe("/Projects/12");
  });

  // Loaders, actions and middleware get the request as it came (react-router.config.ts,
  // future.v8_passThroughRequests): a page read from request.url would carry `.data` and `_routes` into redirects,
  // links and path checks on every client navigation.
  it("is where app/ reads the page's URL: no module but request-url.ts parses request.url", () => {
    const root = join(__dirname, "../../app");
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f));
    const offenders = files
      .filter((f) => /new URL\((args\.)?request\.url\)/.test(readFileSync(join(root, f), "utf8")))
      .map((f) => relative(root, join(root, f)));
    expect(offenders).toEqual(["lib/platform/request-url.ts"]);
  });
});

describe("loginUrlFor", () => {
  it("carries the wanted path", () => {
    expect(loginUrlFor(new Request("http://x/Me/Account"))).toBe("/Login?redirect=%2FMe%2FAccount");
    expect(loginUrlFor(new Request("http://x/Me/Account.data?_routes=root"))).toBe(
      "/Login?redirect=%2FMe%2FAccount",
    );
  });
  it("does not carry / or the login page itself", () => {
    expect(loginUrlFor(new Request("http://x/"))).toBe("/Login");
    expect(loginUrlFor(new Request("http://x/_.data"))).toBe("/Login");
    expect(loginUrlFor(new Request("http://x/Login?redirect=%2Fa"))).toBe("/Login");
  });
});

describe("loginUrlFor and huge URLs", () => {
  it("keeps only the path of a URL too long to carry through login", () => {
    const url = loginUrlFor(new Request(`http://x/Projects?query=${"x".repeat(5000)}`));
    expect(url).toBe("/Login?redirect=%2FProjects");
  });
});
