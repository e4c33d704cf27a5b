import { useLocation } from "react-router";
import {
  DetailHeader,
  DialogAction,
  PrintLink,
  PrintNotice,
  SaveButton,
  SavedFolder,
  ShareByMailLink,
} from "~/components/detail/detail-header";
import { DetailPage } from "~/components/detail/detail-page";
import { NoteDialogs } from "~/components/detail/lazy-dialogs";
import { NotesArea } from "~/components/detail/notes-area";
import {
  useDetailScreen,
  useDialogForm,
  useNoteForms,
  useSavedState,
} from "~/components/detail/use-detail-screen";
import { ResearchDialog } from "~/components/project/lazy-dialogs";
import { ProjectMap } from "~/components/project/project-map";
import { ProjectTabs } from "~/components/project/project-tabs";
import { SimilarProjects } from "~/components/project/similar-projects";
import { recentChanges, WhatChanged } from "~/components/project/what-changed";
import { detailAction, noteIntents, savedStateIntents } from "~/lib/detail/actions.server";
import { detailData, loadDetail } from "~/lib/detail/load-detail.server";
import {
  backToSearchHref,
  breadcrumbFor,
  carriedListParams,
  type ProjectDialog,
  readDetailState,
  similarProjectHref,
  type TabId,
} from "~/lib/detail/project-detail";
import { researchIntent } from "~/lib/detail/project-research.server";
import { detailShouldRevalidate, parseEntityId } from "~/lib/detail/url-state";
import { formatDate } from "~/lib/format/dates";
import { addressLine } from "~/lib/format/format";
import {
  apiContext,
  memberSessionContext,
  projectPrefetchContext,
  requestMemberContext,
} from "~/lib/platform/contexts";
import { pageUrl, publicOrigin } from "~/lib/platform/request-url";
import { settle } from "~/lib/platform/settle";
import { geocodeAddress, geocodeQuery, type LatLng } from "~/lib/search/geocode.server";
import { useRootData } from "~/root-data";
import { screenMeta } from "~/screen-titles";
import { SIMILAR_PER_PAGE } from "../../contract/constants";
import { endpoints } from "../../contract/endpoints";
import type { ProjectRow } from "../../contract/projects";
import type { Route } from "./+types/project";

export const meta: Route.MetaFunction = screenMeta;

const NOT_FOUND_MESSAGE = "A project with this ID could not be found. Please try searching for it instead.";
/** The 404 page of a project that does not exist, with the way back to the search it was opened from. */
const projectMissing = (backHref: string) => ({
  title: "Project not found",
  message: NOT_FOUND_MESSAGE,
  back: { href: backHref, label: "Back to search" },
});
const TRIAL_OVER_MESSAGE = "Your free trial is over: subscribe to open this project.";

