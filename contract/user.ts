import { z } from "zod";
import { dataEnvelope, IsoDate, IsoDateTime } from "./common";

export { FREE_TRIAL } from "./constants";
export const Tag = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  tag_type: z.union([z.literal(1), z.literal(2)]),
});
export type Tag = z.infer<typeof Tag>;

export const Plan = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  base_price: z.number(),
  additional_vertical_market_cost: z.number(),
  additional_state_cost: z.number(),
  coverage_limit: z.number().int(),
  coverage_state: z.union([z.literal(0), z.literal(1)]),
  coverage_county: z.union([z.literal(0), z.literal(1)]),
  coverage_vertical_market: z.union([z.literal(0), z.literal(1)]),
  users_count: z.number().int(),
  months: z.number().int(),
  download: z.boolean(),
});
export type Plan = z.infer<typeof Plan>;

export const AdditionalService = z.object({
  id: z.number().int(),
  name: z.string(),
  base_price: z.number(),
  description: z.string().nullable(),
});
export type AdditionalService = z.infer<typeof AdditionalService>;

export const Subscription = z.object({
  id: z.number().int(),
  plan: Plan,
  start_date: IsoDate.nullable(),
  trial_end_date: IsoDate.nullable(),
  remaining_projects: z.number().int().nullable(),
  payment_total: z.number().nullable(),
  activated: z.boolean(),
  subscription_additional_services: z.array(AdditionalService),
  subscription_project_types: z.array(z.object({ id: z.number().int(), name: z.string() })),
  subscription_states: z.array(z.object({ id: z.number().int(), abbr: z.string(), name: z.string() })),
  /** The counties of a county plan; absent from older APIs. */
  subscription_counties: z.array(z.object({ name: z.string(), state_abbr: z.string() })).optional(),
});
export type Subscription = z.infer<typeof Subscription>;

/** Alert preferences. alert_operator is stored by index into ALERT_OPERATORS. */
export const UserSettings = z.object({
  alert_weekly: z.boolean(),
  alert_operator: z.number().int().min(0).max(1).nullable(),
  alert_value: z.string().nullable(),
  alert_project_types: z.array(z.number().int()),
  alert_states: z.array(z.number().int()),
  /** The daily e-mail of the notes whose reminder date is today (absent from older APIs: on). */
  reminder_mail: z.boolean().optional(),
  /** The IANA time zone the mail schedules follow; null: US Central (absent from older APIs). */
  time_zone: z.string().nullable().optional(),
});
export type UserSettings = z.infer<typeof UserSettings>;

/**
 * What a member's alerts may be about: their plan's coverage (decision 104) as state and province ids, project
 * type ids and, for a county plan, its counties; null where nothing limits them.
 */
export const AlertCoverage = z.object({
  states: z.array(z.number().int()).nullable(),
  project_types: z.array(z.number().int()).nullable(),
  counties: z.array(z.object({ name: z.string(), state_abbr: z.string() })).nullable(),
});
export type AlertCoverage = z.infer<typeof AlertCoverage>;

export const AccountFields = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  county: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
});
export type AccountFields = z.infer<typeof AccountFields>;

export const ROLES = ["admin", "subadmin", "research_director", "researcher", "sales"] as const;

/**
 * GET Users/Me → data: the member, their capability flags (allow_*), subscription or trial, folders (all of them,
 * and by kind in projectTags and contactTags) and alert settings.
 */
export const User = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  member_type: z.string(),
  allow_download: z.boolean(),
  allow_share: z.boolean(),
  allow_directory: z.boolean(),
  allow_companysearch: z.boolean(),
  displaySubscriptionNudge: z.boolean(),
  roles: z.array(z.string()),
  subscription: Subscription.nullable(),
  trial_end_date: IsoDate.nullable(),
  remaining_projects: z.number().int().nullable(),
  tags: z.array(Tag),
  projectTags: z.array(Tag),
  contactTags: z.array(Tag),
  settings: UserSettings,
  created_at: IsoDateTime.optional(),
  /** Alerts created since the member last opened the Alerts list (GET Alerts); absent from older APIs. */
  unread_alerts: z.number().int().min(0).optional(),
  /** What alerts may be about (see AlertCoverage); null when the plan limits nothing; absent from older APIs. */
  alert_coverage: AlertCoverage.nullable().optional(),
});
export type User = z.infer<typeof User>;
export const UserAnswer = dataEnvelope(User);

/** GET Users/Me?withSettings=1 → data: the user plus the account edit fields. */
export const WithSettingsQuery = z.object({ withSettings: z.literal(1) });
export const UserWithSettings = User.extend(AccountFields.shape);
export type UserWithSettings = z.infer<typeof UserWithSettings>;
export const UserWithSettingsAnswer = dataEnvelope(UserWithSettings);
