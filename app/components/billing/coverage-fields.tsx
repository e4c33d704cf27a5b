/**
 * The coverage a plan sells, as one set of form pieces for the checkout and the activation (§2.4, §4, §5):
 * the project types (vertical plans), one state select per slot with 'Add additional state' (state plans), and a
 * state and a county per slot (county plans). Without JavaScript every slot renders from what the server kept and
 * 'Add additional state' is a form post; a slot never offers a state another slot holds, so no state is chosen
 * twice.
 */
import { useCallback, useState } from "react";
import { buttonSecondaryClass, ErrorList, SelectInput } from "~/components/forms";
import {
  type CoverageValues,
  canAddState,
  countySlots,
  type FieldErrors,
  includedChoices,
  money,
  type PlanSummary,
  periodText,
  stateSlots,
} from "~/lib/billing/pricing";
import { CheckboxGroup } from "../checkbox-group";

type Place = { id: number; abbr: string; name: string };

/** What the coverage pieces hold while the member chooses: the summary counts them, the price posts them. */
export function useCoverageChoices(values: CoverageValues) {
  const [slots, setSlots] = useState<string[]>(values.plan_states);
  const [countyStates, setCountyStates] = useState<string[]>(values.county_states);
  const [verticalCount, setVerticalCount] = useState(values.plan_verticals.length);
  /** Back to what a new answer of the action kept (a no-JavaScript page renders from it anyway). */
  const reset = useCallback((kept: CoverageValues) => {
    setSlots(kept.plan_states);
    setCountyStates(kept.county_states);
    setVerticalCount(kept.plan_verticals.length);
  }, []);
  return { slots, setSlots, countyStates, setCountyStates, verticalCount, setVerticalCount, reset };
}

export type CoverageChoices = ReturnType<typeof useCoverageChoices>;

/** What the plan summary counts of the choices so far: states chosen, verticals ticked, the plan's counties. */
export const chosenOf = (choices: CoverageChoices, plan: PlanSummary) => ({
  states: choices.slots.filter(Boolean).length,
  verticals: choices.verticalCount,
  counties: countySlots(plan),
});

/**
 * What a plan does not ask for is kept in hidden fields, so that choosing another plan on the activation (a form
 * post without JavaScript) starts from what was chosen before. The price ignores them.
 */
const kept = (name: string, list: string[]) =>
  // biome-ignore lint/suspicious/noArrayIndexKey: positions
  list.map((value, i) => <input key={`${name}-${i}`} type="hidden" name={name} value={value} />);

export function CoverageFields({
  plan,
  values,
  choices,
  verticals,
  coverageStates,
  countyStateOptions,
  counties,
  countiesError,
  errors,
  hydrated,
  onChange,
  earlier,
}: {
  plan: PlanSummary;
  /** What the server rendered the form from (posted, or prefilled). */
  values: CoverageValues;
  choices: CoverageChoices;
  verticals: { id: number; name: string }[];
  /** The places a state slot offers (a trial's checkout adds the provinces). */
  coverageStates: Place[];
  /** The states a county slot offers. */
  countyStateOptions: Place[];
  /** The counties of the states chosen in county slots, by state abbreviation. */
  counties: Record<string, string[]>;
  countiesError: string | null;
  errors: FieldErrors;
  hydrated: boolean;
  /** Any choice changed (the live price follows). */
  onChange?: () => void;
  /** The activation: a trial's choices, those the plan's price does not include shown with what they add. */
  earlier?: CoverageValues;
}) {
  const { slots, setSlots, countyStates, setCountyStates, setVerticalCount } = choices;
  const stateCount = stateSlots(plan, values.extra_states);
  const countyCount = countySlots(plan);
  const extras = earlier ? notIncluded(plan, earlier, coverageStates) : null;

  return (
    <>
      <input type="hidden" name="extra_states" value={values.extra_states} />
      {plan.coverage_vertical_market ? null : kept("plan_verticals", values.plan_verticals)}
      {plan.coverage_state && stateCount > 0 ? null : kept("plan_states", slots.filter(Boolean))}
      {countyCount > 0
        ? null
        : [...kept("county_states", countyStates), ...kept("county_names", values.county_names)]}
      {plan.coverage_vertical_market ? (
        <ProjectTypes
          plan={plan}
          verticals={verticals}
          selected={values.plan_verticals}
          fromTrial={extras?.verticals ?? null}
          errors={errors.plan_verticals}
          onSelectionChange={(checked) => {
            setVerticalCount(checked);
            onChange?.();
          }}
        />
      ) : null}

      {plan.coverage_state ? (
        <fieldset className="space-y-3">
          <legend className="text-lg font-semibold text-slate-900">Coverage area</legend>
          {stateCount === 0 ? <p className="text-sm text-slate-700">All states and counties.</p> : null}
          {extras && extras.states.length > 0 ? <TrialStates plan={plan} names={extras.states} /> : null}
          {Array.from({ length: stateCount }, (_, i) => {
            const value = slots[i] ?? "";
            const elsewhere = new Set(slots.filter((s, j) => s && j !== i));
            return (
              <SelectInput
                // biome-ignore lint/suspicious/noArrayIndexKey: slots are positions
                key={i}
                label={`Coverage state ${i + 1}`}
                name="plan_states"
                errors={errors[`plan_states[${i}]`]}
                value={value}
                onChange={(e) => {
                  const next = [...slots];
                  next[i] = e.currentTarget.value;
                  setSlots(next);
                }}
                disabled={hydrated && i > 0 && !slots[i - 1]}
                options={coverageStates
                  .filter((s) => String(s.id) === value || !elsewhere.has(String(s.id)))
                  .map((s) => ({ value: String(s.id), label: s.name }))}
              />
            );
          })}
          {canAddState(plan) ? (
            <button
              type="submit"
              name="intent"
              value="add-state"
              formNoValidate
              className={buttonSecondaryClass}
            >
              Add additional state
            </button>
          ) : null}
        </fieldset>
      ) : null}

      {countyCount > 0 ? (
        <fieldset className="space-y-3">
          <legend className="text-lg font-semibold text-slate-900">Coverage counties</legend>
          {countiesError ? (
            <p role="alert" className="text-sm text-red-700">
              {countiesError}
            </p>
          ) : null}
          {Array.from({ length: countyCount }, (_, i) => {
            const state = countyStates[i] ?? "";
            const names = counties[state] ?? [];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: slots are positions
              <div key={i} className="grid gap-3 sm:grid-cols-2">
                <SelectInput
                  label={`County ${i + 1}: state`}
                  name="county_states"
                  errors={errors[`county_states[${i}]`]}
                  value={state}
                  onChange={(e) => {
                    const next = [...countyStates];
                    next[i] = e.currentTarget.value;
                    setCountyStates(next);
                  }}
                  options={countyStateOptions.map((s) => ({ value: s.abbr, label: s.name }))}
                />
                <SelectInput
                  label={`County ${i + 1}`}
                  name="county_names"
                  errors={errors[`county_names[${i}]`]}
                  defaultValue={values.county_names[i] ?? ""}
                  disabled={hydrated && !state}
                  placeholder={state ? "Choose…" : "Choose a state first"}
                  options={names.map((n) => ({ value: n, label: n }))}
                />
              </div>
            );
          })}
        </fieldset>
      ) : null}
    </>
  );
}

