import { redirect } from "react-router";
import { CONTACT_SEARCH_FIELDS, readSearch, searchToApi } from "~/lib/search/advanced-search";
import { downloadList } from "~/lib/search/download.server";
import { CONTACT_ORDER_BY } from "../../contract/contacts";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/contacts.download";

/** The download is a POST only; a GET (an old bookmark) goes to the list. */
export function loader() {
  throw redirect("/Me/Contacts");
}

export async function action({ request, context }: Route.ActionArgs) {
  return downloadList(request, context, {
    endpoint: endpoints.downloadContacts,
    orderColumns: CONTACT_ORDER_BY,
    fallback: "/Me/Contacts",
    filename: "contacts.csv",
    advanced: (fields) => searchToApi(CONTACT_SEARCH_FIELDS, readSearch(CONTACT_SEARCH_FIELDS, fields)),
  });
}
