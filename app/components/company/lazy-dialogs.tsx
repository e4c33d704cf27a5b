import { lazyPart } from "~/components/lazy-part";

/** The company screen's own dialog, loaded with its first opening (see components/detail/lazy-dialogs.tsx). */
export const EditCompanyDialog = lazyPart("edit-company-dialog", () =>
  import("./edit-company-dialog").then((m) => m.EditCompanyDialog),
);
