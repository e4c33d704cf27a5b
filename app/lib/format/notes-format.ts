import { fullName } from "./format";

/** The notes list shows a note's first 300 characters. */
export const NOTE_SUMMARY_LENGTH = 300;

/**
 * A note trimmed to `max` characters (code points, so an emoji is never cut in half), with an ellipsis
 * when something was cut. Trailing spaces before the ellipsis are dropped.
 */
export function trimNote(note: string | null | undefined, max = NOTE_SUMMARY_LENGTH): string {
  const text = (note ?? "").trim();
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join("").trimEnd()}…`;
}

const NOTE_TABS = ["projects", "contacts"] as const;
export type NoteTab = (typeof NOTE_TABS)[number];

/** The tab of the notes page from the URL: `tab=contacts`, anything else is the projects tab. */
export function noteTabFrom(value: string | null | undefined): NoteTab {
  return value?.toLowerCase() === "contacts" ? "contacts" : "projects";
}

type Subject = {
  project?: { id: number; title: string } | null;
  contact?: { id: number; first_name: string | null; last_name: string | null } | null;
  project_id?: number | null;
  contact_id?: number | null;
};

/** What a note or an alert is about: its link and its label ('First Last' for a contact), or null. */
export function subjectOf(
  entry: Subject,
): { href: string; label: string; kind: "project" | "contact" } | null {
  const projectId = entry.project?.id ?? entry.project_id ?? null;
  if (projectId)
    return {
      kind: "project",
      href: `/Projects/${projectId}`,
      label: entry.project?.title || `Project ${projectId}`,
    };
  const contactId = entry.contact?.id ?? entry.contact_id ?? null;
  if (contactId) {
    const name = entry.contact ? fullName(entry.contact.first_name, entry.contact.last_name) : "";
    return { kind: "contact", href: `/Contacts/${contactId}`, label: name || `Contact ${contactId}` };
  }
  return null;
}
