import type { ComponentProps } from "react";
import { lazyPart } from "~/components/lazy-part";

/**
 * The dialogs every detail screen may open, loaded with their first opening (or once the page is idle) rather
 * than with the screen: most visits open none of them. See lazyPart. A screen's own dialogs are lazy parts of
 * its own folder (components/project/lazy-dialogs.tsx, components/company/lazy-dialogs.tsx).
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
