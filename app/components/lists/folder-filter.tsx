import { Link } from "react-router";
import type { Tag } from "../../../contract/user";

/** Folder filter as links: choosing a folder filters by it; choosing the active folder clears the filter. */
export function FolderFilter({
  folders,
  activeTagId,
  hrefFor,
}: {
  folders: readonly Tag[];
  activeTagId: number | null;
  hrefFor: (tagId: number | null) => string;
}) {
  if (folders.length === 0) return null;
  return (
    <nav aria-label="Folder filter" className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-slate-700">Folder:</span>
      {folders.map((folder) => {
        const active = folder.id === activeTagId;
        return (
          <Link
            key={folder.id}
            to={hrefFor(active ? null : folder.id)}
            aria-pressed={active}
            aria-current={active ? "true" : undefined}
            title={active ? `Clear the folder filter (${folder.name})` : `Show the folder ${folder.name}`}
            className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm ${
              active
                ? "border-brand-700 bg-brand-50 font-semibold text-brand-900"
                : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
            }`}
          >
            <span
              aria-hidden="true"
              className="inline-block h-3 w-3 rounded-full"
              style={{ backgroundColor: folder.color }}
            />
            {folder.name}
            {active ? <span aria-hidden="true">✕</span> : null}
          </Link>
        );
      })}
    </nav>
  );
}
