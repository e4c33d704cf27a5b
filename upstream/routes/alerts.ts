import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import type { Alert } from "../../contract/notes";
import { type AppEnv, type Deps, requireAuth } from "../http";

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
  const list = deps.db.prepare<[number, number], AlertRow>(
    `SELECT a.id, a.message, a.project_id, a.contact_id, a.created_at, p.title AS project_title,
       c.first_name, c.last_name, c.id AS contact_exists
     FROM alerts a
     LEFT JOIN projects p ON p.id = a.project_id
     LEFT JOIN contacts c ON c.id = a.contact_id
     WHERE a.user_id = ? ORDER BY a.created_at DESC, a.id DESC LIMIT ?`,
  );
  // Reading the list marks its alerts read: Users/Me counts only those created after this.
  const markSeen = deps.db.prepare("UPDATE users SET alerts_seen_at = ? WHERE id = ?");
  const app = new Hono<AppEnv>();

  app.on(endpoints.alerts.method, endpoints.alerts.route, requireAuth(deps), (c) => {
    const data: Alert[] = list.all(c.get("userId"), ALERTS_LIMIT).map((r) => ({
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
