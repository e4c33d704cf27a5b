import { useLocation, useNavigation, useSearchParams } from "react-router";
import { Pagination } from "~/components/pagination";
import { type Column, ResultsTable } from "~/components/results-table";
import { carriedListSearch, type ExtraParams, type ListParams, listSearch } from "~/lib/search/list-params";
import type { Tag } from "../../../contract/user";
import { BulkActions, type BulkDialog, type BulkFetcherResult } from "./bulk-actions";
import { FolderDialog } from "./folder-dialog";
import { FolderFilter } from "./folder-filter";
import { ListSearchForm } from "./list-search-form";
import { ListTotals } from "./list-totals";
import { useRowSelection } from "./use-row-selection";

const toolbarButton =
  "inline-flex min-h-6 items-center justify-center max-sm:min-h-11 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50";

export type ListPageData<Row> = {
  saved: boolean;
  routeTagId: number | null;
  list: ListParams;
  rows: Row[];
  total: number;
  databaseTotal: number | null;
  dialog: BulkDialog | null;
  selectedIds: number[];
};

/**
 * The page of every searchable list (projects and contacts, search and saved; companies): search box,
 * folder filter (with the folder dialog), toolbar (download, bulk actions), `children` (the map) above
 * the results table, pagination and totals. A list that is not `savable` (companies) has no folders, no
 * bulk actions and no row selection.
 * All state is in the URL; selection is React state that clears when the results reload.
 */
export function ListPage<Row extends { id: number }>({
  noun,
  title,
  searchPath,
  savedPath,
  page,
  folders,
  columns,
  canDownload,
  downloadAction,
  extraParams = {},
  searchPanel,
  actionResult,
  headerAside,
  toolbar,
  children,
  savable = true,
  searchPlaceholder,
}: {
  noun: "project" | "contact" | "company";
  title: string;
  searchPath: string;
  savedPath: string;
  page: ListPageData<Row>;
  folders: readonly Tag[];
  columns: (carry: string) => Column<Row>[];
  canDownload: boolean;
  downloadAction: string;
  extraParams?: ExtraParams;
  /** Below the keyword search: the advanced search panel (or the link that opens it). */
  searchPanel?: React.ReactNode;
  actionResult?: BulkFetcherResult["reply"];
  headerAside?: React.ReactNode;
  toolbar?: React.ReactNode;
  children?: React.ReactNode;
  /** false: a plain search list (no folders, bulk actions or selection). */
  savable?: boolean;
  /** The search box's placeholder and label (default 'Search {noun}s'). */
  searchPlaceholder?: string;
}) {
  const { saved, routeTagId, list, rows, total, databaseTotal } = page;
  const location = useLocation();
  const navigation = useNavigation();
  // The next page, sort or search of this same list is loading: the rows shown are about to go.
  const reloading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const [searchParams] = useSearchParams();
  const basePath = saved ? (routeTagId ? `${savedPath}/Tags/${routeTagId}` : savedPath) : searchPath;
  // In a folder route the folder is in the path, not in the query.
  const linkParams: ListParams = routeTagId ? { ...list, tag: undefined } : list;
  const currentSearch = listSearch(linkParams, extraParams);
  const returnTo = `${basePath}${currentSearch}`;

  const { selected, toggle, toggleAll, clear } = useRowSelection(rows, page.selectedIds);

  // The row links carry the list, its folder included (a folder route's tag is in the path, not in linkParams),
  // and every other search field (advanced search, map, panel), so the detail's breadcrumb leads back to it.
  const carry = carriedListSearch(list, saved, extraParams);
  const closeHref = `${location.pathname}${currentSearch}`;
  const dialogHref = (folderId?: number) =>
    `${location.pathname}${listSearch(linkParams, { ...extraParams, dialog: "folder", folderId: folderId ? String(folderId) : undefined })}`;
  /** The list filtered by a folder (null: no folder filter), back on page 1. */
  const folderHref = (tagId: number | null) =>
    saved
      ? `${tagId ? `${savedPath}/Tags/${tagId}` : savedPath}${listSearch({ ...linkParams, tag: undefined, page: 1 }, extraParams)}`
      : `${searchPath}${listSearch({ ...list, tag: tagId ?? undefined, page: 1 }, extraParams)}`;
  const folderDialogOpen = searchParams.get("dialog") === "folder";
  const editedFolderId = Number(searchParams.get("folderId"));
  const editedFolder = folders.find((f) => f.id === editedFolderId) ?? null;
  // The download follows the list as shown: its keyword, folder, sort and advanced search.
  const downloadFields = new URLSearchParams(listSearch(list, extraParams));
  downloadFields.set("mine", saved ? "1" : String(list.mine ?? ""));
  downloadFields.set("returnTo", returnTo);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {headerAside}
      </div>

      <ListSearchForm
        action={basePath}
        params={linkParams}
        extra={extraParams}
        label={searchPlaceholder ?? `Search ${noun}s`}
        placeholder={searchPlaceholder ?? `Search ${noun}s`}
      />
      {searchPanel}

      {savable ? (
        <FolderFilter
          folders={folders}
          activeTagId={list.tag ?? null}
          editHref={dialogHref}
          addHref={dialogHref()}
          hrefFor={folderHref}
        />
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        {toolbar}
        {canDownload ? (
          <form method="post" action={downloadAction}>
            {[...downloadFields].map(([name, value]) => (
              <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className={toolbarButton}>
              Download CSV
            </button>
          </form>
        ) : null}
        {noun !== "company" && savable ? (
          <BulkActions
            noun={noun}
            saved={saved}
            folders={folders}
            selected={selected}
            clearSelection={clear}
            listParams={linkParams}
            extraParams={extraParams}
            returnTo={returnTo}
            urlDialog={page.dialog}
            urlSelectedIds={page.selectedIds}
            actionResult={actionResult}
            closeHref={closeHref}
          />
        ) : null}
      </div>

      {children}

      <div
        aria-busy={reloading || undefined}
        className={`space-y-4 transition-opacity ${reloading ? "opacity-50 delay-150" : ""}`}
      >
        <ResultsTable
          rows={rows}
          columns={columns(carry)}
          params={linkParams}
          extraParams={extraParams}
          caption={title}
          selection={
            savable
              ? {
                  formId: "selection",
                  name: "ids",
                  selected,
                  onToggle: toggle,
                  onToggleAll: toggleAll,
                }
              : undefined
          }
        />
        <Pagination params={linkParams} total={total} extra={extraParams} />
        <ListTotals matching={total} database={databaseTotal} />
      </div>

      {savable && folderDialogOpen ? (
        <FolderDialog
          key={editedFolder?.id ?? "new"}
          folder={editedFolder}
          tagType={noun === "contact" ? 2 : 1}
          returnTo={returnTo}
          closeHref={closeHref}
        />
      ) : null}
    </div>
  );
}

export function FolderSwatch({ folder }: { folder: Tag | undefined }) {
  if (!folder) return null;
  return (
    <span className="inline-flex items-center gap-1.5" title={folder.name}>
      <span
        aria-hidden="true"
        className="inline-block h-3.5 w-3.5 rounded-full border border-slate-300"
        style={{ backgroundColor: folder.color }}
      />
      {/* The name is seen on a phone's card, and read by assistive technology everywhere. */}
      <span className="sr-only max-sm:not-sr-only">{folder.name}</span>
    </span>
  );
}

export { toolbarButton };
