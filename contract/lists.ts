import { z } from "zod";
import { ORDER_DIRECTIONS } from "./constants";

/**
 * The query of a searchable list (projects, contacts, companies): the keyword query, the page and its size, the
 * sort (orderBy is one of the list's columns), the member's saved rows only (mine) or one folder (tag), and the
 * advanced search as URL-encoded JSON.
 */
export const ListQuery = z.object({
  query: z.string().optional(),
  page: z.number().int().positive().optional(),
  perPage: z.number().int().positive().optional(),
  orderBy: z.string().optional(),
  orderDirection: z.enum(ORDER_DIRECTIONS).optional(),
  mine: z.union([z.literal(0), z.literal(1)]).optional(),
  tag: z.number().int().positive().optional(),
  advanced: z.string().optional(),
});

/** The query of the Notes lists: the keyword query, the page and its size, the sort. */
export const NoteListQuery = ListQuery.pick({
  query: true,
  page: true,
  perPage: true,
  orderBy: true,
  orderDirection: true,
});

/**
 * The body of a list download: the list's parameters but the page (every matching row is written). A plain form
 * post carries the member's token as `token`; a call with a bearer header needs none.
 */
export const ListDownloadRequest = ListQuery.omit({ page: true, perPage: true }).extend({
  token: z.string().optional(),
});

/** Every list answer: data.total (matching), data.data (rows), top-level total (database total). */
export const listAnswer = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.object({ total: z.number().int(), data: z.array(row) }),
    total: z.number().int().nullable().optional(),
  });
