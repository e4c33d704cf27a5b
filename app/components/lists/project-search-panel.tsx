import { useMemo, useState } from "react";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { DateField } from "~/components/date-field";
import { buttonSecondaryClass } from "~/components/forms";
import { useHydrated } from "~/components/hydrated";
import { PanelInput, PanelListFields } from "~/components/lists/simple-search-panel";
import { hrefWithDialog } from "~/lib/dialog-url";
import type { ListParams } from "~/lib/list-params";
import { useLitePages } from "~/lib/lite-pages";
import {
  ALL_SUBTYPES,
  CONSTRUCTION_TYPES,
  type ProjectSearch,
  SECTORS,
  VALUE_BANDS,
  VALUE_OPERATORS,
} from "~/lib/project-search";
import type { ProjectSearchOptions } from "~/lib/project-search.server";

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100 disabled:text-slate-500";
const labelClass = "mb-1 block text-sm font-medium text-slate-700";
const primaryButton =
  "min-h-11 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-1 sm:min-h-9";
const secondaryLink = `${buttonSecondaryClass} inline-flex min-h-11 items-center sm:min-h-9`;

const list = (value: ProjectSearch[keyof ProjectSearch]): string[] =>
  Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
const one = (value: ProjectSearch[keyof ProjectSearch]): string => (typeof value === "string" ? value : "");

type Props = {
  search: ProjectSearch;
  options: ProjectSearchOptions | null;
  counties: { name: string; state: string }[];
  list: ListParams;
  blocked: boolean;
  /** The panel opened because the URL carries advanced fields: it shows its reset control. */
  openedByQuery: boolean;
};

/**
 * The advanced project search: a GET form whose every field is a readable URL parameter (lib/project-search.ts),
 * so the URL is the search. Dependent choices (subtypes, brands and units by project type, counties by state,
 * inactive researchers) follow the chosen values in place with JavaScript; without it, 'Update options' sends
 * the form and the page comes back with the choices those values allow. Render it with a key of its search, so
 * that a new URL (a saved search loaded, back and forward) starts from that URL's fields.
 */
