import { type ComponentType, startTransition, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "~/components/hydrated";
import type { ModalParts } from "./modal-interactive";

type ModalProps = {
  open: boolean;
  title: string;
  children: React.ReactNode;
  /** With JavaScript: called on Escape, backdrop click, the close button and the auto-close timer. */
  onClose?: () => void;
  /** Without JavaScript: where the close link goes (the same page without the dialog's URL state). */
  closeHref?: string;
  /** A blocking dialog (trial expired) has no close button and ignores Escape. */
  dismissible?: boolean;
  autoCloseMs?: number;
  size?: "sm" | "md" | "lg";
};

const widths = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl" };
const closeClass =
  "-mt-1 -mr-1 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-800 sm:h-8 sm:w-8";
const FIRST_CONTROL =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]):not([data-modal-close]), a[href]:not([data-modal-close])';

/**
 * With JavaScript, an opened dialog puts the focus on its first control (a form's first field, else its
 * first button), not on the close button. Tried again on the next frames, after Headless UI's own focus.
 */
function useFocusFirstControl(active: boolean, titleId: string) {
  useEffect(() => {
    if (!active) return;
    const focus = () => {
      const dialog = document.getElementById(titleId)?.closest('[role="dialog"]');
      if (!dialog) return;
      // Headless UI focuses the dialog's own box (or the close button): move on to the first control,
      // unless the member is already in one.
      const current = document.activeElement;
      if (current && dialog.contains(current) && current.matches(FIRST_CONTROL)) return;
      dialog.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
    };
    const frame = requestAnimationFrame(focus);
    const timers = [120, 400].map((ms) => setTimeout(focus, ms));
    return () => {
      cancelAnimationFrame(frame);
      for (const timer of timers) clearTimeout(timer);
    };
  }, [active, titleId]);
}

// Headless UI (about 16 KB gzip) loads after hydration, while the browser is idle, not with the page: the
// server and an unhydrated page only ever render the plain overlay below.
let interactiveModal: ComponentType<ModalParts> | null = null;
const loadedListeners = new Set<() => void>();
let loading: Promise<unknown> | null = null;
function loadInteractiveModal() {
  loading ??= import("./modal-interactive").then(
    (module) => {
      interactiveModal = module.default;
      for (const listener of loadedListeners) listener();
    },
    // On a flaky connection the chunk may not arrive: dialogs stay the plain overlay, which still works.
    () => {
      loading = null;
      preloadScheduled = false;
    },
  );
  return loading;
}
/**
 * The Headless UI dialog once its chunk has arrived and the page has hydrated (never on the server, nor in the
 * hydrating render). Its arrival is taken in a transition: every dialog of the page re-renders then, and an
 * external store's change (useSyncExternalStore) would make that one synchronous render, a long task on a slow
 * phone (decision 103).
 */
function useInteractiveModal() {
  const hydrated = useHydrated();
  const [loaded, setLoaded] = useState(() => interactiveModal);
  useEffect(() => {
    const take = () => startTransition(() => setLoaded(() => interactiveModal));
    if (interactiveModal) take();
    loadedListeners.add(take);
    return () => {
      loadedListeners.delete(take);
    };
  }, []);
  return hydrated ? loaded : null;
}

let preloadScheduled = false;
/** Fetches Headless UI once the browser is idle, so a dialog opened later shows at once. */
export function preloadInteractiveModal() {
  if (preloadScheduled) return;
  preloadScheduled = true;
  const load = () => void loadInteractiveModal();
  if ("requestIdleCallback" in window) window.requestIdleCallback(load, { timeout: 3000 });
  else setTimeout(load, 1000);
}

/**
 * One dialog for every screen. Before hydration (and with JavaScript off) it is a plain fixed overlay
 * rendered in place, opened by URL or action state; once hydrated it is a Headless UI dialog
 * (focus trap, Escape, backdrop click).
 */
export function Modal({
  open,
  title,
  children,
  onClose,
  closeHref,
  dismissible = true,
  autoCloseMs,
  size = "md",
}: ModalProps) {
  const hydrated = useHydrated();
  const interactive = useInteractiveModal();
  const titleId = useId();

  useEffect(preloadInteractiveModal, []);
  useFocusFirstControl(open && hydrated, titleId);

  useEffect(() => {
    if (!open || !autoCloseMs || !onClose) return;
    const timer = setTimeout(onClose, autoCloseMs);
    return () => clearTimeout(timer);
  }, [open, autoCloseMs, onClose]);

  const closeButton =
    dismissible && (onClose || closeHref) ? (
      hydrated && onClose ? (
        <button type="button" onClick={onClose} data-modal-close="" className={closeClass} aria-label="Close">
          <span aria-hidden="true">✕</span>
        </button>
      ) : closeHref ? (
        <Link
          to={closeHref}
          replace
          preventScrollReset
          data-modal-close=""
          className={closeClass}
          aria-label="Close"
        >
          <span aria-hidden="true">✕</span>
        </Link>
      ) : null
    ) : null;

  const header = (TitleTag: React.ElementType) => (
    <div className="mb-4 flex items-start justify-between gap-4">
      <TitleTag id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </TitleTag>
      {closeButton}
    </div>
  );
  // Never wider or taller than the window (320 px and up): a long form scrolls inside the panel.
  const panelClass = `w-full ${widths[size]} max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-lg bg-white p-4 shadow-xl sm:p-6`;

  const parts = {
    open,
    onClose: dismissible && onClose ? onClose : () => {},
    panelClass,
    titleId,
    header,
    children,
  };
  // The form a dialog opens in is kept until it closes: switching from the plain overlay to Headless UI
  // while open (at hydration, or when the chunk arrives) would remount its form and lose what was typed.
  const openedAs = useRef<ComponentType<ModalParts> | null>(null);
  if (!open) openedAs.current = null;
  else openedAs.current ??= (hydrated && interactive) || PlainModal;
  const Dialog = openedAs.current ?? PlainModal;
  return <Dialog {...parts} />;
}

/** The dialog as plain markup: what the server renders, and what a page without JavaScript shows. */
function PlainModal({ open, onClose, panelClass, titleId, header, children }: ModalParts) {
  // Once hydrated, Escape closes it too (a dialog that opened before Headless UI had loaded).
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-slate-900/50 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={panelClass}
        data-dialog-panel=""
      >
        {header("h2")}
        {children}
      </div>
    </div>
  );
}
