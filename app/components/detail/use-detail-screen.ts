import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation, useNavigate, useNavigationType } from "react-router";
import { useHydrated } from "~/components/hydrated";
import type { ActionResult, SavedLink } from "~/lib/detail/types";
import { withSearchParams } from "~/lib/detail/url-state";

/**
 * The client side of a detail screen: its dialogs (open state in the URL without JavaScript, opened in place
 * once hydrated), the fetchers its forms post through with JavaScript, and the optimistic saved state.
 *
 *   const screen = useDetailScreen({ keyPrefix: "company", id, urlDialog: view.dialog, actionData,
 *     dialogParams: (d) => ({ dialog: d.kind }) });
 *   const edit = useDialogForm(screen, "edit");   // <EditDialog {...edit.props} />
 */

type Fetcher = ReturnType<typeof useFetcher<ActionResult>>;
type UrlChanges = Record<string, string | number | null | undefined>;

/** The current URL with some params changed (null/undefined/"" removes one). */
function useHrefWith() {
  const location = useLocation();
  return useCallback(
    (changes: UrlChanges) => `${location.pathname}${withSearchParams(location.search, changes)}`,
    [location.pathname, location.search],
  );
}

/** The history state of closeDialog's navigation, which only drops a closed dialog's params from the URL. */
const DIALOG_CLEANUP = { dialogClosed: true };
const isDialogCleanup = (state: unknown) =>
  typeof state === "object" && state !== null && (state as { dialogClosed?: unknown }).dialogClosed === true;

/**
 * The open dialog of a detail screen: from the URL without JavaScript (`?dialog=note`); opened in place
 * (no navigation) once hydrated. `formKey` changes on each opening, so a dialog's form starts fresh.
 */
function useDetailDialog<D>(urlDialog: D | null) {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const hrefWith = useHrefWith();
  const closeHref = hrefWith({ dialog: null, noteId: null });
  const navigationType = useNavigationType();
  const [jsDialog, setJsDialog] = useState<D | null | undefined>(undefined);
  const [formKey, setFormKey] = useState(0);
  // A navigation hands the dialog state back to the URL, but not the one closeDialog makes to drop a closed
  // dialog's params: on a slow connection it ends after the member may have opened another dialog in place.
  // Not at mount, where there is nothing to hand back: that update re-rendered the whole screen right after
  // hydration, in one blocking task (decision 103).
  const handedBackAt = useRef(location.key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation
  useEffect(() => {
    if (handedBackAt.current === location.key) return;
    handedBackAt.current = location.key;
    if (navigationType === "REPLACE" && isDialogCleanup(location.state)) return;
    setJsDialog(undefined);
  }, [location.key]);
  const dialog = jsDialog !== undefined ? jsDialog : urlDialog;
  const openDialog = hydrated
    ? (d: D) => {
        setFormKey((k) => k + 1);
        setJsDialog(d);
      }
    : undefined;
  const closeDialog = useCallback(() => {
    setJsDialog(null);
    if (new URLSearchParams(location.search).has("dialog"))
      navigate(closeHref, { replace: true, preventScrollReset: true, state: DIALOG_CLEANUP });
  }, [location.search, closeHref, navigate]);
  return { dialog, openDialog, closeDialog, closeHref, formKey, hrefWith, hydrated };
}

/**
 * A detail screen's state. `keyPrefix` names its fetchers (`${keyPrefix}-note-…`), `dialogParams` says how a
 * dialog is written in the URL, `actionData` is the action's answer to a post made without JavaScript.
 */
export function useDetailScreen<D>({
  keyPrefix,
  id,
  urlDialog,
  dialogParams,
  actionData,
}: {
  keyPrefix: string;
  id: number;
  urlDialog: D | null;
  dialogParams: (dialog: D) => UrlChanges;
  actionData: ActionResult | undefined;
}) {
  const dialogs = useDetailDialog<D>(urlDialog);
  const dialogHref = (d: D) => dialogs.hrefWith(dialogParams(d));
  return { ...dialogs, dialogHref, keyPrefix, id, actionData };
}

export type DetailScreen<D = never> = ReturnType<typeof useDetailScreen<D>>;

/** The last answer for the form of `intent`: its fetcher's, or the action's to a post without JavaScript. */
function replyFor<D>(screen: DetailScreen<D>, intent: string, fetcher: Fetcher) {
  return fetcher.data?.reply ?? (screen.actionData?.intent === intent ? screen.actionData.reply : undefined);
}

/**
 * The form of a dialog posting `intent=<intent>`: a fetcher with JavaScript (the dialog closes when its post
 * succeeded), a plain form without. `props` go to the dialog component.
 */
export function useDialogForm<D>(screen: DetailScreen<D>, intent: string) {
  const fetcher = useFetcher<ActionResult>({ key: `${screen.keyPrefix}-${intent}-${screen.formKey}` });
  useCloseOnSuccess(fetcher, screen.closeDialog);
  return {
    /** The fetcher itself, for its pending state and form data. */
    fetcher,
    props: {
      onClose: screen.hydrated ? screen.closeDialog : undefined,
      closeHref: screen.closeHref,
      fetcher,
      lastResult: replyFor(screen, intent, fetcher),
    },
  };
}

/** A dialog whose fetcher post succeeded closes. */
function useCloseOnSuccess(fetcher: Fetcher, close: () => void) {
  const done = fetcher.state === "idle" && Boolean(fetcher.data?.ok);
  const data = fetcher.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer
  useEffect(() => {
    if (done) close();
  }, [done, data]);
}

/** The note dialogs' forms ('note', 'delete-note') and the note being deleted, hidden at once. */
export function useNoteForms<D>(screen: DetailScreen<D>) {
  const note = useDialogForm(screen, "note");
  const deleteNote = useDialogForm(screen, "delete-note");
  const deleting = deleteNote.fetcher.state !== "idle";
  const pendingDeleteId = deleting ? Number(deleteNote.fetcher.formData?.get("noteId")) || null : null;
  return { note, deleteNote, deleting, pendingDeleteId };
}

export type NoteForms = ReturnType<typeof useNoteForms<unknown>>;

const SAVED_STATE_INTENTS = ["save", "unsave", "folder"];

/**
 * The saved state of the screen's item: saved or not and its folder, both optimistic while their posts are
 * in flight; the error of a failed save or folder post, shown under the header.
 */
export function useSavedState<D>(screen: DetailScreen<D>, link: SavedLink) {
  const saveFetcher = useFetcher<ActionResult>({ key: `${screen.keyPrefix}-save-${screen.id}` });
  const folderFetcher = useFetcher<ActionResult>({ key: `${screen.keyPrefix}-folder-${screen.id}` });
  const pendingSave = saveFetcher.formData?.get("intent");
  const saved = pendingSave ? pendingSave === "save" : Boolean(link);
  const pendingTag = folderFetcher.formData;
  const activeTagId = pendingTag ? Number(pendingTag.get("tag_id")) || null : (link?.tag_id ?? null);
  const { actionData } = screen;
  const error =
    (saveFetcher.state === "idle" ? saveFetcher.data?.error : undefined) ??
    (folderFetcher.state === "idle" ? folderFetcher.data?.error : undefined) ??
    (actionData && SAVED_STATE_INTENTS.includes(actionData.intent) ? actionData.error : undefined);
  return {
    saved,
    activeTagId,
    error,
    hydrated: screen.hydrated,
    saveFetcher,
    folderFetcher,
  };
}

export type SavedState = ReturnType<typeof useSavedState>;
