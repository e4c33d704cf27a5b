import { z } from "zod";

/** Every answer that wraps its payload in `data`. */
export const dataEnvelope = <T extends z.ZodType>(inner: T) => z.object({ data: inner });

/** The API's error answer: a human message, optionally per-field messages. */
export const ApiError = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/** A plain answer that only carries a message for the member. */
export const MessageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswer>;

/** The answer of a change the app only needs to know succeeded (save, folder, delete): a message, if any. */
export const AckAnswer = MessageAnswer.partial();

/** Dates travel as ISO-8601 strings (date-time or date). */
export const IsoDateTime = z.string().min(1);
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
