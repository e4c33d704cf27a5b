/** The coverage pieces of the checkout and the activation, rendered alone. */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CoverageFields, useCoverageChoices } from "~/components/billing/coverage-fields";
import type { CoverageValues, PlanSummary } from "~/lib/billing/pricing";
import { STATE_PLAN as STATE } from "../unit/support/plans";

const PLACES = [
  { id: 1, abbr: "TX", name: "Texas" },
  { id: 2, abbr: "FL", name: "Florida" },
  { id: 3, abbr: "OK", name: "Oklahoma" },
];
const empty: CoverageValues = {
  plan_verticals: [],
  plan_states: [],
  county_states: [],
  county_names: [],
  extra_states: 0,
};

function Fields({
  plan,
  values,
  hydrated = true,
  onChange,
}: {
  plan: PlanSummary;
  values: CoverageValues;
  hydrated?: boolean;
  onChange?: () => void;
}) {
  const choices = useCoverageChoices(values);
  return (
    <form>
      <CoverageFields
        plan={plan}
        values={values}
        choices={choices}
        verticals={[
          { id: 10, name: "Hotel" },
          { id: 11, name: "Retail" },
        ]}
        coverageStates={PLACES}
        countyStateOptions={PLACES}
        counties={{ TX: ["Travis", "Harris"] }}
        countiesError={null}
        errors={{}}
        hydrated={hydrated}
        onChange={onChange}
      />
    </form>
  );
}

describe("coverage fields", () => {
  it("never offers a state another slot holds, in either mode", () => {
    const values = { ...empty, plan_states: ["1", ""], extra_states: 1 };
    for (const hydrated of [false, true]) {
      const { unmount } = render(<Fields plan={STATE} values={values} hydrated={hydrated} />);
      const second = screen.getByLabelText("Coverage state 2");
      expect(within(second).queryByRole("option", { name: "Texas" })).toBeNull();
      expect(within(second).getByRole("option", { name: "Florida" })).toBeTruthy();
      expect(
        within(screen.getByLabelText("Coverage state 1")).getByRole("option", { name: "Texas" }),
      ).toBeTruthy();
      unmount();
    }
  });

  it("keeps what a plan does not ask for in hidden fields, for another plan chosen without JavaScript", () => {
    const national = { ...STATE, slug: "national", coverage_limit: -1, coverage_vertical_market: 0 as const };
    const { container } = render(
      <Fields plan={national} values={{ ...empty, plan_states: ["2"], plan_verticals: ["10", "11"] }} />,
    );
    const form = container.querySelector("form") as HTMLFormElement;
    const data = new FormData(form);
    expect(data.getAll("plan_states")).toEqual(["2"]);
    expect(data.getAll("plan_verticals")).toEqual(["10", "11"]);
    expect(screen.getByText("All states and counties.")).toBeTruthy();
  });

  it("tells the form when 'Select all' ticks every vertical (no change event of its own)", async () => {
    const onChange = vi.fn();
    render(<Fields plan={STATE} values={empty} onChange={onChange} />);
    await userEvent.click(screen.getByRole("button", { name: "Select all project types" }));
    expect(onChange).toHaveBeenCalled();
    for (const box of screen.getAllByRole("checkbox")) expect((box as HTMLInputElement).checked).toBe(true);
  });
});
