/**
 * What the checkout's and the activation's forms share around their fields: the state a form is rendered from
 * (the action's last answer, or the page's first values), its live price and coverage choices, and the
 * buttons (the submit, and 'Update price' without JavaScript).
 */
import { type RefObject, useEffect, useRef, useState } from "react";
import { buttonSecondaryClass, SubmitButton } from "~/components/forms";
import { sameValues, useTypedBeforeHydration } from "~/components/use-typed-before-hydration";
import type { CoverageValues, FormAnswer, PriceAnswer } from "~/lib/billing/pricing";
import { useCoverageChoices } from "./coverage-fields";
import { useLivePrice } from "./use-live-price";

/**
 * The form's values, messages, price and choices: the action's last answer (without JavaScript a new page) or
 * the loader's. A new answer renders the form afresh (`version`, the form's key) from what the action kept.
 */
export function useBillingForm<V extends CoverageValues & { terms: boolean }>(
  initial: PriceAnswer & { values: V },
  actionData: FormAnswer<string, V> | undefined,
  form: RefObject<HTMLFormElement | null>,
  /** The form's values as the script arrives, for what the screen itself keeps in state (the plan chosen). */
  onTypedBeforeHydration?: (typed: FormData) => void,
) {
  const values = actionData?.values ?? initial.values;
  const live = useLivePrice(actionData ?? initial, form);
  const coverage = useCoverageChoices(values);
  const [terms, setTerms] = useState(values.terms);
  const [version, setVersion] = useState(0);
  const last = useRef(actionData);
  const { reset: resetPrice } = live;
  const { reset: resetCoverage } = coverage;
  useEffect(() => {
    if (!actionData || last.current === actionData) return;
    last.current = actionData;
    resetPrice(actionData);
    resetCoverage(actionData.values);
    setTerms(actionData.values.terms);
    setVersion((v) => v + 1);
  }, [actionData, resetPrice, resetCoverage]);
  // What the member chose before the script arrived (a slow connection) stays chosen: the coverage pieces and
  // the terms take the form's values, and the total is priced again when they are not the ones it was shown for.
  useTypedBeforeHydration(form, (typed) => {
    const slots = typed.getAll("plan_states").map(String);
    const countyStates = typed.getAll("county_states").map(String);
    const verticals = typed.getAll("plan_verticals").length;
    const rendered = values as unknown as Record<string, unknown>;
    const changed = PRICED_FIELDS.some(
      (name) =>
        name in rendered &&
        !sameValues(
          typed.getAll(name).map(String),
          [rendered[name]].flat().map((v) => String(v ?? "")),
        ),
    );
    coverage.setSlots(slots);
    coverage.setCountyStates(countyStates);
    coverage.setVerticalCount(verticals);
    setTerms(typed.has("terms"));
    onTypedBeforeHydration?.(typed);
    if (changed) live.schedule();
  });
  const errors = actionData?.errors ?? {};
  return {
    values,
    live,
    coverage,
    terms,
    setTerms,
    version,
    errors,
    /** The form element's props (its key is `version`): the live price follows its changes. */
    formProps: {
      ref: form,
      method: "post" as const,
      onChange: live.onFormChange,
      onBlur: live.onFormBlur,
      onSubmit: live.onFormSubmit,
    },
    /** CoverageFields' props that follow the form's state. */
    coverageProps: {
      choices: coverage,
      counties: live.counties,
      countiesError: live.countiesError,
      errors,
      onChange: live.schedule,
    },
  };
}

/** The fields of a billing form whose values the price depends on (the promo code too, unlike live pricing). */
const PRICED_FIELDS = [
  "plan",
  "plan_states",
  "plan_verticals",
  "county_states",
  "county_names",
  "state",
  "promo_code",
];

/**
 * Enter in a field submits the form's own intent, not 'Add additional state' (the form's first visible button):
 * this hidden button comes first.
 */
export function DefaultIntent({ intent }: { intent: string }) {
  return <button type="submit" name="intent" value={intent} hidden tabIndex={-1} aria-hidden="true" />;
}

/** The submit, and without JavaScript the button that prices the form as it is ('Update price'). */
export function BillingFormButtons({
  intent,
  pending,
  disabled,
  hydrated,
  priceLabel = "Update price",
  children,
}: {
  intent: string;
  pending: boolean;
  disabled?: boolean;
  hydrated: boolean;
  priceLabel?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <SubmitButton name="intent" value={intent} pending={pending} disabled={disabled}>
        {children}
      </SubmitButton>
      {hydrated ? null : (
        <button type="submit" name="intent" value="price" formNoValidate className={buttonSecondaryClass}>
          {priceLabel}
        </button>
      )}
    </div>
  );
}