/**
 * A trial's choices that a plan's price does not include (includedChoices leaves them out): the paid verticals
 * beyond the first, by id, and the states beyond the plan's, by name.
 */
function notIncluded(plan: PlanSummary, earlier: CoverageValues, places: Place[]) {
  const offered = places.map((p) => String(p.id));
  const included = includedChoices(plan, earlier, offered);
  const paidVerticals = plan.coverage_vertical_market === 1 && plan.additional_vertical_market_cost > 0;
  const limitedStates = plan.coverage_state === 1 && plan.coverage_limit !== -1;
  return {
    verticals: new Set(
      paidVerticals ? earlier.plan_verticals.filter((v) => !included.plan_verticals.includes(v)) : [],
    ),
    states: limitedStates
      ? earlier.plan_states
          .filter((id) => offered.includes(id) && !included.plan_states.includes(id))
          .map((id) => places.find((p) => String(p.id) === id)?.name ?? id)
      : [],
  };
}

/** A plan's project types; where each beyond the first costs extra, says so, and marks the trial's others. */
function ProjectTypes({
  plan,
  verticals,
  selected,
  fromTrial,
  errors,
  onSelectionChange,
}: {
  plan: PlanSummary;
  verticals: { id: number; name: string }[];
  selected: string[];
  /** The trial's verticals the plan's price does not include (the activation), by id. */
  fromTrial: Set<string> | null;
  errors: string[] | undefined;
  onSelectionChange: (checked: number) => void;
}) {
  const price =
    plan.additional_vertical_market_cost > 0
      ? `${money(plan.additional_vertical_market_cost)} ${periodText(plan.months)}`
      : null;
  return (
    <div>
      <CheckboxGroup
        legend="Project types"
        name="plan_verticals"
        description={
          price ? `One project type is included in the price; each additional one adds ${price}.` : undefined
        }
        options={verticals.map((v) => ({
          value: String(v.id),
          label: v.name,
          hint: price && fromTrial?.has(String(v.id)) ? `In your trial; adds ${price}` : undefined,
        }))}
        selected={selected}
        onSelectionChange={onSelectionChange}
      />
      <ErrorList errors={errors} />
    </div>
  );
}

/** The trial's states a limited plan's price does not include, and what adding one costs. */
function TrialStates({ plan, names }: { plan: PlanSummary; names: string[] }) {
  const limit = plan.coverage_limit === 1 ? "one state" : `${plan.coverage_limit} states`;
  return (
    <p className="text-sm text-slate-700">
      Your trial also covered {names.join(", ")}.{" "}
      {canAddState(plan)
        ? `Each additional state adds ${money(plan.additional_state_cost)} ${periodText(plan.months)}: use 'Add additional state'.`
        : `This plan covers ${limit}.`}
    </p>
  );
}
