/** The field kit (app/components/forms.tsx), one field at a time: its label, its messages, a hidden value. */
import { useForm } from "@conform-to/react";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { Field, PasswordField, SelectInput, TextInput } from "~/components/forms";

/** Renders inside a router (a hidden value counts the action's answers). */
async function renderRouted(ui: React.ReactNode) {
  render(<RouterProvider router={createMemoryRouter([{ path: "/", element: <form>{ui}</form> }])} />);
}

/** A Conform form answered with a refusal: what was posted, and the message under its field. */
function RefusedLogin() {
  const [, fields] = useForm<{ email: string; password: string }>({
    lastResult: {
      status: "error",
      initialValue: { email: "pat@", password: "typed" },
      error: { email: ["Please enter a valid email address."] },
    },
  });
  return (
    <>
      <Field label="Email" meta={fields.email} type="email" />
      <Field label="Password" meta={fields.password} type="password" hideValue />
    </>
  );
}

describe("a text field", () => {
  it("is named by its label, says when it is optional, and takes its value", async () => {
    await renderRouted(
      <>
        <TextInput label="Company" name="company" defaultValue="Lee Builders" required />
        <TextInput label="Address 2" name="bill_address2" optional />
      </>,
    );
    const company = await screen.findByRole("textbox", { name: "Company" });
    expect((company as HTMLInputElement).value).toBe("Lee Builders");
    expect(company.getAttribute("name")).toBe("company");
    expect(company.hasAttribute("required")).toBe(true);
    expect(company.getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByRole("textbox", { name: "Address 2 (optional)" })).toBeTruthy();
  });

  it("shows its messages under it and is described and marked invalid by them", async () => {
    await renderRouted(
      <TextInput
        label="Email"
        name="email"
        hint="The address we write to."
        errors={["Please enter a valid email address."]}
      />,
    );
    const email = await screen.findByRole("textbox", { name: "Email" });
    expect(email.getAttribute("aria-invalid")).toBe("true");
    const described = (email.getAttribute("aria-describedby") ?? "").split(" ");
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(["The address we write to.", "Please enter a valid email address."]);
  });

  it("never renders a hidden value (passwords, card data), even when it is given one", async () => {
    await renderRouted(
      <TextInput label="Password" name="password" type="password" defaultValue="secret-typed" hideValue />,
    );
    const password = (await screen.findByLabelText("Password")) as HTMLInputElement;
    expect(password.value).toBe("");
    expect(document.body.innerHTML).not.toContain("secret-typed");
  });

  it("fed by Conform, shows what was posted and the action's message", async () => {
    await renderRouted(<RefusedLogin />);
    const email = (await screen.findByRole("textbox", { name: "Email" })) as HTMLInputElement;
    expect(email.value).toBe("pat@");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Please enter a valid email address.")).toBeTruthy();
    expect((screen.getByLabelText("Password") as HTMLInputElement).value).toBe("");
  });
});

describe("a select", () => {
  it("offers its placeholder, then its options in their groups", async () => {
    await renderRouted(
      <SelectInput
        label="State"
        name="state"
        defaultValue="ON"
        groups={[
          { label: "United States", options: [{ value: "TX", label: "Texas" }] },
          { label: "Canada", options: [{ value: "ON", label: "Ontario" }] },
        ]}
        errors={["Please choose your state."]}
      />,
    );
    const select = (await screen.findByRole("combobox", { name: "State" })) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(["Choose…", "Texas", "Ontario"]);
    expect(select.value).toBe("ON");
    expect(screen.getByRole("group", { name: "Canada" })).toBeTruthy();
    expect(select.getAttribute("aria-invalid")).toBe("true");
  });

  it("has no empty choice when its placeholder is null", async () => {
    await renderRouted(
      <SelectInput
        label="Country"
        name="country"
        placeholder={null}
        options={[{ value: "US", label: "United States" }]}
      />,
    );
    const select = (await screen.findByRole("combobox", { name: "Country" })) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(["US"]);
  });
});

/** A failed password change: both passwords were posted. */
function RefusedPasswordChange() {
  const [, fields] = useForm<{ currentPassword: string; newPassword: string }>({
    lastResult: {
      status: "error",
      initialValue: { currentPassword: "old-typed", newPassword: "new-typed" },
      error: { currentPassword: ["The current password is incorrect."] },
    },
  });
  return (
    <>
      <PasswordField label="Current password" meta={fields.currentPassword} autoComplete="current-password" />
      <PasswordField label="New password" meta={fields.newPassword} autoComplete="new-password" keepValue />
    </>
  );
}

describe("a password field", () => {
  it("never shows what was posted, unless it keeps the new password of a failed change (decision 042)", async () => {
    await renderRouted(<RefusedPasswordChange />);
    const current = (await screen.findByLabelText("Current password")) as HTMLInputElement;
    const fresh = screen.getByLabelText("New password") as HTMLInputElement;
    expect([current.type, current.autocomplete, current.value]).toEqual(["password", "current-password", ""]);
    expect(document.body.innerHTML).not.toContain("old-typed");
    expect([fresh.type, fresh.autocomplete, fresh.value]).toEqual(["password", "new-password", "new-typed"]);
    expect(screen.getByText("The current password is incorrect.")).toBeTruthy();
  });
});
