import { describe, expect, it } from "vitest";
import { canAddFolder, folderDialogHref } from "../../app/lib/account/folders";
import {
  backToContactsHref,
  carriedContactListParams,
  contactBreadcrumb,
  contactFields,
  contactName,
  readContactDetailState,
  telHref,
  webHref,
} from "../../app/lib/detail/contact-detail";

const sp = (s: string) => new URLSearchParams(s);

const empty = {
  title: null,
  company_id: null,
  company_name: null,
  company_type: null,
  company_url: null,
  email: null,
  phone: null,
  phone2: null,
  phone3: null,
  fax: null,
  location_number: null,
  location_fax: null,
  address1: null,
  address2: null,
  city: null,
  state: null,
  zip: null,
  url: null,
};

describe("the way back from a contact", () => {
  it("goes to the directory or the saved list with the carried params", () => {
    const list = carriedContactListParams(sp("page=2&perPage=15&query=smith&orderBy=last_name"));
    expect(backToContactsHref(list, true)).toBe(
      "/Contacts?page=2&perPage=15&orderBy=last_name&orderDirection=desc&query=smith",
    );
    const saved = carriedContactListParams(sp("page=1&perPage=15&mine=1&tag=7"));
    expect(backToContactsHref(saved, true)).toBe("/Me/Contacts/Tags/7?page=1&perPage=15");
    expect(backToContactsHref(null, true)).toBe("/Contacts");
    expect(backToContactsHref(null, false)).toBe("/Me/Contacts");
    expect(carriedContactListParams(sp("fromProject=3"))).toBeNull();
  });

  it("a bad sort column falls back to none", () => {
    expect(carriedContactListParams(sp("page=1&orderBy=password"))?.orderBy).toBeUndefined();
  });

  it("leads back to the project it was opened from", () => {
    expect(contactBreadcrumb(null, 12, true)).toEqual({
      href: "/Projects/12?tab=contacts",
      label: "Back to project",
    });
    expect(contactBreadcrumb(null, null, true).label).toBe("Back to directory");
    expect(contactBreadcrumb(null, null, false).label).toBe("Back to saved contacts");
  });
});

describe("readContactDetailState", () => {
  it("reads the dialog, the project and the page of its projects, ignoring bad values", () => {
    expect(readContactDetailState(sp("dialog=note&fromProject=5&projectsPage=3"))).toEqual({
      fromProject: 5,
      dialog: { kind: "note", noteId: null },
      projectsPage: 3,
    });
    expect(readContactDetailState(sp("dialog=delete-note&noteId=9")).dialog).toEqual({
      kind: "delete-note",
      noteId: 9,
    });
    expect(readContactDetailState(sp("dialog=research&fromProject=-1&projectsPage=x"))).toEqual({
      fromProject: null,
      dialog: null,
      projectsPage: 1,
    });
  });
});

describe("contact fields", () => {
  it("names a contact by its name, else its company, else its id", () => {
    expect(contactName({ id: 1, first_name: "Ann", last_name: " Lee ", company_name: "Acme" })).toBe(
      "Ann Lee",
    );
    expect(contactName({ id: 1, first_name: null, last_name: "", company_name: "Acme" })).toBe("Acme");
    expect(contactName({ id: 4, first_name: null, last_name: null, company_name: null })).toBe("Contact 4");
  });

  it("lists only the fields with a value, in order", () => {
    const fields = contactFields({
      ...empty,
      title: "Estimator",
      company_id: 3,
      company_name: "Acme",
      company_type: { name: "General Contractor" },
      phone: "555-0100",
      fax: " ",
      city: "Austin",
      state: "TX",
      url: "acme.example",
    });
    expect(fields.map((f) => f.label)).toEqual([
      "Title",
      "Company",
      "Company Type",
      "Phone",
      "Address",
      "Website",
    ]);
    expect(fields[1]).toEqual({ label: "Company", kind: "company", value: "Acme", companyId: 3 });
    expect(contactFields(empty)).toEqual([]);
  });

  it("links only to http(s) addresses and dialable numbers", () => {
    expect(webHref("acme.example/about")).toBe("https://acme.example/about");
    expect(webHref("http://acme.example")).toBe("http://acme.example/");
    expect(webHref("javascript:alert(1)")).toBeNull();
    expect(webHref("not a url")).toBeNull();
    expect(telHref("(555) 010-0100 x2")).toBe("tel:55501001002");
    expect(telHref("n/a")).toBeNull();
  });
});

describe("folder limits", () => {
  it("offers a new folder below 8 of a type", () => {
    expect(canAddFolder(Array.from({ length: 7 }))).toBe(true);
    expect(canAddFolder(Array.from({ length: 8 }))).toBe(false);
    expect(folderDialogHref(2, "/Me/Contacts", 4)).toBe("/Folders?tag_type=2&returnTo=%2FMe%2FContacts&id=4");
  });
});
