import { z } from "zod";
import { PATH_MAX } from "../platform/form-limits";
import { CONTACT_REASONS } from "./contact-us";

const COMMENT_REQUIRED = "Please enter your message.";

/** Ask A Question / Request Research (POST Messages {reason, comment}), validated by the /ContactUs action. */
export const ContactUsSchema = z.object({
  reason: z.enum(CONTACT_REASONS, { error: "Please choose what you are asking for." }),
  comment: z
    .string({ error: COMMENT_REQUIRED })
    .trim()
    .min(1, COMMENT_REQUIRED)
    .max(5000, "Please keep your message under 5000 characters."),
  redirectTo: z.string().max(PATH_MAX).optional().catch(undefined),
  /** Posted by the dialog's fetcher (JavaScript): answered with data, not a redirect. */
  js: z.literal("1").optional().catch(undefined),
});
