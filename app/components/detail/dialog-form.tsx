import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { useFetcher } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { useIsSubmitting } from "~/components/forms";
import type { ActionResult } from "~/lib/detail/types";

/**
 * What every dialog of a detail screen shares: its props (as `useDialogForm(screen, intent).props` gives
 * them), its pending state, and the alert of a failed post.
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
