/**
 * The scheduled mail: the daily reminder digest and the weekly alert e-mail, each per member in the member's own
 * time zone (users.time_zone, US Central when unset).
 *
 * - Reminders: from SEND_HOUR on a member's day, one message listing the notes whose reminder date is that day
 *   (period: the local date). A day without such notes writes nothing, so a note added later that day is still
 *   mailed by a later run.
 * - Alerts: from Monday SEND_HOUR of a member's week (or the first run after it, if the API was down), the
 *   projects entered or updated since the member's previous alert run that match their settings: the alerts
 *   are added to the Alerts list and mailed (period: the ISO week).
 *
 * - Saved searches (issue 45): each saved project search set to "daily" (period: the local date, from SEND_HOUR)
 *   or "weekly" (period: the ISO week, from Monday SEND_HOUR) mails the projects entered since the search's
 *   last run (the first time: since it was saved or its mail turned on) that it matches, newest first, up to 25,
 *   with a link to the whole search in the app. The search runs through the list's own query builder
 *   (buildProjectQuery) inside memberRights.openableProjects; no new match claims nothing and sends nothing.
 *   Its period is claimed as "s{search id}:{period}": once per member, search and period.
 *
 * Each (job, member, period) is claimed with a lease row in mail_runs before anything is built, and marked done
 * in the transaction that writes the message: a restart or a second API instance never sends a period twice,
 * and a run that died holding a lease is taken over once the lease has run out. Members without access (a trial
 * that is over) are skipped; both messages name only projects the member may open (decision 104).
 */
import { randomUUID } from "node:crypto";
import { type AlertMember, alertMatcher } from "../alerts/generate";
import { writeTransaction } from "../db/index";
import { parseProjectListParams } from "../models/projects/params";
import { buildProjectQuery } from "../models/projects/search";
import { memberRights } from "../rights";
import { type MailDeps, mailOutbox } from "./outbox";
import {
  type AlertProject,
  alertsMessage,
  type ReminderNote,
  remindersMessage,
  type SearchProject,
  savedSearchMessage,
} from "./templates";
import { DEFAULT_TIME_ZONE, isoWeek, localTime } from "./zones";

/** The local hour from which the day's reminders and the week's alerts are sent. */
export const SEND_HOUR = 6;
/** How long a claimed period is held by a run before another may take it over. */
const LEASE_MS = 10 * 60_000;
/** At most this many projects or notes are listed in one message (the rest are counted). */
const LISTED = 50;
/** At most this many new matches are listed in a saved search's mail (the rest are counted, behind its link). */
export const SEARCH_LISTED = 25;
const NOTE_CHARS = 300;
const WEEK_MS = 7 * 86_400_000;

export type DigestJob = "alerts" | "reminders" | "searches";

export interface DigestSummary {
  /** Members whose period was due and claimed. */
  members: number;
  /** Messages written. */
  mailed: number;
}

export interface DigestRunOptions {
  /** Only these members (the test hook names one). */
  userIds?: number[];
}

