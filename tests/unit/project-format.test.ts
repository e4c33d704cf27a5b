import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatConstructionType,
  formatEnUs,
  formatMillions,
  formatNegotiatedWork,
  formatQuarterNote,
  unitsLine,
} from "../../app/lib/format/project-format";

describe("project display rules", () => {
  it("shows values in millions with M", () => {
    expect(formatMillions(12.5)).toBe("$12.5M");
    expect(formatMillions(1250)).toBe("$1,250M");
    expect(formatMillions(null)).toBe("");
  });
  it.each([
    ["q1q2-2027", "Q1Q2, 2027"],
    ["q4q1-2026", "Q4Q1, 2026"],
    ["Q3-2028", "Q3, 2028"],
    ["spring 2027", "spring 2027"],
    ["q5-2027", "q5-2027"],
  ])("shows the quarter note %s as %s", (note, shown) => {
    expect(formatQuarterNote(note)).toBe(shown);
  });
  it("labels units from the first type, default Units, only with a bound", () => {
    expect(unitsLine([{ units_label: "Rooms" }, { units_label: "Beds" }], 100, 120)).toEqual({
      label: "Rooms",
      value: "100 - 120",
    });
    expect(unitsLine([{ units_label: null }], null, 40)).toEqual({ label: "Units", value: "40" });
    expect(unitsLine([], null, null)).toBeNull();
  });
  it("shows negotiated work 'Bidding' as No", () => {
    expect(formatNegotiatedWork("Bidding")).toBe("No");
    expect(formatNegotiatedWork("Yes")).toBe("Yes");
  });
  it("adds 'with addition'", () => {
    expect(formatConstructionType("Renovation", true)).toBe("Renovation with addition");
    expect(formatConstructionType("New", false)).toBe("New");
  });
});

describe("formatEnUs", () => {
  it("writes what Intl.NumberFormat('en-US') writes, without building one", () => {
    const cases: [number, number][] = [
      [0, 2],
      [1234567.891, 2],
      [1000, 3],
      [999.995, 2],
      [0.1 + 0.2, 2],
      [12.5, 2],
      [1e15, 0],
      [-1234.5, 2],
      // The shortest decimal rounds up where the binary value, a hair below it, would round down (toFixed).
      [424254050162.5685, 3],
      [0.125, 2],
      [999.9995, 3],
      [1e-7, 2],
    ];
    for (const [value, maxFraction] of cases) {
      expect(formatEnUs(value, maxFraction), `${value}`).toBe(
        new Intl.NumberFormat("en-US", { maximumFractionDigits: maxFraction }).format(value),
      );
    }
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ min: 0, max: 1e12, noNaN: true }), fc.integer({ min: 0, max: 2 ** 40 })),
        fc.constantFrom(0, 2, 3),
        (value, maxFraction) =>
          formatEnUs(value, maxFraction) ===
          new Intl.NumberFormat("en-US", { maximumFractionDigits: maxFraction }).format(value),
      ),
      { numRuns: 2000 },
    );
  });
});
