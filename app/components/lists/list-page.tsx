import { useLocation, useNavigation, useSearchParams } from "react-router";
import { Pagination } from "~/components/pagination";
import { type Column, ResultsTable } from "~/components/results-table";
import { carriedListSearch, type ExtraParams, type ListParams, listSearch } from "~/lib/search/list-params";
import { DOWNLOAD_LIMIT } from "../../../contract/constants";
import { formatCount } from "../../../contract/plural";
import type { Tag } from "../../../contract/user";
import { BulkActions, type BulkDialog, type BulkFetcherResult, type TrialReports } from "./bulk-actions";
import { FolderDialog } from "./folder-dialog";
import { FolderFilter } from "./folder-filter";
import { ListSearchForm, type SearchBoxFilters } from "./list-search-form";
import { ListTotals } from "./list-totals";
import { type RowSelection, useRowSelection } from "./use-row-selection";

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

type ListPageProps<Row> = {
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
  /** Filters sent with the keyword search (the projects' "Bids due"). */
  searchFilters?: SearchBoxFilters;
  actionResult?: BulkFetcherResult["reply"];
  headerAside?: React.ReactNode;
  toolbar?: React.ReactNode;
  children?: React.ReactNode;
  /** false: a plain search list (no folders, bulk actions or selection). */
  savable?: boolean;
  /** The search box's placeholder and label (default 'Search {noun}s'). */
  searchPlaceholder?: string;
  /** A Free Trial's reports, priced in the Move dialog of a list whose rows cost one each to keep (projects). */
  trialReports?: TrialReports;
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
  searchFilters,
  actionResult,
  headerAside,
  toolbar,
  children,
  savable = true,
  searchPlaceholder,
  trialReports = null,
}: ListPageProps<Row>) {
  const { saved, list, rows, total, databaseTotal } = page;
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const { basePath, linkParams, returnTo, closeHref, carry, dialogHref, folderHref } = listLinks({
    page,
    searchPath,
    savedPath,
    extraParams,
    pathname,
  });
  const selection = useRowSelection(rows, page.selectedIds);
  const folderDialogOpen = searchParams.get("dialog") === "folder";
  const editedFolderId = Number(searchParams.get("folderId"));
  const editedFolder = folders.find((f) => f.id === editedFolderId) ?? null;

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
        filters={searchFilters}
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
          <DownloadForm
            action={downloadAction}
            list={list}
            extraParams={extraParams}
            saved={saved}
            returnTo={returnTo}
            total={total}
          />
        ) : null}
        {noun !== "company" && savable ? (
          <BulkActions
            noun={noun}
            saved={saved}
            folders={folders}
            selected={selection.selected}
            clearSelection={selection.clear}
            listParams={linkParams}
            extraParams={extraParams}
            returnTo={returnTo}
            urlDialog={page.dialog}
            urlSelectedIds={page.selectedIds}
            actionResult={actionResult}
            closeHref={closeHref}
            trialReports={trialReports}
          />
        ) : null}
      </div>

      {children}

      <ListResults
        rows={rows}
        columns={columns(carry)}
        params={linkParams}
        extraParams={extraParams}
        caption={title}
        selection={savable ? selection : null}
        total={total}
        databaseTotal={databaseTotal}
      />

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

/** The addresses a list page links to, all from the list's URL state. */
function listLinks({
  page: { saved, routeTagId, list },
  searchPath,
  savedPath,
  extraParams,
  pathname,
}: {
  page: Pick<ListPageData<unknown>, "saved" | "routeTagId" | "list">;
  searchPath: string;
  savedPath: string;
  extraParams: ExtraParams;
  pathname: string;
}) {
  const basePath = saved ? (routeTagId ? `${savedPath}/Tags/${routeTagId}` : savedPath) : searchPath;
  // In a folder route the folder is in the path, not in the query.
  const linkParams: ListParams = routeTagId ? { ...list, tag: undefined } : list;
  const currentSearch = listSearch(linkParams, extraParams);
  return {
    basePath,
    linkParams,
    returnTo: `${basePath}${currentSearch}`,
    closeHref: `${pathname}${currentSearch}`,
    // The row links carry the list, its folder included (a folder route's tag is in the path, not in
    // linkParams), and every other search field (advanced search, map, panel), so the detail's breadcrumb
    // leads back to it.
    carry: carriedListSearch(list, saved, extraParams),
    dialogHref: (folderId?: number) =>
      `${pathname}${listSearch(linkParams, { ...extraParams, dialog: "folder", folderId: folderId ? String(folderId) : undefined })}`,
    /** The list filtered by a folder (null: no folder filter), back on page 1. */
    folderHref: (tagId: number | null) =>
      saved
        ? `${tagId ? `${savedPath}/Tags/${tagId}` : savedPath}${listSearch({ ...linkParams, tag: undefined, page: 1 }, extraParams)}`
        : `${searchPath}${listSearch({ ...list, tag: tagId ?? undefined, page: 1 }, extraParams)}`,
  };
}

/** The download follows the list as shown: its keyword, folder, sort and advanced search. */
export function DownloadForm({
  action,
  list,
  extraParams,
  saved,
  returnTo,
  total,
}: {
  action: string;
  list: ListParams;
  extraParams: ExtraParams;
  saved: boolean;
  returnTo: string;
  /** The matching rows: beyond DOWNLOAD_LIMIT the download holds only the first ones, and says so first. */
  total: number;
}) {
  const cut = total > DOWNLOAD_LIMIT;
  const fields = new URLSearchParams(listSearch(list, extraParams));
  fields.set("mine", saved ? "1" : String(list.mine ?? ""));
  fields.set("returnTo", returnTo);
  return (
    <form method="post" action={action} className="flex flex-wrap items-center gap-2">
      {[...fields].map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={toolbarButton} aria-describedby={cut ? "download-limit" : undefined}>
        Download CSV
      </button>
      {cut ? (
        // Said before the download, as its file name says it after (issue 43).
        <p id="download-limit" className="text-sm text-slate-700">
          The download holds the first {formatCount(DOWNLOAD_LIMIT)} of {formatCount(total)} results. Narrow
          the search to download them all.
        </p>
      ) : null}
    </form>
  );
}

/** The results table (its rows checkable when `selection` is given), pagination and totals. */
function ListResults<Row extends { id: number }>({
  rows,
  columns,
  params,
  extraParams,
  caption,
  selection,
  total,
  databaseTotal,
}: {
  rows: Row[];
  columns: Column<Row>[];
  params: ListParams;
  extraParams: ExtraParams;
  caption: string;
  selection: RowSelection | null;
  total: number;
  databaseTotal: number | null;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  // The next page, sort or search of this same list is loading: the rows shown are about to go.
  const reloading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  return (
    <div
      aria-busy={reloading || undefined}
      className={`space-y-4 transition-opacity ${reloading ? "opacity-50 delay-150" : ""}`}
    >
      <ResultsTable
        rows={rows}
        columns={columns}
        params={params}
        extraParams={extraParams}
        caption={caption}
        selection={
          selection
            ? {
                formId: "selection",
                name: "ids",
                selected: selection.selected,
                onToggle: selection.toggle,
                onToggleAll: selection.toggleAll,
              }
            : undefined
        }
      />
      <Pagination params={params} total={total} extra={extraParams} />
      <ListTotals matching={total} database={databaseTotal} />
    </div>
  );
}

export { toolbarButton };
