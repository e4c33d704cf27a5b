import { useFetcher, useNavigate } from "react-router";
import { FolderForm, type FolderFormResult } from "~/components/folder-form";
import { useHydrated } from "~/components/hydrated";
import { Modal } from "~/components/modal";
import type { Tag } from "../../../contract/user";

/**
 * The folder dialog of a list ('New folder' / 'Edit folder'), opened from the URL (`?dialog=folder`,
 * `&folderId=…` to edit). Its form posts to /Folders, whose success redirects to `returnTo` (the list
 * without the dialog) and whose failure re-renders the form: on /Folders without JavaScript, in this
 * dialog with it (a fetcher, which also follows the redirect).
 */
export function FolderDialog({
  folder,
  tagType,
  returnTo,
  closeHref,
}: {
  folder: Tag | null;
  tagType: 1 | 2;
  returnTo: string;
  closeHref: string;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<FolderFormResult>();
  const navigate = useNavigate();
  return (
    <Modal
      open
      title={folder ? "Edit folder" : "New folder"}
      onClose={() => navigate(closeHref, { replace: true, preventScrollReset: true })}
      closeHref={closeHref}
    >
      <FolderForm
        folder={folder}
        tagType={tagType}
        returnTo={returnTo}
        cancelHref={closeHref}
        result={hydrated ? fetcher.data : null}
        fetcher={fetcher}
      />
    </Modal>
  );
}
