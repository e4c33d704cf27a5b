import { describe, expect, it } from "vitest";
import {
  carriedListSearch,
  lastPageHref,
  listSearch,
  nextSort,
  pageWindow,
  readListParams,
  readSavedOrSearchList,
} from "../../app/lib/search/list-params";

const COLS = ["title", "city", "created_at"] as const;
const read = (qs: string) => readListParams(new URLSearchParams(qs), COLS);

describe("readListParams", () => {
  it("gives the defaults for an empty URL", () => {
    expect(read("")).toEqual({ page: 1, perPage: 15 });
  });
  it("reads every parameter", () => {
    expect(read("page=3&perPage=15&orderBy=city&orderDirection=asc&mine=1&query=%20hotel%20&tag=4")).toEqual({
      page: 3,
      perPage: 15,
      orderBy: "city",
      orderDirection: "asc",
      mine: 1,
      query: "hotel",
      tag: 4,
    });
  });
  it.each([
    ["page=0", 1],
    ["page=-5", 1],
    ["page=abc", 1],
    ["page=2.5", 1],
    ["page=99999999999", 100000],
    ["page=4&page=9", 4],
  ])("turns %s into page %i", (qs, page) => {
    expect(read(qs).page).toBe(page);
  });
  it("drops unknown sort columns and bad directions", () => {
    expect(read("orderBy=password&orderDirection=up")).toEqual({ page: 1, perPage: 15 });
    expect(read("orderBy=title&orderDirection=sideways")).toMatchObject({
      orderBy: "title",
      orderDirection: "desc",
    });
  });
  it("drops bad mine, tag and perPage values", () => {
    expect(read("mine=2&tag=-1&perPage=100000")).toEqual({ page: 1, perPage: 15 });
  });
});

describe("nextSort", () => {
  it("cycles descending, ascending, none", () => {
    const base = { page: 1, perPage: 15 };
    expect(nextSort(base, "city")).toEqual({ orderBy: "city", orderDirection: "desc" });
    expect(nextSort({ ...base, orderBy: "city", orderDirection: "desc" }, "city")).toEqual({
      orderBy: "city",
      orderDirection: "asc",
    });
    expect(nextSort({ ...base, orderBy: "city", orderDirection: "asc" }, "city")).toEqual({
      orderBy: undefined,
      orderDirection: undefined,
    });
    expect(nextSort({ ...base, orderBy: "city", orderDirection: "asc" }, "title").orderBy).toBe("title");
  });
});

describe("pageWindow", () => {
  it("is empty at one page or less", () => {
    expect(pageWindow(1, 1)).toEqual([]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
  it("shows first, two either side, last", () => {
    expect(pageWindow(10, 50)).toEqual([1, 8, 9, 10, 11, 12, 50]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });
});

describe("listSearch", () => {
  it("writes page and perPage always, the rest when set, in the spec's order", () => {
    expect(listSearch({ page: 1, perPage: 15 })).toBe("?page=1&perPage=15");
    expect(listSearch({ page: 2, query: "a b", orderBy: "city", orderDirection: "asc", tag: 3 })).toBe(
      "?page=2&perPage=15&orderBy=city&orderDirection=asc&query=a+b&tag=3",
    );
  });
});

describe("carriedListSearch", () => {
  it("carries the search as it is", () => {
    expect(carriedListSearch({ page: 2, perPage: 15, query: "hotel", tag: 5 }, false)).toBe(
      "?page=2&perPage=15&query=hotel&tag=5",
    );
  });
  it("says mine=1 and keeps the folder of a saved list", () => {
    expect(carriedListSearch({ page: 1, perPage: 15, tag: 7 }, true)).toBe("?page=1&perPage=15&mine=1&tag=7");
  });
});

describe("readSavedOrSearchList", () => {
  const COLUMNS = ["title", "updated"] as const;
  const read = (path: string, tagId?: string) =>
    readSavedOrSearchList(new Request(`http://app.test${path}`), { tagId }, "/Me/Projects", COLUMNS);

  it("reads the search: not saved, its own folder filter and mine as the URL says", () => {
    const { saved, routeTagId, list, listQuery } = read("/Projects?tag=3&mine=1&page=2");
    expect(saved).toBe(false);
    expect(routeTagId).toBeUndefined();
    expect(list).toMatchObject({ tag: 3, page: 2, mine: 1 });
    expect(listQuery).toMatchObject({ tag: 3, mine: 1 });
    expect(read("/Projects").listQuery.mine).toBeUndefined();
  });

  it("reads a saved list (any case) as the member's own rows", () => {
    const { saved, listQuery } = read("/me/projects?page=1");
    expect(saved).toBe(true);
    expect(listQuery.mine).toBe(1);
  });

  it("lets a folder route's tag win over ?tag=, and ignores a tag that is not a positive whole number", () => {
    const folder = read("/Me/Projects/Tags/5?tag=3", "5");
    expect(folder.routeTagId).toBe(5);
    expect(folder.list.tag).toBe(5);
    expect(folder.listQuery).toMatchObject({ tag: 5, mine: 1 });
    for (const bad of ["abc", "0", "-2", "1.5"]) {
      const wrong = read(`/Me/Projects/Tags/${bad}?tag=3`, bad);
      expect(wrong.routeTagId).toBeUndefined();
      expect(wrong.list.tag).toBe(3);
    }
  });
});

describe("lastPageHref (a page past the last)", () => {
  const url = new URL("http://x/Projects?page=99999&perPage=15&query=school&state=TX&state=OK");
  it("sends a page past the last to the last page, keeping every other parameter", () => {
    const href = lastPageHref(url, 99999, 15, 19_433) ?? "";
    const sp = new URLSearchParams(href.slice(href.indexOf("?")));
    expect(href.startsWith("/Projects?")).toBe(true);
    expect(sp.get("page")).toBe("1296");
    expect(sp.get("query")).toBe("school");
    expect(sp.getAll("state")).toEqual(["TX", "OK"]);
  });
  it("leaves the last page and those before it alone, and an empty list on page 1", () => {
    expect(lastPageHref(url, 1296, 15, 19_433)).toBeNull();
    expect(lastPageHref(url, 1, 15, 0)).toBeNull();
    expect(lastPageHref(url, 2, 15, 0)).toBe("/Projects?page=1&perPage=15&query=school&state=TX&state=OK");
  });
});
