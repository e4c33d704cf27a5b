import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatShortDate, isoDay } from "../../app/lib/format/dates";

describe("date display", () => {
  it("keeps date-only values on their calendar day", () => {
    expect(formatDate("2027-03-01")).toBe("03/01/2027");
    expect(formatShortDate("2027-03-01")).toBe("03/01/27");
  });
  it("formats date-times", () => {
    expect(formatDate("2026-11-22T23:30:00Z")).toBe("11/22/2026");
    expect(formatDateTime("2026-11-22T13:05:00Z")).toBe("11/22/2026 01:05 PM");
    expect(formatDateTime("2026-11-22T00:07:00Z")).toBe("11/22/2026 12:07 AM");
  });
  it("gives an empty string for no or bad dates", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate("not a date")).toBe("");
  });
  it("makes YYYY-MM-DD", () => {
    expect(isoDay(new Date("2026-01-05T10:00:00Z"))).toBe("2026-01-05");
  });
});
