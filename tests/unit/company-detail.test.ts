import { describe, expect, it } from "vitest";
import {
  carriedCompanyList,
  companyBreadcrumb,
  readCompanyState,
  visibleCompanyTabs,
  websiteHref,
} from "../../app/lib/detail/company-detail";
import { EditCompanySchema, editBody } from "../../app/lib/detail/company-forms.server";

const sp = (s: string) => new URLSearchParams(s);

describe("company detail helpers", () => {
  it("prefixes http:// to a website without http, and keeps one with it", () => {
    expect(websiteHref("www.acme.com")).toBe("http://www.acme.com");
    expect(websiteHref("https://acme.com")).toBe("https://acme.com");
    expect(websiteHref("HTTP://acme.com")).toBe("HTTP://acme.com");
    expect(websiteHref("  ")).toBeNull();
    expect(websiteHref(null)).toBeNull();
  });

  it("reads the tab, the print view and the dialogs from the URL, bad values as defaults", () => {
    expect(readCompanyState(sp(""))).toEqual({ tab: "locations", print: false, dialog: null });
    expect(readCompanyState(sp("tab=partners&print=1")).tab).toBe("partners");
    expect(readCompanyState(sp("tab=nope")).tab).toBe("locations");
    expect(readCompanyState(sp("dialog=edit")).dialog).toEqual({ kind: "edit" });
    expect(readCompanyState(sp("dialog=merge&mergeWithId=12")).dialog).toEqual({
      kind: "merge",
      mergeWithId: 12,
    });
    expect(readCompanyState(sp("dialog=merge&mergeWithId=x")).dialog).toBeNull();
  });

  it("shows Merge & fix to the merging roles only", () => {
    expect(visibleCompanyTabs(true).map((t) => t.label)).toEqual([
      "Company Locations",
      "People",
      "Projects",
      "Companies worked with",
      "Merge & fix",
    ]);
    expect(visibleCompanyTabs(false).map((t) => t.id)).not.toContain("merge");
  });

  it("leads back to the list the company was opened from", () => {
    expect(companyBreadcrumb(carriedCompanyList(sp("")))).toEqual({
      href: "/Companies",
      label: "Back to companies",
    });
    expect(companyBreadcrumb(carriedCompanyList(sp("page=2&perPage=15&query=acme"))).href).toBe(
      "/Companies?page=2&perPage=15&query=acme",
    );
    const advanced =
      "page=2&perPage=15&name=acme&companyType=3&companyType=5&state=TX&state=CA&zip=787&panel=1";
    expect(companyBreadcrumb(carriedCompanyList(sp(`${advanced}&tab=people`))).href).toBe(
      `/Companies?${advanced}`,
    );
  });
});

describe("the edit form", () => {
  it("drops removed locations and an empty new one, and sends empty fields as none", () => {
    const parsed = EditCompanySchema.parse({
      intent: "edit",
      name: " Acme ",
      url: undefined,
      phone: "(512) 555-0100",
      types: "3",
      locations: [
        { id: "4", address1: "1 Main", city: "Austin" },
        { id: "5", address1: "2 Main", remove: "on" },
        {},
        { address1: "9 New St" },
      ],
    });
    expect(editBody(parsed)).toEqual({
      name: "Acme",
      url: null,
      phone: "(512) 555-0100",
      types: [3],
      locations: [
        { id: 4, address1: "1 Main", address2: null, city: "Austin", state: null, zip: null, phone: null },
        { address1: "9 New St", address2: null, city: null, state: null, zip: null, phone: null },
      ],
    });
  });

  it("requires the name", () => {
    const result = EditCompanySchema.safeParse({ intent: "edit", name: "  ", types: [], locations: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("Please enter the company name.");
  });
});
