import { Hono } from "hono";
import { z } from "zod";
import {
  CheckResetTokenRequest,
  ForgotPasswordRequest,
  LoginRequest,
  ResetPasswordRequest,
} from "../../contract/auth";
import { endpoints } from "../../contract/endpoints";
import { writeTransaction } from "../db/index";
import { ApiError, type AppEnv, type Deps, readBody, requireAuth } from "../http";
import { mailOutbox } from "../mail/outbox";
import { hashPassword, hashToken, randomToken, verifyPassword } from "../security";
import { newFeedHash } from "./calendar";

const LOGIN_FAILED = "Incorrect email or password combination. Please try again.";
const RESET_LINK_SENT = "We have e-mailed your password reset link!";
const RESET_DONE = "Your password has been reset!";
const RESET_TOKEN_VALID = "This password reset token is valid.";
const RESET_TOKEN_INVALID = "This password reset token is invalid.";
const LOGGED_OUT = "You have been logged out.";
const RESET_TTL_MS = 60 * 60 * 1000;

/** Text limits of these calls (a password of 10 MB is not a password, and scrypt would hash all of it). */
const EMAIL_MAX = 255;
const PASSWORD_MAX = 200;
const Email = z
  .string()
  .trim()
  .min(1)
  .max(EMAIL_MAX, `The email may not be greater than ${EMAIL_MAX} characters.`)
  .pipe(z.email("Please enter a valid e-mail address."));

const ForgotPayload = ForgotPasswordRequest.extend({ email: Email });

/** Login: an over-long e-mail or password cannot be anyone's; refused before any hashing. */
const LoginPayload = LoginRequest.extend({
  email: z.string().min(1).max(EMAIL_MAX, `The email may not be greater than ${EMAIL_MAX} characters.`),
  password: z
    .string()
    .min(1)
    .max(PASSWORD_MAX, `The password may not be greater than ${PASSWORD_MAX} characters.`),
});

/** The password rules for a new password. */
const NewPassword = z
  .string()
  .min(1)
  .min(8, "The new password must be at least 8 characters.")
  .max(PASSWORD_MAX, `The new password may not be longer than ${PASSWORD_MAX} characters.`);

const ResetPayload = ResetPasswordRequest.extend({
  reset_token: z.string().min(1).max(200, "This password reset token is invalid."),
  newPassword: NewPassword,
});

export function authRoutes(deps: Deps) {
  const { db } = deps;
  const findUserByEmail = db.prepare<[string], { id: number; email: string; password_hash: string }>(
    "SELECT id, email, password_hash FROM users WHERE email = ?",
  );
  const insertToken = db.prepare(
    "INSERT INTO access_tokens (user_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)",
  );
  const revokeToken = db.prepare(
    "UPDATE access_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL",
  );
  const revokeUserTokens = db.prepare(
    "UPDATE access_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL",
  );
  const expireResets = db.prepare(
    "UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL",
  );
  const insertReset = db.prepare(
    "INSERT INTO password_resets (user_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)",
  );
  const mail = mailOutbox(deps);
  const findReset = db.prepare<[string, string], { id: number; user_id: number; email: string }>(
    `SELECT r.id, r.user_id, u.email FROM password_resets r JOIN users u ON u.id = r.user_id
     WHERE r.token_hash = ? AND r.used_at IS NULL AND r.expires_at > ?`,
  );
  const useReset = db.prepare("UPDATE password_resets SET used_at = ? WHERE id = ? AND used_at IS NULL");
  const setPassword = db.prepare("UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?");
  const setFeedHash = db.prepare("UPDATE users SET ical_hash = ? WHERE id = ?");

  const app = new Hono<AppEnv>();
  const { login, logout, forgotPassword, resetPassword, checkResetToken } = endpoints;

  app.on(login.method, login.route, async (c) => {
    const { email, password } = await readBody(c, LoginPayload);
    const user = findUserByEmail.get(email.trim());
    const ok = await verifyPassword(password, user?.password_hash);
    if (!user || !ok) throw new ApiError(401, LOGIN_FAILED);
    const now = deps.now();
    const expiresAt = new Date(now.getTime() + deps.tokenTtlMs).toISOString();
    const accessToken = randomToken();
    insertToken.run(user.id, hashToken(accessToken), now.toISOString(), expiresAt);
    return c.json({ data: { accessToken, expiresAt } });
  });

  app.on(logout.method, logout.route, requireAuth(deps), (c) => {
    revokeToken.run(deps.now().toISOString(), c.get("tokenHash"));
    return c.json({ message: LOGGED_OUT });
  });

  app.on(forgotPassword.method, forgotPassword.route, async (c) => {
    const { email } = await readBody(c, ForgotPayload);
    const user = findUserByEmail.get(email);
    if (user) {
      const now = deps.now();
      const token = randomToken();
      const expiresAt = new Date(now.getTime() + RESET_TTL_MS);
      writeTransaction(db, () => {
        // Only the newest link works.
        expireResets.run(now.toISOString(), user.id);
        insertReset.run(
          user.id,
          hashToken(token),
          now.toISOString(),
          new Date(now.getTime() + RESET_TTL_MS).toISOString(),
        );
        mail.passwordReset(user.id, token, expiresAt, RESET_TTL_MS / 60_000);
      })();
    }
    return c.json({ message: RESET_LINK_SENT });
  });

  // Whether a link still works, asked when it is opened: the same lookup as the reset, nothing written.
  app.on(checkResetToken.method, checkResetToken.route, async (c) => {
    const { reset_token } = await readBody(c, CheckResetTokenRequest);
    const reset = findReset.get(hashToken(reset_token), deps.now().toISOString());
    if (!reset) throw new ApiError(422, RESET_TOKEN_INVALID, { reset_token: [RESET_TOKEN_INVALID] });
    return c.json({ message: RESET_TOKEN_VALID });
  });

  app.on(resetPassword.method, resetPassword.route, async (c) => {
    const { reset_token, newPassword } = await readBody(c, ResetPayload);
    const now = deps.now().toISOString();
    const reset = findReset.get(hashToken(reset_token), now);
    if (!reset) throw new ApiError(422, RESET_TOKEN_INVALID, { reset_token: [RESET_TOKEN_INVALID] });
    const passwordHash = hashPassword(newPassword);
    const done = writeTransaction(db, () => {
      if (useReset.run(now, reset.id).changes !== 1) return false;
      setPassword.run(passwordHash, now, reset.user_id);
      revokeUserTokens.run(now, reset.user_id);
      // The calendar feed's address is a credential too: whoever had it loses it with the sessions.
      setFeedHash.run(newFeedHash(), reset.user_id);
      return true;
    })();
    if (!done) throw new ApiError(422, RESET_TOKEN_INVALID, { reset_token: [RESET_TOKEN_INVALID] });
    return c.json({ message: RESET_DONE, user: { email: reset.email } });
  });

  return app;
}
