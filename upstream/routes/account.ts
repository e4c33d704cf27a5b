import { Hono } from "hono";
import { z } from "zod";
import { ChangePasswordRequest, UpdateAccountRequest } from "../../contract/account";
import { ALERT_OPERATORS } from "../../contract/constants";
import { endpoints } from "../../contract/endpoints";
import { parseMillions } from "../alerts/generate";
import { alertSettings } from "../alerts/settings";
import { writeTransaction } from "../db/index";
import { ApiError, type AppEnv, type Deps, type FieldErrors, readBody, requireAuth } from "../http";
import { mailOutbox } from "../mail/outbox";
import { isTimeZone } from "../mail/zones";
import { numeric } from "../params";
import { hashPassword, verifyPassword } from "../security";
import { newFeedHash } from "./calendar";

const ACCOUNT_SAVED = "Your account was saved successfully.";
const SETTINGS_SAVED = "Your settings were saved successfully.";
const PASSWORD_CHANGED = "Your password was changed successfully.";
const EMAIL_TAKEN = "The email has already been taken.";
const EMAIL_NEEDS_PASSWORD = "The current password is required to change the email.";
const PASSWORD_INCORRECT = "The current password is incorrect.";
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 200;

const requiredText = (label: string, max = 255) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);

/** Optional text: empty becomes null. */
const optionalText = (label: string, max = 255) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "number" ? String(v) : v),
    z
      .string({ error: `The ${label} must be text.` })
      .trim()
      .max(max, `The ${label} may not be greater than ${max} characters.`)
      .nullable(),
  );

const Email = z
  .string({ error: "The email field is required." })
  .trim()
  .min(1, "The email field is required.")
  .max(255, "The email may not be greater than 255 characters.")
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "The email must be a valid email address.");

const BOOL_TRUE = new Set(["1", "true", "on", "yes"]);
const BOOL_FALSE = new Set(["0", "false", "off", "no", ""]);
const FormBoolean = z.preprocess(
  (v) => {
    if (typeof v === "number") return v === 1 ? true : v === 0 ? false : v;
    if (typeof v === "string") {
      const s = v.trim().toLowerCase();
      if (BOOL_TRUE.has(s)) return true;
      if (BOOL_FALSE.has(s)) return false;
    }
    return v;
  },
  z.boolean({ error: "The alert weekly field must be true or false." }),
);

const Operator = z.preprocess(
  (v) => {
    if (v === "" || v === "null") return null;
    if (typeof v === "string") {
      const byName = ALERT_OPERATORS.findIndex((o) => o.toLowerCase() === v.trim().toLowerCase());
      if (byName >= 0) return byName;
      if (/^\s*\d+\s*$/.test(v)) return Number(v);
    }
    return v;
  },
  z
    .union([z.literal(0), z.literal(1)], {
      error: "The alert operator must be 0 (Less Than) or 1 (Greater Than).",
    })
    .nullable(),
);

const AlertValue = z.preprocess(
  (v) => (typeof v === "number" ? String(v) : typeof v === "string" && v.trim() === "" ? null : v),
  z
    .string({ error: "The alert value must be text." })
    .trim()
    .max(50, "The alert value may not be greater than 50 characters.")
    .refine((s) => parseMillions(s) !== null, "The alert value must be a number of millions.")
    .nullable(),
);

const idList = (label: string) =>
  z.preprocess(
    (v) => (v === null || v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]).map(numeric),
    z
      .array(
        z
          .number({ error: `The ${label} must be a list of ids.` })
          .int()
          .positive(),
        {
          error: `The ${label} must be a list of ids.`,
        },
      )
      .max(500, `Too many ${label}.`),
  );

const AccountPatch = UpdateAccountRequest.extend({
  first_name: requiredText("first name").optional(),
  last_name: requiredText("last name").optional(),
  email: Email.optional(),
  address1: optionalText("address1").optional(),
  address2: optionalText("address2").optional(),
  city: optionalText("city").optional(),
  state: optionalText("state", 100).optional(),
  county: optionalText("county", 100).optional(),
  zip: optionalText("zip", 20).optional(),
  country: optionalText("country", 100).optional(),
  alert_weekly: FormBoolean.optional(),
  alert_operator: Operator.optional(),
  alert_value: AlertValue.optional(),
  alert_project_types: idList("alert project types").optional(),
  alert_states: idList("alert states").optional(),
  reminder_mail: FormBoolean.optional(),
  time_zone: z.preprocess(
    (v) => (v === "" ? null : v),
    z
      .string({ error: "The time zone must be text." })
      .refine(isTimeZone, "The time zone is not one we know.")
      .nullable()
      .optional(),
  ),
  currentPassword: z
    .string({ error: "The current password must be text." })
    .max(PASSWORD_MAX, `The current password may not be greater than ${PASSWORD_MAX} characters.`)
    .optional(),
});
type AccountPatch = z.infer<typeof AccountPatch>;

