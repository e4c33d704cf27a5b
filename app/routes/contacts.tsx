import { AppLink } from "~/components/app-link";
import { ListAdvancedSearch } from "~/components/lists/list-advanced-search";
import { FolderSwatch, ListPage } from "~/components/lists/list-page";
import { NotIncluded } from "~/components/not-included";
import type { Column } from "~/components/results-table";
import { formatShortDate } from "~/lib/format/dates";
import { ApiRequestError } from "~/lib/platform/api.server";
import { apiContext } from "~/lib/platform/contexts";
import { searchLinkParams, searchToApi } from "~/lib/search/advanced-search";
import { savedSearchText, simpleSearchFields, simpleSearchPanel } from "~/lib/search/advanced-search.server";
import {
  bulkAction,
  bulkDialogFromUrl,
  savedListKind,
  selectedIdsFromUrl,
} from "~/lib/search/bulk-actions.server";
import { readListParams } from "~/lib/search/list-params";
import { isSavedSearchPost, savedSearchAction } from "~/lib/search/saved-searches.server";
import { useRootData } from "~/root-data";
import { CONTACT_ORDER_BY, type ContactRow } from "../../contract/contacts";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/contacts";

export const handle = { title: "Contacts" };

export const DIRECTORY_NOT_INCLUDED = "The contact directory is not part of your subscription.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { saved, routeTagId } = savedListKind(
    request,
    "/Me/Contacts",
    "tagId" in params ? params.tagId : undefined,
  );
  const list = readListParams(url.searchParams, CONTACT_ORDER_BY);
  const tag = routeTagId ?? list.tag;
  const api = context.get(apiContext);
  // The advanced search belongs to the directory, not to the saved contacts.
  const panel = saved ? null : await simpleSearchPanel(api, url, "contact");
  const fields = simpleSearchFields("contact");
  const base = {
    saved,
    routeTagId: routeTagId ?? null,
    list: { ...list, tag },
    dialog: bulkDialogFromUrl(url.searchParams),
    selectedIds: selectedIdsFromUrl(url.searchParams),
    panel,
    savedSearchText: panel ? savedSearchText(fields, list.query, panel.search) : "",
  };
  try {
    const result = await api.call(endpoints.contacts, {
      query: {
        ...list,
        mine: saved ? 1 : list.mine,
        tag,
        advanced: panel ? searchToApi(fields, panel.search) : undefined,
      },
    });
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

export async function action({ request, context }: Route.ActionArgs) {
  if (await isSavedSearchPost(request)) return savedSearchAction(request, context, "contact");
  return bulkAction(request, context, "contact");
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

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.saved ? "Saved Contacts" : "Directory"} | Project Leads` },
];

function contactColumns(carry: string): Column<ContactRow>[] {
  return [
    {
      key: "first_name",
      label: "First Name",
      sortKey: "first_name",
      card: "title",
      rowLink: true,
      // The row's one link: the first name, with the last name for who hears it (the next cell shows it).
      render: (row) => (
        <AppLink
          to={`/Contacts/${row.id}${carry}`}
          className="inline-block min-w-6 py-1 font-medium text-brand-700 underline hover:text-brand-900"
        >
          {row.first_name || "—"}
          {row.last_name ? <span className="sr-only"> {row.last_name}</span> : null}
        </AppLink>
      ),
    },
    {
      key: "last_name",
      label: "Last Name",
      sortKey: "last_name",
      card: "title",
      className: "font-medium",
      render: (row) => row.last_name,
    },
    { key: "title", label: "Title", sortKey: "title", render: (row) => row.title },
    { key: "company_name", label: "Company", sortKey: "company_name", render: (row) => row.company_name },
    {
      key: "company_type",
      label: "Company Type",
      sortKey: "company_type",
      card: "hidden",
      render: (row) => row.company_type?.name,
    },
    { key: "email", label: "Email", sortKey: "email", render: (row) => row.email },
    { key: "city", label: "City", sortKey: "city", render: (row) => row.city },
    { key: "state", label: "State", sortKey: "state", render: (row) => row.state },
    {
      key: "created_at",
      label: "Created",
      sortKey: "created_at",
      card: "hidden",
      render: (row) => formatShortDate(row.created_at),
    },
    {
      key: "updated_at",
      label: "Updated",
      sortKey: "updated_at",
      render: (row) => formatShortDate(row.updated_at),
    },
    { key: "tag", label: "Folder", sortKey: "tag", render: (row) => <FolderSwatch folder={row.tag[0]} /> },
  ];
}
