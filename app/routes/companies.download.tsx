import { redirect } from "react-router";
import { COMPANY_SEARCH_FIELDS, readSearch, searchToApi } from "~/lib/search/advanced-search";
import { downloadList } from "~/lib/search/download.server";
import { COMPANY_ORDER_BY } from "../../contract/constants";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/companies.download";

/** The download is a POST only; a GET (an old bookmark) goes to the list. */
export function loader() {
  throw redirect("/Companies");
}

export async function action({ request, context }: Route.ActionArgs) {
  return downloadList(request, context, {
    endpoint: endpoints.downloadCompanies,
    orderColumns: COMPANY_ORDER_BY,
    fallback: "/Companies",
    filename: "companies.csv",
    advanced: (fields) => searchToApi(COMPANY_SEARCH_FIELDS, readSearch(COMPANY_SEARCH_FIELDS, fields)),
  });
}
