import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { ResultDialog } from "./result-dialog";

/** A success dialog marked autoClose closes itself after 2.5 s. */
const TOAST_AUTO_CLOSE_MS = 2500;
/** A banner stays a little longer: it blocks nothing. */
const BANNER_AUTO_CLOSE_MS = 5000;

type ToastData =
  | { title: string; description?: string; autoClose?: boolean; banner?: boolean }
  | null
  | undefined;

/**
 * The flash message of the last mutation ('Submitted' / 'Your message has been submitted successfully!'),
 * shown as a dialog. With JavaScript it auto-closes when asked to; without it, its close link and OK
 * button go to the current page, whose next load no longer carries the message.
 * A confirmation marked `banner` ('Folder saved', 'Moved') is a status banner instead: the page stays
 * usable with and without JavaScript.
 */
export function Toast({ toast: received }: { toast: ToastData }) {
  const toast = useKeptOnItsScreen(received);
  if (toast?.banner) return <StatusBanner toast={toast} />;
  return <ResultDialog result={toast} autoCloseMs={toast?.autoClose ? TOAST_AUTO_CLOSE_MS : undefined} />;
}

/**
 * The last message received, kept while the member stays on the screen it came with. The root loader hands a
 * flash message out once, so the next load of the same screen has none: closing a dialog opened by its URL
 * (`?dialog=project-research`, the shell's `?dialog=research`: a link followed before the script ran) after its post succeeded is such a load, and
 * without this the 'Submitted' message vanished as it appeared. A message goes when dismissed, when it closes
 * itself, or when the member goes to another screen.
 */
function useKeptOnItsScreen(received: ToastData): ToastData {
  const { pathname } = useLocation();
  const [kept, setKept] = useState(received ? { toast: received, pathname } : null);
  // Derived state, set while rendering (React re-renders at once): a new message replaces the kept one.
  if (received && kept?.toast !== received) setKept({ toast: received, pathname });
  return received ?? (kept?.pathname === pathname ? kept.toast : null);
}

function StatusBanner({ toast }: { toast: NonNullable<ToastData> }) {
  const location = useLocation();
  const [dismissed, setDismissed] = useState<ToastData>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message (new action answer) shows again
  useEffect(() => setDismissed(null), [toast]);
  useEffect(() => {
    if (!toast.autoClose || dismissed === toast) return;
    const timer = setTimeout(() => setDismissed(toast), BANNER_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [toast, dismissed]);
  if (dismissed === toast) return null;
  return (
    <div
      role="status"
      className="mb-4 flex items-center gap-3 rounded-lg border border-emerald-300 bg-emerald-50 py-2 pr-2 pl-4 text-sm text-emerald-950 no-print"
    >
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{toast.title}</span>
        {toast.description ? <span> {toast.description}</span> : null}
      </p>
      {/* Without JavaScript the current page again, whose next load no longer carries the message. */}
      <a
        href={`${location.pathname}${location.search}`}
        onClick={(event) => {
          event.preventDefault();
          setDismissed(toast);
        }}
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded text-emerald-900 hover:bg-emerald-100 sm:h-8 sm:w-8"
      >
        <span aria-hidden="true">✕</span>
        <span className="sr-only">Dismiss</span>
      </a>
    </div>
  );
}
