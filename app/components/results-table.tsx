import { Link } from "react-router";
import { type ExtraParams, type ListParams, listSearch, nextSort } from "~/lib/list-params";

export type Column<Row> = {
  key: string;
  label: string;
  /** The orderBy value for this column; absent for an unsortable column. */
  sortKey?: string;
  render: (row: Row) => React.ReactNode;
  className?: string;
};

type Selection = {
  /** id of the bulk-action form the checkboxes belong to (they sit outside it, in the table). */
  formId: string;
  name: string;
  selected: ReadonlySet<number>;
  onToggle?: (id: number, checked: boolean) => void;
  onToggleAll?: (checked: boolean) => void;
};

/**
 * The one results table of every list: sortable headers are links carrying the next sort state
 * (back to page 1), row selection is checkboxes of the bulk-action form. Works without JavaScript.
 */
export function ResultsTable<Row extends { id: number }>({
  rows,
  columns,
  params,
  caption,
  selection,
  emptyText = "No records",
  extraParams = {},
}: {
  rows: Row[] | null;
  columns: Column<Row>[];
  params: ListParams;
  caption: string;
  selection?: Selection;
  emptyText?: string;
  /** Other URL state the sort links keep (for example map=1). */
  extraParams?: ExtraParams;
}) {
  const allSelected = Boolean(rows?.length) && rows?.every((r) => selection?.selected.has(r.id));
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {selection ? (
              <th scope="col" className="w-10 px-3 py-2">
                {selection.onToggleAll ? (
                  <input
                    type="checkbox"
                    aria-label="Select all rows on this page"
                    checked={allSelected}
                    onChange={(e) => selection.onToggleAll?.(e.currentTarget.checked)}
                    className="h-4 w-4"
                  />
                ) : (
                  <span className="sr-only">Select</span>
                )}
              </th>
            ) : null}
            {columns.map((column) => (
              <SortableHeader key={column.key} column={column} params={params} extra={extraParams} />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows === null ? (
            <tr>
              <td
                colSpan={columns.length + (selection ? 1 : 0)}
                className="px-3 py-6 text-center text-slate-600"
              >
                Searching
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td
                colSpan={columns.length + (selection ? 1 : 0)}
                className="px-3 py-6 text-center text-slate-600"
              >
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className="hover:bg-brand-50/60">
                {selection ? (
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      form={selection.formId}
                      name={selection.name}
                      value={row.id}
                      aria-label={`Select row ${row.id}`}
                      checked={selection.onToggle ? selection.selected.has(row.id) : undefined}
                      onChange={
                        selection.onToggle
                          ? (e) => selection.onToggle?.(row.id, e.currentTarget.checked)
                          : undefined
                      }
                      className="h-4 w-4"
                    />
                  </td>
                ) : null}
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={`px-3 py-2 align-top text-slate-800 ${column.className ?? ""}`}
                  >
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function SortableHeader<Row>({
  column,
  params,
  extra,
}: {
  column: Column<Row>;
  params: ListParams;
  extra: ExtraParams;
}) {
  const base = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700";
  if (!column.sortKey) {
    return (
      <th scope="col" className={base}>
        {column.label}
      </th>
    );
  }
  const active = params.orderBy === column.sortKey;
  const direction = active ? params.orderDirection : undefined;
  const next = nextSort(params, column.sortKey);
  const ariaSort = direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none";
  return (
    <th scope="col" className={base} aria-sort={ariaSort}>
      <Link
        to={listSearch({ ...params, ...next, page: 1 }, extra)}
        preventScrollReset
        className="inline-flex items-center gap-1 hover:text-brand-800"
      >
        {column.label}
        <span aria-hidden="true" className="text-slate-500">
          {direction === "desc" ? "▼" : direction === "asc" ? "▲" : "↕"}
        </span>
      </Link>
    </th>
  );
}
