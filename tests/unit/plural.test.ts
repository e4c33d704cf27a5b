import { describe, expect, it } from "vitest";
import { trialOverReason } from "../../app/lib/platform/trial";
import { countOf, pluralWord } from "../../contract/plural";
import { reportsCostLine } from "../../contract/reports";

describe("countOf / pluralWord (Intl.PluralRules, en-US)", () => {
  it("says 1 project, 0 projects, 2 projects, with the thousands grouped", () => {
    expect(countOf(1, "project")).toBe("1 project");
    expect(countOf(0, "project")).toBe("0 projects");
    expect(countOf(2, "project")).toBe("2 projects");
    expect(countOf(19_433, "project")).toBe("19,433 projects");
    expect(countOf(1, "County", "Counties")).toBe("1 County");
    expect(countOf(3, "County", "Counties")).toBe("3 Counties");
    expect(pluralWord(1, "was", "were")).toBe("was");
    expect(pluralWord(5, "was", "were")).toBe("were");
  });

  it("keeps the report sentences singular for one", () => {
    const line = reportsCostLine((s) => `saving ${s} to the folder`, {
      projects: 1,
      needed: 1,
      remaining: 1,
    });
    expect(line).toBe("Saving this project to the folder uses your last remaining report.");
  });
});

describe("trialOverReason", () => {
  const base = { member_type: "Free Trial" as const };
  it("keeps 'expired' for the date, and says the reports are used while the date runs", () => {
    expect(
      trialOverReason({ ...base, trial_end_date: "2026-12-01", remaining_projects: 3 }, "2026-12-02"),
    ).toBe("expired");
    expect(
      trialOverReason({ ...base, trial_end_date: "2026-12-16", remaining_projects: 0 }, "2026-12-02"),
    ).toBe("reports-used");
    expect(trialOverReason({ ...base, trial_end_date: null, remaining_projects: 0 }, "2026-12-02")).toBe(
      "reports-used",
    );
  });
});
