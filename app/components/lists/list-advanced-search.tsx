import type { SubmissionResult } from "@conform-to/react";
import { Link, useLocation } from "react-router";
import type { SimpleSearchPanelData } from "~/lib/search/advanced-search.server";
import { type ListParams, listSearch } from "~/lib/search/list-params";
import { SavedSearchesDialog, SaveSearchDialog } from "./lazy-parts";
import type { SearchPanelKind } from "./simple-search-panel";
import { ListSearchPanel } from "./simple-search-panel";

/** The link that opens a closed panel (`?panel=1`, so it opens without JavaScript and survives a reload). */
export function OpenSearchPanelLink({ href }: { href: string }) {
  return (
    <Link
      to={href}
      className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline hover:text-brand-900 sm:min-h-6"
    >
      Advanced search
    </Link>
  );
}

/**
 * The advanced search slot of the contact or company list: the open panel (or the link that opens it) and its
 * Save search and Saved searches dialogs, opened from the URL.
 */
export function ListAdvancedSearch({
  kind,
  panel,
  list,
  savedSearchText,
  lastResult,
}: {
  kind: SearchPanelKind;
  panel: SimpleSearchPanelData;
  list: ListParams;
  savedSearchText: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const location = useLocation();
  const dialog = new URLSearchParams(location.search).get("dialog");
  return (
    <>
      {panel.open ? (
        <ListSearchPanel
          key={JSON.stringify(panel.search)}
          kind={kind}
          search={panel.search}
          options={panel.options}
          list={list}
        />
      ) : (
        <OpenSearchPanelLink
          href={`${location.pathname}${listSearch({ ...list, page: 1 }, { panel: "1" })}`}
        />
      )}
      {dialog === "save-search" ? (
        <SaveSearchDialog open searchText={savedSearchText} lastResult={lastResult} />
      ) : null}
      {dialog === "saved-searches" ? (
        <SavedSearchesDialog open searches={panel.savedSearches} lastResult={lastResult} />
      ) : null}
    </>
  );
}
