import { lazyPart } from "~/components/lazy-part";

/**
 * The lists' advanced search panels and saved-search dialogs, loaded with their first opening (or once the
 * page is idle) rather than with the list: most list views have them closed. See lazyPart.
 */
export const ProjectSearchPanel = lazyPart("project-search-panel", () =>
  import("./project-search-panel").then((m) => m.ProjectSearchPanel),
);
export const ListSearchPanel = lazyPart("list-search-panel", () =>
  import("./simple-search-panel").then((m) => m.ListSearchPanel),
);
export const SaveSearchDialog = lazyPart("save-search-dialog", () =>
  import("./saved-search-dialogs").then((m) => m.SaveSearchDialog),
);
export const SavedSearchesDialog = lazyPart("saved-searches-dialog", () =>
  import("./saved-search-dialogs").then((m) => m.SavedSearchesDialog),
);
