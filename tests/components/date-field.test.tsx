/**
 * The date field: a plain `<input type="date">` in the server's HTML (and without JavaScript); once hydrated a
 * MM/DD/YYYY text field with a calendar, which sends YYYY-MM-DD in a hidden input under the field's name.
 */
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { DateField } from "~/components/date-field";

type Props = React.ComponentProps<typeof DateField>;
const base: Props = { id: "reminder", name: "notification_date", label: "Reminder date" };

/** The field in a form, rendered in the browser (it hydrates: the picker field). */
async function renderPicker(props: Partial<Props> = {}) {
  const { container } = render(
    <form>
      <DateField {...base} {...props} />
    </form>,
  );
  await screen.findByRole("button", { name: "Calendar" });
  const form = container.querySelector("form") as HTMLFormElement;
  return {
    input: screen.getByRole("textbox", { name: "Reminder date" }) as HTMLInputElement,
    sent: () => new FormData(form).getAll("notification_date"),
  };
}

/** The field as the server renders it, in a document of its own. */
function serverHtml(props: Partial<Props> = {}) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<DateField {...base} {...props} />);
  document.body.append(container);
  return container;
}

describe("the date field without JavaScript (server render)", () => {
  it("is a plain date input under the field's name, with its value, limits and label", () => {
    const html = serverHtml({ defaultValue: "2027-03-01", min: "2027-01-01", max: "2027-12-31" });
    const input = within(html).getByLabelText("Reminder date") as HTMLInputElement;
    expect(input.getAttribute("type")).toBe("date");
    expect(input.getAttribute("name")).toBe("notification_date");
    expect(input.getAttribute("value")).toBe("2027-03-01");
    expect(input.getAttribute("min")).toBe("2027-01-01");
    expect(input.getAttribute("max")).toBe("2027-12-31");
    html.remove();
  });

  it("has no calendar button or hidden copy (the picker is client-only), but shows the format hint", () => {
    const html = serverHtml({ defaultValue: "2027-03-01" });
    expect(within(html).queryByRole("button")).toBeNull();
    expect(html.querySelector('input[type="hidden"]')).toBeNull();
    expect(within(html).getByText("MM/DD/YYYY")).toBeTruthy();
    html.remove();
  });

  it("is marked invalid and described by the server's message", () => {
    const html = serverHtml({ errors: ["Please choose a date in the future."] });
    const input = within(html).getByLabelText("Reminder date");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const describedBy = input.getAttribute("aria-describedby") ?? "";
    expect(html.querySelector(`[id="${describedBy}"]`)?.textContent).toContain(
      "Please choose a date in the future.",
    );
    html.remove();
  });
});

