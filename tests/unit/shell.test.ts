import { describe, expect, it } from "vitest";
import { isProfileScreen, screenTitle, titleForRouteId } from "../../app/lib/format/screen-titles";
import { dialogFromSearch, hrefWithDialog, hrefWithoutDialog } from "../../app/lib/platform/dialog-url";

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
  it("names the shared modules' screens by route id", () => {
    expect(titleForRouteId("contacts")).toBe("Directory");
    expect(titleForRouteId("contacts.mine.tag")).toBe("Saved Contacts");
    expect(titleForRouteId("training-videos")).toBe("Training Videos");
    expect(titleForRouteId("signup.complete")).toBe("Welcome");
    expect(titleForRouteId("routes/home")).toBeNull();
  });
  it("takes the deepest titled match", () => {
    expect(
      screenTitle([
        { id: "root" },
        { id: "routes/_member", handle: undefined },
        { id: "routes/notes-page", handle: { title: "My notes" } },
      ]),
    ).toBe("My notes");
    expect(screenTitle([{ id: "root" }, { id: "projects.mine", handle: { title: "Project Search" } }])).toBe(
      "Saved Projects",
    );
    expect(screenTitle([{ id: "root" }])).toBeNull();
  });
  it("spots profile pages", () => {
    expect(
      isProfileScreen([
        { id: "root" },
        { id: "routes/_profile", handle: { profile: true } },
        { id: "account" },
      ]),
    ).toBe(true);
    expect(isProfileScreen([{ id: "root" }, { id: "projects" }])).toBe(false);
  });
});
