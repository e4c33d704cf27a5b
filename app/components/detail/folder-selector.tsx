import type { useFetcher } from "react-router";
import { FolderDot } from "~/components/lists/folder-dot";
import { PostForm } from "~/components/post-form";
import type { Tag } from "../../../contract/user";

const dotClass = "inline-block h-3 w-3 rounded-full border border-white/60";

/**
 * The folder of a saved project or contact: one button per folder of that type. Pressing a folder files
 * the item in it; pressing the folder it is already in clears it (tag_id null), so this works the same
 * without JavaScript. With JavaScript it posts through a fetcher and shows the new folder at once.
 * It posts `intent=folder` and `tag_id` to the current route, whose action files the item (Projects/AddTag,
 * Contacts/AddTag).
 */
export function FolderSelector({
  folders,
  activeTagId,
  fetcher,
  noun = "project",
}: {
  folders: Tag[];
  activeTagId: number | null;
  fetcher?: ReturnType<typeof useFetcher>;
  noun?: string;
}) {
  if (folders.length === 0) {
    return <p className="text-sm text-slate-700">Folder: no {noun} folders yet.</p>;
  }
  return (
    <PostForm fetcher={fetcher} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="folder" />
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="float-left mr-2 text-sm font-medium text-slate-700">Folder:</legend>
        {folders.map((folder) => {
          const active = folder.id === activeTagId;
          return (
            <button
              key={folder.id}
              type="submit"
              name="tag_id"
              value={active ? "" : String(folder.id)}
              aria-pressed={active}
              title={active ? `Press again to take the ${noun} out of this folder` : `Move to ${folder.name}`}
              className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium ${
                active
                  ? "border-slate-900 bg-slate-900 text-white"
                  : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
              }`}
            >
              <FolderDot color={folder.color} className={dotClass} />
              {folder.name}
            </button>
          );
        })}
      </fieldset>
    </PostForm>
  );
}
