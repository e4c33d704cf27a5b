import { useCallback, useEffect, useState } from "react";
import { type useFetcher, useLocation, useNavigate } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { ActionResult } from "./note-dialogs";

/** The current URL with some params changed (null/undefined/"" removes one). */
export function useHrefWith() {
  const location = useLocation();
  return useCallback(
    (changes: Record<string, string | number | null | undefined>) => {
      const sp = new URLSearchParams(location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === "") sp.delete(key);
        else sp.set(key, String(value));
      }
      const s = sp.toString();
      return `${location.pathname}${s ? `?${s}` : ""}`;
    },
    [location.pathname, location.search],
  );
}

/**
 * The open dialog of a detail screen: from the URL without JavaScript (`?dialog=note`); opened in place
 * (no navigation) once hydrated. `formKey` changes on each opening, so a dialog's form starts fresh.
 */
export function useDetailDialog<D>(urlDialog: D | null) {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const hrefWith = useHrefWith();
  const closeHref = hrefWith({ dialog: null, noteId: null });
  const [jsDialog, setJsDialog] = useState<D | null | undefined>(undefined);
  const [formKey, setFormKey] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation hands the dialog state back to the URL
  useEffect(() => setJsDialog(undefined), [location.key]);
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
      navigate(closeHref, { replace: true, preventScrollReset: true });
  }, [location.search, closeHref, navigate]);
  return { dialog, openDialog, closeDialog, closeHref, formKey, hrefWith, hydrated };
}

/** A dialog whose fetcher post succeeded closes. */
export function useCloseOnSuccess(fetcher: ReturnType<typeof useFetcher<ActionResult>>, close: () => void) {
  const done = fetcher.state === "idle" && Boolean(fetcher.data?.ok);
  const data = fetcher.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer
  useEffect(() => {
    if (done) close();
  }, [done, data]);
}
