import { useEffect, useRef } from "react";
import { AppLink } from "~/components/app-link";
import { type ExtraParams, type ListParams, listSearch, nextSort } from "~/lib/search/list-params";

export type Column<Row> = {
  key: string;
  label: string;
  /** The orderBy value for this column; absent for an unsortable column. */
  sortKey?: string;
  render: (row: Row) => React.ReactNode;
  className?: string;
  /**
   * Below the small breakpoint each row is a card: "title" columns make its heading line (no label),
   * "hidden" ones are left out of the card, the others show as label/value pairs.
   */
  card?: "title" | "hidden";
  /**
   * The column whose link opens the row (one per table): the whole row becomes that link's target, by the
   * link's own box stretched over the row (app.css), so the row holds one real link and nothing nested in it.
   */
  rowLink?: true;
  /** The cell's full text, shown on hover when the cell is cut short (text cells give their own). */
  fullText?: (row: Row) => string | null | undefined;
};

/**
 * Whole-row activation (app.css) for any table whose spec says clicking a row opens it: the row gets
 * LINKED_ROW, the cell holding the row's one link LINK_CELL; that link's box is stretched over the row, and the
 * row's other links, checkboxes and buttons stay above it, each its own target (none nested in another).
 */
export const LINKED_ROW = "results-row-linked";
export const LINK_CELL = "results-cell-link";

type Selection = {
  /** id of the bulk-action form the checkboxes belong to (they sit outside it, in the table). */
  formId: string;
  name: string;
  selected: ReadonlySet<number>;
  onToggle?: (id: number, checked: boolean) => void;
  onToggleAll?: (checked: boolean) => void;
};

/**
 * The table roles, stated although the elements have them: below the small breakpoint the table is laid out
 * as cards (CSS display: block/flex), and some browsers (Safari) then drop the implicit table semantics.
 */
