import { Form, useSubmit } from "react-router";
import { type ExtraParams, type ListParams, listSearch } from "~/lib/search/list-params";

/** A list's own filters beside its search box (the projects' "Bids due"): the fields and the names they send. */
export type SearchBoxFilters = { names: readonly string[]; fields: React.ReactNode };

/**
 * The search box of a list: a GET form that keeps the sort and folder and returns to page 1. `filters` are sent
 * with it, in place of the URL's values of the same names.
 */
export function ListSearchForm({
  action,
  params,
  label,
  placeholder,
  extra = {},
  filters,
}: {
  action: string;
  params: ListParams;
  label: string;
  placeholder?: string;
  extra?: ExtraParams;
  filters?: SearchBoxFilters;
}) {
  const hidden = new URLSearchParams(listSearch({ ...params, page: 1, query: undefined }, extra));
  for (const name of filters?.names ?? []) hidden.delete(name);
  const submit = useSubmit();
  // With JavaScript a filter left at its "any" choice (an empty value) is left out of the address; without it
  // the browser sends `bidsDue=`, which reads as no filter (no redirect for it: a round trip on every search).
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const names = filters?.names ?? [];
    const form = new FormData(event.currentTarget);
    if (!names.some((name) => form.get(name) === "")) return;
    event.preventDefault();
    for (const name of names) if (form.get(name) === "") form.delete(name);
    submit(form, { method: "get", action });
  };
  return (
    <Form
      method="get"
      action={action}
      onSubmit={onSubmit}
      role="search"
      aria-label={label}
      className={`flex gap-2 ${filters ? "max-w-3xl flex-wrap items-end" : "max-w-xl"}`}
    >
      {[...hidden].map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="list-query" className="sr-only">
        {label}
      </label>
      <input
        id="list-query"
        type="search"
        name="query"
        defaultValue={params.query ?? ""}
        key={params.query ?? ""}
        placeholder={placeholder}
        maxLength={200}
        className={`block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 ${filters ? "min-w-0 flex-1 basis-60" : ""}`}
      />
      {filters?.fields}
      <button
        type="submit"
        className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Search
      </button>
    </Form>
  );
}
