import { z } from "zod";
import { IsoDateTime } from "./common";

/** GET Notes/Projects and Notes/Contacts: paged note entries with their project or contact. */
export const NoteEntry = z.object({
  id: z.number().int(),
  note: z.string(),
  created_at: IsoDateTime,
  project: z.object({ id: z.number().int(), title: z.string() }).nullable().optional(),
  contact: z
    .object({ id: z.number().int(), first_name: z.string().nullable(), last_name: z.string().nullable() })
    .nullable()
    .optional(),
});
export type NoteEntry = z.infer<typeof NoteEntry>;
export const NoteListAnswer = z.object({
  data: z.object({ total: z.number().int(), data: z.array(NoteEntry) }),
});

export const Alert = z.object({
  id: z.number().int(),
  message: z.string(),
  project_id: z.number().int().nullable(),
  contact_id: z.number().int().nullable(),
  project: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  contact: z
    .object({ id: z.number().int(), first_name: z.string().nullable(), last_name: z.string().nullable() })
    .nullable(),
  created_at: IsoDateTime,
});
export type Alert = z.infer<typeof Alert>;
export const AlertListAnswer = z.object({ data: z.array(Alert) });
