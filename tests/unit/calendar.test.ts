import { describe, expect, it } from "vitest";
import { monthParam, monthTitle, monthWeeks, shiftMonth, todayIn } from "../../app/lib/pages/calendar";

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

  it("lays out the Sunday-first weeks that hold the month's days, and only those", () => {
    const weeks = monthWeeks("2026-12"); // 1 December 2026 is a Tuesday
    expect(weeks).toHaveLength(5);
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
    // February 2026 starts on a Sunday: four weeks; August 2026 starts on a Saturday: six.
    expect(monthWeeks("2026-02")).toHaveLength(4);
    expect(monthWeeks("2026-08")).toHaveLength(6);
    for (const month of ["2026-02", "2026-08", "2026-12", "2027-01"])
      for (const week of monthWeeks(month)) expect(week.some(Boolean)).toBe(true);
  });

  it("knows today in the member's time zone (the service's default without one)", () => {
    const lateEvening = new Date("2026-12-02T03:00:00Z"); // 9 pm on 1 December in Chicago
    expect(todayIn("America/Chicago", lateEvening)).toBe("2026-12-01");
    expect(todayIn("America/New_York", lateEvening)).toBe("2026-12-01");
    expect(todayIn("Europe/Paris", lateEvening)).toBe("2026-12-02");
    expect(todayIn(null, lateEvening)).toBe("2026-12-01");
    expect(todayIn("Not/AZone", lateEvening)).toBe("2026-12-01");
  });
});
