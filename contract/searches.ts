import { z } from "zod";
import { dataEnvelope } from "./common";
import { SAVED_SEARCH_MAIL } from "./constants";

/** The longest name of a saved search, and of its serialised parameters (the API refuses longer ones). */
export const SAVED_SEARCH_NAME_MAX = 100;
export const SAVED_SEARCH_TEXT_MAX = 8000;
/** How many saved searches of one kind a member may keep. */
export const SAVED_SEARCHES_MAX = 100;

/** How often a saved search mails its new matches: "daily", "weekly" or "off" (contact and company searches: "off"). */
export const SavedSearchMailFrequency = z.enum(SAVED_SEARCH_MAIL, {
  error: 'The e-mail frequency must be "off", "daily" or "weekly".',
});

/** A member's saved search of projects, contacts or companies: its parameters serialised as JSON text. */
export const SavedSearch = z.object({
  id: z.number().int(),
  name: z.string(),
  search: z.string(),
  /** A service that does not know the field (an older provider) answers as if every search were "off". */
  mail_frequency: SavedSearchMailFrequency.catch("off"),
});
export type SavedSearch = z.infer<typeof SavedSearch>;
export const SavedSearchListAnswer = dataEnvelope(z.array(SavedSearch));

/** POST Users/Me/Saved…Searches. */
/** The 409 of a save whose name is in use in that list: the member is asked whether to replace it. */
export const SAVED_SEARCH_NAME_TAKEN = "A saved search with this name already exists.";
export const SaveSearchRequest = z.object({
  name: z
    .string()
    .trim()
    .min(1, "The name field is required.")
    .max(SAVED_SEARCH_NAME_MAX, `The name may not be greater than ${SAVED_SEARCH_NAME_MAX} characters.`),
  search: z.string().min(2).max(SAVED_SEARCH_TEXT_MAX),
  /** Project searches only: mail the new matches daily or weekly (default "off"). */
  mail_frequency: SavedSearchMailFrequency.optional(),
  /**
   * Names are unique per member and list (case and outer spaces ignored): a name in use answers 409 with
   * SAVED_SEARCH_NAME_TAKEN, unless `replace` is true, when the saved search of that name takes this search
   * (and this mail choice) under its id.
   */
  replace: z.boolean().optional(),
});

/** PUT Users/Me/SavedSearches/{id}: how often a saved project search mails its new matches. */
export const UpdateSavedSearchRequest = z.object({ mail_frequency: SavedSearchMailFrequency });
export const SavedSearchAnswer = z.object({ data: SavedSearch, message: z.string().optional() });

/** GET Counties?states[]=TX: the counties of the chosen states. */
export const CountiesQuery = z.object({ states: z.array(z.string()).optional() });
export const County = z.object({ id: z.number().int(), name: z.string(), state: z.string() });
export type County = z.infer<typeof County>;
export const CountiesAnswer = dataEnvelope(z.array(County));
