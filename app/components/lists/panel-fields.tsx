/**
 * The pieces every advanced search panel is drawn from: a field table (each field's kind, name and label, its
 * choices), one renderer per kind reading its value from the URL's search, the panel's frame and its buttons. A
 * panel is a GET form whose every field is a readable URL parameter, with or without JavaScript.
 */

import { useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { DateField } from "~/components/date-field";
import { buttonSecondaryClass } from "~/components/forms";
import { useTypedBeforeHydration } from "~/components/use-typed-before-hydration";
import { hrefWithDialog } from "~/lib/platform/dialog-url";
import type { AdvancedSearch } from "~/lib/search/advanced-search";
import type { ListParams } from "~/lib/search/list-params";

const panelInputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100 disabled:text-slate-500";
const labelClass = "mb-1 block text-sm font-medium text-slate-700";
const secondaryLink = `${buttonSecondaryClass} inline-flex min-h-11 items-center sm:min-h-9`;
const primaryButton =
  "min-h-11 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-1 sm:min-h-9";

type Choice = { value: string; label: string; disabled?: boolean };

/** One field of a panel's table. Its value comes from the search in the URL under its name. */
export type PanelField =
  | {
      kind: "text";
      name: string;
      label: string;
      type?: "text" | "email" | "tel";
      numeric?: boolean;
      maxLength?: number;
    }
  | { kind: "radios"; name: string; legend: string; choices: Choice[] }
  | {
      kind: "checkboxes";
      name: string;
      legend: string;
      choices: Choice[];
      onValues?: (values: string[]) => void;
    }
  | {
      kind: "select";
      name: string;
      label: string;
      choices: Choice[];
      /** A multi-select of `size` rows; a single select otherwise. */
      size?: number;
      /** The value when the URL has none (single selects). */
      fallback?: string;
      disabled?: boolean;
      /** A line under the select (why it is disabled, a failure). */
      hint?: string;
      /** Renders the select afresh when its choices change (React keeps a multi-select's options otherwise). */
      refreshKey?: string;
      onValues?: (values: string[]) => void;
      className?: string;
    }
  | {
      kind: "date";
      name: string;
      label: string;
      min?: string;
      max?: string;
      onValue?: (value: string) => void;
    }
  | {
      kind: "flag";
      name: string;
      label: string;
      /** A flag the panel follows as it changes (controlled). */
      checked?: boolean;
      onChecked?: (checked: boolean) => void;
    };

/** The panel's fields, a row at a time (a row is a responsive grid). */
export type PanelRows = (PanelField | PanelField[] | null)[];

export const searchValues = (value: AdvancedSearch[string] | undefined): string[] =>
  Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
const first = (value: AdvancedSearch[string] | undefined) => searchValues(value)[0] ?? "";

/** A field of the table, with its value from the URL's search. */
function PanelFieldView({ field, search }: { field: PanelField; search: AdvancedSearch }) {
  const id = `adv-${field.name}`;
  const value = search[field.name];
  switch (field.kind) {
    case "text":
      return (
        <div>
          <label htmlFor={id} className={labelClass}>
            {field.label}
          </label>
          <input
            id={id}
            name={field.name}
            type={field.type ?? "text"}
            inputMode={field.numeric ? "numeric" : undefined}
            defaultValue={first(value)}
            maxLength={field.maxLength ?? 100}
            className={panelInputClass}
          />
        </div>
      );
    case "radios":
      return (
        <fieldset>
          <legend className={labelClass}>{field.legend}</legend>
          <div className="flex flex-wrap gap-4">
            {field.choices.map((choice) => (
              <label
                key={choice.value || "any"}
                className="inline-flex min-h-6 items-center gap-2 text-sm text-slate-800"
              >
                <input
                  type="radio"
                  name={field.name}
                  value={choice.value}
                  defaultChecked={first(value).toLowerCase() === choice.value.toLowerCase()}
                  className="h-4 w-4 border-slate-300 text-brand-700"
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
      );
    case "checkboxes":
      return <PanelCheckboxes field={field} chosen={searchValues(value)} />;
    case "select":
      return <PanelSelect field={field} id={id} chosen={searchValues(value)} />;
    case "date":
      return (
        <DateField
          id={id}
          name={field.name}
          label={field.label}
          defaultValue={first(value)}
          min={field.min}
          max={field.max}
          onValueChange={field.onValue}
        />
      );
    case "flag":
      return (
        <label className="flex min-h-6 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name={field.name}
            value="1"
            {...(field.onChecked
              ? {
                  checked: field.checked ?? false,
                  onChange: (e) => field.onChecked?.(e.currentTarget.checked),
                }
              : { defaultChecked: value === true })}
            className="h-4 w-4 rounded border-slate-300 text-brand-700"
          />
          {field.label}
        </label>
      );
  }
}

function PanelCheckboxes({
  field,
  chosen,
}: {
  field: Extract<PanelField, { kind: "checkboxes" }>;
  chosen: readonly string[];
}) {
  if (field.choices.length === 0) return null;
  const { name, onValues } = field;
  return (
    <fieldset
      onChange={
        onValues
          ? (event) => {
              const boxes = event.currentTarget.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`);
              onValues([...boxes].filter((b) => b.checked).map((b) => b.value));
            }
          : undefined
      }
    >
      <legend className={labelClass}>{field.legend}</legend>
      <div className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
        {field.choices.map((choice) => (
          <label key={choice.value} className="flex min-h-6 items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name={name}
              value={choice.value}
              defaultChecked={chosen.includes(choice.value)}
              className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-700"
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function PanelSelect({
  field,
  id,
  chosen,
}: {
  field: Extract<PanelField, { kind: "select" }>;
  id: string;
  chosen: string[];
}) {
  const multiple = field.size !== undefined;
  const hintId = field.hint !== undefined ? `${id}-hint` : undefined;
  const { onValues } = field;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {field.label}
      </label>
      <select
        key={field.refreshKey}
        id={id}
        name={field.name}
        multiple={multiple}
        size={field.size}
        defaultValue={multiple ? chosen : chosen[0] || field.fallback || ""}
        disabled={field.disabled}
        onChange={
          onValues
            ? (e) => onValues([...e.currentTarget.selectedOptions].map((o) => o.value).filter(Boolean))
            : undefined
        }
        className={`${panelInputClass} ${field.className ?? ""}`}
        aria-describedby={hintId}
      >
        {field.choices.map((choice, i) => (
          <option
            // biome-ignore lint/suspicious/noArrayIndexKey: a separator has no value of its own
            key={`${choice.value}:${i}`}
            value={choice.value}
            disabled={choice.disabled}
          >
            {choice.label}
          </option>
        ))}
      </select>
      {hintId ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {field.hint}
        </p>
      ) : null}
    </div>
  );
}

/** The table's rows: a field alone, or several in a responsive grid. */
export function PanelFieldRows({ rows, search }: { rows: PanelRows; search: AdvancedSearch }) {
  return rows.map((row, i) => {
    if (row === null) return null;
    if (!Array.isArray(row)) return <PanelFieldView key={row.name} field={row} search={search} />;
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions
      <div key={i} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {row.map((field) => (
          <PanelFieldView key={field.name} field={field} search={search} />
        ))}
      </div>
    );
  });
}

/** States, then a '--Canada--' separator and the provinces (§2.9). */
export function stateChoices(
  states: readonly { abbr: string; name: string }[],
  provinces: readonly { abbr: string; name: string }[],
): Choice[] {
  const list: Choice[] = states.map((s) => ({ value: s.abbr, label: s.name }));
  if (provinces.length === 0) return list;
  return [
    ...list,
    { value: "", label: "--Canada--", disabled: true },
    ...provinces.map((s) => ({ value: s.abbr, label: s.name })),
  ];
}

/**
 * What a panel's form carries besides its fields: the panel stays open, and the keyword, page size and sort are
 * kept (the page is not: a new search starts on page 1).
 */
function PanelListFields({ list }: { list: ListParams }) {
  return (
    <>
      <input type="hidden" name="panel" value="1" />
      <input type="hidden" name="perPage" value={list.perPage} />
      {list.query ? <input type="hidden" name="query" value={list.query} /> : null}
      {list.orderBy ? (
        <>
          <input type="hidden" name="orderBy" value={list.orderBy} />
          <input type="hidden" name="orderDirection" value={list.orderDirection ?? "desc"} />
        </>
      ) : null}
    </>
  );
}

/**
 * A panel: its title with Close (or Reset, when the URL opened it), a note when the options could not be read,
 * the GET form with the list's own fields, then the buttons: Search, Save search, Saved searches, Clear all
 * fields and whatever the panel adds.
 */
export function SearchPanelFrame({
  title,
  titleId,
  formLabel,
  list,
  openedByQuery,
  optionsMissing,
  clearParams = "",
  notice,
  extraButtons,
  onTypedBeforeHydration,
  children,
}: {
  title: string;
  titleId: string;
  formLabel: string;
  list: ListParams;
  openedByQuery: boolean;
  optionsMissing: boolean;
  /** What 'Clear all fields' keeps in the URL besides the open panel ("&showInactive=1"). */
  clearParams?: string;
  notice?: React.ReactNode;
  extraButtons?: React.ReactNode;
  /** Given the form's values as the script arrives, for the fields the panel keeps in its state. */
  onTypedBeforeHydration?: (values: FormData) => void;
  children: React.ReactNode;
}) {
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, onTypedBeforeHydration);
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <Link
          to={`${location.pathname}?page=1&perPage=${list.perPage}`}
          className="text-sm font-medium text-brand-700 underline hover:text-brand-900"
        >
          {openedByQuery ? "Reset" : "Close"}
        </Link>
      </div>
      {notice}
      {optionsMissing ? (
        <p className="mb-4 text-sm text-slate-700">
          The search options cannot be loaded right now. Please try again shortly.
        </p>
      ) : null}
      <Form ref={form} method="get" action={location.pathname} aria-label={formLabel} className="space-y-5">
        <PanelListFields list={list} />
        {children}
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
            to={`${location.pathname}?page=1&perPage=${list.perPage}&panel=1${clearParams}`}
            className={secondaryLink}
          >
            Clear all fields
          </Link>
          {extraButtons}
        </div>
      </Form>
    </section>
  );
}
