import { z } from "zod";

/** POST Messages: Ask A Question / Request Research {reason, comment}, or research on a project. */
export const GeneralMessage = z.object({ reason: z.string().min(1), comment: z.string() });
export const ProjectResearchMessage = z.object({
  project_id: z.coerce.number().int().positive(),
  project_name: z.string(),
  comment: z.string(),
});
export const MessageRequest = z.union([ProjectResearchMessage, GeneralMessage]);
export type MessageRequest = z.infer<typeof MessageRequest>;
export const MessageCreatedAnswer = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int() }),
});
