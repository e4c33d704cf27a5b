import { redirect } from "react-router";

/** Any path the route table does not know goes to the home page. */
export async function loader() {
  throw redirect("/");
}

export default function CatchAll() {
  return null;
}
