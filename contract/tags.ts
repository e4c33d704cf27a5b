import { z } from "zod";
import { Tag } from "./user";

export { DEFAULT_TAG_COLORS, isDefaultTagColor, MAX_FOLDERS_PER_TYPE, TAG_PALETTE } from "./constants";

export const CreateTagRequest = z.object({
  tag_type: z.union([z.literal(1), z.literal(2)]),
  name: z.string(),
  color: z.string(),
});
export const UpdateTagRequest = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string().optional(),
});
export const TagAnswer = z.object({ data: Tag, message: z.string().optional() });
