import { z } from "zod";
import type { AccountFields, UserSettings } from "../../../contract/user";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_TYPED_MAX, tooLong } from "../platform/form-limits";
import { DEFAULT_COUNTRY } from "./profile-forms";

/** The profile pages' forms, validated by their actions (Account, change password, Settings). */

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong(max));
const optionalText = (max: number) => z.string().trim().max(max, tooLong(max)).optional();

const PASSWORD_TOO_LONG = tooLong(PASSWORD_MAX);

/** The account form (PUT Users/Me with the account edit fields). The server has the final word. */
export const AccountSchema = z.object({
  intent: z.literal("account"),
  first_name: required("Please enter your first name.", NAME_MAX),
  last_name: required("Please enter your last name.", NAME_MAX),
  email: z
    .string({ error: "Please enter your email." })
    .trim()
    .max(EMAIL_MAX, tooLong(EMAIL_MAX))
    .pipe(z.email({ error: "Please enter a valid email address." })),
  address1: optionalText(255),
  address2: optionalText(255),
  city: optionalText(100),
  state: optionalText(100),
  county: optionalText(100),
  zip: optionalText(20),
  country: optionalText(60),
  /** Needed only when the e-mail changes (checked by the action against the stored address, then by the API). */
  currentPassword: z.string().max(PASSWORD_TYPED_MAX, tooLong(PASSWORD_TYPED_MAX)).optional(),
});
type AccountValues = z.infer<typeof AccountSchema>;

/** The PUT Users/Me body of the account form: empty optional fields clear their value; country defaults to US. */
export function toAccountPayload(value: Omit<AccountValues, "intent">): AccountFields {
  const orNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);
  return {
    first_name: value.first_name,
    last_name: value.last_name,
    email: value.email,
    address1: orNull(value.address1),
    address2: orNull(value.address2),
    city: orNull(value.city),
    state: orNull(value.state),
    county: orNull(value.county),
    zip: orNull(value.zip),
    country: orNull(value.country) ?? DEFAULT_COUNTRY,
  };
}

/** The change-password dialog (POST Users/Me/Password). The password rules are the server's. */
export const PasswordSchema = z.object({
  intent: z.literal("password"),
  currentPassword: z
    .string({ error: "Please enter your current password." })
    .max(PASSWORD_TYPED_MAX, tooLong(PASSWORD_TYPED_MAX)),
  newPassword: z.string({ error: "Please enter a new password." }).max(PASSWORD_MAX, PASSWORD_TOO_LONG),
  confirmNewPassword: z
    .string({ error: "Please confirm your new password." })
    .max(PASSWORD_MAX, PASSWORD_TOO_LONG),
});
/**
 * The password fields emptied after a failed change: the current password only. What was typed as the new
 * password stays (decision 042), so a mistyped current password does not mean typing the new one twice again.
 */
export const CLEARED_PASSWORD_FIELDS = ["currentPassword"];

const ids = z.array(z.coerce.number().int().positive()).default([]);

/** The alert settings form. The value in millions is free text: the app does not validate it. */
export const SettingsSchema = z.object({
  alert_weekly: z.boolean().default(false),
  alert_operator: z.coerce.number().int().min(0).max(1).optional(),
  alert_value: z.string().max(50, tooLong(50)).optional(),
  alert_project_types: ids,
  alert_states: ids,
  reminder_mail: z.boolean().default(false),
  time_zone: z.string().max(64, tooLong(64)).optional(),
});
type SettingsValues = z.infer<typeof SettingsSchema>;

/** The PUT Users/Me body of the settings form; the operator travels by index (0 Less Than, 1 Greater Than). */
export function toSettingsPayload(value: SettingsValues): UserSettings {
  const unique = (list: number[]) => [...new Set(list)];
  return {
    alert_weekly: value.alert_weekly,
    alert_operator: value.alert_operator ?? null,
    alert_value: value.alert_value?.trim() ? value.alert_value.trim() : null,
    alert_project_types: unique(value.alert_project_types),
    alert_states: unique(value.alert_states),
    reminder_mail: value.reminder_mail,
    time_zone: value.time_zone?.trim() ? value.time_zone.trim() : null,
  };
}
