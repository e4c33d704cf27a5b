/**
 * What a member may read and do, checked here whatever the client shows (docs/decisions/013-rights-on-the-server.md):
 * the capability flags on the user, the free trial's end, the one answer to "may this member open this project?"
 * that every project path asks and every list the API derives is filtered by (decision 104), and which contacts a
 * member without the directory may read.
 */
import { FREE_TRIAL } from "../contract/constants";
import { reportsRefusal } from "../contract/reports";
import { type Db, writeTransaction } from "./db/index";
import { ApiError, type Deps, notFound } from "./http";
import { type Coverage, coverageFor } from "./models/coverage";

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

/** A condition in SQL with its values: on `p` (a projects row) or `c` (a contacts row). */
export interface SqlCondition {
  sql: string;
  values: unknown[];
}

/**
 * Which projects a member may open, the one rule (decisions 013, 074, 104):
 * - `everything`: staff and members without a subscription, and plans that no dimension limits;
 * - `trial`: a Free Trial with days and reports left opens any project, a report for each one it has not opened;
 * - `opened`: a Free Trial that is over (or has no subscription) opens only the projects it opened;
 * - `coverage`: any other member opens a project they saved or one inside their coverage.
 */
export type ProjectAccess =
  | { kind: "everything" }
  | { kind: "trial"; subscriptionId: number }
  | { kind: "opened" }
  | { kind: "coverage"; coverage: Coverage };

/** What the rights read: the database and the clock (a trial's end). */
export type RightsDeps = Pick<Deps, "db" | "now">;

/**
 * What a member's alerts may be about: the state (and province) ids and project type ids their coverage allows,
 * and the counties it names; null where nothing limits them (issue 42).
 */
export interface AlertChoices {
  states: number[] | null;
  projectTypes: number[] | null;
  counties: { name: string; state_abbr: string }[] | null;
}

interface TrialRow {
  member_type: string;
  sub_id: number | null;
  start_date: string | null;
  trial_end_date: string | null;
  remaining_projects: number | null;
}

const EVERYTHING: SqlCondition = { sql: "1", values: [] };
const OPENED = "p.id IN (SELECT v.project_id FROM project_views v WHERE v.user_id = ?)";

/** The ids among `ids` that exist and meet a condition on `table alias`, in the order of `ids`. */
function idsMeeting(db: Db, from: string, condition: SqlCondition, ids: readonly number[]): number[] {
  if (ids.length === 0) return [];
  const alias = from.split(" ")[1];
  const found = new Set(
    db
      .prepare<unknown[], number>(
        `SELECT ${alias}.id FROM ${from} WHERE ${alias}.id IN (SELECT value FROM json_each(?)) AND (${condition.sql})`,
      )
      .pluck()
      .all(JSON.stringify(ids), ...condition.values),
  );
  return ids.filter((id) => found.has(id));
}

