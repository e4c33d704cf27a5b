import { describe, expect, it } from "vitest";
import { splitNotes } from "../../app/lib/detail/notes";
import {
  backToSearchHref,
  breadcrumbFor,
  carriedListParams,
  carriedSearch,
  contactHref,
  readDetailState,
  similarProjectHref,
  visibleTabs,
} from "../../app/lib/detail/project-detail";
import { differsOnlyInView, parseEntityId, shareMailtoHref } from "../../app/lib/detail/url-state";
import { addressLine } from "../../app/lib/format/format";

const sp = (s: string) => new URLSearchParams(s);

describe("parseEntityId", () => {
  it("accepts positive integers only", () => {
    expect(parseEntityId("42")).toBe(42);
    expect(parseEntityId("0")).toBeNull();
    expect(parseEntityId("abc")).toBeNull();
    expect(parseEntityId("12abc")).toBeNull();
    expect(parseEntityId("-3")).toBeNull();
    expect(parseEntityId("1.5")).toBeNull();
    expect(parseEntityId(undefined)).toBeNull();
    expect(parseEntityId("99999999999")).toBeNull();
  });
});

describe("carried search params and the breadcrumb", () => {
  it("is null when the URL carries no list params", () => {
    expect(carriedListParams(sp("tab=updates&fromProject=3"))).toBeNull();
    expect(backToSearchHref(null)).toBe("/Projects");
  });

  it("rebuilds the search the member came from", () => {
    const list = carriedListParams(
      sp("page=3&perPage=15&orderBy=city&orderDirection=asc&query=school&tag=4&tab=updates"),
    );
    expect(backToSearchHref(list)).toBe(
      "/Projects?page=3&perPage=15&orderBy=city&orderDirection=asc&query=school&tag=4",
    );
  });

  it("keeps every advanced-search field, repeated ones included, and the map and panel switches", () => {
    const carried =
      "page=2&perPage=15&orderBy=city&orderDirection=asc&query=school&map=1&sector=Public&state=TX&state=CA" +
      "&projectType=3&projectType=7&value=1_5_million&operator=%3E&enterStartDate=2024-01-01&showInactive=1&panel=1";
    const list = carriedListParams(sp(`${carried}&tab=updates&similarPage=2&dialog=note`));
    const back = new URL(backToSearchHref(list), "http://x");
    expect(back.pathname).toBe("/Projects");
    const sorted = (q: URLSearchParams) =>
      [...q].sort(([a, x], [b, y]) => a.localeCompare(b) || x.localeCompare(y));
    expect(sorted(back.searchParams)).toEqual(sorted(sp(carried)));
    // an advanced search alone is a list to go back to; the similar projects and the related project carry it
    expect(backToSearchHref(carriedListParams(sp("state=TX&state=CA")))).toBe(
      "/Projects?page=1&perPage=15&state=TX&state=CA",
    );
    expect(similarProjectHref(5, 12, carriedListParams(sp("state=TX&state=CA&tab=updates")))).toBe(
      "/Projects/5?page=1&perPage=15&state=TX&state=CA&fromProject=12",
    );
  });

  it("goes back to the saved list (and its folder) when mine=1", () => {
    expect(backToSearchHref(carriedListParams(sp("page=2&perPage=15&mine=1")))).toBe(
      "/Me/Projects?page=2&perPage=15",
    );
    expect(backToSearchHref(carriedListParams(sp("page=1&perPage=15&mine=1&tag=7")))).toBe(
      "/Me/Projects/Tags/7?page=1&perPage=15",
    );
  });

  it("drops bad values instead of failing", () => {
    expect(backToSearchHref(carriedListParams(sp("page=-4&orderBy=evil&perPage=x")))).toBe(
      "/Projects?page=1&perPage=15",
    );
  });

  it("goes back to the related project when reached from one", () => {
    const list = carriedListParams(sp("page=2&perPage=15"));
    expect(breadcrumbFor(list, 9, 12)).toEqual({
      href: "/Projects/9?page=2&perPage=15",
      label: "Back to related project",
    });
    expect(breadcrumbFor(null, 9, 12)).toEqual({ href: "/Projects/9", label: "Back to related project" });
    // a link back to itself is no breadcrumb
    expect(breadcrumbFor(null, 12, 12).label).toBe("Back to search");
  });

  it("similar project links carry the search and remember this project", () => {
    const list = carriedListParams(sp("page=2&perPage=15&query=mall"));
    expect(similarProjectHref(5, 12, list)).toBe("/Projects/5?page=2&perPage=15&query=mall&fromProject=12");
    expect(similarProjectHref(5, 12, null)).toBe("/Projects/5?fromProject=12");
    expect(carriedSearch(null)).toBe("");
  });

  it("contact links remember the project", () => {
    expect(contactHref(8, 12)).toBe("/Contacts/8?fromProject=12");
  });
});

