import { useMemo } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { z } from "zod";
import { AppLink } from "~/components/app-link";
import { CardSection } from "~/components/card-section";
import { SavedSearchesDialog, SaveSearchDialog } from "~/components/lists/lazy-parts";
import { OpenSearchPanelLink } from "~/components/lists/list-advanced-search";
import { dateColumn, folderColumn, RowLink, textColumn } from "~/components/lists/list-columns";
import { ListPage, toolbarButton } from "~/components/lists/list-page";
import { ProjectSearchPanel } from "~/components/lists/project-search-panel";
import { LazyMap, type MapMarker } from "~/components/map/map";
import type { Column } from "~/components/results-table";
import { signedInMember } from "~/lib/account/member.server";
import { changeMarkLabel } from "~/lib/format/changes";
import { formatMillions } from "~/lib/format/project-format";
import { apiContext } from "~/lib/platform/contexts";
import { type FormSubmission, readSubmission } from "~/lib/platform/submission.server";
import { trialReportsLeft } from "~/lib/platform/trial";
import type { BulkPost } from "~/lib/search/bulk-actions.server";
import {
  BULK_POSTS,
  bulkAction,
  bulkDialogFromUrl,
  selectedIdsFromUrl,
} from "~/lib/search/bulk-actions.server";
import { geocodeMany, geocodeQuery } from "~/lib/search/geocode.server";
import {
  carriedListSearch,
  listSearch,
  readSavedOrSearchList,
  redirectPastLastPage,
} from "~/lib/search/list-params";
import {
  BIDS_DUE_CHOICES,
  type ProjectSearch,
  projectSearchParams,
  projectSearchToApi,
  readProjectSearch,
} from "~/lib/search/project-search";
import {
  projectSearchPanel,
  redirectToCanonicalProjectSearch,
  savedProjectSearchText,
  searchAllowed,
} from "~/lib/search/project-search.server";
import type { SavedSearchPost } from "~/lib/search/saved-searches.server";
import { SAVED_SEARCH_POSTS, savedSearchAction } from "~/lib/search/saved-searches.server";
import { useRootData } from "~/root-data";
import { screenMeta } from "~/screen-titles";
import { endpoints } from "../../contract/endpoints";
import { PROJECT_ORDER_BY, type ProjectRow } from "../../contract/projects";
import type { Route } from "./+types/projects";

export const meta: Route.MetaFunction = screenMeta;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, saved, routeTagId, list, listQuery } = readSavedOrSearchList(
    request,
    params,
    "/Me/Projects",
    PROJECT_ORDER_BY,
  );
  const api = context.get(apiContext);
  // The advanced search belongs to the project search, not to the saved lists.
  if (!saved) redirectToCanonicalProjectSearch(url);
  // Whether the search may run depends on the member (a free trial may not): the one Users/Me of this request.
  const user = saved || !url.search ? null : await signedInMember(context, request);
  const search = saved ? {} : readProjectSearch(url.searchParams);
  const advanced = projectSearchToApi(searchAllowed(search, user) ? search : {});
  const [panel, result, countMine] = await Promise.all([
    saved ? null : projectSearchPanel(api, url, search, user),
    api.call(endpoints.projects, { query: { ...listQuery, advanced } }),
    // The tracking count is a nicety: its failure must not take the list down.
    saved
      ? null
      : api
          .call(endpoints.countSavedProjects)
          .then((r) => r.data)
          .catch(() => null),
  ]);
  redirectPastLastPage(url, list, result.data.total);
  const rows = result.data.data;
  const showMap = url.searchParams.get("map") === "1";
  // With the map on, the page's rows are geocoded in parallel (cached; a failure only drops that marker).
  const places = showMap
    ? (await geocodeMany(api, rows, (r) => geocodeQuery([r.address1, r.city, r.state, r.zip]))).map(
        ({ item, point }): MapPlace => ({
          id: item.id,
          title: item.title,
          city: item.city,
          state: item.state,
          lat: point.lat,
          lng: point.lng,
        }),
      )
    : [];
  return {
    saved,
    routeTagId: routeTagId ?? null,
    list,
    rows: rows.map(listRow),
    total: result.data.total,
    databaseTotal: result.total ?? null,
    countMine,
    showMap,
    places,
    dialog: bulkDialogFromUrl(url.searchParams),
    selectedIds: selectedIdsFromUrl(url.searchParams),
    panel,
    savedSearchText: panel ? savedProjectSearchText(list.query, panel.search) : "",
  };
}

