import { lazyPart } from "~/components/lazy-part";

/**
 * The lists' saved-search dialogs, loaded with their first opening (or once the page is idle) rather than with
 * the list. See lazyPart. The advanced panels stay in the lists' first load: a panel open at page load inside a
 * lazy part's Suspense boundary hydrates in a pass of its own, after the page, and in the clean-clone CI runs a
 * click on it right after the page loaded was lost now and then (decision 064).
 */
export const SaveSearchDialog = lazyPart("save-search-dialog", () =>
  import("./saved-search-dialogs").then((m) => m.SaveSearchDialog),
);
export const SavedSearchesDialog = lazyPart("saved-searches-dialog", () =>
  import("./saved-search-dialogs").then((m) => m.SavedSearchesDialog),
);
