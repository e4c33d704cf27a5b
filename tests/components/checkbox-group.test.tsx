/** The checkbox group's 'Select all' / 'Deselect all' toggle, with and without a listener. */
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CheckboxGroup } from "~/components/checkbox-group";

const options = [
  { value: "1", label: "Education" },
  { value: "2", label: "Healthcare" },
  { value: "3", label: "Retail" },
];

describe("the checkbox group", () => {
  it.each([
    ["without a listener (Settings)", undefined],
    ["with a listener (the checkout's verticals)", vi.fn()],
  ])("'Select all' checks every box and becomes 'Deselect all', %s", async (_case, listener) => {
    render(
      <CheckboxGroup
        legend="Project types"
        name="types"
        options={options}
        selected={["2"]}
        onSelectionChange={listener}
      />,
    );
    const toggle = await screen.findByRole("button", { name: "Select all project types" });
    fireEvent.click(toggle);
    for (const box of screen.getAllByRole("checkbox")) expect(box).toHaveProperty("checked", true);
    expect(await screen.findByRole("button", { name: "Deselect all project types" })).toBeTruthy();
    if (listener) expect(listener).toHaveBeenLastCalledWith(3);

    fireEvent.click(screen.getByRole("button", { name: "Deselect all project types" }));
    for (const box of screen.getAllByRole("checkbox")) expect(box).toHaveProperty("checked", false);
    expect(await screen.findByRole("button", { name: "Select all project types" })).toBeTruthy();
    if (listener) expect(listener).toHaveBeenLastCalledWith(0);
  });

  it("says 'Deselect all' once the last box is checked by hand", async () => {
    render(<CheckboxGroup legend="States" name="states" options={options} selected={["1", "2"]} />);
    await screen.findByRole("button", { name: "Select all states" });
    fireEvent.click(screen.getByRole("checkbox", { name: "Retail" }));
    expect(await screen.findByRole("button", { name: "Deselect all states" })).toBeTruthy();
  });
});
