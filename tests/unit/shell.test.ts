import { describe, expect, it } from "vitest";
import { dialogFromSearch, hrefWithDialog, hrefWithoutDialog } from "../../app/lib/platform/dialog-url";
import { documentTitle, isProfileScreen, screenTitle, titleForRouteId } from "../../app/screen-titles";

describe("dialog URL state", () => {
  const here = { pathname: "/Projects", search: "?query=school&page=2" };
  it("adds the dialog and keeps other params", () => {
    expect(hrefWithDialog(here, "ask")).toBe("/Projects?query=school&page=2&dialog=ask");
    expect(hrefWithDialog({ pathname: "/Notes", search: "" }, "research")).toBe("/Notes?dialog=research");
  });
  it("removes only the dialog", () => {
    expect(hrefWithoutDialog({ pathname: "/Projects", search: "?query=a&dialog=ask" })).toBe(
      "/Projects?query=a",
    );
    expect(hrefWithoutDialog({ pathname: "/Notes", search: "?dialog=ask" })).toBe("/Notes");
  });
  it("reads only known dialogs", () => {
    expect(dialogFromSearch("?dialog=ask", ["ask", "research"])).toBe("ask");
    expect(dialogFromSearch("?dialog=other", ["ask", "research"])).toBeNull();
    expect(dialogFromSearch("", ["ask"])).toBeNull();
  });
});

describe("screen titles", () => {
  it("names every screen by route id, from the one table", () => {
    expect(titleForRouteId("contacts")).toBe("Directory");
    expect(titleForRouteId("contacts.mine.tag")).toBe("Saved Contacts");
    expect(titleForRouteId("training-videos")).toBe("Training Videos");
    expect(titleForRouteId("signup.complete")).toBe("Welcome");
    expect(titleForRouteId("routes/home")).toBe("Home");
    expect(titleForRouteId("routes/_member")).toBeNull();
    expect(titleForRouteId("toString")).toBeNull();
  });
  it("takes the deepest titled match; a route's handle names nothing", () => {
    expect(
      screenTitle([
        { id: "root" },
        { id: "routes/_member", handle: undefined },
        { id: "notes", handle: { title: "My notes" } },
      ]),
    ).toBe("Notes");
    expect(screenTitle([{ id: "root" }])).toBeNull();
  });
  it("the document title: the screen's name, or what its data names", () => {
    expect(documentTitle([{ id: "root" }, { id: "routes/_member" }, { id: "notes", loaderData: {} }])).toBe(
      "Notes | Project Leads",
    );
    const project = { outcome: "found", project: { title: "City Hall" } };
    expect(documentTitle([{ id: "root" }, { id: "projects.show", loaderData: project }])).toBe(
      "City Hall | Project Leads",
    );
    const locked = { outcome: "locked", message: "No." };
    expect(documentTitle([{ id: "projects.show", loaderData: locked }])).toBe("Project | Project Leads");
    const contact = { contact: { id: 1, first_name: "Ada", last_name: "Byron", company_name: null } };
    expect(documentTitle([{ id: "contacts.show", loaderData: contact }])).toBe("Ada Byron | Project Leads");
    expect(documentTitle([{ id: "root" }])).toBe("Project Leads");
  });
  it("knows the profile screens by their layout's handle", () => {
    expect(
      isProfileScreen([
        { id: "root" },
        { id: "routes/_profile", handle: { profile: true } },
        { id: "account" },
      ]),
    ).toBe(true);
    expect(isProfileScreen([{ id: "root" }, { id: "projects" }])).toBe(false);
  });
  it("every screen of the route table has a title", async () => {
    const { SCREENS } = await import("../e2e/support/route-table");
    const pages = SCREENS.filter((r) => !/Download|Ical|Counties|LitePages/.test(r.pattern));
    for (const route of pages) expect(titleForRouteId(route.id), route.pattern).not.toBeNull();
  });
});
