import { redirect } from "react-router";
import { apiContext } from "~/lib/platform/contexts";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/home";

export const handle = { title: "Home" };

/** The post-login index: sales staff go to Subscribers, every other member to the project search. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = (await context.get(apiContext).call(endpoints.me)).data;
  throw redirect(user.roles.includes("sales") ? "/Subscribers" : "/Projects");
}

export default function Home() {
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Home | Project Leads" }];