/** The list's forms: the saved-search dialogs and the bulk actions, one schema, one dispatch on intent. */
const ListPost = z.discriminatedUnion("intent", [...SAVED_SEARCH_POSTS, ...BULK_POSTS]);

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readSubmission(request, ListPost);
  switch (submission.payload.intent) {
    case "save-search":
    case "delete-search":
    case "search-mail":
      return savedSearchAction(submission as FormSubmission<SavedSearchPost>, request, context, "project");
    default:
      return bulkAction(submission as FormSubmission<BulkPost>, request, context, "project");
  }
}

export default function Projects({ loaderData, actionData }: Route.ComponentProps) {
  const { saved, showMap, countMine, list, routeTagId } = loaderData;
  const user = useRootData()?.user;
  const { panel } = loaderData;
  const trialReports = useTrialReports(user, loaderData.rows);
  const location = useLocation();
  SaveSearchDialog.usePreload();
  const dialog = new URLSearchParams(location.search).get("dialog");
  const extraParams = {
    map: showMap ? "1" : undefined,
    ...(panel ? projectSearchParams(panel.search) : {}),
    panel: panel?.open ? "1" : undefined,
  };
  const savedSearchReply = actionData && "savedSearch" in actionData ? actionData.savedSearch : undefined;
  const basePath = saved ? (routeTagId ? `/Me/Projects/Tags/${routeTagId}` : "/Me/Projects") : "/Projects";
  const linkParams = routeTagId ? { ...list, tag: undefined } : list;
  return (
    <ListPage
      noun="project"
      title={saved ? "Saved Projects" : "Project Search"}
      searchPath="/Projects"
      savedPath="/Me/Projects"
      page={loaderData}
      folders={user?.projectTags ?? []}
      columns={projectColumns}
      canDownload={Boolean(user?.allow_download)}
      downloadAction="/Projects/Download"
      extraParams={extraParams}
      searchFilters={
        panel ? { names: ["bidsDue"], fields: <BidsDueSelect search={panel.search} /> } : undefined
      }
      actionResult={actionData && "reply" in actionData ? actionData.reply : undefined}
      trialReports={trialReports}
      searchPanel={
        panel ? (
          panel.open ? (
            <ProjectSearchPanel
              key={JSON.stringify(panel.search)}
              search={panel.search}
              options={panel.options}
              counties={panel.counties}
              list={list}
              blocked={panel.blocked}
              openedByQuery={Object.keys(panel.search).length > 0}
            />
          ) : (
            <OpenSearchPanelLink href={`/Projects${listSearch({ ...list, page: 1 }, { panel: "1" })}`} />
          )
        ) : null
      }
      headerAside={
        !saved && countMine !== null ? (
          <AppLink
            to="/Me/Projects"
            className="inline-flex min-h-6 items-center text-sm font-medium text-brand-700 underline hover:text-brand-900"
          >
            Number of projects tracking: {countMine}
          </AppLink>
        ) : null
      }
      toolbar={
        <AppLink
          to={`${basePath}${listSearch(linkParams, { map: showMap ? undefined : "1" })}`}
          keepScroll
          className={toolbarButton}
        >
          {showMap ? "Hide map" : "Show map"}
        </AppLink>
      }
    >
      {showMap ? (
        <ProjectsMap places={loaderData.places} carry={carriedListSearch(list, saved, extraParams)} />
      ) : null}
      {panel && dialog === "save-search" ? (
        <SaveSearchDialog
          open
          mailChoice
          searchText={loaderData.savedSearchText}
          lastResult={savedSearchReply}
        />
      ) : null}
      {panel && dialog === "saved-searches" ? (
        <SavedSearchesDialog open mailChoice searches={panel.savedSearches} lastResult={savedSearchReply} />
      ) : null}
    </ListPage>
  );
}

