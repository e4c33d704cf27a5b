import { data } from "react-router";
import { z } from "zod";
import { AppLink } from "~/components/app-link";
import { ListAdvancedSearch } from "~/components/lists/list-advanced-search";
import { dateColumn } from "~/components/lists/list-columns";
import { ListPage } from "~/components/lists/list-page";
import { NotIncluded } from "~/components/not-included";
import type { Column } from "~/components/results-table";
import { COMPANY_SEARCH_NOT_INCLUDED, companyHref, websiteHref } from "~/lib/detail/company-detail";
import { ApiRequestError } from "~/lib/platform/api.server";
import { apiContext } from "~/lib/platform/contexts";
import { pageUrl } from "~/lib/platform/request-url";
import { readSubmission } from "~/lib/platform/submission.server";
import { searchLinkParams, searchToApi } from "~/lib/search/advanced-search";
import { savedSearchText, simpleSearchFields, simpleSearchPanel } from "~/lib/search/advanced-search.server";
import { readListParams, redirectPastLastPage } from "~/lib/search/list-params";
import { SAVED_SEARCH_POSTS, savedSearchAction } from "~/lib/search/saved-searches.server";
import { useRootData } from "~/root-data";
import { screenMeta } from "~/screen-titles";
import type { CompanyRow } from "../../contract/companies";
import { COMPANY_ORDER_BY } from "../../contract/constants";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/companies";

export const meta: Route.MetaFunction = screenMeta;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = pageUrl(request);
  const list = readListParams(url.searchParams, COMPANY_ORDER_BY);
  const api = context.get(apiContext);
  const panel = await simpleSearchPanel(api, url, "company");
  const fields = simpleSearchFields("company");
  const base = {
    saved: false,
    routeTagId: null,
    list,
    dialog: null,
    selectedIds: [] as number[],
    panel,
    savedSearchText: savedSearchText(fields, list.query, panel.search),
  };
  try {
    const result = await api.call(endpoints.companies, {
      query: { ...list, advanced: searchToApi(fields, panel.search) },
    });
    redirectPastLastPage(url, list, result.data.total);
    return data(
      {
        ...base,
        forbidden: false,
        rows: result.data.data,
        total: result.data.total,
        databaseTotal: result.total ?? null,
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    // Without allow_companysearch the API refuses the list: the page says so plainly.
    if (error instanceof ApiRequestError && error.status === 403)
      return data({ ...base, forbidden: true, rows: [] as CompanyRow[], total: 0, databaseTotal: null });
    throw error;
  }
}

/** The list's forms: the saved-search dialogs, one schema. */
const ListPost = z.discriminatedUnion("intent", [...SAVED_SEARCH_POSTS]);

export async function action({ request, context }: Route.ActionArgs) {
  return savedSearchAction(await readSubmission(request, ListPost), request, context, "company");
}

export default function Companies({ loaderData, actionData }: Route.ComponentProps) {
  const user = useRootData()?.user;
  if (loaderData.forbidden) {
    return (
      <NotIncluded
        title="Companies"
        message={COMPANY_SEARCH_NOT_INCLUDED}
        wayOn={{ href: "/Projects", label: "Go to the project search" }}
      />
    );
  }
  return (
    <ListPage
      noun="company"
      title="Companies"
      searchPath="/Companies"
      savedPath="/Companies"
      page={loaderData}
      folders={[]}
      savable={false}
      searchPlaceholder="Search for company"
      columns={companyColumns}
      canDownload={Boolean(user?.allow_download)}
      downloadAction="/Companies/Download"
      extraParams={{
        ...searchLinkParams(loaderData.panel.search),
        panel: loaderData.panel.open ? "1" : undefined,
      }}
      searchPanel={
        <ListAdvancedSearch
          kind="company"
          panel={loaderData.panel}
          list={loaderData.list}
          savedSearchText={loaderData.savedSearchText}
          lastResult={actionData?.savedSearch}
        />
      }
    />
  );
}

function companyColumns(carry: string): Column<CompanyRow>[] {
  return [
    {
      key: "name",
      label: "Name",
      sortKey: "name",
      rowLink: true,
      render: (row) => (
        <AppLink
          to={companyHref(row.id, carry)}
          className="font-medium text-brand-700 underline hover:text-brand-900"
        >
          {row.name || "—"}
        </AppLink>
      ),
    },
    {
      key: "url",
      label: "Website",
      sortKey: "url",
      render: (row) => {
        const href = websiteHref(row.url);
        return href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
            {row.url}
          </a>
        ) : null;
      },
    },
    {
      key: "company_type",
      label: "Company Type",
      sortKey: "company_type",
      render: (row) => row.types.map((t) => t.name).join(", "),
    },
    dateColumn("created_at", "Entered"),
    dateColumn("updated_at", "Updated"),
  ];
}
