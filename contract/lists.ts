import { z } from "zod";

/** List query parameters shared by projects, contacts and companies (both documents, §2.1 / table parameters). */
export const PER_PAGE = 15;
export const ORDER_DIRECTIONS = ["asc", "desc"] as const;

/** Every list answer: data.total (matching), data.data (rows), top-level total (database total). */
export const listAnswer = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.object({ total: z.number().int(), data: z.array(row) }),
    total: z.number().int().nullable().optional(),
  });
