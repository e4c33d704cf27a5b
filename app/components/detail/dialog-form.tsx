import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { useFetcher } from "react-router";
import { CancelButton, useIsSubmitting } from "~/components/forms";
import { useHydrated } from "~/components/hydrated";
import { Modal } from "~/components/modal";
import { PostForm } from "~/components/post-form";
import type { ActionResult } from "~/lib/detail/types";

/**
 * What every dialog of a detail screen shares: its props (as `useDialogForm(screen, intent).props` gives
 * them), its pending state, the alert of a failed post, its Cancel, and the confirmation dialog.
 */

type Fetcher = ReturnType<typeof useFetcher<ActionResult>>;

export type DialogProps = {
  open: boolean;
  onClose?: () => void;
  closeHref: string;
  fetcher?: Fetcher;
  lastResult?: SubmissionResult<string[]>;
};

/** The dialog's form is being sent: its fetcher's post, or the page's navigation without JavaScript. */
export function useFormPending(fetcher?: Fetcher) {
  const navigating = useIsSubmitting();
  return fetcher ? fetcher.state !== "idle" : navigating;
}

/** The alert of a failed post in a dialog: shown with the message, gone after 2.5 s (with JavaScript). */
export function AutoCloseAlert({
  messages,
  trigger,
  ms = 2500,
}: {
  messages?: readonly string[] | null;
  trigger: unknown;
  ms?: number;
}) {
  const hydrated = useHydrated();
  const [hidden, setHidden] = useState(false);
  const shown = messages?.filter(Boolean) ?? [];
  const text = shown.join("\n");
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new submission result shows the alert again
  useEffect(() => {
    setHidden(false);
    if (!hydrated || !text) return;
    const timer = setTimeout(() => setHidden(true), ms);
    return () => clearTimeout(timer);
  }, [trigger, text, hydrated, ms]);
  if (hidden || shown.length === 0) return null;
  return (
    <div
      role="alert"
      className="mb-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      {shown.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}

/**
 * A confirmation ('Are you sure …?'): Cancel, and the button that posts `intent` with `fields` as hidden
 * inputs (a note to delete, a company to merge).
 */
export function ConfirmDialog({
  title,
  formId,
  intent,
  fields,
  confirmLabel,
  children,
  ...props
}: DialogProps & {
  title: string;
  formId: string;
  intent: string;
  fields: Record<string, string | number>;
  confirmLabel: string;
  children: React.ReactNode;
}) {
  const pending = useFormPending(props.fetcher);
  const [form] = useForm({ id: formId, lastResult: props.lastResult });
  return (
    <Modal open={props.open} title={title} onClose={props.onClose} closeHref={props.closeHref} size="sm">
      <PostForm fetcher={props.fetcher} {...getFormProps(form)}>
        <AutoCloseAlert messages={form.errors} trigger={props.lastResult} />
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <p className="text-slate-700">{children}</p>
        <div className="mt-6 flex justify-end gap-2">
          <CancelButton onClose={props.onClose} closeHref={props.closeHref} />
          <button
            type="submit"
            disabled={pending}
            aria-busy={pending || undefined}
            className="inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus:outline-none focus:ring-2 focus:ring-red-600 focus:ring-offset-2 disabled:opacity-60"
          >
            {confirmLabel}
          </button>
        </div>
      </PostForm>
    </Modal>
  );
}
