import { describe, expect, it } from "vitest";
import { monthParam, monthTitle, monthWeeks, shiftMonth } from "../../app/lib/pages/calendar";

describe("calendar months", () => {
  it("reads ?month= as YYYY-MM, else the fallback", () => {
    expect(monthParam("2026-12", "x")).toBe("2026-12");
    for (const bad of ["2026-13", "2026-1", "26-01", "", null, "0999-01", "2026-12x"])
      expect(monthParam(bad, "x")).toBe("x");
  });

  it("moves across years and names the month", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(shiftMonth("2026-05", -17)).toBe("2024-12");
    expect(monthTitle("2026-12")).toBe("December 2026");
  });

  it("lays out six Sunday-first weeks with only the month's own days", () => {
    const weeks = monthWeeks("2026-12"); // 1 December 2026 is a Tuesday
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([
      null,
      null,
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
    ]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(weeks[4][4]).toBe("2026-12-31");
    expect(weeks[5].every((d) => d === null)).toBe(true);
  });
});
