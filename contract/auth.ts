import { z } from "zod";
import { dataEnvelope } from "./common";

export const LoginRequest = z.object({ email: z.string().min(1), password: z.string().min(1) });
export type LoginRequest = z.infer<typeof LoginRequest>;
export const LoginAnswer = dataEnvelope(
  z.object({ accessToken: z.string().min(1), expiresAt: z.string().optional() }),
);

export const ForgotPasswordRequest = z.object({ email: z.string().min(1) });
export const ForgotPasswordAnswer = z.object({ message: z.string() });

export const ResetPasswordRequest = z.object({
  reset_token: z.string().min(1),
  newPassword: z.string().min(1),
});
export const ResetPasswordAnswer = z.object({
  message: z.string(),
  user: z.object({ email: z.string() }),
});

/**
 * POST ResetPassword/Check: whether a mailed reset link still works (unused, not expired), asked when the link is
 * opened so that a used or expired one says so at once, not after the new password is typed (issue 43). 200 when
 * it works, 422 with the reset's own refusal when not. Changes nothing.
 */
export const CheckResetTokenRequest = z.object({ reset_token: z.string().min(1) });
export const CheckResetTokenAnswer = z.object({ message: z.string() });

/** POST Logout revokes the bearer token. */
export const LogoutAnswer = z.object({ message: z.string() });
