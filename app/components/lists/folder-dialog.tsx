import { useEffect } from "react";
import { useFetcher, useNavigate } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { FolderForm, type FolderFormResult } from "~/components/folder-form";
import { Modal } from "~/components/modal";
import type { Tag } from "../../../contract/user";

/**
 * The folder dialog of a list ('New folder' / 'Edit folder'), opened from the URL (`?dialog=folder`,
 * `&folderId=…` to edit). Its form posts to /Folders: without JavaScript the answer redirects back to
 * `returnTo` (or re-renders the form on /Folders with the warning); with it, a fetcher posts and the
 * dialog closes by navigating to `closeHref` (the loaders, the member's folders included, reload).
 */
export function FolderDialog({
  folder,
  tagType,
  returnTo,
  closeHref,
  afterDeleteHref,
}: {
  folder: Tag | null;
  tagType: 1 | 2;
  returnTo: string;
  closeHref: string;
  /** Where to go after deleting this folder (its own folder page is gone). */
  afterDeleteHref: string;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<FolderFormResult & { deleted?: boolean }>();
  const navigate = useNavigate();

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    navigate(fetcher.data.deleted ? afterDeleteHref : closeHref, { replace: true, preventScrollReset: true });
  }, [fetcher.state, fetcher.data, navigate, closeHref, afterDeleteHref]);

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
        result={hydrated ? fetcher.data : null}
        fetcher={hydrated ? fetcher : undefined}
      />
    </Modal>
  );
}