/** The project side of the rule: who a member is to it, and what that lets them open, as SQL. */
function projectAccessQueries(deps: RightsDeps) {
  const { db } = deps;
  const coverage = coverageFor(db);
  const trial = db.prepare<[number], TrialRow>(
    `SELECT u.member_type, s.id AS sub_id, s.start_date, s.trial_end_date, s.remaining_projects
     FROM users u LEFT JOIN subscriptions s ON s.user_id = u.id WHERE u.id = ?`,
  );

  function isTrial(row: TrialRow | undefined): row is TrialRow {
    return Boolean(row && row.member_type === FREE_TRIAL && row.start_date === null);
  }

  function trialOver(row: TrialRow): boolean {
    const today = deps.now().toISOString().slice(0, 10);
    if (row.trial_end_date !== null && row.trial_end_date.slice(0, 10) < today) return true;
    return (row.remaining_projects ?? 0) <= 0;
  }

  function accessOf(userId: number): ProjectAccess {
    const row = trial.get(userId);
    if (isTrial(row)) {
      if (trialOver(row) || row.sub_id === null) return { kind: "opened" };
      return { kind: "trial", subscriptionId: row.sub_id };
    }
    const c = coverage.of(userId);
    return c ? { kind: "coverage", coverage: c } : { kind: "everything" };
  }

  /**
   * The projects of an access as a condition on `p`. `spending` counts what a trial may open by spending a
   * report (lists of what it may open); without it, a trial reaches only what it opened (the contact rule).
   * A saved project outside the coverage is named by id, so that a coverage condition stays the one the
   * search's indexes serve.
   */
  function condition(userId: number, access: ProjectAccess, spending: boolean): SqlCondition {
    switch (access.kind) {
      case "everything":
        return EVERYTHING;
      case "trial":
        return spending ? EVERYTHING : { sql: OPENED, values: [userId] };
      case "opened":
        return { sql: OPENED, values: [userId] };
      case "coverage": {
        const inside = coverage.conditionOf(access.coverage);
        const savedOutside = db
          .prepare<unknown[], number>(
            `SELECT p.id FROM user_projects up JOIN projects p ON p.id = up.project_id
             WHERE up.user_id = ? AND NOT (${inside.sql})`,
          )
          .pluck()
          .all(userId, ...inside.values);
        if (savedOutside.length === 0) return inside;
        return {
          sql: `((${inside.sql}) OR p.id IN (SELECT value FROM json_each(?)))`,
          values: [...inside.values, JSON.stringify(savedOutside)],
        };
      }
    }
  }

  const stateIds = db
    .prepare<[string], number>(
      "SELECT id FROM states WHERE abbr IN (SELECT value FROM json_each(?)) ORDER BY id",
    )
    .pluck();

  /** The alert choices of a member: only a coverage limits them; null when it does not. */
  function alertChoices(userId: number): AlertChoices | null {
    const member = accessOf(userId);
    if (member.kind !== "coverage") return null;
    const { states, counties, typeIds } = member.coverage;
    let places: string[] | null = states;
    if (counties) {
      const countyStates = counties.map((c) => c.state_abbr);
      places = places ? places.filter((abbr) => countyStates.includes(abbr)) : countyStates;
    }
    return {
      states: places ? stateIds.all(JSON.stringify([...new Set(places)])) : null,
      projectTypes: typeIds ? [...typeIds].sort((a, b) => a - b) : null,
      counties,
    };
  }

  return { accessOf, condition, isTrial, trialOver, trial, alertChoices };
}