const ACCOUNT_KEYS = [
  "first_name",
  "last_name",
  "email",
  "address1",
  "address2",
  "city",
  "state",
  "county",
  "zip",
  "country",
] as const;
const SETTINGS_COLUMNS = [
  "alert_weekly",
  "alert_operator",
  "alert_value",
  "reminder_mail",
  "time_zone",
] as const;
const FLAG_COLUMNS: ReadonlySet<string> = new Set(["alert_weekly", "reminder_mail"]);

const PasswordBody = ChangePasswordRequest.extend({
  currentPassword: z
    .string({ error: "The current password field is required." })
    .min(1, "The current password field is required.")
    .max(PASSWORD_MAX, `The current password may not be greater than ${PASSWORD_MAX} characters.`),
  newPassword: z
    .string({ error: "The new password field is required." })
    .min(1, "The new password field is required.")
    .max(PASSWORD_MAX, `The new password may not be greater than ${PASSWORD_MAX} characters.`),
  confirmNewPassword: z
    .string({ error: "The new password confirmation field is required." })
    .min(1, "The new password confirmation field is required.")
    .max(PASSWORD_MAX, `The new password confirmation may not be greater than ${PASSWORD_MAX} characters.`),
});

/** PUT Users/Me (account and alert settings) and POST Users/Me/Password. */
export function accountRoutes(deps: Deps) {
  const { db } = deps;
  const auth = requireAuth(deps);
  const emailOwner = db.prepare<[string, number], { id: number }>(
    "SELECT id FROM users WHERE email = ? AND id <> ?",
  );
  const passwordOf = db.prepare<[number], { password_hash: string }>(
    "SELECT password_hash FROM users WHERE id = ?",
  );
  const accountOf = db.prepare<[number], { email: string; first_name: string; password_hash: string }>(
    "SELECT email, first_name, password_hash FROM users WHERE id = ?",
  );
  const mail = mailOutbox(deps);
  const setPassword = db.prepare("UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?");
  const revokeOthers = db.prepare(
    "UPDATE access_tokens SET revoked_at = ? WHERE user_id = ? AND token_hash <> ? AND revoked_at IS NULL",
  );
  const setFeedHash = db.prepare("UPDATE users SET ical_hash = ? WHERE id = ?");
  const closeResets = db.prepare(
    "UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL",
  );
  const clearTypes = db.prepare("DELETE FROM user_alert_project_types WHERE user_id = ?");
  const addType = db.prepare(
    "INSERT OR IGNORE INTO user_alert_project_types (user_id, project_type_id) VALUES (?, ?)",
  );
  const clearStates = db.prepare("DELETE FROM user_alert_states WHERE user_id = ?");
  const addState = db.prepare("INSERT OR IGNORE INTO user_alert_states (user_id, state_id) VALUES (?, ?)");
  const alerts = alertSettings(deps);

  function missingIds(table: "project_types" | "states", ids: number[]): number[] {
    if (ids.length === 0) return [];
    const found = new Set(
      db
        .prepare<unknown[], number>(`SELECT id FROM ${table} WHERE id IN (${ids.map(() => "?").join(",")})`)
        .pluck()
        .all(...ids),
    );
    return ids.filter((id) => !found.has(id));
  }

  function fail(errors: FieldErrors): never {
    const first = Object.values(errors)[0]?.[0] ?? "The given data was invalid.";
    throw new ApiError(422, first, errors);
  }

  const app = new Hono<AppEnv>();
  const { updateAccount, changePassword } = endpoints;

  app.on(updateAccount.method, updateAccount.route, auth, async (c) => {
    const userId = c.get("userId");
    const body: AccountPatch = await readBody(c, AccountPatch);
    const accountKeys = ACCOUNT_KEYS.filter((k) => body[k] !== undefined);
    const settingsKeys = ([...SETTINGS_COLUMNS, "alert_project_types", "alert_states"] as const).filter(
      (k) => body[k] !== undefined,
    );
    if (accountKeys.length === 0 && settingsKeys.length === 0)
      throw new ApiError(422, "There is nothing to save.");

    const errors: FieldErrors = {};
    if (body.email !== undefined && emailOwner.get(body.email, userId)) errors.email = [EMAIL_TAKEN];
    // A new e-mail address is a new way into the account (password reset): only with the current password.
    const before = accountOf.get(userId);
    const emailChange =
      body.email !== undefined && before && body.email.toLowerCase() !== before.email.toLowerCase()
        ? { from: before.email, to: body.email, name: before.first_name }
        : null;
    if (emailChange && !errors.email) {
      if (!body.currentPassword) errors.currentPassword = [EMAIL_NEEDS_PASSWORD];
      else if (!(await verifyPassword(body.currentPassword, before?.password_hash)))
        errors.currentPassword = [PASSWORD_INCORRECT];
    }
    if (body.alert_project_types && missingIds("project_types", body.alert_project_types).length > 0) {
      errors.alert_project_types = ["One of the selected project types does not exist."];
    }
    if (body.alert_states && missingIds("states", body.alert_states).length > 0) {
      errors.alert_states = ["One of the selected states does not exist."];
    }
    // Alerts are only about what the member's plan covers (decision 104).
    const refused = alerts.refusals(userId, {
      states: errors.alert_states ? undefined : body.alert_states,
      projectTypes: errors.alert_project_types ? undefined : body.alert_project_types,
    });
    Object.assign(errors, refused);
    if (Object.keys(errors).length > 0) fail(errors);

    const now = deps.now().toISOString();
    writeTransaction(db, () => {
      const columns: string[] = [];
      const values: unknown[] = [];
      for (const k of accountKeys) {
        columns.push(`${k} = ?`);
        values.push(body[k]);
      }
      for (const k of SETTINGS_COLUMNS) {
        if (body[k] === undefined) continue;
        columns.push(`${k} = ?`);
        values.push(FLAG_COLUMNS.has(k) ? (body[k] ? 1 : 0) : body[k]);
      }
      columns.push("updated_at = ?");
      values.push(now);
      db.prepare(`UPDATE users SET ${columns.join(", ")} WHERE id = ?`).run(...values, userId);
      if (body.alert_project_types) {
        clearTypes.run(userId);
        for (const id of body.alert_project_types) addType.run(userId, id);
      }
      if (body.alert_states) {
        clearStates.run(userId);
        for (const id of body.alert_states) addState.run(userId, id);
      }
      // The old address hears of the change, so that a member whose account was taken over finds out; a reset
      // link mailed to the old address stops working.
      if (emailChange) {
        mail.emailChanged(userId, emailChange.from, emailChange.to);
        closeResets.run(now, userId);
      }
    })();
    return c.json({ message: accountKeys.length > 0 ? ACCOUNT_SAVED : SETTINGS_SAVED });
  });

  app.on(changePassword.method, changePassword.route, auth, async (c) => {
    const userId = c.get("userId");
    const body = await readBody(c, PasswordBody);
    const stored = passwordOf.get(userId)?.password_hash;
    if (!(await verifyPassword(body.currentPassword, stored))) {
      fail({ currentPassword: [PASSWORD_INCORRECT] });
    }
    const problems: string[] = [];
    if (body.newPassword.length < PASSWORD_MIN)
      problems.push(`The new password must be at least ${PASSWORD_MIN} characters.`);
    if (body.newPassword.length > PASSWORD_MAX)
      problems.push(`The new password may not be greater than ${PASSWORD_MAX} characters.`);
    if (body.newPassword.trim() === "") problems.push("The new password may not be only spaces.");
    if (body.newPassword === body.currentPassword)
      problems.push("The new password must be different from the current password.");
    const errors: FieldErrors = {};
    if (problems.length > 0) errors.newPassword = problems;
    if (body.confirmNewPassword !== body.newPassword)
      errors.confirmNewPassword = ["The new password confirmation does not match."];
    if (Object.keys(errors).length > 0) fail(errors);

    const hash = hashPassword(body.newPassword);
    const now = deps.now().toISOString();
    writeTransaction(db, () => {
      setPassword.run(hash, now, userId);
      revokeOthers.run(now, userId, c.get("tokenHash"));
      closeResets.run(now, userId);
      // The other sessions end, and so does the calendar feed's old address (a credential of its own).
      setFeedHash.run(newFeedHash(), userId);
    })();
    return c.json({ message: PASSWORD_CHANGED });
  });

  return app;
}
