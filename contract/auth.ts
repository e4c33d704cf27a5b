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

/** POST Logout revokes the bearer token. */
export const LogoutAnswer = z.object({ message: z.string() });
