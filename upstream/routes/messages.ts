import { Hono } from "hono";
import { z } from "zod";
import { endpoints } from "../../contract/endpoints";
import { GeneralMessage, ProjectResearchMessage } from "../../contract/messages";
import { ApiError, type AppEnv, type Deps, readRaw, requireAuth, validate } from "../http";

/** The message texts' limits: the app's forms allow 5000 characters of comment. */
const COMMENT_MAX = 5000;
const Comment = z
  .string()
  .trim()
  .min(1)
  .max(COMMENT_MAX, `The comment may not be greater than ${COMMENT_MAX} characters.`);

const General = GeneralMessage.extend({
  reason: z.string().trim().min(1).max(100, "The reason may not be greater than 100 characters."),
  comment: Comment,
});
const ProjectResearch = ProjectResearchMessage.extend({
  project_name: z.string().max(500, "The project name may not be greater than 500 characters."),
  comment: Comment,
});

const MESSAGE_SUBMITTED = "Your message has been submitted successfully!";

export function messageRoutes(deps: Deps) {
  const { db } = deps;
  const projectExists = db.prepare<[number], { id: number }>("SELECT id FROM projects WHERE id = ?");
  const insert = db.prepare(
    "INSERT INTO messages (user_id, reason, comment, project_id, project_name, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const app = new Hono<AppEnv>();

  app.on(endpoints.sendMessage.method, endpoints.sendMessage.route, requireAuth(deps), async (c) => {
    const raw = await readRaw(c);
    const now = deps.now().toISOString();
    let result: { lastInsertRowid: number | bigint };
    // The shape is told by project_id, so a bad payload gets that shape's field messages.
    if (typeof raw === "object" && raw !== null && "project_id" in raw) {
      const body = validate(ProjectResearch, raw);
      if (!projectExists.get(body.project_id)) {
        throw new ApiError(422, "The selected project does not exist.", {
          project_id: ["The selected project does not exist."],
        });
      }
      result = insert.run(c.get("userId"), "Research", body.comment, body.project_id, body.project_name, now);
    } else {
      const body = validate(General, raw);
      result = insert.run(c.get("userId"), body.reason, body.comment, null, null, now);
    }
    return c.json({ message: MESSAGE_SUBMITTED, data: { id: Number(result.lastInsertRowid) } }, 201);
  });

  return app;
}
