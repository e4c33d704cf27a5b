import { Form, Link, useLocation } from "react-router";
import { buttonSecondaryClass } from "~/components/forms";
import type { AdvancedSearch } from "~/lib/advanced-search";
import type { SimpleSearchOptions, SimpleSearchPanelData } from "~/lib/advanced-search.server";
import { hrefWithDialog } from "~/lib/dialog-url";
import type { ListParams } from "~/lib/list-params";

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";
const labelClass = "mb-1 block text-sm font-medium text-slate-700";
const secondaryLink = `${buttonSecondaryClass} inline-flex min-h-11 items-center sm:min-h-9`;

/** A text field of the panel, or one of its two lists (company types, states). */
export type SimpleField = {
  name: string;
  label: string;
  type?: "text" | "email" | "tel" | "companyTypes" | "states";
};

const values = (value: AdvancedSearch[string]): string[] =>
  Array.isArray(value) ? value : typeof value === "string" ? [value] : [];

/**
 * The advanced search of the contact and company lists: text fields and two multi-selects, a GET form whose
 * fields are readable URL parameters (the same rules as the project search), with the same buttons: Search,
 * Save search, Saved searches, Clear all fields, and Reset when the URL opened it.
 */
export function SimpleSearchPanel({
  title,
  formLabel,
  fields,
  search,
  options,
  list,
}: {
  title: string;
  formLabel: string;
  fields: readonly SimpleField[];
  search: AdvancedSearch;
  options: SimpleSearchOptions | null;
  list: ListParams;
}) {
  const location = useLocation();
  const openedByQuery = Object.keys(search).length > 0;
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <Link
          to={`${location.pathname}?page=1&perPage=${list.perPage}`}
          className="text-sm font-medium text-brand-700 underline hover:text-brand-900"
        >
          {openedByQuery ? "Reset" : "Close"}
        </Link>
      </div>
      {options === null ? (
        <p className="mb-4 text-sm text-slate-700">
          The search options cannot be loaded right now. Please try again shortly.
        </p>
      ) : null}
      <Form method="get" action={location.pathname} aria-label={formLabel} className="space-y-5">
        <PanelListFields list={list} />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {fields.map((field) => {
            const id = `adv-${field.name}`;
            if (field.type === "companyTypes" || field.type === "states") {
              const choices =
                field.type === "companyTypes"
                  ? (options?.companyTypes ?? []).map((t) => ({ value: String(t.id), label: t.name }))
                  : (options?.states ?? []).map((s) => ({ value: s.abbr, label: s.name }));
              const provinces = field.type === "states" ? (options?.provinces ?? []) : [];
              return (
                <div key={field.name}>
                  <label htmlFor={id} className={labelClass}>
                    {field.label}
                  </label>
                  <select
                    id={id}
                    name={field.name}
                    multiple
                    size={5}
                    defaultValue={values(search[field.name])}
                    className={inputClass}
                  >
                    {choices.map((c) => (
                      <option key={c.value} value={c.value}>
                        {c.label}
                      </option>
                    ))}
                    {provinces.length > 0 ? (
                      <>
                        <option disabled value="">
                          --Canada--
                        </option>
                        {provinces.map((p) => (
                          <option key={p.abbr} value={p.abbr}>
                            {p.name}
                          </option>
                        ))}
                      </>
                    ) : null}
                  </select>
                </div>
              );
            }
            return (
              <PanelInput
                key={field.name}
                name={field.name}
                label={field.label}
                type={field.type}
                defaultValue={values(search[field.name])[0]}
              />
            );
          })}
        </div>
        <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4">
          <button
            type="submit"
            className="min-h-11 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-1 sm:min-h-9"
          >
            Search
          </button>
          <Link to={hrefWithDialog(location, "save-search")} preventScrollReset className={secondaryLink}>
            Save search
          </Link>
          <Link to={hrefWithDialog(location, "saved-searches")} preventScrollReset className={secondaryLink}>
            Saved searches
          </Link>
          <Link to={`${location.pathname}?page=1&perPage=${list.perPage}&panel=1`} className={secondaryLink}>
            Clear all fields
          </Link>
        </div>
      </Form>
    </section>
  );
}

/** A text field of a search panel: its label, the value from the URL, at most 100 characters. */
export function PanelInput({
  name,
  label,
  defaultValue,
  type = "text",
  numeric = false,
  maxLength = 100,
}: {
  name: string;
  label: string;
  defaultValue?: string;
  type?: string;
  numeric?: boolean;
  maxLength?: number;
}) {
  const id = `adv-${name}`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={numeric ? "numeric" : undefined}
        defaultValue={defaultValue ?? ""}
        maxLength={maxLength}
        className={inputClass}
      />
    </div>
  );
}

/**
 * What a panel's form carries besides its fields: the panel stays open, and the keyword, page size and sort are
 * kept (the page is not: a new search starts on page 1).
 */
export function PanelListFields({ list }: { list: ListParams }) {
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

export type SearchPanelKind = "contact" | "company";

const PANELS = {
  contact: {
    title: "Advanced contact search",
    fields: [
      { name: "firstName", label: "First name" },
      { name: "lastName", label: "Last name" },
      { name: "title", label: "Title" },
      { name: "company", label: "Company" },
      { name: "companyType", label: "Company Type", type: "companyTypes" },
      { name: "city", label: "City" },
      { name: "state", label: "State", type: "states" },
      { name: "email", label: "Email", type: "email" },
      { name: "phone", label: "Phone", type: "tel" },
    ],
  },
  company: {
    title: "Advanced company search",
    fields: [
      { name: "name", label: "Name" },
      { name: "companyType", label: "Company Type", type: "companyTypes" },
      { name: "state", label: "State", type: "states" },
      { name: "zip", label: "Zip" },
      { name: "address1", label: "Address 1" },
      { name: "address2", label: "Address 2" },
      { name: "city", label: "City" },
    ],
  },
} satisfies Record<SearchPanelKind, { title: string; fields: SimpleField[] }>;

/** The open advanced search panel of the contact or company list. */
export function ListSearchPanel({
  kind,
  search,
  options,
  list,
}: {
  kind: SearchPanelKind;
  search: SimpleSearchPanelData["search"];
  options: SimpleSearchPanelData["options"];
  list: ListParams;
}) {
  const { title, fields } = PANELS[kind];
  return (
    <SimpleSearchPanel
      title={title}
      formLabel={title}
      fields={fields}
      search={search}
      options={options}
      list={list}
    />
  );
}
