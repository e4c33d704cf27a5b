import { z } from "zod";
import { ChangeMark } from "./changes";
import { IsoDate, IsoDateTime } from "./common";
import { listAnswer } from "./lists";
import { Tag } from "./user";

export { PROJECT_ORDER_BY } from "./constants";

const ProjectType = z.object({
  id: z.number().int(),
  name: z.string(),
  units_label: z.string().nullable(),
});
export const Named = z.object({ id: z.number().int(), name: z.string() });

/** The member's link to a saved project (absent or null when not saved). */
export const SavedLink = z.object({ id: z.number().int(), tag_id: z.number().int().nullable() });

export const ProjectRow = z.object({
  id: z.number().int(),
  title: z.string(),
  address1: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  types: z.array(ProjectType),
  construction_type: z.string().nullable(),
  stage: Named.nullable(),
  minimum_value: z.number().nullable(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  /** The bid date (issue 45's list column); absent from older APIs. */
  bidding_date: IsoDate.nullable().optional(),
  tag: z.array(Tag),
  user: SavedLink.nullable(),
  /**
   * The member opened this project on a Free Trial: a report was spent on it, so opening, saving or filing it again
   * costs nothing (decision 107). Absent from older APIs: then every project a trial has not saved counts as new.
   */
  opened: z.boolean().optional(),
  /**
   * Saved lists only (Me/Projects, a folder): what changed since the member last opened the project, or since it
   * was saved (issue 45's watch list, decision 126); empty when nothing did. Absent from searches and older APIs.
   */
  changes: z.array(ChangeMark).optional(),
});
export type ProjectRow = z.infer<typeof ProjectRow>;
export const ProjectListAnswer = listAnswer(ProjectRow);

const ProjectContact = z.object({
  id: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  title: z.string().nullable(),
  /** The company's id, for its page (issue 45); absent from older APIs. */
  company_id: z.number().int().nullable().optional(),
  company_name: z.string().nullable(),
  company_type: Named.nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const Project = ProjectRow.extend({
  address2: z.string().nullable(),
  county: z.string().nullable(),
  subtypes: z.array(Named),
  brands: z.array(Named),
  sector: z.string().nullable(),
  renovation_includes_addition: z.boolean(),
  min_unit: z.number().nullable(),
  max_unit: z.number().nullable(),
  details: z.string().nullable(),
  is_demolition: z.string().nullable(),
  negotiated_work: z.string().nullable(),
  start_date: IsoDate.nullable(),
  start_date_notes: z.string().nullable(),
  end_date: IsoDate.nullable(),
  end_date_notes: z.string().nullable(),
  bidding_date: IsoDate.nullable(),
  bidding_information: z.string().nullable(),
  update_notes: z.string().nullable(),
  updates: z.array(z.object({ id: z.number().int(), updated_at: IsoDateTime, message: z.string() })),
  materials: z.array(Named),
  contacts: z.array(ProjectContact),
  lat: z.number().nullable().optional(),
  lng: z.number().nullable().optional(),
});
export type Project = z.infer<typeof Project>;
export const ProjectAnswer = z.object({ data: Project });

export const CountMineAnswer = z.object({ data: z.number().int() });

export const ProjectNote = z.object({
  id: z.number().int(),
  note: z.string(),
  notification_date: IsoDate.nullable(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime.optional(),
  project_id: z.number().int().optional(),
  project: z
    .object({
      id: z.number().int(),
      title: z.string(),
      city: z.string().nullable(),
      state: z.string().nullable(),
    })
    .optional(),
});
export type ProjectNote = z.infer<typeof ProjectNote>;
export const ProjectNotesAnswer = z.object({ data: z.array(ProjectNote) });
export const SaveProjectNoteRequest = z.object({
  id: z.number().int().nullable().optional(),
  note: z.string(),
  notification_date: IsoDate.nullable().optional(),
});
/** The note save answer may carry an error flag with a message instead of the note. */
export const SaveProjectNoteAnswer = z.object({
  data: ProjectNote.optional(),
  error: z.boolean().optional(),
  message: z.string().optional(),
});

/** Similar projects are paged by `page` alone (SIMILAR_PER_PAGE a page). */
export const SimilarProjectsQuery = z.object({ page: z.number().int().positive().optional() });
export const SimilarProjectsAnswer = z.object({
  data: z.object({ total: z.number().int(), data: z.array(ProjectRow) }),
});

export const SaveProjectRequest = z.object({ project_id: z.number().int() });
export const AddProjectTagRequest = z.object({
  project_id: z.number().int(),
  tag_id: z.number().int().nullable(),
});
export const DeleteSavedProjectsRequest = z.object({ ids: z.array(z.number().int()).min(1) });

/** The most projects one bulk call saves (a list page's largest page). */
export const SAVE_MANY_MAX = 100;

/**
 * Saves several projects at once, all or none (decision 107): each needs the right to open it, and a Free Trial
 * pays a report for each it has not opened, checked and spent in one transaction. `tag_id` files them all in that
 * folder (null: no folder); absent, a project already saved keeps its folder.
 */
export const SaveProjectsRequest = z.object({
  project_ids: z.array(z.number().int()).min(1).max(SAVE_MANY_MAX),
  tag_id: z.number().int().nullable().optional(),
});
export const SaveProjectsAnswer = z.object({
  message: z.string().optional(),
  data: z.object({
    /** How many projects were chosen (each now saved). */
    saved: z.number().int(),
    /** Reports the call spent (0 for a member who is not on a trial). */
    reports_spent: z.number().int(),
    /** A trial's reports left after the call; null for anyone else. */
    remaining_projects: z.number().int().nullable(),
  }),
});

export const GeocodeAnswer = z.object({
  status: z.string(),
  results: z.array(
    z.object({
      formatted_address: z.string().optional(),
      geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
    }),
  ),
});
