import { describe, expect, it } from "vitest";
import {
  ALERT_STATES_OUTSIDE,
  ALERT_TYPES_OUTSIDE,
  alertChoicesOutside,
  alertCoverageNote,
  COVERAGE_NOT_CHOSEN,
  coveredOptions,
} from "../../app/lib/account/alert-coverage";

const states = [
  { value: "5", label: "California" },
  { value: "44", label: "Texas" },
  { value: "37", label: "Oklahoma" },
];
const projectTypes = [
  { value: "1", label: "Education" },
  { value: "2", label: "Hotel" },
  { value: "3", label: "Multifamily" },
];
const places = [
  { abbr: "CA", name: "California" },
  { abbr: "TX", name: "Texas" },
  { abbr: "OK", name: "Oklahoma" },
];
const choices = { states, projectTypes, places };

describe("the alert choices a plan allows (decision 104)", () => {
  it("offers only the covered options, all of them where nothing limits the member", () => {
    expect(coveredOptions(states, [44]).map((o) => o.label)).toEqual(["Texas"]);
    expect(coveredOptions(states, null)).toEqual(states);
    expect(coveredOptions(states, undefined)).toEqual(states);
  });

  it("says what the plan covers in one sentence", () => {
    expect(alertCoverageNote({ states: [44], project_types: [2, 3], counties: null }, choices)).toBe(
      "Your plan covers Hotel and Multifamily projects in Texas: alerts can only be for the states and project types it covers.",
    );
    expect(alertCoverageNote({ states: [44, 37], project_types: null, counties: null }, choices)).toBe(
      "Your plan covers Texas and Oklahoma: alerts can only be for the states and project types it covers.",
    );
    expect(
      alertCoverageNote(
        {
          states: [44, 37],
          project_types: null,
          counties: [
            { state_abbr: "TX", name: "Travis" },
            { state_abbr: "TX", name: "Harris" },
            { state_abbr: "OK", name: "Tulsa" },
          ],
        },
        choices,
      ),
    ).toBe(
      "Your plan covers Travis and Harris counties in Texas and Tulsa County in Oklahoma: alerts can only be for the states and project types it covers.",
    );
    expect(alertCoverageNote({ states: null, project_types: [1], counties: null }, choices)).toBe(
      "Your plan covers Education projects: alerts can only be for the states and project types it covers.",
    );
    expect(alertCoverageNote({ states: [], project_types: [2], counties: null }, choices)).toBe(
      COVERAGE_NOT_CHOSEN,
    );
    expect(alertCoverageNote(null, choices)).toBeNull();
    expect(alertCoverageNote(undefined, choices)).toBeNull();
  });

  it("refuses a forged choice outside the plan, per field", () => {
    const coverage = { states: [44], project_types: [2, 3], counties: null };
    expect(alertChoicesOutside({ alert_states: [44], alert_project_types: [2] }, coverage)).toBeNull();
    expect(alertChoicesOutside({ alert_states: [44, 5], alert_project_types: [1] }, coverage)).toEqual({
      alert_states: [ALERT_STATES_OUTSIDE],
      alert_project_types: [ALERT_TYPES_OUTSIDE],
    });
    expect(alertChoicesOutside({ alert_states: [5], alert_project_types: [1] }, null)).toBeNull();
  });
});
