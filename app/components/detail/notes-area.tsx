import { splitNotes } from "~/lib/detail/notes";
import type { NoteDialogState, NoteItemData } from "~/lib/detail/types";
import { formatDate } from "~/lib/format/dates";
import { DialogLink } from "./dialog-link";

/**
 * The notes area of a detail screen: the newest note, the older ones in a collapsible 'Older notes'
 * section. Project detail shows all of a project's notes; contact detail its single contact note.
 */
export function NotesArea({
  notes,
  hrefFor,
  onOpen,
  pendingDeleteId,
  heading = "Notes",
  addLabel = "Add Note",
  emptyText = "No notes yet.",
}: {
  notes: readonly NoteItemData[];
  hrefFor: (dialog: NoteDialogState) => string;
  onOpen?: (dialog: NoteDialogState) => void;
  /** A note being deleted through a fetcher is hidden at once. */
  pendingDeleteId?: number | null;
  heading?: string;
  /** The header link that adds a note; null hides it (a contact with its one note already written). */
  addLabel?: string | null;
  emptyText?: string;
}) {
  const { newest, older } = splitNotes(notes.filter((n) => n.id !== pendingDeleteId));
  return (
    <section aria-labelledby="notes-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="mb-2 flex items-center justify-between gap-4">
        <h2 id="notes-heading" className="text-lg font-semibold text-slate-900">
          {heading}
        </h2>
        {addLabel ? (
          <NoteDialogLink
            dialog={{ kind: "note", noteId: null }}
            hrefFor={hrefFor}
            onOpen={onOpen}
            className="inline-flex min-h-6 items-center text-sm font-medium text-brand-700 underline hover:text-brand-900 print:hidden"
          >
            {addLabel}
          </NoteDialogLink>
        ) : null}
      </div>
      {newest ? (
        <>
          <NoteItem note={newest} hrefFor={hrefFor} onOpen={onOpen} />
          {older.length ? (
            <details className="mt-3 rounded-md border border-slate-200">
              <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">
                Older notes ({older.length})
              </summary>
              <ul className="divide-y divide-slate-100 px-3">
                {older.map((note) => (
                  <li key={note.id}>
                    <NoteItem note={note} hrefFor={hrefFor} onOpen={onOpen} />
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-slate-700">{emptyText}</p>
      )}
    </section>
  );
}

function NoteItem({
  note,
  hrefFor,
  onOpen,
}: {
  note: NoteItemData;
  hrefFor: (dialog: NoteDialogState) => string;
  onOpen?: (dialog: NoteDialogState) => void;
}) {
  const created = formatDate(note.created_at);
  const reminder = formatDate(note.notification_date ?? null);
  const label = created ? `note of ${created}` : "note";
  return (
    <article className="py-2" aria-label={created ? `Note of ${created}` : "Note"}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
        {created ? <span>{created}</span> : null}
        {reminder ? <span>Reminder: {reminder}</span> : null}
        <span className="ml-auto flex gap-3 print:hidden">
          <NoteDialogLink
            dialog={{ kind: "note", noteId: note.id }}
            hrefFor={hrefFor}
            onOpen={onOpen}
            className="inline-flex min-h-6 min-w-6 items-center font-medium text-brand-700 underline hover:text-brand-900"
            aria-label={`Edit ${label}`}
          >
            Edit
          </NoteDialogLink>
          <NoteDialogLink
            dialog={{ kind: "delete-note", noteId: note.id }}
            hrefFor={hrefFor}
            onOpen={onOpen}
            className="inline-flex min-h-6 min-w-6 items-center font-medium text-red-700 underline hover:text-red-900"
            aria-label={`Delete ${label}`}
          >
            Delete
          </NoteDialogLink>
        </span>
      </div>
      <p className="mt-1 whitespace-pre-line text-sm text-slate-900">{note.note}</p>
    </article>
  );
}

/** A link that opens one of the note dialogs: its address without JavaScript is the same dialog's. */
function NoteDialogLink({
  dialog,
  hrefFor,
  ...link
}: {
  dialog: NoteDialogState;
  hrefFor: (dialog: NoteDialogState) => string;
  onOpen?: (dialog: NoteDialogState) => void;
  className: string;
  "aria-label"?: string;
  children: React.ReactNode;
}) {
  return <DialogLink href={hrefFor(dialog)} dialog={dialog} {...link} />;
}
