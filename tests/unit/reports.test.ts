/** The words of a trial's report price and refusal (contract/reports.ts, decision 107): counts, plurals, none. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { overReports, reportsCostLine, reportsRefusal } from "../../contract/reports";

const saving = (subject: string) => `Saving ${subject} to the folder`;

describe("reportsCostLine", () => {
  it("names what the choice uses and how many are left, in the singular and the plural", () => {
    expect(reportsCostLine(saving, { projects: 3, needed: 3, remaining: 5 })).toBe(
      "Saving these 3 projects to the folder uses 3 of your 5 remaining reports.",
    );
    expect(reportsCostLine(saving, { projects: 1, needed: 1, remaining: 5 })).toBe(
      "Saving this project to the folder uses 1 of your 5 remaining reports.",
    );
    expect(reportsCostLine(saving, { projects: 3, needed: 1, remaining: 2 })).toBe(
      "Saving these 3 projects to the folder uses 1 of your 2 remaining reports (you have opened 2 of them already).",
    );
  });

  it("says a choice of opened projects uses none", () => {
    expect(reportsCostLine(saving, { projects: 2, needed: 0, remaining: 5 })).toBe(
      "Saving these 2 projects to the folder uses none of your 5 remaining reports: you have opened them already.",
    );
    expect(reportsCostLine(saving, { projects: 1, needed: 0, remaining: 1 })).toBe(
      "Saving this project to the folder uses none of your 1 remaining report: you have opened it already.",
    );
  });

  it("says when the choice takes every report left", () => {
    expect(reportsCostLine(saving, { projects: 5, needed: 5, remaining: 5 })).toBe(
      "Saving these 5 projects to the folder uses all 5 of your remaining reports.",
    );
    expect(reportsCostLine(saving, { projects: 1, needed: 1, remaining: 1 })).toBe(
      "Saving this project to the folder uses your last remaining report.",
    );
  });

  it("is the refusal, naming the count, when the choice needs more than are left", () => {
    expect(reportsCostLine(saving, { projects: 8, needed: 8, remaining: 5 })).toBe(
      "These 8 projects need 8 reports; you have 5 left. Choose at most 5 projects, or subscribe for unlimited projects.",
    );
    expect(reportsRefusal({ projects: 2, needed: 2, remaining: 1 })).toBe(
      "These 2 projects need 2 reports; you have 1 left. Choose at most 1 project, or subscribe for unlimited projects.",
    );
  });

  it("always names the reports needed and left, and refuses exactly when more are needed than left", () => {
    fc.assert(
      fc.property(fc.nat(100), fc.nat(100), fc.nat(10), (a, b, remaining) => {
        const projects = Math.max(1, a, b);
        const needed = Math.min(a, b);
        const cost = { projects, needed, remaining };
        const line = reportsCostLine(saving, cost);
        expect(overReports(cost)).toBe(needed > remaining);
        if (needed > remaining) {
          expect(line).toContain(`need${projects === 1 ? "s" : ""} ${needed} report`);
          expect(line).toContain(`you have ${remaining} left`);
        } else {
          expect(line).toMatch(/remaining report/);
          expect(line).toContain(
            needed === 0
              ? "uses none"
              : needed === remaining
                ? "remaining report"
                : `uses ${needed} of your ${remaining}`,
          );
        }
        expect(line).not.toMatch(/\b1 reports\b|\b1 projects\b|these 1 /);
      }),
    );
  });
});