export function memberRights(deps: RightsDeps) {
  const { db } = deps;
  const access = projectAccessQueries(deps);
  const flags = db.prepare<[number], Record<Capability, number>>(
    "SELECT allow_download, allow_share, allow_directory, allow_companysearch FROM users WHERE id = ?",
  );
  const projectExists = db.prepare<[number], number>("SELECT 1 FROM projects WHERE id = ?").pluck();
  const viewed = db
    .prepare<[number, number], number>("SELECT 1 FROM project_views WHERE user_id = ? AND project_id = ?")
    .pluck();
  const recordView = db.prepare(
    "INSERT OR IGNORE INTO project_views (user_id, project_id, created_at) VALUES (?, ?, ?)",
  );
  const spendReport = db.prepare(
    "UPDATE subscriptions SET remaining_projects = remaining_projects - 1, updated_at = ? WHERE id = ?",
  );

  function has(userId: number, flag: Capability): boolean {
    return flags.get(userId)?.[flag] === 1;
  }

  /** A Free Trial (no subscription start) whose end date has passed or whose reports are used up. */
  function trialExpired(userId: number): boolean {
    const row = access.trial.get(userId);
    return access.isTrial(row) && access.trialOver(row);
  }

  function openableProjects(userId: number): SqlCondition {
    return access.condition(userId, access.accessOf(userId), true);
  }

  function openableIds(userId: number, ids: readonly number[]): number[] {
    return idsMeeting(db, "projects p", openableProjects(userId), ids);
  }

  /**
   * The contacts a member may read, as a condition on `c`: anyone with the directory (and not a trial that is
   * over) reads any; otherwise a contact the member saved, or one that a project open to the member names — for
   * a trial a project it opened, for anyone else one they may open.
   */
  function readableContacts(userId: number): SqlCondition {
    if (has(userId, "allow_directory") && !trialExpired(userId)) return EVERYTHING;
    const reached = access.condition(userId, access.accessOf(userId), false);
    return {
      sql: `(c.id IN (SELECT uc.contact_id FROM user_contacts uc WHERE uc.user_id = ?)
        OR EXISTS (SELECT 1 FROM project_contacts pc JOIN projects p ON p.id = pc.project_id
                   WHERE pc.contact_id = c.id AND (${reached.sql})))`,
      values: [userId, ...reached.values],
    };
  }

  /**
   * The one right to a project (issues 25, 42): the project must be one `openableProjects` lists; a Free Trial
   * opening ("open") a project it has not opened spends a report on it. Runs as one immediate transaction: two
   * tabs spending the last report at once cannot both get it.
   */
  const checkProject = writeTransaction(db, (userId: number, projectId: number, use: ProjectUse) => {
    if (!projectExists.get(projectId)) throw notFound(PROJECT_NOT_FOUND);
    const member = access.accessOf(userId);
    const allowed = idsMeeting(db, "projects p", access.condition(userId, member, true), [projectId]);
    if (allowed.length === 0)
      throw new ApiError(403, member.kind === "opened" ? TRIAL_EXPIRED : OUTSIDE_COVERAGE);
    if (member.kind !== "trial" || use === "use" || viewed.get(userId, projectId)) return;
    const now = deps.now().toISOString();
    recordView.run(userId, projectId, now);
    spendReport.run(now, member.subscriptionId);
  });

  const spendReports = db.prepare(
    "UPDATE subscriptions SET remaining_projects = remaining_projects - ?, updated_at = ? WHERE id = ?",
  );
  /**
   * The bulk "open" of several projects (decision 107), all or none: every project must exist and be open to the
   * member; a trial pays one report for each it has not opened, and a choice needing more than are left is refused
   * (409, naming the count) before anything is spent. Checked and spent in one immediate transaction, so two bulk
   * calls racing for the last reports cannot both get them; a caller's own transaction around it (saving the
   * links) makes the whole action one.
   */
  const openProjects = writeTransaction(db, (userId: number, projectIds: readonly number[]) => {
    const ids = [...new Set(projectIds)];
    if (ids.some((id) => !projectExists.get(id))) throw notFound(PROJECT_NOT_FOUND);
    const member = access.accessOf(userId);
    const allowed = idsMeeting(db, "projects p", access.condition(userId, member, true), ids);
    if (allowed.length < ids.length)
      throw new ApiError(403, member.kind === "opened" ? TRIAL_EXPIRED : OUTSIDE_COVERAGE);
    if (member.kind === "everything" || member.kind === "coverage") return { spent: 0, remaining: null };
    const remaining = access.trial.get(userId)?.remaining_projects ?? 0;
    const fresh = ids.filter((id) => !viewed.get(userId, id));
    if (fresh.length === 0) return { spent: 0, remaining };
    // A trial that is over reaches only what it opened: refused above.
    if (member.kind !== "trial") throw new ApiError(403, TRIAL_EXPIRED);
    if (fresh.length > remaining) {
      throw new ApiError(409, reportsRefusal({ projects: ids.length, needed: fresh.length, remaining }));
    }
    const now = deps.now().toISOString();
    for (const id of fresh) recordView.run(userId, id, now);
    spendReports.run(fresh.length, now, member.subscriptionId);
    return { spent: fresh.length, remaining: remaining - fresh.length };
  });

  return {
    has,
    trialExpired,
    openProjects,

    /** Who the member is to the project rule (see ProjectAccess). */
    projectAccess: access.accessOf,

    /** What the member's alerts may be about (their coverage), or null when nothing limits them. */
    alertChoices: access.alertChoices,

    /** The projects the member may open (spending a trial's report on one it has not opened), on `p`. */
    openableProjects,

    /** The ids among `ids` of projects the member may open, in their order. */
    openableIds,

    readableContacts,

    /** The ids among `ids` of contacts the member may read, in their order. */
    readableContactIds(userId: number, ids: readonly number[]): number[] {
      return idsMeeting(db, "contacts c", readableContacts(userId), ids);
    },

    /**
     * Why a Free Trial is over: "ended" (its end date has passed, or it has no subscription) or "reports" (spent,
     * days left); null for anyone else. The API's guard (upstream/trial-guard.ts) reads it.
     */
    trialOverBy(userId: number): "ended" | "reports" | null {
      const row = access.trial.get(userId);
      if (!access.isTrial(row) || !access.trialOver(row)) return null;
      const today = deps.now().toISOString().slice(0, 10);
      const ended =
        row.sub_id === null || (row.trial_end_date !== null && row.trial_end_date.slice(0, 10) < today);
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

    /** Refuses (403) a contact the member may not read (see readableContacts). */
    requireReadableContact(userId: number, contactId: number) {
      if (idsMeeting(db, "contacts c", readableContacts(userId), [contactId]).length === 1) return;
      throw new ApiError(403, trialExpired(userId) ? TRIAL_EXPIRED : NO_DIRECTORY);
    },
  };
}

export type MemberRights = ReturnType<typeof memberRights>;
