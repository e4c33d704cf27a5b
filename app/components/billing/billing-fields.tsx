/**
 * Plain form controls of the checkout and the subscription page: a labelled input or select with its errors,
 * the billing and card fields (card fields never take a value from the server), and the terms checkbox.
 */
import { useId } from "react";
import { ErrorList } from "~/components/forms";
import { type BillingValues, formatExpiry } from "~/lib/billing/pricing";

export const controlClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500 disabled:bg-slate-100 disabled:text-slate-500";

type Errors = Partial<Record<string, string[]>>;

export function TextInput({
  label,
  name,
  defaultValue,
  errors,
  type = "text",
  required = false,
  ...rest
}: {
  label: string;
  name: string;
  defaultValue?: string;
  errors?: Errors;
  type?: "text" | "email" | "password" | "tel";
  required?: boolean;
} & Pick<
  React.InputHTMLAttributes<HTMLInputElement>,
  "autoComplete" | "inputMode" | "maxLength" | "onInput" | "onChange" | "placeholder" | "pattern"
>) {
  const id = useId();
  const errorId = `${id}-error`;
  const shown = errors?.[name];
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
        {required ? null : <span className="font-normal text-slate-500"> (optional)</span>}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={shown?.length ? true : undefined}
        aria-describedby={shown?.length ? errorId : undefined}
        className={controlClass}
        {...rest}
      />
      <ErrorList id={errorId} errors={shown} />
    </div>
  );
}

export type Option = { value: string; label: string; disabled?: boolean };

export function SelectInput({
  label,
  name,
  options,
  errors,
  errorKey = name,
  required = false,
  placeholder = "Choose…",
  groups,
  ...rest
}: {
  label: string;
  name: string;
  options?: Option[];
  groups?: { label: string; options: Option[] }[];
  errors?: Errors;
  errorKey?: string;
  required?: boolean;
  placeholder?: string;
} & Pick<
  React.SelectHTMLAttributes<HTMLSelectElement>,
  "defaultValue" | "value" | "onChange" | "disabled" | "autoComplete"
>) {
  const id = useId();
  const errorId = `${id}-error`;
  const shown = errors?.[errorKey];
  const render = (o: Option) => (
    <option key={o.value} value={o.value} disabled={o.disabled}>
      {o.label}
    </option>
  );
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        name={name}
        required={required}
        aria-invalid={shown?.length ? true : undefined}
        aria-describedby={shown?.length ? errorId : undefined}
        className={controlClass}
        {...rest}
      >
        <option value="">{placeholder}</option>
        {options?.map(render)}
        {groups?.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map(render)}
          </optgroup>
        ))}
      </select>
      <ErrorList id={errorId} errors={shown} />
    </div>
  );
}

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
  errors: Errors;
  states: { abbr: string; name: string }[];
  legend?: string;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-slate-900">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Billing first name"
          name="bill_first_name"
          defaultValue={values.bill_first_name}
          errors={errors}
          autoComplete="billing given-name"
          required
        />
        <TextInput
          label="Billing last name"
          name="bill_last_name"
          defaultValue={values.bill_last_name}
          errors={errors}
          autoComplete="billing family-name"
          required
        />
      </div>
      <TextInput
        label="Address"
        name="bill_address"
        defaultValue={values.bill_address}
        errors={errors}
        autoComplete="billing address-line1"
        required
      />
      <TextInput
        label="Address 2"
        name="bill_address2"
        defaultValue={values.bill_address2}
        errors={errors}
        autoComplete="billing address-line2"
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput
          label="City"
          name="bill_city"
          defaultValue={values.bill_city}
          errors={errors}
          autoComplete="billing address-level2"
          required
        />
        <SelectInput
          label="Billing state"
          name="bill_state"
          defaultValue={values.bill_state}
          options={states.map((s) => ({ value: s.abbr, label: s.name }))}
          errors={errors}
          autoComplete="billing address-level1"
          required
        />
        <TextInput
          label="Zip"
          name="bill_zip"
          defaultValue={values.bill_zip}
          errors={errors}
          autoComplete="billing postal-code"
          inputMode="numeric"
          required
        />
      </div>
      <p className="text-sm text-slate-600">Country: United States</p>
      <TextInput
        label="Card number"
        name="card_number"
        errors={errors}
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={19}
        onInput={digitsOnly}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Expiration (mm/yy)"
          name="expiration_date"
          errors={errors}
          autoComplete="cc-exp"
          inputMode="numeric"
          maxLength={5}
          placeholder="mm/yy"
          onInput={expiryInput}
          required
        />
        <TextInput
          label="CVV"
          name="cvv"
          errors={errors}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          onInput={digitsOnly}
          required
        />
      </div>
      <TextInput
        label="Promo code"
        name="promo_code"
        defaultValue={values.promo_code}
        errors={errors}
        autoComplete="off"
      />
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
  errors: Errors;
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
          I accept the terms of service.
        </label>
      </div>
      <ErrorList id={`${id}-error`} errors={shown} />
    </div>
  );
}
