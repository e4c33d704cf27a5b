import { ResultDialog } from "./result-dialog";

/** A success dialog marked autoClose closes itself after 2.5 s. */
const TOAST_AUTO_CLOSE_MS = 2500;

type ToastData = { title: string; description?: string; autoClose?: boolean } | null | undefined;

/**
 * The flash message of the last mutation ('Submitted' / 'Your message has been submitted successfully!'),
 * shown as a dialog. With JavaScript it auto-closes when asked to; without it, its close link and OK
 * button go to the current page, whose next load no longer carries the message.
 */
export function Toast({ toast }: { toast: ToastData }) {
  return <ResultDialog result={toast} autoCloseMs={toast?.autoClose ? TOAST_AUTO_CLOSE_MS : undefined} />;
}
