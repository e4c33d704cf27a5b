import { MAX_FOLDERS_PER_TYPE } from "../../../contract/constants";
import type { Tag } from "../../../contract/user";
import { AppLink } from "../app-link";
import { FolderDot } from "./folder-dot";

/**
 * Folder filter as links: choosing a folder filters by it; choosing the active folder clears the filter.
 * Beside each folder an edit link, and 'Add Folder' while there are fewer than eight: both open the
 * folder dialog from the URL (`?dialog=folder[&folderId=…]`), with or without JavaScript.
 */
export function FolderFilter({
  folders,
  activeTagId,
  hrefFor,
  editHref,
  addHref,
}: {
  folders: readonly Tag[];
  activeTagId: number | null;
  hrefFor: (tagId: number | null) => string;
  editHref?: (tagId: number) => string;
  addHref?: string;
}) {
  const canAdd = Boolean(addHref) && folders.length < MAX_FOLDERS_PER_TYPE;
  if (folders.length === 0 && !canAdd) return null;
  return (
    <nav aria-label="Folder filter" className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-slate-700">Folder:</span>
      {folders.map((folder) => {
        const active = folder.id === activeTagId;
        return (
          <span key={folder.id} className="inline-flex items-center">
            <AppLink
              to={hrefFor(active ? null : folder.id)}
              aria-current={active ? "true" : undefined}
              title={active ? `Clear the folder filter (${folder.name})` : `Show the folder ${folder.name}`}
              className={`inline-flex items-center gap-1.5 border px-3 py-1 text-sm ${
                editHref ? "rounded-l-full" : "rounded-full"
              } ${
                active
                  ? "border-brand-700 bg-brand-50 font-semibold text-brand-900"
                  : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
              }`}
            >
              <FolderDot color={folder.color} className="inline-block h-3 w-3 rounded-full" />
              {folder.name}
              {active ? <span aria-hidden="true">✕</span> : null}
            </AppLink>
            {editHref ? (
              <AppLink
                to={editHref(folder.id)}
                keepScroll
                aria-label={`Edit folder ${folder.name}`}
                title={`Edit folder ${folder.name}`}
                className="-ml-px rounded-r-full border border-slate-300 bg-white px-2 py-1 text-sm text-slate-700 hover:bg-slate-50"
              >
                <span aria-hidden="true">✎</span>
              </AppLink>
            ) : null}
          </span>
        );
      })}
      {canAdd && addHref ? (
        <AppLink
          to={addHref}
          keepScroll
          className="rounded-full border border-dashed border-slate-400 px-3 py-1 text-sm font-medium text-brand-800 hover:bg-slate-50"
        >
          Add Folder
        </AppLink>
      ) : null}
    </nav>
  );
}
