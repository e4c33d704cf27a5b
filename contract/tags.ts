import { z } from "zod";
import { Tag } from "./user";

/** The ten selectable folder colours; the first four are the defaults, which cannot be recoloured or deleted. */
export const TAG_PALETTE = [
  { name: "Green", color: "#2e7d32" },
  { name: "Yellow", color: "#f9a825" },
  { name: "Red", color: "#c62828" },
  { name: "Black", color: "#212121" },
  { name: "Blue", color: "#1565c0" },
  { name: "Orange", color: "#ef6c00" },
  { name: "Purple", color: "#6a1b9a" },
  { name: "Teal", color: "#00838f" },
  { name: "Pink", color: "#ad1457" },
  { name: "Gray", color: "#757575" },
] as const;
export const DEFAULT_TAG_COLORS: readonly string[] = TAG_PALETTE.slice(0, 4).map((c) => c.color);
export const MAX_FOLDERS_PER_TYPE = 8;

export function isDefaultTagColor(color: string) {
  return DEFAULT_TAG_COLORS.includes(color.toLowerCase());
}

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