describe("the date field with JavaScript", () => {
  it("shows the value as MM/DD/YYYY and sends it as YYYY-MM-DD under the field's name", async () => {
    const { input, sent } = await renderPicker({ defaultValue: "2027-03-01" });
    expect(input.value).toBe("03/01/2027");
    expect(input.getAttribute("placeholder")).toBe("MM/DD/YYYY");
    expect(input.getAttribute("inputmode")).toBe("numeric");
    expect(input.getAttribute("name")).toBeNull();
    expect(sent()).toEqual(["2027-03-01"]);
  });

  it("is described by its MM/DD/YYYY hint", async () => {
    const { input } = await renderPicker();
    const ids = (input.getAttribute("aria-describedby") ?? "").split(" ");
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual(["MM/DD/YYYY"]);
    expect(input.getAttribute("aria-invalid")).toBeNull();
  });

  it("sends a typed date as YYYY-MM-DD and tells the form", async () => {
    const onValueChange = vi.fn();
    const { input, sent } = await renderPicker({ onValueChange });
    await userEvent.type(input, "3/7/2027");
    expect(sent()).toEqual(["2027-03-07"]);
    expect(onValueChange).toHaveBeenLastCalledWith("2027-03-07");
  });

  it("sends unreadable text as typed (the server answers it) and says so when the field is left", async () => {
    const onValueChange = vi.fn();
    const { input, sent } = await renderPicker({ onValueChange });
    await userEvent.type(input, "02/30/2027");
    expect(sent()).toEqual(["02/30/2027"]);
    expect(onValueChange).toHaveBeenLastCalledWith("");
    expect(screen.queryByText("Please enter a valid date (MM/DD/YYYY).")).toBeNull();
    fireEvent.blur(input);
    const message = await screen.findByText("Please enter a valid date (MM/DD/YYYY).");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect((input.getAttribute("aria-describedby") ?? "").split(" ")).toContain(message.closest("[id]")?.id);
  });

  it("drops the 'valid date' message as soon as the member types again", async () => {
    const { input } = await renderPicker();
    await userEvent.type(input, "soon");
    fireEvent.blur(input);
    await screen.findByText("Please enter a valid date (MM/DD/YYYY).");
    await userEvent.clear(input);
    await userEvent.type(input, "12/25/2027");
    fireEvent.blur(input);
    expect(screen.queryByText("Please enter a valid date (MM/DD/YYYY).")).toBeNull();
    expect(input.getAttribute("aria-invalid")).toBeNull();
  });

  it("says which days are allowed when a typed day is outside min or max", async () => {
    const { input } = await renderPicker({ min: "2027-03-01", max: "2027-03-31" });
    await userEvent.type(input, "02/28/2027");
    expect(screen.getByText("Choose 03/01/2027 or later.")).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, "04/01/2027");
    expect(screen.getByText("Choose 03/31/2027 or earlier.")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
  });

  it("shows the server's message until the member's own typing says otherwise", async () => {
    const { input } = await renderPicker({ errors: ["Please choose a later date."] });
    expect(screen.getByText("Please choose a later date.")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    await userEvent.type(input, "x");
    fireEvent.blur(input);
    expect(await screen.findByText("Please enter a valid date (MM/DD/YYYY).")).toBeTruthy();
    expect(screen.queryByText("Please choose a later date.")).toBeNull();
  });

  it("offers Clear only when there is a value, and Clear empties what is sent", async () => {
    const onValueChange = vi.fn();
    const { input, sent } = await renderPicker({ defaultValue: "2027-03-01", onValueChange });
    await userEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(input.value).toBe("");
    expect(sent()).toEqual([""]);
    expect(onValueChange).toHaveBeenLastCalledWith("");
    expect(screen.queryByRole("button", { name: "Clear" })).toBeNull();
  });

  it("opens the calendar from its button (aria-expanded, aria-controls) and a day picked fills the field", async () => {
    const { input, sent } = await renderPicker({ defaultValue: "2027-03-01" });
    const button = screen.getByRole("button", { name: "Calendar" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const calendar = document.getElementById(button.getAttribute("aria-controls") ?? "") as HTMLElement;
    expect(calendar).toBeTruthy();
    const day = await within(calendar).findByRole("button", { name: /March 15th, 2027/ });
    await userEvent.click(day);
    expect(input.value).toBe("03/15/2027");
    expect(sent()).toEqual(["2027-03-15"]);
    await waitFor(() => expect(button.getAttribute("aria-expanded")).toBe("false"));
  });

  it("keeps a day typed into the plain input before the page hydrated", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<DateField {...base} defaultValue="2027-03-01" />);
    document.body.append(container);
    const plain = container.querySelector('input[type="date"]') as HTMLInputElement;
    plain.value = "2027-06-15";
    await act(async () => {
      render(<DateField {...base} defaultValue="2027-03-01" />, { container, hydrate: true });
    });
    const input = (await screen.findByRole("textbox", { name: "Reminder date" })) as HTMLInputElement;
    expect(input.value).toBe("06/15/2027");
    expect((container.querySelector('input[type="hidden"]') as HTMLInputElement).value).toBe("2027-06-15");
  });
});
