import { redirect } from "react-router";
import { downloadList } from "~/lib/search/download.server";
import { projectSearchToApi, readProjectSearch } from "~/lib/search/project-search";
import { endpoints } from "../../contract/endpoints";
import { PROJECT_ORDER_BY } from "../../contract/projects";
import type { Route } from "./+types/projects.download";

/** The download is a POST only; a GET (an old bookmark) goes to the list. */
export function loader() {
  throw redirect("/Projects");
}

export async function action({ request, context }: Route.ActionArgs) {
  return downloadList(request, context, {
    endpoint: endpoints.downloadProjects,
    orderColumns: PROJECT_ORDER_BY,
    fallback: "/Projects",
    filename: "projects.csv",
    advanced: (fields) => projectSearchToApi(readProjectSearch(fields)),
  });
}