/**
 * Opening a project is what uses up a trial member's free reports. Reading it here, before the loaders,
 * makes the root loader's Users/Me (run alongside this route's loader) see the new remaining count.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    const id = parseEntityId(params.projectId);
    if (id && (request.method === "GET" || request.method === "HEAD")) {
      const api = context.get(apiContext);
      const pending = settle(api.call(endpoints.project, { params: { id } }).then((r) => r.data));
      context.set(projectPrefetchContext, pending);
      // The notes and the similar projects do not depend on the report the read may spend: they are asked for
      // alongside it, and the loader's same calls share these answers (its own handling of a failure included).
      const similarPage = readDetailState(pageUrl(request).searchParams).similarPage;
      api.call(endpoints.projectNotes, { params: { id } }).catch(() => {});
      api.call(endpoints.projectChanges, { params: { id } }).catch(() => {});
      api.call(endpoints.similarProjects, { params: { id }, query: { page: similarPage } }).catch(() => {});
      await pending;
      // The read may have spent a report of a trial member: the member read before it (by the trial gate) is
      // out of date for the reads after it (the root loader's remaining count).
      await context.get(requestMemberContext).projectOpened();
    }
    return next();
  },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = pageUrl(request);
  const list = carriedListParams(url.searchParams);
  const view = readDetailState(url.searchParams);
  const api = context.get(apiContext);
  const detail = await loadDetail({
    id: parseEntityId(params.projectId),
    missing: projectMissing(backToSearchHref(list)),
    read: async (id) => {
      const prefetched = await context.get(projectPrefetchContext);
      if (!prefetched) return (await api.call(endpoints.project, { params: { id } })).data;
      if (prefetched.ok) return prefetched.value;
      throw prefetched.error;
    },
    // The API refuses (403) a project outside the subscription's coverage (decision 031), said in its own
    // words, and a trial's new project once its reports are spent (the shell's trial-expired dialog says why).
    refusal: "locked",
    refusalMessage: (apiMessage) => (/coverage/i.test(apiMessage) ? apiMessage : TRIAL_OVER_MESSAGE),
    load: async (read, id) => {
      const notesP = api.call(endpoints.projectNotes, { params: { id } }).then((r) => r.data);
      // Similar projects are a bonus: when they fail to load, the page shows none and says nothing.
      const similarP = api
        .call(endpoints.similarProjects, { params: { id }, query: { page: view.similarPage } })
        .then((r) => r.data)
        .catch((error: unknown) => {
          if (error instanceof Response) throw error;
          console.warn(`[project] similar projects of ${id} not loaded`);
          return { total: 0, data: [] as ProjectRow[] };
        });
      // What changed (issue 45) is a bonus too: when it fails to load, the page shows no section.
      const changesP = api
        .call(endpoints.projectChanges, { params: { id } })
        .then((r) => recentChanges(r.data, new Date()))
        .catch((error: unknown) => {
          if (error instanceof Response) throw error;
          console.warn(`[project] changes of ${id} not loaded`);
          return [];
        });
      const pointP = read.then((p): Promise<LatLng | null> | LatLng =>
        typeof p.lat === "number" && typeof p.lng === "number"
          ? { lat: p.lat, lng: p.lng }
          : geocodeAddress(api, geocodeQuery([p.address1, p.city, p.state, p.zip])),
      );
      const [project, notes, similar, point, changes] = await Promise.all([
        read,
        notesP,
        similarP,
        pointP,
        changesP,
      ]);
      return {
        project,
        notes,
        changes,
        similar: { rows: similar.data, total: similar.total, page: view.similarPage },
        point,
        list,
        pageUrl: `${publicOrigin(request)}/Projects/${project.id}`,
      };
    },
  });
  return detailData(detail, backToSearchHref(list));
}

export const shouldRevalidate = detailShouldRevalidate;

/** The header's save and folder, the notes and Request Research (see detailAction). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const back = backToSearchHref(carriedListParams(pageUrl(request).searchParams));
  return detailAction(request, parseEntityId(params.projectId), projectMissing(back), {
    ...savedStateIntents({
      save: (id) => api.call(endpoints.saveProject, { body: { project_id: id } }),
      remove: (id) => api.call(endpoints.unsaveProject, { params: { id } }),
      file: (id, tagId) => api.call(endpoints.setProjectFolder, { body: { project_id: id, tag_id: tagId } }),
    }),
    ...noteIntents({
      save: (id, note) => api.call(endpoints.saveProjectNote, { params: { id }, body: note }),
      remove: (id, noteId) =>
        api.call(endpoints.deleteProjectNote, { params: { projectId: id, id: noteId } }),
    }),
    research: researchIntent(api, context.get(memberSessionContext)),
  });
}

export default function ProjectPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DetailPage detail={loaderData} noun="Project" backLabel="Back to search">
      {(found) => <ProjectDetail data={found} actionData={actionData} />}
    </DetailPage>
  );
}

type LoadedData = Extract<Route.ComponentProps["loaderData"], { outcome: "found" }>;

function ProjectDetail({
  data: loaded,
  actionData,
}: {
  data: LoadedData;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { project, notes, changes, similar, point, list, pageUrl } = loaded;
  const user = useRootData()?.user ?? null;
  const view = readDetailState(new URLSearchParams(useLocation().search));
  NoteDialogs.usePreload();
  ResearchDialog.usePreload();
  const screen = useDetailScreen<ProjectDialog>({
    keyPrefix: "project",
    id: project.id,
    urlDialog: view.dialog,
    dialogParams: (d) => ({
      dialog: d.kind === "research" ? "project-research" : d.kind,
      noteId: d.kind === "research" ? null : d.noteId,
      print: null,
    }),
    actionData,
  });
  const saved = useSavedState(screen, project.user);
  const noteForms = useNoteForms(screen);
  const research = useDialogForm(screen, "research");
  const { dialog, hrefWith } = screen;
  const editingNote =
    dialog?.kind === "note" && dialog.noteId ? (notes.find((n) => n.id === dialog.noteId) ?? null) : null;
  const address = addressLine(project);

  return (
    <div className="space-y-6">
      <DetailHeader
        breadcrumb={breadcrumbFor(list, view.fromProject, project.id)}
        title={project.title}
        actions={
          <>
            <DialogAction screen={screen} dialog={{ kind: "research" }}>
              Request Research
            </DialogAction>
            {user?.allow_share ? (
              <ShareByMailLink title={project.title} url={pageUrl}>
                Email project
              </ShareByMailLink>
            ) : null}
            <DialogAction screen={screen} dialog={{ kind: "note", noteId: null }}>
              Add Note
            </DialogAction>
            <PrintLink screen={screen} />
            <SaveButton state={saved} addLabel="Add Saved Projects" />
          </>
        }
      >
        <p className="text-sm text-slate-700">
          <span>Project ID: {project.id}</span>
          <span aria-hidden="true" className="mx-2">
            ·
          </span>
          <span>Date Entered: {formatDate(project.created_at)}</span>
        </p>
      </DetailHeader>

      <SavedFolder state={saved} folders={user?.projectTags ?? []} noun="project" />

      {view.print ? <PrintNotice screen={screen} /> : null}

      <WhatChanged changes={changes} />

      <NotesArea
        notes={notes}
        hrefFor={screen.dialogHref}
        onOpen={screen.openDialog}
        pendingDeleteId={noteForms.pendingDeleteId}
      />

      <ProjectTabs
        project={project}
        active={view.tab}
        expanded={view.print}
        companyLinks={Boolean(user?.allow_companysearch)}
        hrefFor={(tab: TabId) =>
          hrefWith({ tab: tab === "overview" ? null : tab, dialog: null, noteId: null, print: null })
        }
        mapSlot={point ? <ProjectMap project={project} point={point} address={address} /> : null}
      />

      <SimilarProjects
        rows={similar.rows}
        total={similar.total}
        page={similar.page}
        perPage={SIMILAR_PER_PAGE}
        hrefForProject={(id) => similarProjectHref(id, project.id, list)}
        hrefForPage={(page) => hrefWith({ similarPage: page > 1 ? page : null, dialog: null, noteId: null })}
      />

      <NoteDialogs
        dialog={dialog}
        formKey={screen.formKey}
        forms={noteForms}
        note={editingNote}
        deleteNoteId={dialog?.kind === "delete-note" ? dialog.noteId : null}
      />
      {dialog?.kind === "research" ? (
        <ResearchDialog
          key={`research-${screen.formKey}`}
          open
          projectName={project.title}
          {...research.props}
        />
      ) : null}
    </div>
  );
}
