import { redirect } from "react-router";
import { z } from "zod";
import { config } from "~/lib/platform/config.server";
import { LITE_COOKIE } from "~/lib/platform/lite-pages";
import { safeRedirectPath } from "~/lib/platform/safe-redirect";
import { readSubmittedValue } from "~/lib/platform/submission.server";
import type { Route } from "./+types/lite-pages";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The switch: lite pages on when ticked, and the page it was pressed on (checked by safeRedirectPath). */
const LitePost = z.object({
  lite: z
    .string()
    .catch("")
    .transform((v) => (v === "on" ? "on" : "off")),
  redirectTo: z.string().optional().catch(undefined),
});

/** Nothing to show: the switch lives on Settings and in the lite banner. */
export function loader() {
  return redirect("/Me/Settings");
}

/** Turns lite pages on or off for this browser (a cookie), then back to the page the switch was pressed on. */
export async function action({ request }: Route.ActionArgs) {
  const { lite, redirectTo } = await readSubmittedValue(request, LitePost);
  const back = safeRedirectPath(redirectTo, "/");
  const secure = config.cookieSecure ? "; Secure" : "";
  return redirect(back, {
    headers: {
      "Set-Cookie": `${LITE_COOKIE}=${lite}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax; HttpOnly${secure}`,
    },
  });
}
