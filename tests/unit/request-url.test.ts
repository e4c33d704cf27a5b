import { describe, expect, it } from "vitest";
import { loginUrlFor, visiblePath } from "../../app/lib/platform/request-url";

describe("visiblePath", () => {
  it("drops React Router's data-request decorations", () => {
    expect(visiblePath(new Request("http://x/Projects.data?query=a&_routes=root"))).toBe("/Projects?query=a");
    expect(visiblePath(new Request("http://x/_root.data"))).toBe("/");
  });
});

describe("loginUrlFor", () => {
  it("carries the wanted path", () => {
    expect(loginUrlFor(new Request("http://x/Me/Account"))).toBe("/Login?redirect=%2FMe%2FAccount");
  });
  it("does not carry / or the login page itself", () => {
    expect(loginUrlFor(new Request("http://x/"))).toBe("/Login");
    expect(loginUrlFor(new Request("http://x/Login?redirect=%2Fa"))).toBe("/Login");
  });
});

describe("loginUrlFor and huge URLs", () => {
  it("keeps only the path of a URL too long to carry through login", () => {
    const url = loginUrlFor(new Request(`http://x/Projects?query=${"x".repeat(5000)}`));
    expect(url).toBe("/Login?redirect=%2FProjects");
  });
});
