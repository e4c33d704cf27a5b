import { lazyPart } from "~/components/lazy-part";

/** The project screen's own dialog, loaded with its first opening (see components/detail/lazy-dialogs.tsx). */
export const ResearchDialog = lazyPart("research-dialog", () =>
  import("./research-dialog").then((m) => m.ResearchDialog),
);
