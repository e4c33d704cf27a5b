import { z } from "zod";
import { AccountFields, UserSettings } from "./user";

/** PUT Users/Me: account fields or alert settings (either group, partially). */
export const UpdateAccountRequest = AccountFields.partial()
  .extend(UserSettings.partial().shape)
  // A new e-mail address needs the member's current password (an account cannot be taken over by its session alone).
  .extend({ currentPassword: z.string().optional() });
export const UpdateAccountAnswer = z.object({ message: z.string() });

export const ChangePasswordRequest = z.object({
  currentPassword: z.string(),
  newPassword: z.string(),
  confirmNewPassword: z.string(),
});
export const ChangePasswordAnswer = z.object({ message: z.string() });
