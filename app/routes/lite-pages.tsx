import { redirect } from "react-router";
import { config } from "~/lib/config.server";
import { LITE_COOKIE } from "~/lib/lite-pages";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/lite-pages";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Nothing to show: the switch lives on Settings and in the lite banner. */
export function loader() {
  return redirect("/Me/Settings");
}

/** Turns lite pages on or off for this browser (a cookie), then back to the page the switch was pressed on. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const lite = form.get("lite") === "on" ? "on" : "off";
  const back = safeRedirectPath(form.get("redirectTo"), "/");
  const secure = config.cookieSecure ? "; Secure" : "";
  return redirect(back, {
    headers: {
      "Set-Cookie": `${LITE_COOKIE}=${lite}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax; HttpOnly${secure}`,
    },
  });
}
