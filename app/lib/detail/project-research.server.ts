import { z } from "zod";
import { endpoints } from "../../../contract/endpoints";
import type { ApiClient } from "../platform/api.server";
import type { MemberSession } from "../platform/session.server";
import { formIntent } from "./actions.server";
import { js } from "./forms.server";

/** Request Research on a project: a comment for the research team about it. */

const COMMENT_REQUIRED = "Please tell us what you would like us to investigate.";

export const ResearchSchema = z.object({
  intent: z.literal("research"),
  project_name: z.string().trim().max(500).optional(),
  comment: z
    .string({ error: COMMENT_REQUIRED })
    .trim()
    .min(1, COMMENT_REQUIRED)
    .max(5000, "The comment is too long."),
  js,
});

/** The project screen's 'research' intent: POST Messages about the project, then the 'Submitted' message. */
export function researchIntent(api: ApiClient, session: MemberSession) {
  return formIntent(ResearchSchema, async (v, id) => {
    await api.call(endpoints.sendMessage, {
      body: { project_id: id, project_name: v.project_name || `Project ${id}`, comment: v.comment },
    });
    session.flashToast({
      title: "Submitted",
      description: "Your message has been submitted successfully!",
      autoClose: true,
    });
  });
}
