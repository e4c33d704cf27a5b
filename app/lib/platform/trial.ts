import { FREE_TRIAL } from "../../../contract/constants";
import type { User } from "../../../contract/user";

type TrialFields = Pick<User, "member_type" | "trial_end_date" | "remaining_projects"> & {
  subscription?: {
    start_date?: string | null;
    trial_end_date?: string | null;
    remaining_projects?: number | null;
  } | null;
};

/** Member type 'Free Trial' (any other type is a paid member). */
export function isFreeTrial(user: Pick<User, "member_type"> | null | undefined): boolean {
  return user?.member_type === FREE_TRIAL;
}

/** The trial's last day (YYYY-MM-DD), from the user or, failing that, the subscription. */
export function trialEndDate(user: TrialFields): string | null {
  return user.trial_end_date ?? user.subscription?.trial_end_date ?? null;
}

/** Free reports left, from the user or, failing that, the subscription. */
export function remainingProjects(user: TrialFields): number | null {
  return user.remaining_projects ?? user.subscription?.remaining_projects ?? null;
}

/**
 * The reports a member has to spend, when their actions spend reports: a Free Trial without a subscription start
 * (decision 107). null for anyone else, who spends none.
 */
export function trialReportsLeft(user: TrialFields | null | undefined): number | null {
  if (!user || !isFreeTrial(user) || user.subscription?.start_date) return null;
  return Math.max(0, remainingProjects(user) ?? 0);
}

function dayOf(today: Date | string): string {
  if (typeof today === "string") return today.slice(0, 10);
  return today.toISOString().slice(0, 10);
}

/**
 * The trial is over for a Free Trial member with no subscription start date whose trial end date
 * has passed (strictly before today) or whose remaining reports are 0 or less.
 * `previousRemaining` (the count seen on the previous screen) keeps the dialog away on the screen where
 * the count has just dropped from 1 to 0: it triggers when the count is 0 and stays 0.
 */
export function isTrialExpired(
  user: TrialFields | null | undefined,
  today: Date | string,
  options: { previousRemaining?: number | null } = {},
): boolean {
  if (!user || !isFreeTrial(user)) return false;
  if (user.subscription?.start_date) return false;
  const end = trialEndDate(user);
  if (end && end.slice(0, 10) < dayOf(today)) return true;
  const remaining = remainingProjects(user);
  if (remaining === null || remaining > 0) return false;
  const previous = options.previousRemaining;
  if (typeof previous === "number" && previous > 0) return false;
  return true;
}

/**
 * Why a trial is over: its end date has passed ('expired'), or its reports are used while the date still runs
 * ('reports-used'). The blocking dialog says which (issue 43): "expired" only for the date.
 */
export function trialOverReason(
  user: TrialFields | null | undefined,
  today: Date | string,
): "expired" | "reports-used" {
  if (!user) return "expired";
  const end = trialEndDate(user);
  if (end && end.slice(0, 10) < dayOf(today)) return "expired";
  const remaining = remainingProjects(user);
  return remaining !== null && remaining <= 0 ? "reports-used" : "expired";
}

/**
 * The member as the blocked page's shell shows them (initials, name, the trial's end and reports): no folders, no
 * alerts, no settings, nothing of a project or a contact.
 */
type ShellMember = User;

/** The member of a blocked page, with everything but what the shell shows emptied. */
export function shellMember(user: User): ShellMember {
  return {
    ...user,
    tags: [],
    projectTags: [],
    contactTags: [],
    settings: {
      alert_weekly: false,
      alert_operator: null,
      alert_value: null,
      alert_project_types: [],
      alert_states: [],
    },
    unread_alerts: 0,
  };
}

/**
 * What a request stopped for a trial that is over answers (403): the blocking dialog inside the app shell, and
 * nothing but what they need (the public links, the member's name and trial; no folders, projects or contacts).
 */
export type TrialExpiredBody = {
  trialExpired: true;
  demoSchedulingUrl: string;
  shell: {
    member: ShellMember;
    marketingSiteUrl: string;
    supportPhone: string;
    videoChannelUrl: string;
  } | null;
};

export const TRIAL_EXPIRED_TITLE = "Your Free Trial Has Expired...";
export const TRIAL_REPORTS_USED_TITLE = "You Have Used Your Free Trial's Reports";

/** The document title of the trial-over page (the root's `meta` says it): "expired" only for the date. */
export function trialOverTitle(body: TrialExpiredBody, today: Date | string = new Date()): string {
  const reason = trialOverReason(body.shell?.member ?? null, today);
  return `${reason === "expired" ? TRIAL_EXPIRED_TITLE : TRIAL_REPORTS_USED_TITLE} | Project Leads`;
}

export function isTrialExpiredBody(value: unknown): value is TrialExpiredBody {
  return Boolean(value && typeof value === "object" && (value as TrialExpiredBody).trialExpired === true);
}
