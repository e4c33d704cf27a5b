import { AppLink } from "~/components/app-link";
import type { Column } from "~/components/results-table";
import { formatShortDate } from "~/lib/format/dates";
import type { Tag } from "../../../contract/user";
import { FolderDot } from "./folder-dot";

/** The keys of `Row` whose values are of type `Value`. */
type KeyWith<Row, Value> = { [K in keyof Row & string]: Row[K] extends Value ? K : never }[keyof Row &
  string];

type CellText = string | number | null | undefined;

type ColumnOptions = { card?: "hidden" | "title"; className?: string };

/** A column that shows a field of the row as it is and sorts by the field of the same name. */
export function textColumn<Row>(
  key: KeyWith<Row, CellText>,
  label: string,
  options: ColumnOptions = {},
): Column<Row> {
  return { key, label, sortKey: key, ...options, render: (row) => row[key] as CellText };
}

/** A column that shows a date field of the row in the lists' short form (MM/DD/YY) and sorts by it. */
export function dateColumn<Row>(
  key: KeyWith<Row, string | null | undefined>,
  label: string,
  options: ColumnOptions = {},
): Column<Row> {
  return {
    key,
    label,
    sortKey: key,
    ...options,
    render: (row) => formatShortDate(row[key] as string | null | undefined),
  };
}

/** The saved lists' folder column: the colour of the row's folder, its name for a phone's card and a screen reader. */
export function folderColumn<Row>(folderOf: (row: Row) => Tag | undefined): Column<Row> {
  return {
    key: "tag",
    label: "Folder",
    sortKey: "tag",
    render: (row) => <FolderSwatch folder={folderOf(row)} />,
  };
}

/** The link that opens a project or contact from its row (the column with `rowLink`). */
export function RowLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <AppLink
      to={to}
      className="inline-block min-w-6 py-1 font-medium text-brand-700 underline hover:text-brand-900 sm:inline"
    >
      {children}
    </AppLink>
  );
}

function FolderSwatch({ folder }: { folder: Tag | undefined }) {
  if (!folder) return null;
  return (
    <span className="inline-flex items-center gap-1.5" title={folder.name}>
      <FolderDot
        color={folder.color}
        className="inline-block h-3.5 w-3.5 rounded-full border border-slate-300"
      />
      {/* The name is seen on a phone's card, and read by assistive technology everywhere. */}
      <span className="sr-only max-sm:not-sr-only">{folder.name}</span>
    </span>
  );
}
