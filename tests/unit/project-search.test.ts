import { describe, expect, it } from "vitest";
import {
  projectSearchEntries,
  projectSearchToApi,
  readableFromOldProjectAdvanced,
  readProjectSearch,
} from "../../app/lib/search/project-search";

const read = (query: string) => readProjectSearch(new URLSearchParams(query));

describe("the advanced project search in the URL", () => {
  it("reads single fields, repeated multi-selects and flags, dropping empty and malformed values", () => {
    expect(
      read(
        "sector=public&state=tx&state=CA&state=Texas&projectType=3&projectType=x&company=&value=over_100_million&value=lots&operator=>&showInactive=1&enterStartDate=2026-13-99&enterEndDate=2026-10-31",
      ),
    ).toEqual({
      sector: "Public",
      state: ["TX", "CA"],
      projectType: ["3"],
      value: ["over_100_million"],
      operator: ">",
      showInactive: true,
      enterEndDate: "2026-10-31",
    });
  });

  it("leaves out the default operator and an operator without a value band", () => {
    expect(read("operator==&value=1_5_million")).toEqual({ value: ["1_5_million"] });
    expect(read("operator=<")).toEqual({});
  });

  it("writes the readable form back in the panel's order and the API's JSON", () => {
    const search = read("state=TX&sector=Public&projectSubtype=_all&gc_selected=on");
    expect(new URLSearchParams(projectSearchEntries(search)).toString()).toBe(
      "sector=Public&projectSubtype=_all&state=TX&gc_selected=1",
    );
    expect(JSON.parse(projectSearchToApi(search) ?? "null")).toEqual({
      sector: "Public",
      projectSubtype: ["_all"],
      state: ["TX"],
      gc_selected: true,
    });
    expect(projectSearchToApi({})).toBeUndefined();
  });

  it("turns an old client's advanced JSON into readable parameters, whatever its value shapes", () => {
    const old = JSON.stringify({
      sector: "Private",
      projectType: [3, { id: 5, name: "Hotel" }],
      state: "TX",
      showInactive: true,
      unknownField: "x",
      min_unit: 20,
    });
    expect(readableFromOldProjectAdvanced(old)?.toString()).toBe(
      "sector=Private&projectType=3&projectType=5&min_unit=20&state=TX&showInactive=1",
    );
    expect(readableFromOldProjectAdvanced("not json")).toBeNull();
    expect(readableFromOldProjectAdvanced("[1]")).toBeNull();
  });
});