/** The search box's "Bids due" (issue 45): the same `bidsDue` as the advanced search's, sent with the keyword. */
function BidsDueSelect({ search }: { search: ProjectSearch }) {
  const value = typeof search.bidsDue === "string" ? search.bidsDue : "";
  return (
    <div className="flex flex-col">
      <label htmlFor="list-bidsDue" className="text-sm font-medium text-slate-700">
        Bids due
      </label>
      <select
        id="list-bidsDue"
        name="bidsDue"
        defaultValue={value}
        key={value}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
      >
        {BIDS_DUE_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A trial's reports left (the member as the API answered this page) and the listed projects it opened, which cost
 * nothing to keep: what the Move dialog prices (decision 107). null for a paid member.
 */
function useTrialReports(user: Parameters<typeof trialReportsLeft>[0], rows: ProjectListRow[]) {
  const remaining = trialReportsLeft(user);
  return useMemo(
    () =>
      remaining === null
        ? null
        : { remaining, opened: new Set(rows.filter((row) => row.opened).map((row) => row.id)) },
    [remaining, rows],
  );
}

type MapPlace = {
  id: number;
  title: string;
  city: string | null;
  state: string | null;
  lat: number;
  lng: number;
};

/**
 * The list's map: a marker per geocoded project of this page, fitted to their bounds;
 * a marker opens the project with the list's parameters. Leaflet loads lazily in the browser; the server,
 * a browser without JavaScript and the moment before hydration get the same places as a list of links.
 */
function ProjectsMap({ places, carry }: { places: MapPlace[]; carry: string }) {
  const navigate = useNavigate();
  const hrefOf = (id: number | string) => `/Projects/${id}${carry}`;
  const markers: MapMarker[] = places.map((p) => ({
    id: p.id,
    lat: p.lat,
    lng: p.lng,
    label: p.title,
    href: hrefOf(p.id),
  }));
  const fallback = (
    <CardSection
      id="projects-map-heading"
      title="Map locations"
      className="p-4"
      headingClassName="mb-2 text-lg font-semibold"
    >
      {places.length === 0 ? (
        <p className="text-sm text-slate-700">No project on this page could be placed on the map.</p>
      ) : (
        <ul className="grid gap-1 text-sm sm:grid-cols-2">
          {places.map((place) => (
            <li key={place.id}>
              <Link to={hrefOf(place.id)} className="text-brand-700 underline hover:text-brand-900">
                {place.title}
              </Link>{" "}
              <span className="text-slate-700">— {[place.city, place.state].filter(Boolean).join(", ")}</span>
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
  if (places.length === 0) return fallback;
  return (
    <LazyMap
      markers={markers}
      zoom={1}
      fitBounds
      maxFitZoom={12}
      label="Map of listed projects"
      className="h-96 w-full"
      fallback={fallback}
      onMarkerClick={(marker) => {
        if (marker.href) navigate(marker.href);
      }}
    />
  );
}

/**
 * What a row of the list shows: the page's data (serialised again for the browser) carries these fields only,
 * not the API's whole row (the map reads the address on the server, before this).
 */
function listRow(row: ProjectRow) {
  return {
    id: row.id,
    title: row.title,
    city: row.city,
    state: row.state,
    types: row.types.map((type) => type.name),
    construction_type: row.construction_type,
    stage: row.stage?.name ?? null,
    minimum_value: row.minimum_value,
    created_at: row.created_at,
    updated_at: row.updated_at,
    bidding_date: row.bidding_date ?? null,
    folder: row.tag[0],
    // A saved project was opened (saving spends the report): an API without the flag is read so.
    opened: row.opened ?? row.user !== null,
    // Saved lists: what changed since the member last opened it (issue 45's watch list), newest first.
    marks: (row.changes ?? []).map(changeMarkLabel),
  };
}
type ProjectListRow = ReturnType<typeof listRow>;

/** A saved row's watch-list marks, under its name (on a phone card too). */
function ChangeMarks({ marks }: { marks: string[] }) {
  if (marks.length === 0) return null;
  return (
    <ul aria-label="Changed since you last opened it" className="mt-0.5 flex flex-wrap gap-1">
      {marks.map((mark) => (
        <li
          key={mark}
          className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900"
        >
          {mark}
        </li>
      ))}
    </ul>
  );
}

function projectColumns(carry: string): Column<ProjectListRow>[] {
  return [
    {
      key: "title",
      label: "Name",
      sortKey: "title",
      card: "title",
      rowLink: true,
      fullText: (row) => row.title,
      render: (row) => (
        <>
          <RowLink to={`/Projects/${row.id}${carry}`}>{row.title}</RowLink>
          <ChangeMarks marks={row.marks} />
        </>
      ),
    },
    textColumn("city", "City"),
    textColumn("state", "State"),
    {
      key: "project_type",
      label: "Project Type",
      sortKey: "project_type",
      render: (row) => row.types.join(", "),
    },
    textColumn("construction_type", "Const Type", { card: "hidden" }),
    textColumn("stage", "Projected Project Stage"),
    {
      key: "minimum_value",
      label: "Estimated Value (M)",
      sortKey: "minimum_value",
      className: "sm:whitespace-nowrap",
      render: (row) => formatMillions(row.minimum_value),
    },
    dateColumn("created_at", "Entered", { card: "hidden" }),
    dateColumn("updated_at", "Updated"),
    dateColumn("bidding_date", "Bid Date"),
    folderColumn((row) => row.folder),
  ];
}
