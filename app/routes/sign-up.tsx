import { redirect } from "react-router";
import { config } from "~/lib/platform/config.server";
import { memberSessionContext } from "~/lib/platform/contexts";
import { screenMeta } from "~/screen-titles";
import type { Route } from "./+types/sign-up";

export const meta: Route.MetaFunction = screenMeta;

/** /sign-up is a guest route: plans are chosen on the marketing site; a logged-in member goes to the projects. */
export async function loader({ context }: Route.LoaderArgs) {
  if (context.get(memberSessionContext).isLoggedIn) throw redirect("/Projects");
  throw redirect(config.marketingSiteUrl);
}

export default function SignUp() {
  return null;
}
