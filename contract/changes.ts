import { z } from "zod";
import { IsoDateTime } from "./common";
import { CHANGE_FIELDS } from "./constants";

export { CHANGE_FIELDS } from "./constants";

/**
 * One change of a project (issue 45): the field, its old and new value as text (a stage's name, an ISO date, a
 * value in millions, "active"/"inactive", a contact's or company's name, an update's message; null where there was
 * none), and when.
 */
export const ProjectChange = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  field: z.enum(CHANGE_FIELDS),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  changed_at: IsoDateTime,
});
export type ProjectChange = z.infer<typeof ProjectChange>;

/**
 * A saved row's watch-list mark (issue 45, decision 126): a change of the project since the member last opened it
 * (or saved it, if never opened); at most two per row, one per field, newest first.
 */
export const ChangeMark = ProjectChange.pick({
  field: true,
  old_value: true,
  new_value: true,
  changed_at: true,
});
export type ChangeMark = z.infer<typeof ChangeMark>;

/** GET Projects/{id}/Changes: the project's changes, newest first. */
export const ProjectChangesAnswer = z.object({ data: z.array(ProjectChange) });

/** GET Users/Me/Changes?since=: the changes of the member's saved projects since a time (default: 7 days ago). */
export const MemberChangesQuery = z.object({ since: IsoDateTime.optional() });
export const MemberChange = ProjectChange.extend({
  project: z.object({
    id: z.number().int(),
    title: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
  }),
});
export type MemberChange = z.infer<typeof MemberChange>;
export const MemberChangesAnswer = z.object({ data: z.array(MemberChange) });
