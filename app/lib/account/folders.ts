/** Rules of the folder dialog shared by project (tag_type 1) and contact (tag_type 2) folders. */
import { MAX_FOLDERS_PER_TYPE } from "../../../contract/constants";

export const TOO_MANY_FOLDERS = `You can have at most ${MAX_FOLDERS_PER_TYPE} folders.`;

/** Another folder of this type may be created: fewer than 8 exist. */
export function canAddFolder(folders: readonly unknown[]): boolean {
  return folders.length < MAX_FOLDERS_PER_TYPE;
}

/** The folder dialog's page: a new folder of a type, or an existing one to edit; back to `returnTo` after. */
export function folderDialogHref(tagType: 1 | 2, returnTo: string, id?: number): string {
  const sp = new URLSearchParams({ tag_type: String(tagType), returnTo });
  if (id) sp.set("id", String(id));
  return `/Folders?${sp}`;
}
