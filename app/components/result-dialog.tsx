import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { Modal } from "./modal";

/**
 * A result message in a dialog ('Sent!', 'Success!', 'Error!'): shown once for each new result;
 * closed by its button, by Escape with JavaScript, or by the close link without it.
 */
export function ResultDialog({
  result,
  autoCloseMs,
  children,
}: {
  result: { title: string; description?: string } | null | undefined;
  autoCloseMs?: number;
  /** Replaces the default OK button (for example 'Go to Dashboard'). */
  children?: React.ReactNode;
}) {
  const location = useLocation();
  const [dismissed, setDismissed] = useState<typeof result>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new result (new action answer) reopens the dialog
  useEffect(() => setDismissed(null), [result]);
  const open = Boolean(result) && dismissed !== result;
  const closeHref = `${location.pathname}${location.search}`;
  if (!result) return null;
  return (
    <Modal
      open={open}
      title={result.title}
      onClose={() => setDismissed(result)}
      closeHref={closeHref}
      autoCloseMs={autoCloseMs}
      size="sm"
    >
      {result.description ? <p className="text-slate-700">{result.description}</p> : null}
      <div className="mt-6 flex justify-end">
        {children ?? (
          <a
            href={closeHref}
            onClick={(event) => {
              event.preventDefault();
              setDismissed(result);
            }}
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            OK
          </a>
        )}
      </div>
    </Modal>
  );
}
