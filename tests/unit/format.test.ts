import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatShortDate } from "../../app/lib/format/dates";
import { fullName, initials } from "../../app/lib/format/format";

describe("date formats", () => {
  it("MM/DD/YYYY on detail pages, MM/DD/YY in lists", () => {
    expect(formatDate("2027-03-01")).toBe("03/01/2027");
    expect(formatShortDate("2027-03-01")).toBe("03/01/27");
  });
  it("keeps date-only values on their calendar day whatever the time zone", () => {
    expect(formatDate("2026-01-01")).toBe("01/01/2026");
    expect(formatDate("2026-12-31")).toBe("12/31/2026");
  });
  it("MM/DD/YYYY hh:mm A for updates", () => {
    expect(formatDateTime("2026-11-22T13:05:00Z")).toBe("11/22/2026 01:05 PM");
    expect(formatDateTime("2026-11-22T00:07:00Z")).toBe("11/22/2026 12:07 AM");
    expect(formatDateTime("2026-11-22T12:00:00Z")).toBe("11/22/2026 12:00 PM");
    expect(formatDateTime("2026-11-22")).toBe("11/22/2026 12:00 AM");
  });
  it("gives an empty string for missing or bad values", () => {
    expect(formatDate(undefined)).toBe("");
    expect(formatShortDate("")).toBe("");
    expect(formatDateTime("nope")).toBe("");
  });
});

describe("names", () => {
  it("makes initials from first and last name", () => {
    expect(initials("jane", "doe")).toBe("JD");
    expect(initials("Jane", "")).toBe("J");
    expect(initials(" ", null)).toBe("?");
  });
  it("joins a full name", () => {
    expect(fullName("Jane", "Doe")).toBe("Jane Doe");
    expect(fullName("", "Doe")).toBe("Doe");
  });
});