const keep = (role: "table" | "rowgroup" | "row" | "cell" | "columnheader") => ({ role });

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
  const span = columns.length + (selection ? 1 : 0);
  const linked = columns.some((c) => c.rowLink);
  const body = useRef<HTMLTableSectionElement>(null);
  // Rows checked in the server's HTML before the script arrived (a slow connection) are still checked in the
  // DOM once React hydrates, which keeps them, but not in the selection: adopt them, in the effects that follow
  // hydration, before any render could set the boxes back to the selection's state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration or mount
  useEffect(() => {
    if (!selection?.onToggle || !body.current) return;
    for (const box of body.current.querySelectorAll<HTMLInputElement>("input[type=checkbox][value]")) {
      const id = Number(box.value);
      if (box.checked !== selection.selected.has(id)) selection.onToggle(id, box.checked);
    }
  }, []);
  // One markup for every screen: a table from the small breakpoint up; below it (max-sm:) one "Sort by"
  // control above the rows, the header row only the select-all box, and each row a card. The explicit roles
  // keep the table's semantics for assistive technology whatever the CSS display. The box is `relative`, so
  // visually hidden text inside it (position: absolute) stays in its scroll box instead of widening the page.
  return (
    <div className="results-frame scroll-hint relative overflow-x-auto rounded-lg border border-slate-200 max-sm:overflow-x-visible">
      <PhoneSortBy columns={columns} params={params} extra={extraParams} />
      <table {...keep("table")} className="min-w-full divide-y divide-slate-200 text-sm max-sm:block">
        <caption className="sr-only">{caption}</caption>
        <thead
          {...keep("rowgroup")}
          className={`bg-slate-50 ${selection ? "max-sm:block" : "max-sm:hidden"}`}
        >
          <tr
            {...keep("row")}
            className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-1 max-sm:px-1 max-sm:py-1"
          >
            {selection ? (
              <th {...keep("columnheader")} scope="col" className="w-10 px-3 py-2 max-sm:w-auto max-sm:p-0">
                {selection.onToggleAll ? (
                  <label className="results-select-target">
                    <input
                      type="checkbox"
                      aria-label="Select all rows on this page"
                      checked={allSelected}
                      onChange={(e) => selection.onToggleAll?.(e.currentTarget.checked)}
                      className="h-6 w-6"
                    />
                  </label>
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
        <tbody ref={body} {...keep("rowgroup")} className="divide-y divide-slate-100 max-sm:block">
          {rows === null || rows.length === 0 ? (
            <tr {...keep("row")} className="max-sm:block">
              <td {...keep("cell")} colSpan={span} className="px-3 py-6 text-slate-700 max-sm:block">
                {/* Sticky: seen at the left of the scroll box, not centred in a cell wider than the screen. */}
                <span className="sticky left-3 block font-medium">
                  {rows === null ? "Searching" : emptyText}
                </span>
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                {...keep("row")}
                key={row.id}
                className={`results-row${selection ? " results-row-selectable" : ""}${linked ? ` ${LINKED_ROW}` : ""}`}
              >
                {selection ? (
                  <td {...keep("cell")} className="results-select-cell">
                    <label className="results-select-target">
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
                        className="h-6 w-6"
                      />
                    </label>
                  </td>
                ) : null}
                {columns.map((column) => (
                  <Cell key={column.key} column={column} row={row} />
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function Cell<Row>({ column, row }: { column: Column<Row>; row: Row }) {
  const content = column.render(row);
  const empty = content === null || content === undefined || content === "" || content === false;
  const base = `results-cell${column.className ? ` ${column.className}` : ""}${column.rowLink ? ` ${LINK_CELL}` : ""}`;
  // From the small breakpoint up a cell is one line, cut short with an ellipsis (app.css): its full text is
  // the tooltip, and the cell opens to it while something in it has the focus.
  const full = column.fullText?.(row) ?? (typeof content === "string" ? content : undefined);
  const tooltip = full || undefined;
  if (column.card === "title") {
    return (
      <td {...keep("cell")} className={`${base} results-cell-title`} title={tooltip}>
        {content}
      </td>
    );
  }
  const card = column.card === "hidden" || empty ? "results-cell-hidden" : "results-cell-pair";
  // The card's label is the cell's ::before (app.css), from data-label: no element of its own in each of the
  // 150 cells of a page, and not read out (the column header names the cell).
  return (
    <td {...keep("cell")} className={`${base} ${card}`} data-label={column.label} title={tooltip}>
      {content}
    </td>
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
  // Below the small breakpoint the cards are sorted by PhoneSortBy instead.
  const base =
    "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700 max-sm:hidden";
  if (!column.sortKey) {
    return (
      <th {...keep("columnheader")} scope="col" className={base}>
        {column.label}
      </th>
    );
  }
  const active = params.orderBy === column.sortKey;
  const direction = active ? params.orderDirection : undefined;
  const next = nextSort(params, column.sortKey);
  const ariaSort = direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none";
  return (
    <th {...keep("columnheader")} scope="col" className={base} aria-sort={ariaSort}>
      <AppLink
        to={listSearch({ ...params, ...next, page: 1 }, extra)}
        keepScroll
        className="inline-flex min-h-6 items-center gap-1 hover:text-brand-800"
      >
        {column.label}
        <span aria-hidden="true" className="text-slate-500">
          {direction === "desc" ? "▼" : direction === "asc" ? "▲" : "↕"}
        </span>
      </AppLink>
    </th>
  );
}

const arrowOf = (direction: string | undefined) =>
  direction === "desc" ? "▼" : direction === "asc" ? "▲" : "↕";

/**
 * Below the small breakpoint, sorting is one "Sort by" control above the cards (issue 43): a disclosure (no
 * script needed) whose summary says the sort in force and which opens the same sort links as the headers.
 */
function PhoneSortBy<Row>({
  columns,
  params,
  extra,
}: {
  columns: Column<Row>[];
  params: ListParams;
  extra: ExtraParams;
}) {
  const sortable = columns.filter((c) => c.sortKey && c.card !== "hidden");
  if (sortable.length === 0) return null;
  const current = sortable.find((c) => c.sortKey === params.orderBy);
  const direction = params.orderDirection === "desc" ? "descending" : "ascending";
  return (
    <details className="results-sort border-b border-slate-200 bg-slate-50 sm:hidden">
      <summary className="flex min-h-11 cursor-pointer items-center gap-1 px-3 text-sm font-semibold text-slate-800">
        <span aria-hidden="true" className="results-sort-marker text-slate-500">
          ▸
        </span>
        Sort by
        {current ? (
          <>
            : {current.label}
            <span aria-hidden="true" className="text-slate-500">
              {arrowOf(params.orderDirection)}
            </span>
            <span className="sr-only">, {direction}</span>
          </>
        ) : null}
      </summary>
      <ul className="grid grid-cols-2 gap-1 px-2 pb-2">
        {sortable.map((column) => {
          const active = column.sortKey === params.orderBy;
          const next = nextSort(params, column.sortKey as string);
          return (
            <li key={column.key}>
              <AppLink
                to={listSearch({ ...params, ...next, page: 1 }, extra)}
                keepScroll
                aria-current={active ? "true" : undefined}
                className={`flex min-h-11 items-center gap-1 rounded-md px-2 text-sm ${active ? "bg-white font-semibold text-brand-800 ring-1 ring-slate-300" : "text-slate-800 hover:bg-white"}`}
              >
                {column.label}
                <span aria-hidden="true" className="text-slate-500">
                  {active ? arrowOf(params.orderDirection) : "↕"}
                </span>
              </AppLink>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
