import { z } from "zod";

export { ORDER_DIRECTIONS, PER_PAGE } from "./constants";

/** Every list answer: data.total (matching), data.data (rows), top-level total (database total). */
export const listAnswer = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.object({ total: z.number().int(), data: z.array(row) }),
    total: z.number().int().nullable().optional(),
  });
