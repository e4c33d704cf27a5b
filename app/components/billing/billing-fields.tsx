/**
 * The billing pieces of the checkout and the subscription page, drawn with the app's field kit
 * (app/components/forms.tsx): the billing address, the card (its fields never take a value from the server), the
 * promo code, and the terms checkbox.
 */
import { useId } from "react";
import { ErrorList, SelectInput, TextInput, type TextInputProps } from "~/components/forms";
import { type BillingValues, type FieldErrors, formatExpiry } from "~/lib/billing/pricing";

const digitsOnly = (event: React.FormEvent<HTMLInputElement>) => {
  const input = event.currentTarget;
  const clean = input.value.replace(/\D/g, "");
  if (clean !== input.value) input.value = clean;
};
const expiryInput = (event: React.FormEvent<HTMLInputElement>) => {
  const input = event.currentTarget;
  const formatted = formatExpiry(input.value);
  if (formatted !== input.value) input.value = formatted;
};

/** Billing address, card (number, mm/yy, CVV: never pre-filled) and the optional promo code. */
export function BillingFields({
  values,
  errors,
  states,
  legend = "Payment",
}: {
  values: BillingValues;
  errors: FieldErrors;
  states: { abbr: string; name: string }[];
  legend?: string;
}) {
  /** A billing field as typed, with its messages. */
  const typed = (name: keyof BillingValues, props: Omit<TextInputProps, "name">) => (
    <TextInput name={name} defaultValue={values[name]} errors={errors[name]} required {...props} />
  );
  /** A card field: its messages, never a value. */
  const card = (name: string, props: Omit<TextInputProps, "name">) => (
    <TextInput name={name} errors={errors[name]} inputMode="numeric" required hideValue {...props} />
  );
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-slate-900">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {typed("bill_first_name", { label: "Billing first name", autoComplete: "billing given-name" })}
        {typed("bill_last_name", { label: "Billing last name", autoComplete: "billing family-name" })}
      </div>
      {typed("bill_address", { label: "Address", autoComplete: "billing address-line1" })}
      {typed("bill_address2", {
        label: "Address 2",
        autoComplete: "billing address-line2",
        required: false,
        optional: true,
      })}
      <div className="grid gap-4 sm:grid-cols-3">
        {typed("bill_city", { label: "City", autoComplete: "billing address-level2" })}
        <SelectInput
          label="Billing state"
          name="bill_state"
          defaultValue={values.bill_state}
          options={states.map((s) => ({ value: s.abbr, label: s.name }))}
          errors={errors.bill_state}
          autoComplete="billing address-level1"
          required
        />
        {typed("bill_zip", { label: "Zip", autoComplete: "billing postal-code", inputMode: "numeric" })}
      </div>
      <p className="text-sm text-slate-600">Country: United States</p>
      {card("card_number", {
        label: "Card number",
        autoComplete: "cc-number",
        maxLength: 19,
        onInput: digitsOnly,
      })}
      <div className="grid gap-4 sm:grid-cols-2">
        {card("expiration_date", {
          label: "Expiration (mm/yy)",
          autoComplete: "cc-exp",
          maxLength: 5,
          placeholder: "mm/yy",
          onInput: expiryInput,
        })}
        {card("cvv", { label: "CVV", autoComplete: "cc-csc", maxLength: 4, onInput: digitsOnly })}
      </div>
      {typed("promo_code", { label: "Promo code", autoComplete: "off", required: false, optional: true })}
    </fieldset>
  );
}

export function TermsCheckbox({
  checked,
  onChange,
  errors,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  errors: FieldErrors;
}) {
  const id = useId();
  const shown = errors.terms;
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          name="terms"
          value="on"
          defaultChecked={checked}
          onChange={(e) => onChange(e.currentTarget.checked)}
          aria-invalid={shown?.length ? true : undefined}
          aria-describedby={shown?.length ? `${id}-error` : undefined}
          className="mt-1 h-4 w-4 rounded border-slate-400"
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          I accept the{" "}
          <a
            href="/terms-of-service"
            target="_blank"
            rel="noopener"
            className="font-medium text-brand-700 underline hover:text-brand-900"
          >
            terms of service
          </a>
          .
        </label>
      </div>
      <ErrorList id={`${id}-error`} errors={shown} />
    </div>
  );
}
