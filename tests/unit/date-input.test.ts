import { describe, expect, it } from "vitest";
import {
  isIsoDay,
  isoDayToLocalDate,
  isoDayToUs,
  localDateToIsoDay,
  usToIsoDay,
} from "../../app/lib/format/date-input";

describe("reminder date conversions", () => {
  it("accepts only real dates", () => {
    expect(isIsoDay("2027-02-28")).toBe(true);
    expect(isIsoDay("2027-02-29")).toBe(false);
    expect(isIsoDay("2028-02-29")).toBe(true);
    expect(isIsoDay("2027-13-01")).toBe(false);
    expect(isIsoDay("27-01-01")).toBe(false);
    expect(isIsoDay(null)).toBe(false);
  });
  it("reads MM/DD/YYYY and writes YYYY-MM-DD", () => {
    expect(usToIsoDay("03/01/2027")).toBe("2027-03-01");
    expect(usToIsoDay("3/1/2027")).toBe("2027-03-01");
    expect(usToIsoDay("02/30/2027")).toBeNull();
    expect(usToIsoDay("2027-03-01")).toBeNull();
    expect(usToIsoDay("")).toBeNull();
  });
  it("shows YYYY-MM-DD as MM/DD/YYYY", () => {
    expect(isoDayToUs("2027-03-01")).toBe("03/01/2027");
    expect(isoDayToUs("nonsense")).toBe("");
    expect(isoDayToUs(null)).toBe("");
  });
  it("round-trips through a local Date without shifting the day", () => {
    const d = isoDayToLocalDate("2027-11-07");
    expect(d?.getDate()).toBe(7);
    expect(localDateToIsoDay(d as Date)).toBe("2027-11-07");
    expect(localDateToIsoDay(new Date(2027, 0, 31, 23, 59))).toBe("2027-01-31");
    expect(isoDayToLocalDate("2027-02-31")).toBeUndefined();
  });
});
