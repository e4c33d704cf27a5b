import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import type { Alert } from "../../contract/notes";
import { visibleAlerts } from "../alerts/visible";
import { type AppEnv, type Deps, requireAuth } from "../http";
import { memberRights } from "../rights";

/** How many alerts GET Alerts answers (newest first). */
const ALERTS_LIMIT = 200;

interface AlertRow {
  id: number;
  message: string;
  project_id: number | null;
  contact_id: number | null;
  created_at: string;
  project_title: string | null;
  first_name: string | null;
  last_name: string | null;
  contact_exists: number | null;
}

export function alertRoutes(deps: Deps) {
  const rights = memberRights(deps);
  /** The member's newest alerts, those about projects they may open and contacts they may read. */
  const list = (userId: number) => {
    const visible = visibleAlerts(rights, userId);
    return deps.db
      .prepare<unknown[], AlertRow>(
        `SELECT a.id, a.message, a.project_id, a.contact_id, a.created_at, pr.title AS project_title,
           co.first_name, co.last_name, co.id AS contact_exists
         FROM alerts a
         LEFT JOIN projects pr ON pr.id = a.project_id
         LEFT JOIN contacts co ON co.id = a.contact_id
         WHERE a.user_id = ? AND ${visible.sql} ORDER BY a.created_at DESC, a.id DESC LIMIT ?`,
      )
      .all(userId, ...visible.values, ALERTS_LIMIT);
  };
  // Reading the list marks its alerts read: Users/Me counts only those created after this.
  const markSeen = deps.db.prepare("UPDATE users SET alerts_seen_at = ? WHERE id = ?");
  const app = new Hono<AppEnv>();

  app.on(endpoints.alerts.method, endpoints.alerts.route, requireAuth(deps), (c) => {
    const data: Alert[] = list(c.get("userId")).map((r) => ({
      id: r.id,
      message: r.message,
      project_id: r.project_id,
      contact_id: r.contact_id,
      project:
        r.project_id !== null && r.project_title !== null
          ? { id: r.project_id, title: r.project_title }
          : null,
      contact:
        r.contact_id !== null && r.contact_exists !== null
          ? { id: r.contact_id, first_name: r.first_name, last_name: r.last_name }
          : null,
      created_at: r.created_at,
    }));
    markSeen.run(deps.now().toISOString(), c.get("userId"));
    return c.json({ data });
  });

  return app;
}
