/**
 * What a member may read and do, checked here whatever the client shows (docs/decisions/013-rights-on-the-server.md):
 * the capability flags on the user, the free trial's end, the one answer to "may this member open this project?"
 * that every project path asks, and which contacts a member without the directory may read.
 */
import { FREE_TRIAL } from "../contract/constants";
import { writeTransaction } from "./db/index";
import { ApiError, type Deps, notFound } from "./http";
import { coverageFor } from "./models/coverage";

export const TRIAL_EXPIRED = "Your free trial has expired.";
export const NO_DIRECTORY = "Your subscription does not include the contact directory.";
export const PROJECT_NOT_FOUND = "A project with this ID could not be found.";
export const OUTSIDE_COVERAGE = "This project is outside the coverage of your subscription.";

export type Capability = "allow_download" | "allow_share" | "allow_directory" | "allow_companysearch";

/**
 * How a path uses a project: "open" shows it or keeps it (opening, saving, filing in a folder), and for a trial
 * spends a report on a project it has not opened; "use" reads or writes what hangs off it (the member's notes on
 * it, its similar projects: nothing a trial's search does not show) and never spends. The detail page asks for
 * both at once, so a trial's notes cannot wait for the report its opening spends.
 */
export type ProjectUse = "open" | "use";

interface TrialRow {
  member_type: string;
  sub_id: number | null;
  start_date: string | null;
  trial_end_date: string | null;
  remaining_projects: number | null;
}

export function memberRights(deps: Deps) {
  const { db } = deps;
  const coverage = coverageFor(db);
  const flags = db.prepare<[number], Record<Capability, number>>(
    "SELECT allow_download, allow_share, allow_directory, allow_companysearch FROM users WHERE id = ?",
  );
  const trial = db.prepare<[number], TrialRow>(
    `SELECT u.member_type, s.id AS sub_id, s.start_date, s.trial_end_date, s.remaining_projects
     FROM users u LEFT JOIN subscriptions s ON s.user_id = u.id WHERE u.id = ?`,
  );
  const projectExists = db.prepare<[number], number>("SELECT 1 FROM projects WHERE id = ?").pluck();
  const viewed = db
    .prepare<[number, number], number>("SELECT 1 FROM project_views WHERE user_id = ? AND project_id = ?")
    .pluck();
  const savedProject = db
    .prepare<[number, number], number>("SELECT 1 FROM user_projects WHERE user_id = ? AND project_id = ?")
    .pluck();
  const recordView = db.prepare(
    "INSERT OR IGNORE INTO project_views (user_id, project_id, created_at) VALUES (?, ?, ?)",
  );
  const spendReport = db.prepare(
    "UPDATE subscriptions SET remaining_projects = remaining_projects - 1, updated_at = ? WHERE id = ?",
  );
  const savedContact = db
    .prepare<[number, number], number>("SELECT 1 FROM user_contacts WHERE user_id = ? AND contact_id = ?")
    .pluck();
  /** A project the trial opened names the contact. */
  const linkedOpened = db
    .prepare<[number, number], number>(
      `SELECT 1 FROM project_contacts pc WHERE pc.contact_id = ?
         AND EXISTS (SELECT 1 FROM project_views v WHERE v.user_id = ? AND v.project_id = pc.project_id) LIMIT 1`,
    )
    .pluck();

  function has(userId: number, flag: Capability): boolean {
    return flags.get(userId)?.[flag] === 1;
  }

  function isTrial(row: TrialRow | undefined): row is TrialRow {
    return Boolean(row && row.member_type === FREE_TRIAL && row.start_date === null);
  }

  function today() {
    return deps.now().toISOString().slice(0, 10);
  }

  function trialOver(row: TrialRow): boolean {
    if (row.trial_end_date !== null && row.trial_end_date.slice(0, 10) < today()) return true;
    return (row.remaining_projects ?? 0) <= 0;
  }

  /** A Free Trial (no subscription start) whose end date has passed or whose reports are used up. */
  function trialExpired(userId: number): boolean {
    const row = trial.get(userId);
    return isTrial(row) && trialOver(row);
  }

  /**
   * The one right to a project (issue 25): a Free Trial may open a project it opened before, or another one while
   * it has days and reports left, which costs a report ("use" paths cost nothing); a trial that is over reaches
   * only the projects it opened. Anyone else may open a
   * project they saved or one inside their coverage. Saving and filing need the right to open, so a saved project
   * was always open to the member. Runs as one immediate transaction: two tabs spending the last report at once
   * cannot both get it.
   */
  const checkProject = writeTransaction(db, (userId: number, projectId: number, use: ProjectUse) => {
    if (!projectExists.get(projectId)) throw notFound(PROJECT_NOT_FOUND);
    const row = trial.get(userId);
    if (isTrial(row)) {
      if (viewed.get(userId, projectId)) return;
      if (trialOver(row) || row.sub_id === null) throw new ApiError(403, TRIAL_EXPIRED);
      if (use === "use") return;
      const now = deps.now().toISOString();
      recordView.run(userId, projectId, now);
      spendReport.run(now, row.sub_id);
      return;
    }
    if (savedProject.get(userId, projectId)) return;
    if (!coverage.covers(userId, projectId)) throw new ApiError(403, OUTSIDE_COVERAGE);
  });

  return {
    has,
    trialExpired,

    /**
     * Why a Free Trial is over: "ended" (its end date has passed, or it has no subscription) or "reports" (spent,
     * days left); null for anyone else. The API's guard (upstream/trial-guard.ts) reads it.
     */
    trialOverBy(userId: number): "ended" | "reports" | null {
      const row = trial.get(userId);
      if (!isTrial(row) || !trialOver(row)) return null;
      const ended =
        row.sub_id === null || (row.trial_end_date !== null && row.trial_end_date.slice(0, 10) < today());
      return ended ? "ended" : "reports";
    },

    /** Refuses (403) a member without the capability. */
    require(userId: number, flag: Capability, message: string) {
      if (!has(userId, flag)) throw new ApiError(403, message);
    },

    /** Refuses (403) the member data of lists and searches to a trial that is over. */
    requireActiveTrial(userId: number) {
      if (trialExpired(userId)) throw new ApiError(403, TRIAL_EXPIRED);
    },

    /** Refuses (404, 403) a project the member may not open or use; opening spends a trial's report. */
    requireProject(userId: number, projectId: number, use: ProjectUse) {
      checkProject(userId, projectId, use);
    },

    /**
     * A contact the member may read: anyone with the directory reads any; without it (or with a trial that is
     * over), only contacts the member saved or that a project open to the member names (for a trial: a project
     * it opened; for anyone else: a project they saved or one inside their coverage).
     */
    requireReadableContact(userId: number, contactId: number) {
      if (has(userId, "allow_directory") && !trialExpired(userId)) return;
      if (savedContact.get(userId, contactId)) return;
      const row = trial.get(userId);
      let linked: unknown;
      if (isTrial(row)) {
        linked = linkedOpened.get(contactId, userId);
      } else {
        const c = coverage.condition(userId);
        linked = db
          .prepare(
            `SELECT 1 FROM project_contacts pc JOIN projects p ON p.id = pc.project_id WHERE pc.contact_id = ?
               AND (EXISTS (SELECT 1 FROM user_projects up WHERE up.user_id = ? AND up.project_id = p.id) OR (${c.sql}))
             LIMIT 1`,
          )
          .get(contactId, userId, ...c.values);
      }
      if (!linked) throw new ApiError(403, trialExpired(userId) ? TRIAL_EXPIRED : NO_DIRECTORY);
    },
  };
}
