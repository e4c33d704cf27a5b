/**
 * What a member may read and do, checked here whatever the client shows (docs/decisions/013-rights-on-the-server.md):
 * the capability flags on the user, the free trial's end, and which contacts a member without the directory may
 * read.
 */
import { FREE_TRIAL } from "../contract/constants";
import { ApiError, type Deps } from "./http";

export const TRIAL_EXPIRED = "Your free trial has expired.";
export const NO_DIRECTORY = "Your subscription does not include the contact directory.";

export type Capability = "allow_download" | "allow_share" | "allow_directory" | "allow_companysearch";

interface TrialRow {
  member_type: string;
  start_date: string | null;
  trial_end_date: string | null;
  remaining_projects: number | null;
}

export function memberRights(deps: Deps) {
  const { db } = deps;
  const flags = db.prepare<[number], Record<Capability, number>>(
    "SELECT allow_download, allow_share, allow_directory, allow_companysearch FROM users WHERE id = ?",
  );
  const trial = db.prepare<[number], TrialRow>(
    `SELECT u.member_type, s.start_date, s.trial_end_date, s.remaining_projects
     FROM users u LEFT JOIN subscriptions s ON s.user_id = u.id WHERE u.id = ?`,
  );
  const viewed = db
    .prepare<[number, number], number>("SELECT 1 FROM project_views WHERE user_id = ? AND project_id = ?")
    .pluck();
  const saved = db
    .prepare<[number, number], number>("SELECT 1 FROM user_contacts WHERE user_id = ? AND contact_id = ?")
    .pluck();
  /** A project that names the contact, and that the member may open (any, or for a trial one it opened or saved). */
  const linkedAny = db
    .prepare<[number], number>("SELECT 1 FROM project_contacts WHERE contact_id = ? LIMIT 1")
    .pluck();
  const linkedOpened = db
    .prepare<[number, number, number], number>(
      `SELECT 1 FROM project_contacts pc WHERE pc.contact_id = ? AND (
         EXISTS (SELECT 1 FROM project_views v WHERE v.user_id = ? AND v.project_id = pc.project_id)
         OR EXISTS (SELECT 1 FROM user_projects p WHERE p.user_id = ? AND p.project_id = pc.project_id)
       ) LIMIT 1`,
    )
    .pluck();

  function has(userId: number, flag: Capability): boolean {
    return flags.get(userId)?.[flag] === 1;
  }

  function isTrial(row: TrialRow | undefined): row is TrialRow {
    return Boolean(row && row.member_type === FREE_TRIAL && row.start_date === null);
  }

  /** A Free Trial (no subscription start) whose end date has passed or whose reports are used up. */
  function trialExpired(userId: number): boolean {
    const row = trial.get(userId);
    if (!isTrial(row)) return false;
    const today = deps.now().toISOString().slice(0, 10);
    if (row.trial_end_date !== null && row.trial_end_date.slice(0, 10) < today) return true;
    return (row.remaining_projects ?? 0) <= 0;
  }

  return {
    has,
    trialExpired,

    /** Refuses (403) a member without the capability. */
    require(userId: number, flag: Capability, message: string) {
      if (!has(userId, flag)) throw new ApiError(403, message);
    },

    /** Refuses (403) the member data of lists and searches to a trial that is over. */
    requireActiveTrial(userId: number) {
      if (trialExpired(userId)) throw new ApiError(403, TRIAL_EXPIRED);
    },

    /** A trial that is over still reads the projects it opened (their notes, their similar projects); no others. */
    requireOpenedProject(userId: number, projectId: number) {
      if (trialExpired(userId) && !viewed.get(userId, projectId)) throw new ApiError(403, TRIAL_EXPIRED);
    },

    /**
     * A contact the member may read: anyone with the directory reads any; without it, only contacts the member
     * saved or that a project the member may open names (a trial: a project it opened or saved).
     */
    requireReadableContact(userId: number, contactId: number) {
      if (has(userId, "allow_directory") && !trialExpired(userId)) return;
      if (saved.get(userId, contactId)) return;
      const row = trial.get(userId);
      const linked = isTrial(row) ? linkedOpened.get(contactId, userId, userId) : linkedAny.get(contactId);
      if (!linked) throw new ApiError(403, trialExpired(userId) ? TRIAL_EXPIRED : NO_DIRECTORY);
    },
  };
}
