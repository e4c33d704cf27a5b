import { redirect } from "react-router";
import { apiContext } from "~/lib/api.server";
import { UserAnswer } from "../../contract/user";
import type { Route } from "./+types/home";

export const handle = { title: "Home" };

/** The post-login index: sales staff go to Subscribers, every other member to the project search. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = (await context.get(apiContext).get("Users/Me", UserAnswer)).data;
  throw redirect(user.roles.includes("sales") ? "/Subscribers" : "/Projects");
}

export default function Home() {
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Home | Project Leads" }];
