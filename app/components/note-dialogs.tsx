import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form, type useFetcher } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { DateField } from "~/components/date-field";
import { buttonSecondaryClass, SubmitButton, TextareaField, useIsSubmitting } from "~/components/forms";
import { Modal } from "~/components/modal";

/**
 * The note dialogs of the detail screens (project notes and the contact note) and what their actions
 * answer. Each posts `intent=note` / `intent=delete-note` to the current route.
 */

export type ActionResult = {
  intent: string;
  ok?: boolean;
  reply?: SubmissionResult<string[]>;
  error?: string;
};
type Fetcher = ReturnType<typeof useFetcher<ActionResult>>;

/** The spec's alert for a failed note save: shown with the message, gone after 2.5 s (with JavaScript). */
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

export function useFormPending(fetcher?: Fetcher) {
  const navigating = useIsSubmitting();
  return fetcher ? fetcher.state !== "idle" : navigating;
}

export type DialogProps = {
  open: boolean;
  onClose?: () => void;
  closeHref: string;
  fetcher?: Fetcher;
  lastResult?: SubmissionResult<string[]>;
};

/** The note being edited: a project note (with its reminder date) or the contact note. */
export type EditableNote = { id: number; note: string; notification_date?: string | null };

type NoteDialogProps = DialogProps & {
  note: EditableNote | null;
  /** Project notes have a reminder / follow-up date; the contact note is text only. */
  withReminder?: boolean;
};

/** Add Note / edit note: reminder (follow-up) date and the note text; Save, or Update and Cancel. */
export function NoteDialog({ note, ...props }: NoteDialogProps) {
  return (
    <Modal
      open={props.open}
      title={note ? "Edit Note" : "Add Note"}
      onClose={props.onClose}
      closeHref={props.closeHref}
    >
      <NoteForm note={note} {...props} />
    </Modal>
  );
}

function NoteForm({ note, onClose, closeHref, fetcher, lastResult, withReminder = true }: NoteDialogProps) {
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: `note-form-${note?.id ?? "new"}`,
    lastResult,
    defaultValue: { note: note?.note ?? "", notification_date: note?.notification_date ?? "" },
  });
  const pending = useFormPending(fetcher);
  const FormTag = fetcher ? fetcher.Form : Form;
  const dateDefault =
    (fields.notification_date.initialValue as string | undefined) ?? note?.notification_date ?? "";
  return (
    <FormTag method="post" {...getFormProps(form)} className="space-y-4">
      <AutoCloseAlert messages={form.errors} trigger={lastResult} />
      <input type="hidden" name="intent" value="note" />
      {note ? <input type="hidden" name="id" value={note.id} /> : null}
      {fetcher ? <input type="hidden" name="js" value="1" /> : null}
      {withReminder ? (
        <DateField
          key={`${form.id}-${hydrated}`}
          id={fields.notification_date.id}
          name={fields.notification_date.name}
          label="Reminder / follow-up date"
          defaultValue={dateDefault}
          errors={fields.notification_date.errors}
        />
      ) : null}
      <TextareaField label="Note" meta={fields.note} rows={6} />
      <div className="flex justify-end gap-2">
        {note ? (
          hydrated && onClose ? (
            <button type="button" onClick={onClose} className={buttonSecondaryClass}>
              Cancel
            </button>
          ) : (
            <a href={closeHref} className={buttonSecondaryClass}>
              Cancel
            </a>
          )
        ) : null}
        <SubmitButton pending={pending}>{note ? "Update" : "Save"}</SubmitButton>
      </div>
    </FormTag>
  );
}

/** 'Are you sure you would like to delete this note?' with the button 'Delete'. */
export function DeleteNoteDialog({ noteId, ...props }: DialogProps & { noteId: number }) {
  const pending = useFormPending(props.fetcher);
  const FormTag = props.fetcher ? props.fetcher.Form : Form;
  const [form] = useForm({
    id: `delete-note-${noteId}`,
    lastResult: props.lastResult,
  });
  return (
    <Modal
      open={props.open}
      title="Delete note"
      onClose={props.onClose}
      closeHref={props.closeHref}
      size="sm"
    >
      <FormTag method="post" {...getFormProps(form)}>
        <AutoCloseAlert messages={form.errors} trigger={props.lastResult} />
        <input type="hidden" name="intent" value="delete-note" />
        <input type="hidden" name="noteId" value={noteId} />
        {props.fetcher ? <input type="hidden" name="js" value="1" /> : null}
        <p className="text-slate-700">Are you sure you would like to delete this note?</p>
        <div className="mt-6 flex justify-end gap-2">
          {props.onClose ? (
            <button type="button" onClick={props.onClose} className={buttonSecondaryClass}>
              Cancel
            </button>
          ) : (
            <a href={props.closeHref} className={buttonSecondaryClass}>
              Cancel
            </a>
          )}
          <button
            type="submit"
            disabled={pending}
            aria-busy={pending || undefined}
            className="inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus:outline-none focus:ring-2 focus:ring-red-600 focus:ring-offset-2 disabled:opacity-60"
          >
            Delete
          </button>
        </div>
      </FormTag>
    </Modal>
  );
}