describe("readDetailState", () => {
  it("defaults everything", () => {
    expect(readDetailState(sp(""))).toEqual({
      tab: "overview",
      similarPage: 1,
      fromProject: null,
      print: false,
      dialog: null,
    });
  });

  it("reads tabs, pages, print and dialogs", () => {
    const s = readDetailState(sp("tab=contacts&similarPage=3&fromProject=4&print=1&dialog=note&noteId=5"));
    expect(s).toEqual({
      tab: "contacts",
      similarPage: 3,
      fromProject: 4,
      print: true,
      dialog: { kind: "note", noteId: 5 },
    });
    expect(readDetailState(sp("dialog=note")).dialog).toEqual({ kind: "note", noteId: null });
    expect(readDetailState(sp("dialog=project-research")).dialog).toEqual({ kind: "research" });
    // ?dialog=research belongs to the shell's general Request Research dialog
    expect(readDetailState(sp("dialog=research")).dialog).toBeNull();
    expect(readDetailState(sp("dialog=delete-note&noteId=2")).dialog).toEqual({
      kind: "delete-note",
      noteId: 2,
    });
  });

  it("ignores bad values", () => {
    const s = readDetailState(sp("tab=nope&similarPage=0&fromProject=x&dialog=delete-note&print=yes"));
    expect(s).toEqual({ tab: "overview", similarPage: 1, fromProject: null, print: false, dialog: null });
  });
});

describe("differsOnlyInView", () => {
  const u = (s: string) => new URL(s, "http://app.test");
  it("is true when only the tab, dialog or print changed", () => {
    expect(differsOnlyInView(u("/Projects/1?page=2"), u("/Projects/1?page=2&tab=updates"))).toBe(true);
    expect(differsOnlyInView(u("/Projects/1?tab=updates"), u("/Projects/1?dialog=note&noteId=3"))).toBe(true);
  });
  it("is false for another page of similar projects or another project", () => {
    expect(differsOnlyInView(u("/Projects/1"), u("/Projects/1?similarPage=2"))).toBe(false);
    expect(differsOnlyInView(u("/Projects/1"), u("/Projects/2"))).toBe(false);
  });
});

describe("visibleTabs", () => {
  it("shows Bidding Information only with a bid date or text", () => {
    const ids = (p: { bidding_date: string | null; bidding_information: string | null }) =>
      visibleTabs(p).map((t) => t.id);
    expect(ids({ bidding_date: null, bidding_information: null })).toEqual([
      "overview",
      "updates",
      "materials",
      "contacts",
    ]);
    expect(ids({ bidding_date: null, bidding_information: "  " })).not.toContain("bidding");
    expect(ids({ bidding_date: "2027-01-02", bidding_information: null })).toContain("bidding");
    expect(ids({ bidding_date: null, bidding_information: "Bids due" })).toContain("bidding");
  });
});

describe("splitNotes", () => {
  it("shows the newest note and keeps the older ones in order", () => {
    const notes = [
      { id: 1, created_at: "2026-01-01T10:00:00Z" },
      { id: 3, created_at: "2026-03-01T10:00:00Z" },
      { id: 2, created_at: "2026-02-01T10:00:00Z" },
      { id: 4, created_at: "2026-03-01T10:00:00Z" },
    ];
    const { newest, older } = splitNotes(notes);
    expect(newest?.id).toBe(4);
    expect(older.map((n) => n.id)).toEqual([3, 2, 1]);
    expect(splitNotes([])).toEqual({ newest: null, older: [] });
  });
});

describe("shareMailtoHref and addressLine", () => {
  it("puts the title in the subject and the address of the page in the body", () => {
    const href = shareMailtoHref("School & Gym", "https://app.example/Projects/4");
    expect(href.startsWith("mailto:?subject=School%20%26%20Gym&body=")).toBe(true);
    expect(decodeURIComponent(href.split("body=")[1])).toBe("School & Gym\n\nhttps://app.example/Projects/4");
  });
  it("joins the address parts that exist", () => {
    expect(
      addressLine({ address1: "1 Main St", address2: null, city: "Austin", state: "TX", zip: "78701" }),
    ).toBe("1 Main St, Austin, TX 78701");
    expect(addressLine({ address1: null, city: null, state: "TX", zip: null })).toBe("TX");
  });
});
