import { z } from "zod";
import { dataEnvelope } from "./common";

/** The longest name of a saved search, and of its serialised parameters (the API refuses longer ones). */
export const SAVED_SEARCH_NAME_MAX = 100;
export const SAVED_SEARCH_TEXT_MAX = 8000;
/** How many saved searches of one kind a member may keep. */
export const SAVED_SEARCHES_MAX = 100;

/** A member's saved search of projects, contacts or companies: its parameters serialised as JSON text. */
export const SavedSearch = z.object({ id: z.number().int(), name: z.string(), search: z.string() });
export type SavedSearch = z.infer<typeof SavedSearch>;
export const SavedSearchListAnswer = dataEnvelope(z.array(SavedSearch));

/** POST Users/Me/Saved…Searches. */
export const SaveSearchRequest = z.object({
  name: z
    .string()
    .trim()
    .min(1, "The name field is required.")
    .max(SAVED_SEARCH_NAME_MAX, `The name may not be greater than ${SAVED_SEARCH_NAME_MAX} characters.`),
  search: z.string().min(2).max(SAVED_SEARCH_TEXT_MAX),
});
export const SavedSearchAnswer = z.object({ data: SavedSearch, message: z.string().optional() });

/** GET Counties?states[]=TX: the counties of the chosen states. */
export const CountiesQuery = z.object({ states: z.array(z.string()).optional() });
export const County = z.object({ id: z.number().int(), name: z.string(), state: z.string() });
export type County = z.infer<typeof County>;
export const CountiesAnswer = dataEnvelope(z.array(County));
