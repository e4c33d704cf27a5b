import { redirect } from "react-router";
import { signedInMember } from "~/lib/account/member.server";
import { screenMeta } from "~/screen-titles";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = screenMeta;

/** The post-login index: sales staff go to Subscribers, every other member to the project search. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await signedInMember(context, request);
  throw redirect(user.roles.includes("sales") ? "/Subscribers" : "/Projects");
}

export default function Home() {
  return null;
}
