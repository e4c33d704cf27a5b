/** The billing fields of the checkout and the activation: what was typed comes back, the card never does. */
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { BillingFields } from "~/components/billing/billing-fields";
import type { BillingValues } from "~/lib/billing/pricing";

const TYPED: BillingValues = {
  bill_first_name: "Pat",
  bill_last_name: "Lee",
  bill_address: "1 Main St",
  bill_address2: "",
  bill_city: "Austin",
  bill_state: "TX",
  bill_zip: "78701",
  promo_code: "WELCOME10",
};
const CARD = { card_number: "4242424242424242", expiration_date: "12/39", cvv: "123" };

async function renderFields(values: BillingValues, errors = {}) {
  const page = (
    <form>
      <BillingFields values={values} errors={errors} states={[{ abbr: "TX", name: "Texas" }]} />
    </form>
  );
  render(<RouterProvider router={createMemoryRouter([{ path: "/", element: page }])} />);
  await screen.findByRole("group", { name: "Payment" });
}

describe("billing fields", () => {
  it("render the billing address and promo code as typed", async () => {
    await renderFields(TYPED);
    expect((screen.getByLabelText("Billing first name") as HTMLInputElement).value).toBe("Pat");
    expect((screen.getByLabelText("Address", { exact: true }) as HTMLInputElement).value).toBe("1 Main St");
    expect((screen.getByLabelText("Billing state") as HTMLSelectElement).value).toBe("TX");
    expect((screen.getByLabelText("Promo code (optional)") as HTMLInputElement).value).toBe("WELCOME10");
    const optional = [...document.querySelectorAll("label")].filter((l) =>
      l.textContent?.endsWith("(optional)"),
    );
    expect(optional.map((l) => l.textContent)).toEqual(["Address 2 (optional)", "Promo code (optional)"]);
  });

  it("never give the card fields a value, even from values that carry one", async () => {
    await renderFields({ ...TYPED, ...CARD } as BillingValues);
    for (const label of ["Card number", "Expiration (mm/yy)", "CVV"]) {
      expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe("");
    }
    const html = document.body.innerHTML;
    for (const secret of Object.values(CARD)) expect(html).not.toContain(`value="${secret}"`);
    expect(html).not.toContain(CARD.card_number);
  });

  it("keep the card's keyboards and autocomplete, and show the card's messages", async () => {
    await renderFields(TYPED, { card_number: ["Please enter the card number."] });
    const card = screen.getByLabelText("Card number");
    expect(card.getAttribute("inputmode")).toBe("numeric");
    expect(card.getAttribute("autocomplete")).toBe("cc-number");
    expect(card.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Please enter the card number.")).toBeTruthy();
  });
});
