/**
 * A project's change history (issue 45): GET Projects/{id}/Changes (a project the member may use, newest first)
 * and GET Users/Me/Changes?since= (the changes of the member's saved projects since a time, default 7 days ago,
 * only projects the member may open: decision 104). The history is written by upstream/changes/.
 */
import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import { changeQueries } from "../changes/read";
import { ApiError, type AppEnv, type Deps, idParam, requireAuth } from "../http";
import { memberRights } from "../rights";

const DAY_MS = 86_400_000;
const BAD_SINCE = "The since field must be a date and time.";

export function changeRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  const rights = memberRights(deps);
  const changes = changeQueries(deps.db, rights);
  const app = new Hono<AppEnv>();
  const { projectChanges, memberChanges } = endpoints;

  app.on(projectChanges.method, projectChanges.route, auth, (c) => {
    const id = idParam(c);
    // Reading what changed opens nothing and spends no report (as the notes and similar projects).
    rights.requireProject(c.get("userId"), id, "use");
    return c.json({ data: changes.ofProject(id) });
  });

  app.on(memberChanges.method, memberChanges.route, auth, (c) => {
    const raw = c.req.query("since");
    const since =
      raw === undefined || raw === "" ? new Date(deps.now().getTime() - 7 * DAY_MS) : new Date(raw);
    if (Number.isNaN(since.getTime())) throw new ApiError(422, BAD_SINCE, { since: [BAD_SINCE] });
    return c.json({ data: changes.ofMember(c.get("userId"), since) });
  });

  return app;
}
