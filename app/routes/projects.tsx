import { Link } from "react-router";
import { FolderSwatch, ListPage, toolbarButton } from "~/components/lists/list-page";
import type { Column } from "~/components/results-table";
import { apiContext } from "~/lib/api.server";
import { bulkAction, bulkDialogFromUrl, savedListKind, selectedIdsFromUrl } from "~/lib/bulk-actions.server";
import { formatShortDate } from "~/lib/dates";
import { listSearch, readListParams } from "~/lib/list-params";
import { formatMillions } from "~/lib/project-format";
import { useRootData } from "~/root";
import {
  CountMineAnswer,
  PROJECT_ORDER_BY,
  ProjectListAnswer,
  type ProjectRow,
} from "../../contract/projects";
import type { Route } from "./+types/projects";

export const handle = { title: "Project Search" };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.saved ? "Saved Projects" : "Project Search"} | Project Leads` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { saved, routeTagId } = savedListKind(
    request,
    "/Me/Projects",
    "tagId" in params ? params.tagId : undefined,
  );
  const list = readListParams(url.searchParams, PROJECT_ORDER_BY);
  const tag = routeTagId ?? list.tag;
  const api = context.get(apiContext);
  const [result, countMine] = await Promise.all([
    api.get("Projects", ProjectListAnswer, {
      query: { ...list, mine: saved ? 1 : list.mine, tag },
    }),
    // The tracking count is a nicety: its failure must not take the list down.
    saved
      ? null
      : api
          .get("Projects/CountMine", CountMineAnswer)
          .then((r) => r.data)
          .catch(() => null),
  ]);
  return {
    saved,
    routeTagId: routeTagId ?? null,
    list: { ...list, tag },
    rows: result.data.data,
    total: result.data.total,
    databaseTotal: result.total ?? null,
    countMine,
    showMap: url.searchParams.get("map") === "1",
    dialog: bulkDialogFromUrl(url.searchParams),
    selectedIds: selectedIdsFromUrl(url.searchParams),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return bulkAction(request, context, "project");
}

export default function Projects({ loaderData, actionData }: Route.ComponentProps) {
  const { saved, showMap, countMine, list, routeTagId } = loaderData;
  const user = useRootData()?.user;
  const extraParams = { map: showMap ? "1" : undefined };
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
      actionResult={actionData?.reply}
      headerAside={
        !saved && countMine !== null ? (
          <Link
            to="/Me/Projects"
            className="text-sm font-medium text-brand-700 underline hover:text-brand-900"
          >
            Number of projects tracking: {countMine}
          </Link>
        ) : null
      }
      toolbar={
        <Link
          to={`${basePath}${listSearch(linkParams, { map: showMap ? undefined : "1" })}`}
          preventScrollReset
          className={toolbarButton}
        >
          {showMap ? "Hide map" : "Show map"}
        </Link>
      }
    >
      {showMap ? <ProjectsMapFallback rows={loaderData.rows} /> : null}
    </ListPage>
  );
}

function ProjectsMapFallback({ rows }: { rows: ProjectRow[] }) {
  return (
    <section aria-label="Map of listed projects" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="mb-2 text-lg font-semibold">Map</h2>
      <ul className="grid gap-1 text-sm sm:grid-cols-2">
        {rows.map((row) => (
          <li key={row.id}>
            <Link to={`/Projects/${row.id}`} className="text-brand-700 underline">
              {row.title}
            </Link>{" "}
            — {[row.address1, row.city, row.state].filter(Boolean).join(", ")}
          </li>
        ))}
      </ul>
    </section>
  );
}

function projectColumns(carry: string): Column<ProjectRow>[] {
  return [
    {
      key: "title",
      label: "Name",
      sortKey: "title",
      render: (row) => (
        <Link
          to={`/Projects/${row.id}${carry}`}
          className="font-medium text-brand-700 underline hover:text-brand-900"
        >
          {row.title}
        </Link>
      ),
    },
    { key: "city", label: "City", sortKey: "city", render: (row) => row.city },
    { key: "state", label: "State", sortKey: "state", render: (row) => row.state },
    {
      key: "project_type",
      label: "Project Type",
      sortKey: "project_type",
      render: (row) => row.types.map((t) => t.name).join(", "),
    },
    {
      key: "construction_type",
      label: "Const Type",
      sortKey: "construction_type",
      render: (row) => row.construction_type,
    },
    { key: "stage", label: "Projected Project Stage", sortKey: "stage", render: (row) => row.stage?.name },
    {
      key: "minimum_value",
      label: "Estimated Value (M)",
      sortKey: "minimum_value",
      className: "whitespace-nowrap",
      render: (row) => formatMillions(row.minimum_value),
    },
    {
      key: "created_at",
      label: "Entered",
      sortKey: "created_at",
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
