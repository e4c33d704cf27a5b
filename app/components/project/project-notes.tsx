import { formatDate } from "~/lib/dates";
import { type DetailDialog, splitNotes } from "~/lib/project-detail";
import type { ProjectNote } from "../../../contract/projects";
import { DialogLink } from "./dialog-link";

type OpenDialog = (dialog: Exclude<DetailDialog, null>) => void;

/** The notes area: the newest note, the older ones in a collapsible 'Older notes' section. */
export function ProjectNotes({
  notes,
  hrefFor,
  onOpen,
  pendingDeleteId,
}: {
  notes: ProjectNote[];
  hrefFor: (dialog: Exclude<DetailDialog, null>) => string;
  onOpen?: OpenDialog;
  /** A note being deleted through a fetcher is hidden at once. */
  pendingDeleteId?: number | null;
}) {
  const { newest, older } = splitNotes(notes.filter((n) => n.id !== pendingDeleteId));
  return (
    <section aria-labelledby="notes-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="mb-2 flex items-center justify-between gap-4">
        <h2 id="notes-heading" className="text-lg font-semibold text-slate-900">
          Notes
        </h2>
        <DialogLink
          href={hrefFor({ kind: "note", noteId: null })}
          dialog={{ kind: "note", noteId: null }}
          onOpen={onOpen}
          className="text-sm font-medium text-brand-700 underline hover:text-brand-900 print:hidden"
        >
          Add Note
        </DialogLink>
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
        <p className="text-sm text-slate-700">No notes yet.</p>
      )}
    </section>
  );
}

function NoteItem({
  note,
  hrefFor,
  onOpen,
}: {
  note: ProjectNote;
  hrefFor: (dialog: Exclude<DetailDialog, null>) => string;
  onOpen?: OpenDialog;
}) {
  const created = formatDate(note.created_at);
  const reminder = formatDate(note.notification_date);
  return (
    <article className="py-2" aria-label={`Note of ${created}`}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
        <span>{created}</span>
        {reminder ? <span>Reminder: {reminder}</span> : null}
        <span className="ml-auto flex gap-3 print:hidden">
          <DialogLink
            href={hrefFor({ kind: "note", noteId: note.id })}
            dialog={{ kind: "note", noteId: note.id }}
            onOpen={onOpen}
            className="font-medium text-brand-700 underline hover:text-brand-900"
            aria-label={`Edit note of ${created}`}
          >
            Edit
          </DialogLink>
          <DialogLink
            href={hrefFor({ kind: "delete-note", noteId: note.id })}
            dialog={{ kind: "delete-note", noteId: note.id }}
            onOpen={onOpen}
            className="font-medium text-red-700 underline hover:text-red-900"
            aria-label={`Delete note of ${created}`}
          >
            Delete
          </DialogLink>
        </span>
      </div>
      <p className="mt-1 whitespace-pre-line text-sm text-slate-900">{note.note}</p>
    </article>
  );
}
