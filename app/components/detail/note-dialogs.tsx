import { getFormProps, useForm } from "@conform-to/react";
import { DateField } from "~/components/date-field";
import { CancelButton, SubmitButton, TextareaField } from "~/components/forms";
import { useHydrated } from "~/components/hydrated";
import { Modal } from "~/components/modal";
import { PostForm } from "~/components/post-form";
import { AutoCloseAlert, ConfirmDialog, type DialogProps, useFormPending } from "./dialog-form";
import type { NoteForms } from "./use-detail-screen";

/**
 * The note dialogs of the detail screens (project notes and the contact note). Each posts
 * `intent=note` / `intent=delete-note` to the current route, whose action handles them with noteIntents.
 */

/** The note being edited: a project note (with its reminder date) or the contact note. */
type EditableNote = { id: number; note: string; notification_date?: string | null };

type NoteDialogProps = DialogProps & {
  note: EditableNote | null;
  /** Project notes have a reminder / follow-up date; the contact note is text only. */
  withReminder?: boolean;
};

/**
 * The screen's note dialog, open when the URL (or a click, with JavaScript) says `note` or `delete-note`:
 * `note` is the one being edited (null: a new one), `deleteNoteId` the one whose deletion is confirmed.
 */
export function NoteDialogs({
  dialog,
  formKey,
  forms,
  note,
  deleteNoteId,
  withReminder,
}: {
  dialog: { kind: string; noteId?: number | null } | null;
  formKey: number;
  forms: NoteForms;
  note: EditableNote | null;
  deleteNoteId: number | null;
  withReminder?: boolean;
}) {
  if (dialog?.kind === "note")
    return (
      <NoteDialog
        key={`note-${formKey}-${dialog.noteId ?? "new"}`}
        open
        note={note}
        withReminder={withReminder}
        {...forms.note.props}
      />
    );
  if (dialog?.kind === "delete-note" && deleteNoteId)
    return (
      <DeleteNoteDialog
        key={`delete-${formKey}-${deleteNoteId}`}
        open
        noteId={deleteNoteId}
        {...forms.deleteNote.props}
      />
    );
  return null;
}

/** Add Note / edit note: reminder (follow-up) date and the note text; Save, or Update and Cancel. */
function NoteDialog({ note, ...props }: NoteDialogProps) {
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
  const dateDefault =
    (fields.notification_date.initialValue as string | undefined) ?? note?.notification_date ?? "";
  return (
    <PostForm fetcher={fetcher} {...getFormProps(form)} className="space-y-4">
      <AutoCloseAlert messages={form.errors} trigger={lastResult} />
      <input type="hidden" name="intent" value="note" />
      {note ? <input type="hidden" name="id" value={note.id} /> : null}
      {withReminder ? (
        <DateField
          key={form.id}
          id={fields.notification_date.id}
          name={fields.notification_date.name}
          label="Reminder / follow-up date"
          defaultValue={dateDefault}
          errors={fields.notification_date.errors}
        />
      ) : null}
      <TextareaField label="Note" meta={fields.note} rows={6} />
      <div className="flex justify-end gap-2">
        {note ? <CancelButton onClose={hydrated ? onClose : undefined} closeHref={closeHref} /> : null}
        <SubmitButton pending={pending}>{note ? "Update" : "Save"}</SubmitButton>
      </div>
    </PostForm>
  );
}

/** 'Are you sure you would like to delete this note?' with the button 'Delete'. */
function DeleteNoteDialog({ noteId, ...props }: DialogProps & { noteId: number }) {
  return (
    <ConfirmDialog
      title="Delete note"
      formId={`delete-note-${noteId}`}
      intent="delete-note"
      fields={{ noteId }}
      confirmLabel="Delete"
      {...props}
    >
      Are you sure you would like to delete this note?
    </ConfirmDialog>
  );
}
