import type { ComponentProps } from "react";
import { lazyPart } from "~/components/lazy-part";

/**
 * The detail screens' dialogs, loaded with their first opening (or once the page is idle) rather than with
 * the screen: most visits to a project, contact or company open none of them. See lazyPart.
 */
const LazyNoteDialogs = lazyPart("note-dialogs", () => import("./note-dialogs").then((m) => m.NoteDialogs));

/** The note dialogs, rendered (and their chunk fetched) only while one is open. */
export function NoteDialogs(props: ComponentProps<typeof LazyNoteDialogs>) {
  const kind = props.dialog?.kind;
  return kind === "note" || kind === "delete-note" ? <LazyNoteDialogs {...props} /> : null;
}
NoteDialogs.usePreload = LazyNoteDialogs.usePreload;
export const ConfirmDialog = lazyPart("confirm-dialog", () =>
  import("./dialog-form").then((m) => m.ConfirmDialog),
);
export const ResearchDialog = lazyPart("research-dialog", () =>
  import("~/components/project/research-dialog").then((m) => m.ResearchDialog),
);
export const EditCompanyDialog = lazyPart("edit-company-dialog", () =>
  import("~/components/company/edit-company-dialog").then((m) => m.EditCompanyDialog),
);