export function ProjectSearchPanel({
  search,
  options,
  counties,
  list: listParams,
  blocked,
  openedByQuery,
}: Props) {
  const hydrated = useHydrated();
  const lite = useLitePages();
  const location = useLocation();
  const [types, setTypes] = useState(() => list(search.projectType));
  const [states, setStates] = useState(() => list(search.state));
  const [showInactive, setShowInactive] = useState(search.showInactive === true);
  const [enteredFrom, setEnteredFrom] = useState(one(search.enterStartDate));
  const [enteredTo, setEnteredTo] = useState(one(search.enterEndDate));
  const countyFetcher = useFetcher<{ counties: { name: string; state: string }[]; error?: string }>();

  const chosenTypes = useMemo(
    () => (options?.projectTypes ?? []).filter((t) => types.includes(String(t.id))),
    [options, types],
  );
  const subtypes = chosenTypes.flatMap((t) => t.subtypes);
  const brands = chosenTypes.flatMap((t) => t.brands);
  const withUnits = chosenTypes.filter((t) => t.unitsLabel !== null);
  const unitsLabel = withUnits.length === 1 ? withUnits[0].unitsLabel : null;
  const researchers = (options?.researchers ?? []).filter((r) => showInactive || r.active);
  const shownCounties = hydrated && countyFetcher.data ? countyFetcher.data.counties : counties;
  const countyError = hydrated ? countyFetcher.data?.error : undefined;

  const onStatesChange = (event: React.ChangeEvent<HTMLSelectElement>) => {
    const chosen = [...event.currentTarget.selectedOptions].map((o) => o.value).filter(Boolean);
    setStates(chosen);
    const query = new URLSearchParams(chosen.map((s) => ["state", s]));
    countyFetcher.load(`/Search/Counties?${query}`);
  };

  const chosenSubtypes = list(search.projectSubtype);
  const chosenBrands = list(search.projectBrand);
  const chosenCounties = list(search.county);

  return (
    <section
      aria-labelledby="advanced-search-title"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="advanced-search-title" className="text-lg font-semibold text-slate-900">
          Advanced search
        </h2>
        <Link
          to={`${location.pathname}?page=1&perPage=${listParams.perPage}`}
          className="text-sm font-medium text-brand-700 underline hover:text-brand-900"
        >
          {openedByQuery ? "Reset" : "Close"}
        </Link>
      </div>

      {blocked ? (
        <div
          role="alert"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <p className="font-semibold">Subscribe to unlock more reports.</p>
          <p className="mt-1">
            The advanced search is part of a subscription: the list below is not filtered by it.{" "}
            <Link to="/Me/Subscription" className="font-medium underline">
              Subscribe
            </Link>
          </p>
        </div>
      ) : null}

      {options === null ? (
        <p className="mb-4 text-sm text-slate-700">
          The search options cannot be loaded right now. Please try again shortly.
        </p>
      ) : null}

      <Form
        method="get"
        action={location.pathname}
        className="space-y-5"
        aria-label="Advanced project search"
      >
        <PanelListFields list={listParams} />

        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <fieldset>
            <legend className={labelClass}>Sector</legend>
            <div className="flex flex-wrap gap-4">
              {["", ...SECTORS].map((sector) => (
                <label
                  key={sector || "any"}
                  className="inline-flex min-h-6 items-center gap-2 text-sm text-slate-800"
                >
                  <input
                    type="radio"
                    name="sector"
                    value={sector}
                    defaultChecked={one(search.sector).toLowerCase() === sector.toLowerCase()}
                    className="h-4 w-4 border-slate-300 text-brand-700"
                  />
                  {sector || "Any"}
                </label>
              ))}
            </div>
          </fieldset>
          <PanelInput name="company" label="Company" defaultValue={one(search.company)} />
          <PanelInput
            name="projectId"
            label="Project ID"
            numeric
            maxLength={9}
            defaultValue={one(search.projectId)}
          />
        </div>

        <Checkboxes
          legend="Project Stage"
          name="bidStage"
          options={(options?.bidStages ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          chosen={list(search.bidStage)}
        />
        <Checkboxes
          legend="Construction Type"
          name="constructionType"
          options={CONSTRUCTION_TYPES.map((t) => ({ value: t, label: t }))}
          chosen={list(search.constructionType)}
        />
        <Checkboxes
          legend="Project Type"
          name="projectType"
          options={(options?.projectTypes ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          chosen={types}
          onChange={setTypes}
        />
        {subtypes.length > 0 ? (
          <Checkboxes
            legend="Project Subtypes"
            name="projectSubtype"
            options={[
              { value: ALL_SUBTYPES, label: "All" },
              ...subtypes.map((s) => ({ value: String(s.id), label: s.name })),
            ]}
            chosen={chosenSubtypes}
          />
        ) : null}
        {brands.length > 0 ? (
          <Checkboxes
            legend="Project Brands"
            name="projectBrand"
            options={brands.map((b) => ({ value: String(b.id), label: b.name }))}
            chosen={chosenBrands}
          />
        ) : null}
        {unitsLabel ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <PanelInput
              name="min_unit"
              label={`Project Min ${unitsLabel}`}
              numeric
              defaultValue={one(search.min_unit)}
            />
            <PanelInput
              name="max_unit"
              label={`Project Max ${unitsLabel}`}
              numeric
              defaultValue={one(search.max_unit)}
            />
          </div>
        ) : null}

        <fieldset>
          <legend className={labelClass}>Value (millions)</legend>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <label htmlFor="adv-operator" className="sr-only">
              Value operator
            </label>
            <select
              id="adv-operator"
              name="operator"
              defaultValue={one(search.operator) || "="}
              className={`${inputClass} w-20`}
            >
              {VALUE_OPERATORS.map((op) => (
                <option key={op} value={op}>
                  {op}
                </option>
              ))}
            </select>
            {VALUE_BANDS.map((band) => (
              <label
                key={band.code}
                className="inline-flex min-h-6 items-center gap-2 text-sm text-slate-800"
              >
                <input
                  type="checkbox"
                  name="value"
                  value={band.code}
                  defaultChecked={list(search.value).includes(band.code)}
                  className="h-4 w-4 rounded border-slate-300 text-brand-700"
                />
                {band.label}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <PanelInput name="city" label="City" defaultValue={one(search.city)} />
          <div>
            <label htmlFor="adv-state" className={labelClass}>
              State
            </label>
            <select
              id="adv-state"
              name="state"
              multiple
              size={6}
              defaultValue={states}
              onChange={onStatesChange}
              className={inputClass}
            >
              {(options?.states ?? []).map((s) => (
                <option key={s.abbr} value={s.abbr}>
                  {s.name}
                </option>
              ))}
              {options && options.provinces.length > 0 ? (
                <>
                  <option disabled value="">
                    --Canada--
                  </option>
                  {options.provinces.map((s) => (
                    <option key={s.abbr} value={s.abbr}>
                      {s.name}
                    </option>
                  ))}
                </>
              ) : null}
            </select>
          </div>
          <div>
            <label htmlFor="adv-county" className={labelClass}>
              County
            </label>
            <select
              id="adv-county"
              name="county"
              multiple
              size={6}
              disabled={states.length === 0}
              defaultValue={chosenCounties}
              key={`${states.join(",")}:${shownCounties.length}`}
              className={inputClass}
              aria-describedby="adv-county-hint"
            >
              {shownCounties.map((c) => (
                <option key={`${c.state}:${c.name}`} value={c.name}>
                  {c.name} ({c.state})
                </option>
              ))}
            </select>
            <p id="adv-county-hint" className="mt-1 text-xs text-slate-600">
              {countyError ?? (states.length === 0 ? "Choose a state first." : "")}
            </p>
          </div>
        </div>

        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <DateField
            id="adv-entered-from"
            name="enterStartDate"
            label="Date Entered from"
            defaultValue={one(search.enterStartDate)}
            max={enteredTo || undefined}
            onValueChange={setEnteredFrom}
          />
          <DateField
            id="adv-entered-to"
            name="enterEndDate"
            label="Date Entered to"
            defaultValue={one(search.enterEndDate)}
            min={enteredFrom || undefined}
            onValueChange={setEnteredTo}
          />
          <div>
            <label htmlFor="adv-demolition" className={labelClass}>
              Demolition
            </label>
            <select
              id="adv-demolition"
              name="is_demolition"
              defaultValue={one(search.is_demolition)}
              className={inputClass}
            >
              <option value="">Any</option>
              <option value="Yes">Yes</option>
              <option value="No">No</option>
            </select>
          </div>
        </div>

        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {(options?.materials.length ?? 0) > 0 ? (
            <div>
              <label htmlFor="adv-materials" className={labelClass}>
                Material
              </label>
              <select
                id="adv-materials"
                name="materials"
                multiple
                size={5}
                defaultValue={list(search.materials)}
                className={inputClass}
              >
                {options?.materials.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {options?.isAdmin ? (
            <div>
              <label htmlFor="adv-researcher" className={labelClass}>
                Researcher
              </label>
              <select
                id="adv-researcher"
                name="researcher"
                multiple
                size={5}
                defaultValue={list(search.researcher)}
                className={inputClass}
              >
                {researchers.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                    {r.active ? "" : " (inactive)"}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="space-y-2">
            <label className="flex min-h-6 items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="showInactive"
                value="1"
                checked={showInactive}
                onChange={(e) => setShowInactive(e.currentTarget.checked)}
                className="h-4 w-4 rounded border-slate-300 text-brand-700"
              />
              Show inactive projects
            </label>
            <label className="flex min-h-6 items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="gc_selected"
                value="1"
                defaultChecked={search.gc_selected === true}
                className="h-4 w-4 rounded border-slate-300 text-brand-700"
              />
              General contractor selected
            </label>
          </div>
        </div>

        <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4">
          <button type="submit" className={primaryButton}>
            Search
          </button>
          <Link to={hrefWithDialog(location, "save-search")} preventScrollReset className={secondaryLink}>
            Save search
          </Link>
          <Link to={hrefWithDialog(location, "saved-searches")} preventScrollReset className={secondaryLink}>
            Saved searches
          </Link>
          <Link
            to={`${location.pathname}?page=1&perPage=${listParams.perPage}&panel=1&showInactive=1`}
            className={secondaryLink}
          >
            Clear all fields
          </Link>
          {/* With JavaScript the choices follow in place: the button is not shown from the first paint
              (no-js-only) and goes when the page hydrates. Last in the row all the same. */}
          {hydrated ? null : (
            <button
              type="submit"
              className={`${buttonSecondaryClass} min-h-11 sm:min-h-9 ${lite ? "" : "no-js-only"}`}
            >
              Update options
            </button>
          )}
        </div>
      </Form>
    </section>
  );
}

/** A multi-select as checkboxes; `onChange` (with JavaScript) reports the checked values as they change. */
function Checkboxes({
  legend,
  name,
  options,
  chosen,
  onChange,
}: {
  legend: string;
  name: string;
  options: { value: string; label: string }[];
  chosen: readonly string[];
  onChange?: (values: string[]) => void;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset
      onChange={
        onChange
          ? (event) => {
              const boxes = event.currentTarget.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`);
              onChange([...boxes].filter((b) => b.checked).map((b) => b.value));
            }
          : undefined
      }
    >
      <legend className={labelClass}>{legend}</legend>
      <div className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-6 items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={chosen.includes(option.value)}
              className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-700"
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