export function mailDigests(deps: MailDeps) {
  const { db } = deps;
  const outbox = mailOutbox(deps);
  const rights = memberRights(deps);
  const matcher = alertMatcher(deps);
  const owner = randomUUID();

  const zones = db.prepare<[string], string>("SELECT DISTINCT coalesce(time_zone, ?) FROM users").pluck();
  const claim = db.prepare<[DigestJob, number, string, string, string, string]>(
    `INSERT INTO mail_runs (job, user_id, period, lease_owner, lease_until) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (job, user_id, period) DO UPDATE SET lease_owner = excluded.lease_owner,
       lease_until = excluded.lease_until
     WHERE mail_runs.done_at IS NULL AND (mail_runs.lease_until IS NULL OR mail_runs.lease_until <= ?)`,
  );
  const held = db.prepare<[DigestJob, number, string, string], { ok: number }>(
    `SELECT 1 AS ok FROM mail_runs WHERE job = ? AND user_id = ? AND period = ? AND lease_owner = ?
       AND done_at IS NULL`,
  );
  const finish = db.prepare<[string, number | null, DigestJob, number, string]>(
    `UPDATE mail_runs SET done_at = ?, outbox_id = ?, lease_owner = NULL, lease_until = NULL
     WHERE job = ? AND user_id = ? AND period = ?`,
  );
  const lastDone = db.prepare<[DigestJob, number], { done_at: string }>(
    "SELECT max(done_at) AS done_at FROM mail_runs WHERE job = ? AND user_id = ? AND done_at IS NOT NULL",
  );

  // Reminders: members of a zone with reminder mail on and a note due on the local date, not yet mailed.
  const reminderMembers = db
    .prepare<[string, string, string, string], number>(
      `SELECT DISTINCT u.id FROM project_notes n JOIN users u ON u.id = n.user_id
       WHERE n.notification_date = ? AND u.reminder_mail = 1 AND coalesce(u.time_zone, ?) = ?
         AND NOT EXISTS (SELECT 1 FROM mail_runs r WHERE r.job = 'reminders' AND r.user_id = u.id
                           AND r.period = ? AND r.done_at IS NOT NULL)
       ORDER BY u.id`,
    )
    .pluck();
  /** The notes due on a day, on projects the member may open (decision 104). */
  const dueNotes = (userId: number, day: string) => {
    const openable = rights.openableProjects(userId);
    return db
      .prepare<
        unknown[],
        { project_id: number; note: string; title: string; city: string | null; state: string | null }
      >(
        `SELECT n.project_id, n.note, p.title, p.city, p.state FROM project_notes n JOIN projects p ON p.id = n.project_id
         WHERE n.user_id = ? AND n.notification_date = ? AND (${openable.sql}) ORDER BY p.title, n.id`,
      )
      .all(userId, day, ...openable.values);
  };
  const reminderOn = db.prepare<[number], { ok: number }>(
    "SELECT 1 AS ok FROM users WHERE id = ? AND reminder_mail = 1",
  );

  // Alerts: members of a zone with weekly alerts on, whose week is not done.
  const alertMembers = db.prepare<[string, string, string], AlertMember>(
    `SELECT u.id, u.alert_operator, u.alert_value FROM users u
     WHERE u.alert_weekly = 1 AND coalesce(u.time_zone, ?) = ?
       AND NOT EXISTS (SELECT 1 FROM mail_runs r WHERE r.job = 'alerts' AND r.user_id = u.id AND r.period = ?
                         AND r.done_at IS NOT NULL)
     ORDER BY u.id`,
  );
  const alertMember = db.prepare<[number], AlertMember & { alert_weekly: number }>(
    "SELECT id, alert_operator, alert_value, alert_weekly FROM users WHERE id = ?",
  );

  // Saved searches: every project search with its mail on, of members in a zone, and the instant it counts from.
  interface MailedSearch {
    id: number;
    user_id: number;
    name: string;
    search: string;
    mail_frequency: "off" | "daily" | "weekly";
    since: string;
  }
  const mailedSearches = db.prepare<[string, string], MailedSearch>(
    `SELECT s.id, s.user_id, s.name, s.search, s.mail_frequency, coalesce(s.mail_since, s.created_at) AS since
     FROM saved_searches s JOIN users u ON u.id = s.user_id
     WHERE s.mail_frequency <> 'off' AND s.kind = 'project' AND coalesce(u.time_zone, ?) = ?
     ORDER BY s.user_id, s.id`,
  );
  const mailedSearch = db.prepare<[number], MailedSearch>(
    `SELECT id, user_id, name, search, mail_frequency, coalesce(mail_since, created_at) AS since
     FROM saved_searches WHERE id = ? AND kind = 'project'`,
  );
  const searchPeriodDone = db.prepare<[number, string], { ok: number }>(
    "SELECT 1 AS ok FROM mail_runs WHERE job = 'searches' AND user_id = ? AND period = ? AND done_at IS NOT NULL",
  );
  const advanceSince = db.prepare<[string, number, string]>(
    "UPDATE saved_searches SET mail_since = ? WHERE id = ? AND coalesce(mail_since, created_at) < ?",
  );

  /**
   * The projects a saved search newly matches for its member: entered after `since`, up to `until`, through the
   * projects list's own query (filters, keyword, active only) inside what the member may open; newest first.
   */
  function newMatches(userId: number, searchText: string, since: string, until: string) {
    const saved = jsonObject(searchText);
    const { query, ...advanced } = saved;
    const params = parseProjectListParams({ query: typeof query === "string" ? query : "", advanced });
    const q = buildProjectQuery(
      db,
      userId,
      { ...params, mine: false, tag: null, orderBy: null, orderDirection: null },
      rights.openableProjects(userId),
    );
    const where = [...q.where, "p.created_at > ?", "p.created_at <= ?"];
    const values = [...q.params, since, until];
    if (q.match !== null) {
      where.push("p.id IN (SELECT rowid FROM projects_fts WHERE projects_fts MATCH ?)");
      values.push(q.match);
    }
    const sql = `FROM ${q.from} WHERE ${where.join(" AND ")}`;
    const total =
      db
        .prepare<unknown[], number>(`SELECT count(*) ${sql}`)
        .pluck()
        .get(...values) ?? 0;
    const projects =
      total === 0
        ? []
        : db
            .prepare<unknown[], SearchProject>(
              `SELECT p.id, p.title, p.city, p.state, p.minimum_value ${sql}
               ORDER BY p.created_at DESC, p.id DESC LIMIT ${SEARCH_LISTED}`,
            )
            .all(...values);
    return { total, projects, saved };
  }

  /** Claims a member's period for this run; false when it is done or another run holds it. */
  function take(job: DigestJob, userId: number, period: string, at: Date): boolean {
    const now = at.toISOString();
    return (
      claim.run(job, userId, period, owner, new Date(at.getTime() + LEASE_MS).toISOString(), now).changes ===
      1
    );
  }

  /** Writes the period's message (or nothing) and marks it done, if this run still holds it. */
  const complete = writeTransaction(
    db,
    (job: DigestJob, userId: number, period: string, at: Date, write: () => number | null): boolean => {
      if (!held.get(job, userId, period, owner)) return false;
      const outboxId = write();
      finish.run(at.toISOString(), outboxId, job, userId, period);
      return outboxId !== null;
    },
  );

  function forEachZone(each: (zone: string) => void) {
    for (const zone of zones.all(DEFAULT_TIME_ZONE)) each(zone);
  }

  function runReminders(at: Date, options: DigestRunOptions = {}): DigestSummary {
    const summary = { members: 0, mailed: 0 };
    forEachZone((zone) => {
      const local = localTime(at, zone);
      if (local.hour < SEND_HOUR) return;
      const period = local.date;
      for (const userId of reminderMembers.all(period, DEFAULT_TIME_ZONE, zone, period)) {
        if (options.userIds && !options.userIds.includes(userId)) continue;
        if (rights.trialExpired(userId)) continue;
        if (!take("reminders", userId, period, at)) continue;
        summary.members++;
        const mailed = complete("reminders", userId, period, at, () => {
          const member = outbox.member(userId);
          const notes = dueNotes(userId, period);
          if (!member || notes.length === 0 || !reminderOn.get(userId)) return null;
          const listed: ReminderNote[] = notes.slice(0, LISTED).map((n) => ({
            projectId: n.project_id,
            title: n.title,
            city: n.city,
            state: n.state,
            note: n.note.length > NOTE_CHARS ? `${n.note.slice(0, NOTE_CHARS - 1)}…` : n.note,
          }));
          const unsubscribe = outbox.unsubscribeLink(userId, "reminders");
          return outbox.enqueue({
            kind: "reminders",
            userId,
            to: member.email,
            toName: outbox.nameOf(member),
            message: remindersMessage(
              { appUrl: deps.appBaseUrl, firstName: member.first_name },
              {
                email: member.email,
                date: period,
                notes: listed,
                more: notes.length - listed.length,
                unsubscribeUrl: unsubscribe.url,
              },
            ),
            headers: outbox.listHeaders(unsubscribe.url),
            secrets: [unsubscribe.token],
          });
        });
        if (mailed) summary.mailed++;
      }
    });
    return summary;
  }

  function runAlerts(at: Date, options: DigestRunOptions = {}): DigestSummary {
    const summary = { members: 0, mailed: 0 };
    forEachZone((zone) => {
      const local = localTime(at, zone);
      if (local.weekday === 1 && local.hour < SEND_HOUR) return;
      const period = isoWeek(local.date);
      for (const candidate of alertMembers.all(DEFAULT_TIME_ZONE, zone, period)) {
        const userId = candidate.id;
        if (options.userIds && !options.userIds.includes(userId)) continue;
        if (rights.trialExpired(userId)) continue;
        if (!take("alerts", userId, period, at)) continue;
        summary.members++;
        const previous = lastDone.get("alerts", userId)?.done_at;
        const weekAgo = new Date(at.getTime() - WEEK_MS).toISOString();
        const since = previous && previous > weekAgo ? previous : weekAgo;
        const mailed = complete("alerts", userId, period, at, () => {
          const settings = alertMember.get(userId);
          const member = outbox.member(userId);
          if (!settings?.alert_weekly || !member) return null;
          const projects = matcher.match(settings, since, 200);
          matcher.record(userId, projects, since, at.toISOString());
          if (projects.length === 0) return null;
          const listed: AlertProject[] = projects.slice(0, LISTED).map((p) => ({
            id: p.id,
            title: p.title,
            city: p.city,
            state: p.state,
            minimum_value: p.minimum_value,
            isNew: p.created_at >= since,
          }));
          const unsubscribe = outbox.unsubscribeLink(userId, "alerts");
          return outbox.enqueue({
            kind: "alerts",
            userId,
            to: member.email,
            toName: outbox.nameOf(member),
            message: alertsMessage(
              { appUrl: deps.appBaseUrl, firstName: member.first_name },
              {
                email: member.email,
                projects: listed,
                more: projects.length - listed.length,
                unsubscribeUrl: unsubscribe.url,
              },
            ),
            headers: outbox.listHeaders(unsubscribe.url),
            secrets: [unsubscribe.token],
          });
        });
        if (mailed) summary.mailed++;
      }
    });
    return summary;
  }

  function runSearches(at: Date, options: DigestRunOptions = {}): DigestSummary {
    const summary = { members: 0, mailed: 0 };
    const until = at.toISOString();
    forEachZone((zone) => {
      const local = localTime(at, zone);
      for (const candidate of mailedSearches.all(DEFAULT_TIME_ZONE, zone)) {
        const userId = candidate.user_id;
        if (options.userIds && !options.userIds.includes(userId)) continue;
        let period: string;
        if (candidate.mail_frequency === "daily") {
          if (local.hour < SEND_HOUR) continue;
          period = `s${candidate.id}:${local.date}`;
        } else {
          if (local.weekday === 1 && local.hour < SEND_HOUR) continue;
          period = `s${candidate.id}:${isoWeek(local.date)}`;
        }
        if (searchPeriodDone.get(userId, period)) continue;
        if (rights.trialExpired(userId)) continue;
        // No new match claims nothing: a project entered later in the period is mailed by a later run.
        if (newMatches(userId, candidate.search, candidate.since, until).total === 0) continue;
        if (!take("searches", userId, period, at)) continue;
        summary.members++;
        const mailed = complete("searches", userId, period, at, () => {
          // Read again under the claim: the member may have turned it off or changed it meanwhile.
          const current = mailedSearch.get(candidate.id);
          const member = outbox.member(userId);
          if (!current || current.user_id !== userId || current.mail_frequency === "off" || !member)
            return null;
          const found = newMatches(userId, current.search, current.since, until);
          advanceSince.run(until, current.id, until);
          if (found.total === 0) return null;
          const unsubscribe = outbox.unsubscribeLink(userId, "searches", current.id);
          return outbox.enqueue({
            kind: "searches",
            userId,
            to: member.email,
            toName: outbox.nameOf(member),
            message: savedSearchMessage(
              { appUrl: deps.appBaseUrl, firstName: member.first_name },
              {
                email: member.email,
                searchName: current.name,
                frequency: current.mail_frequency,
                projects: found.projects,
                more: found.total - found.projects.length,
                searchUrl: savedSearchUrl(deps.appBaseUrl, found.saved),
                unsubscribeUrl: unsubscribe.url,
              },
            ),
            headers: outbox.listHeaders(unsubscribe.url),
            secrets: [unsubscribe.token],
          });
        });
        if (mailed) summary.mailed++;
      }
    });
    return summary;
  }

  return {
    runReminders,
    runAlerts,
    runSearches,
  };
}

/** A saved search's JSON text as an object (anything else: no fields). */
function jsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * The saved search in the app, as its Saved Searches dialog loads it (its fields under their URL names, the panel
 * open, page 1), sorted by entry date, newest first.
 */
export function savedSearchUrl(appUrl: string, saved: Record<string, unknown>): string {
  const href = new URLSearchParams({ page: "1", orderBy: "created_at", orderDirection: "desc", panel: "1" });
  const query = saved.query;
  if (typeof query === "string" && query.trim()) href.set("query", query.trim().slice(0, 200));
  for (const [name, value] of Object.entries(saved)) {
    if (name === "query") continue;
    if (value === true) href.append(name, "1");
    else if (Array.isArray(value)) for (const v of value) href.append(name, String(v));
    else if (typeof value === "string" || typeof value === "number") href.append(name, String(value));
  }
  return `${appUrl}/Projects?${href}`;
}

export type MailDigests = ReturnType<typeof mailDigests>;
