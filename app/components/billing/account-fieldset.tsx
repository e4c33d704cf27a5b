/**
 * The checkout's account fieldset (§2.4): company, names, e-mail, phone, state and the passwords, with the live
 * 'The passwords do not match' under the confirmation; and §4's rule that the billing names and state, and the
 * first coverage state, follow the account's as typed.
 */
import { type RefObject, useState } from "react";
import { SelectInput, TextInput, type TextInputProps } from "~/components/forms";
import { formatPhone, PASSWORDS_DIFFER_LIVE, type SignupValues } from "~/lib/account/signup";
import type { FieldErrors, PlanSummary } from "~/lib/billing/pricing";
import type { CoverageChoices } from "./coverage-fields";

type Place = { id: number; abbr: string; name: string };

export function AccountFieldset({
  values,
  errors,
  states,
  provinces,
  hydrated,
}: {
  values: SignupValues;
  errors: FieldErrors;
  states: Place[];
  provinces: Place[];
  hydrated: boolean;
}) {
  // The passwords as typed, for the live mismatch message (the form is rendered afresh after each answer).
  const [password, setPassword] = useState(values.password);
  const [confirm, setConfirm] = useState(values.confirm_password);
  const mismatch = confirm !== "" && password !== confirm;
  const typed = (name: keyof SignupValues & string, label: string, more: Partial<TextInputProps> = {}) => (
    <TextInput
      label={label}
      name={name}
      defaultValue={String(values[name])}
      errors={errors[name]}
      required
      {...more}
    />
  );
  const stateGroups = [
    { label: "United States", options: states.map((s) => ({ value: s.abbr, label: s.name })) },
    { label: "Canada", options: provinces.map((s) => ({ value: s.abbr, label: s.name })) },
  ];
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-slate-900">Account information</legend>
      {typed("company", "Company", { autoComplete: "organization" })}
      <div className="grid gap-4 sm:grid-cols-2">
        {typed("first_name", "First name", { autoComplete: "given-name" })}
        {typed("last_name", "Last name", { autoComplete: "family-name" })}
      </div>
      {typed("email", "Email", { type: "email", autoComplete: "email" })}
      {typed("phone", "Phone", {
        type: "tel",
        autoComplete: "tel",
        inputMode: "tel",
        // The server formats it on every post (§5); with JavaScript the member sees it as soon as they leave it.
        onBlur: (e) => {
          e.currentTarget.value = formatPhone(e.currentTarget.value);
        },
      })}
      <SelectInput
        label="State"
        name="state"
        defaultValue={values.state}
        groups={stateGroups}
        errors={errors.state}
        autoComplete="address-level1"
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {typed("password", "Password", {
          type: "password",
          autoComplete: "new-password",
          onInput: (e) => setPassword(e.currentTarget.value),
        })}
        <div>
          {typed("confirm_password", "Confirm password", {
            type: "password",
            autoComplete: "new-password",
            onInput: (e) => setConfirm(e.currentTarget.value),
          })}
          <p role="status" className="mt-1 text-sm text-red-700">
            {hydrated && mismatch ? PASSWORDS_DIFFER_LIVE : null}
          </p>
        </div>
      </div>
    </fieldset>
  );
}

/** Account fields the billing fields follow while they are empty or still equal to them (§4). */
const FOLLOWED_BY: Record<string, string> = {
  first_name: "bill_first_name",
  last_name: "bill_last_name",
  state: "bill_state",
};

/**
 * §4 as the member types: the billing names and state follow the account's while they are empty or still equal
 * to it, and the account state fills the first coverage state (state plans, fewer than 2 chosen). A form's
 * change handler.
 */
export function billingFollowsAccount(
  form: RefObject<HTMLFormElement | null>,
  plan: PlanSummary,
  coverage: CoverageChoices,
  coverageStates: Place[],
) {
  return (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    const billName = FOLLOWED_BY[target.name];
    if (!form.current || !billName) return;
    const bill = form.current.elements.namedItem(billName) as HTMLInputElement | null;
    const previous = target.dataset.previous ?? "";
    if (bill && (bill.value === "" || bill.value === previous)) bill.value = target.value;
    target.dataset.previous = target.value;
    const { slots, setSlots } = coverage;
    if (target.name === "state" && plan.coverage_state && plan.coverage_limit !== -1) {
      const chosen = coverageStates.find((s) => s.abbr === target.value);
      if (chosen && !slots[0] && slots.filter(Boolean).length < 2 && !slots.includes(String(chosen.id))) {
        setSlots((s) => [String(chosen.id), ...s.slice(1)]);
      }
    }
  };
}
