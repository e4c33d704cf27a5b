import { z } from "zod";
import { MAIL_LISTS } from "./constants";

/** An unsubscribe link's secret: 32 random bytes, base64url. */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;
export const UnsubscribeToken = z.string().regex(UNSUBSCRIBE_TOKEN_PATTERN);

/** What an unsubscribe link turns off, for whom (the address partly hidden), and whether it is still on. */
export const UnsubscribeInfo = z.object({
  list: z.enum(MAIL_LISTS),
  email: z.string(),
  subscribed: z.boolean(),
  /** list "searches": the saved search the link turns off, by its name. */
  search: z.string().optional(),
});
export type UnsubscribeInfo = z.infer<typeof UnsubscribeInfo>;

/** GET Mail/Unsubscribe?token=…: what the link would turn off (changes nothing); 404 for an unknown token. */
export const UnsubscribeQuery = z.object({ token: UnsubscribeToken });
export const UnsubscribeInfoAnswer = z.object({ data: UnsubscribeInfo });

/** POST Mail/Unsubscribe {token}: turns that mail off for the link's member, without a session. */
export const UnsubscribeRequest = z.object({ token: UnsubscribeToken });
export const UnsubscribeAnswer = z.object({ message: z.string(), data: UnsubscribeInfo });
