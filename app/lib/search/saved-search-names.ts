/**
 * Saved-search names are unique per member and list (issue 43): a save under a name in use is answered with this
 * message on the name field, and the Save Search dialog then offers 'Replace' beside 'Save'.
 */
export const SAVED_SEARCH_NAME_IN_USE =
  "You already have a saved search with this name. Replace it with this search, or choose another name.";
