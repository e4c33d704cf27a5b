import type { AdditionalService, Plan, Subscription, Tag, User, UserWithSettings } from "../../contract/user";
import { alertSettings } from "../alerts/settings";
import { visibleAlerts } from "../alerts/visible";
import { memberRights, type RightsDeps } from "../rights";

interface UserRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  county: string | null;
  zip: string | null;
  country: string | null;
  member_type: string;
  allow_download: number;
  allow_share: number;
  allow_directory: number;
  allow_companysearch: number;
  display_subscription_nudge: number;
  alert_weekly: number;
  alert_operator: number | null;
  alert_value: string | null;
  reminder_mail: number;
  time_zone: string | null;
  created_at: string;
}

type PlanRow = Omit<Plan, "download" | "coverage_state" | "coverage_county" | "coverage_vertical_market"> & {
  download: number;
  coverage_state: number;
  coverage_county: number;
  coverage_vertical_market: number;
};

interface SubscriptionRow {
  id: number;
  plan_id: number;
  start_date: string | null;
  trial_end_date: string | null;
  remaining_projects: number | null;
  payment_total: number | null;
  activated: number;
}

const PLAN_COLUMNS = `id, slug, name, description, base_price, additional_vertical_market_cost, additional_state_cost,
  coverage_limit, coverage_state, coverage_county, coverage_vertical_market, users_count, months, download`;

const bit = (v: number) => (v ? 1 : 0);

function toPlan(row: PlanRow): Plan {
  return {
    ...row,
    coverage_state: bit(row.coverage_state),
    coverage_county: bit(row.coverage_county),
    coverage_vertical_market: bit(row.coverage_vertical_market),
    download: row.download === 1,
  };
}

/** Prepared queries for the current-user answer (GET Users/Me). */
export function userQueries(deps: RightsDeps) {
  const { db } = deps;
  const rights = memberRights(deps);
  const alerts = alertSettings(deps);
  const user = db.prepare<[number], UserRow>("SELECT * FROM users WHERE id = ?");
  const roles = db.prepare<[number], { name: string }>(
    "SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ? ORDER BY r.name",
  );
  const tags = db.prepare<[number], Tag>(
    "SELECT id, name, color, tag_type FROM tags WHERE user_id = ? ORDER BY tag_type, id",
  );
  const subscription = db.prepare<[number], SubscriptionRow>(
    `SELECT id, plan_id, start_date, trial_end_date, remaining_projects, payment_total, activated
     FROM subscriptions WHERE user_id = ?`,
  );
  const plan = db.prepare<[number], PlanRow>(`SELECT ${PLAN_COLUMNS} FROM plans WHERE id = ?`);
  const services = db.prepare<[number], AdditionalService>(
    `SELECT s.id, s.name, s.base_price, s.description FROM subscription_additional_services x
     JOIN additional_services s ON s.id = x.additional_service_id WHERE x.subscription_id = ? ORDER BY s.id`,
  );
  const types = db.prepare<[number], { id: number; name: string }>(
    `SELECT t.id, t.name FROM subscription_project_types x
     JOIN project_types t ON t.id = x.project_type_id WHERE x.subscription_id = ? ORDER BY t.name`,
  );
  const states = db.prepare<[number], { id: number; abbr: string; name: string }>(
    `SELECT s.id, s.abbr, s.name FROM subscription_states x
     JOIN states s ON s.id = x.state_id WHERE x.subscription_id = ? ORDER BY s.name`,
  );
  const counties = db.prepare<[number], { name: string; state_abbr: string }>(
    `SELECT c.name, c.state_abbr FROM subscription_counties x
     JOIN counties c ON c.id = x.county_id WHERE x.subscription_id = ? ORDER BY c.state_abbr, c.name`,
  );
  /** Alerts created since the member last read the list, of those the list shows them. */
  const unreadAlerts = (userId: number) => {
    const visible = visibleAlerts(rights, userId);
    return (
      db
        .prepare<unknown[], number>(
          `SELECT count(*) FROM alerts a JOIN users u ON u.id = a.user_id
           WHERE a.user_id = ? AND (u.alerts_seen_at IS NULL OR a.created_at > u.alerts_seen_at) AND ${visible.sql}`,
        )
        .pluck()
        .get(userId, ...visible.values) ?? 0
    );
  };

  function loadSubscription(userId: number): Subscription | null {
    const row = subscription.get(userId);
    if (!row) return null;
    const planRow = plan.get(row.plan_id);
    if (!planRow) return null;
    return {
      id: row.id,
      plan: toPlan(planRow),
      start_date: row.start_date,
      trial_end_date: row.trial_end_date,
      remaining_projects: row.remaining_projects,
      payment_total: row.payment_total,
      activated: row.activated === 1,
      subscription_additional_services: services.all(row.id),
      subscription_project_types: types.all(row.id),
      subscription_states: states.all(row.id),
      subscription_counties: counties.all(row.id),
    };
  }

  function load(userId: number): User | null;
  function load(userId: number, withSettings: true): UserWithSettings | null;
  function load(userId: number, withSettings = false): User | UserWithSettings | null {
    const u = user.get(userId);
    if (!u) return null;
    const allTags = tags.all(userId);
    const sub = loadSubscription(userId);
    const choices = alerts.choices(userId);
    const chosen = alerts.of(userId, choices);
    const me: User = {
      id: u.id,
      first_name: u.first_name,
      last_name: u.last_name,
      email: u.email,
      member_type: u.member_type,
      allow_download: u.allow_download === 1,
      allow_share: u.allow_share === 1,
      allow_directory: u.allow_directory === 1,
      allow_companysearch: u.allow_companysearch === 1,
      displaySubscriptionNudge: u.display_subscription_nudge === 1,
      roles: roles.all(userId).map((r) => r.name),
      subscription: sub,
      trial_end_date: sub?.trial_end_date ?? null,
      remaining_projects: sub?.remaining_projects ?? null,
      tags: allTags,
      projectTags: allTags.filter((t) => t.tag_type === 1),
      contactTags: allTags.filter((t) => t.tag_type === 2),
      settings: {
        alert_weekly: u.alert_weekly === 1,
        alert_operator: u.alert_operator,
        alert_value: u.alert_value,
        alert_project_types: chosen.projectTypes,
        alert_states: chosen.states,
        reminder_mail: u.reminder_mail === 1,
        time_zone: u.time_zone,
      },
      created_at: u.created_at,
      unread_alerts: unreadAlerts(userId),
      alert_coverage: choices
        ? { states: choices.states, project_types: choices.projectTypes, counties: choices.counties }
        : null,
    };
    if (!withSettings) return me;
    return {
      ...me,
      address1: u.address1,
      address2: u.address2,
      city: u.city,
      state: u.state,
      county: u.county,
      zip: u.zip,
      country: u.country,
    };
  }

  return { load, loadSubscription };
}
