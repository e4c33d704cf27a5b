import { type Db, writeTransaction } from "../db/index";
import { memberRights, type RightsDeps } from "../rights";
import { alertSettings } from "./settings";

export interface GenerateAlertsOptions {
  /** Projects entered or updated at or after this instant are considered. */
  since: Date | string;
  /** The time stamped on the new alerts (default now). */
  now?: Date;
  /** Only these members (default every member with alert_weekly on). */
  userIds?: number[];
  /** At most this many new alerts per member per run (default 200). */
  limitPerUser?: number;
}

export interface GenerateAlertsResult {
  /** Members whose settings were evaluated. */
  users: number;
  /** Alerts inserted (duplicates of the same member, project and day are skipped). */
  created: number;
  /** Projects entered or updated since `since`. */
  projects: number;
}

/**
 * Reads a value "in millions" leniently: '5', '5.5', '$5M', '5 million', '2,500,000' (taken as dollars when
 * it is 10,000 or more). Returns null when no number is in it.
 */
export function parseMillions(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const match = /\d[\d,]*(?:\.\d+)?|\.\d+/.exec(value);
  if (!match) return null;
  const n = Number(match[0].replace(/,/g, ""));
  if (!Number.isFinite(n)) return null;
  return n >= 10_000 ? n / 1_000_000 : n;
}

export interface AlertMember {
  id: number;
  alert_operator: number | null;
  alert_value: string | null;
}

export interface AlertProjectRow {
  id: number;
  title: string;
  city: string | null;
  state: string | null;
  minimum_value: number | null;
  created_at: string;
}

/**
 * A member's alert settings as a query: the projects entered or updated since an instant that the member may open
 * (memberRights.openableProjects: an alert outside the plan is never made, decision 104), of a chosen type (if
 * any), in a chosen state (if any; both kept to the coverage) and whose minimum_value (millions) is less or
 * greater than alert_value (operator index 0 'Less Than', 1 'Greater Than'; Greater Than when only a value is
 * set), newest first; and the alerts for them (at most one per member, project and day).
 */
export function alertMatcher(deps: RightsDeps) {
  const { db } = deps;
  const rights = memberRights(deps);
  const settings = alertSettings(deps);
  const insert = db.prepare(
    "INSERT OR IGNORE INTO alerts (user_id, message, project_id, contact_id, created_at) VALUES (?, ?, ?, NULL, ?)",
  );

  function match(member: AlertMember, since: string, limit: number): AlertProjectRow[] {
    const where = ["p.active = 1", "(p.created_at >= ? OR p.updated_at >= ?)"];
    const params: unknown[] = [since, since];
    const { states, projectTypes } = settings.of(member.id);
    if (projectTypes.length > 0) {
      where.push(
        `EXISTS (SELECT 1 FROM project_project_types ppt WHERE ppt.project_id = p.id AND ppt.project_type_id IN (SELECT value FROM json_each(?)))`,
      );
      params.push(JSON.stringify(projectTypes));
    }
    if (states.length > 0) {
      where.push("p.state IN (SELECT s.abbr FROM states s WHERE s.id IN (SELECT value FROM json_each(?)))");
      params.push(JSON.stringify(states));
    }
    const value = parseMillions(member.alert_value);
    if (value !== null) {
      where.push(member.alert_operator === 0 ? "p.minimum_value < ?" : "p.minimum_value > ?");
      params.push(value);
    }
    const openable = rights.openableProjects(member.id);
    if (openable.sql !== "1") {
      where.push(`(${openable.sql})`);
      params.push(...openable.values);
    }
    return db
      .prepare<unknown[], AlertProjectRow>(
        `SELECT p.id, p.title, p.city, p.state, p.minimum_value, p.created_at FROM projects p
         WHERE ${where.join(" AND ")} ORDER BY p.updated_at DESC, p.id DESC LIMIT ?`,
      )
      .all(...params, limit);
  }

  /** Writes the alerts of matched projects; returns how many were new. */
  function record(memberId: number, projects: AlertProjectRow[], since: string, now: string): number {
    let created = 0;
    for (const p of projects) {
      const place = [p.city, p.state].filter(Boolean).join(", ");
      const label = place ? `${p.title} (${place})` : p.title;
      const message =
        p.created_at >= since ? `New project matching your alert: ${label}` : `Project updated: ${label}`;
      created += insert.run(memberId, message, p.id, now).changes;
    }
    return created;
  }

  return { match, record };
}

/** Creates alerts from each member's alert settings (alert_weekly on): see alertMatcher. */
export function generateAlerts(db: Db, options: GenerateAlertsOptions): GenerateAlertsResult {
  const since = (typeof options.since === "string" ? new Date(options.since) : options.since).toISOString();
  const now = (options.now ?? new Date()).toISOString();
  const limit = options.limitPerUser ?? 200;
  const matcher = alertMatcher({ db, now: () => options.now ?? new Date() });

  const members = db
    .prepare<[], AlertMember>(
      "SELECT id, alert_operator, alert_value FROM users WHERE alert_weekly = 1 ORDER BY id",
    )
    .all()
    .filter((u) => !options.userIds || options.userIds.includes(u.id));

  const changed =
    db
      .prepare<[string, string], { n: number }>(
        "SELECT count(*) AS n FROM projects WHERE active = 1 AND (created_at >= ? OR updated_at >= ?)",
      )
      .get(since, since)?.n ?? 0;

  let created = 0;
  writeTransaction(db, () => {
    for (const member of members) {
      created += matcher.record(member.id, matcher.match(member, since, limit), since, now);
    }
  })();

  return { users: members.length, created, projects: changed };
}
