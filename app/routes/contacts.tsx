import { z } from "zod";
import { ListAdvancedSearch } from "~/components/lists/list-advanced-search";
import { dateColumn, folderColumn, RowLink, textColumn } from "~/components/lists/list-columns";
import { ListPage } from "~/components/lists/list-page";
import { NotIncluded } from "~/components/not-included";
import type { Column } from "~/components/results-table";
import { ApiRequestError } from "~/lib/platform/api.server";
import { apiContext } from "~/lib/platform/contexts";
import { type FormSubmission, readSubmission } from "~/lib/platform/submission.server";
import { searchLinkParams, searchToApi } from "~/lib/search/advanced-search";
import { savedSearchText, simpleSearchFields, simpleSearchPanel } from "~/lib/search/advanced-search.server";
import type { BulkPost } from "~/lib/search/bulk-actions.server";
import {
  BULK_POSTS,
  bulkAction,
  bulkDialogFromUrl,
  selectedIdsFromUrl,
} from "~/lib/search/bulk-actions.server";
import { readSavedOrSearchList, redirectPastLastPage } from "~/lib/search/list-params";
import type { SavedSearchPost } from "~/lib/search/saved-searches.server";
import { SAVED_SEARCH_POSTS, savedSearchAction } from "~/lib/search/saved-searches.server";
import { useRootData } from "~/root-data";
import { screenMeta } from "~/screen-titles";
import { CONTACT_ORDER_BY, type ContactRow } from "../../contract/contacts";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/contacts";

export const meta: Route.MetaFunction = screenMeta;

export const DIRECTORY_NOT_INCLUDED = "The contact directory is not part of your subscription.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, saved, routeTagId, list, listQuery } = readSavedOrSearchList(
    request,
    params,
    "/Me/Contacts",
    CONTACT_ORDER_BY,
  );
  const api = context.get(apiContext);
  // The advanced search belongs to the directory, not to the saved contacts.
  const panel = saved ? null : await simpleSearchPanel(api, url, "contact");
  const fields = simpleSearchFields("contact");
  const base = {
    saved,
    routeTagId: routeTagId ?? null,
    list,
    dialog: bulkDialogFromUrl(url.searchParams),
    selectedIds: selectedIdsFromUrl(url.searchParams),
    panel,
    savedSearchText: panel ? savedSearchText(fields, list.query, panel.search) : "",
  };
  try {
    const result = await api.call(endpoints.contacts, {
      query: { ...listQuery, advanced: panel ? searchToApi(fields, panel.search) : undefined },
    });
    redirectPastLastPage(url, list, result.data.total);
    return {
      ...base,
      forbidden: false,
      rows: result.data.data,
      total: result.data.total,
      databaseTotal: result.total ?? null,
    };
  } catch (error) {
    // Without allow_directory the API refuses the directory: the page says so plainly.
    if (error instanceof ApiRequestError && error.status === 403) {
      return { ...base, forbidden: true, rows: [], total: 0, databaseTotal: null };
    }
    throw error;
  }
}

/** The list's forms: the saved-search dialogs and the bulk actions, one schema, one dispatch on intent. */
const ListPost = z.discriminatedUnion("intent", [...SAVED_SEARCH_POSTS, ...BULK_POSTS]);

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readSubmission(request, ListPost);
  switch (submission.payload.intent) {
    case "save-search":
    case "delete-search":
    case "search-mail":
      return savedSearchAction(submission as FormSubmission<SavedSearchPost>, request, context, "contact");
    default:
      return bulkAction(submission as FormSubmission<BulkPost>, request, context, "contact");
  }
}

export default function Contacts({ loaderData, actionData }: Route.ComponentProps) {
  const user = useRootData()?.user;
  const title = loaderData.saved ? "Saved Contacts" : "Directory";
  if (loaderData.forbidden || (!loaderData.saved && user && !user.allow_directory)) {
    return (
      <NotIncluded
        title={title}
        message={DIRECTORY_NOT_INCLUDED}
        wayOn={{ href: "/Me/Contacts", label: "Go to your saved contacts" }}
      />
    );
  }
  return (
    <ListPage
      noun="contact"
      title={title}
      searchPath="/Contacts"
      savedPath="/Me/Contacts"
      page={loaderData}
      folders={user?.contactTags ?? []}
      columns={contactColumns}
      canDownload={Boolean(user?.allow_download)}
      downloadAction="/Contacts/Download"
      actionResult={actionData && "reply" in actionData ? actionData.reply : undefined}
      extraParams={
        loaderData.panel
          ? { ...searchLinkParams(loaderData.panel.search), panel: loaderData.panel.open ? "1" : undefined }
          : undefined
      }
      searchPanel={
        loaderData.panel ? (
          <ListAdvancedSearch
            kind="contact"
            panel={loaderData.panel}
            list={loaderData.list}
            savedSearchText={loaderData.savedSearchText}
            lastResult={actionData && "savedSearch" in actionData ? actionData.savedSearch : undefined}
          />
        ) : null
      }
    />
  );
}

function contactColumns(carry: string): Column<ContactRow>[] {
  return [
    {
      key: "first_name",
      label: "First Name",
      sortKey: "first_name",
      card: "title",
      rowLink: true,
      fullText: (row) => [row.first_name, row.last_name].filter(Boolean).join(" "),
      // The row's one link: the first name, with the last name for who hears it (the next cell shows it).
      render: (row) => (
        <RowLink to={`/Contacts/${row.id}${carry}`}>
          {row.first_name || "—"}
          {row.last_name ? <span className="sr-only"> {row.last_name}</span> : null}
        </RowLink>
      ),
    },
    textColumn("last_name", "Last Name", { card: "title", className: "font-medium" }),
    textColumn("title", "Title"),
    textColumn("company_name", "Company"),
    {
      key: "company_type",
      label: "Company Type",
      sortKey: "company_type",
      card: "hidden",
      render: (row) => row.company_type?.name,
    },
    textColumn("email", "Email"),
    textColumn("city", "City"),
    textColumn("state", "State"),
    dateColumn("created_at", "Created", { card: "hidden" }),
    dateColumn("updated_at", "Updated"),
    folderColumn((row) => row.tag[0]),
  ];
}
