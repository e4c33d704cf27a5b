import { parseWithZod } from "@conform-to/zod/v4";
import {
  createContext,
  data,
  Form,
  Link,
  redirect,
  useFetcher,
  useLocation,
  useNavigate,
} from "react-router";
import { useCloseOnSuccess, useDetailDialog } from "~/components/detail-dialogs";
import { DialogLink } from "~/components/dialog-link";
import { ErrorPage } from "~/components/error-page";
import { FolderSelector } from "~/components/folder-selector";
import { FormAlert } from "~/components/forms";
import { LazyMap } from "~/components/map/map";
import { Modal } from "~/components/modal";
import { type ActionResult, DeleteNoteDialog, NoteDialog } from "~/components/note-dialogs";
import { NotesArea } from "~/components/notes-area";
import { ResearchDialog } from "~/components/project/project-dialogs";
import { ProjectTabs } from "~/components/project/project-tabs";
import { SimilarProjects } from "~/components/project/similar-projects";
import { ApiRequestError, apiContext } from "~/lib/api.server";
import { formatDate } from "~/lib/dates";
import {
  failureMessage,
  noteFailureMessage,
  pageAfterPost,
  savedStateAction,
} from "~/lib/detail-actions.server";
import { geocodeAddress, geocodeQuery, type LatLng } from "~/lib/geocode.server";
import {
  addressLine,
  backToSearchHref,
  breadcrumbFor,
  carriedListParams,
  type DetailDialog,
  detailShouldRevalidate,
  parseProjectId,
  projectMailto,
  readDetailState,
  SIMILAR_PER_PAGE,
  similarProjectHref,
  type TabId,
} from "~/lib/project-detail";
import {
  DeleteNoteSchema,
  NOTE_REQUEST_FAILED,
  NoteSchema,
  ResearchSchema,
} from "~/lib/project-forms.server";
import { publicOrigin } from "~/lib/request-url";
import { memberSessionContext } from "~/lib/session.server";
import { useRootData } from "~/root";
import { MessageAnswer } from "../../contract/common";
import { MessageCreatedAnswer } from "../../contract/messages";
import {
  type Project,
  ProjectAnswer,
  type ProjectNote,
  ProjectNotesAnswer,
  type ProjectRow,
  SaveProjectNoteAnswer,
  SimilarProjectsAnswer,
} from "../../contract/projects";
import type { Route } from "./+types/project";

export const NOT_FOUND_MESSAGE =
  "A project with this ID could not be found. Please try searching for it instead.";

export const handle = { title: "Project" };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.found ? loaderData.project.title : loaderData && "locked" in loaderData ? "Project" : "Project not found"} | Project Leads`,
  },
];

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
const settle = <T,>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/** The project read by this route's middleware, before any loader (the root's Users/Me included) runs. */
const projectPrefetch = createContext<Promise<Settled<Project>> | null>(null);

/**
 * Opening a project is what uses up a trial member's free reports. Reading it here, before the loaders,
 * makes the root loader's Users/Me (run alongside this route's loader) see the new remaining count.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    const id = parseProjectId(params.projectId);
    if (id && (request.method === "GET" || request.method === "HEAD")) {
      const api = context.get(apiContext);
      const pending = settle(api.get(`Projects/${id}`, ProjectAnswer).then((r) => r.data));
      context.set(projectPrefetch, pending);
      await pending;
    }
    return next();
  },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const list = carriedListParams(url.searchParams);
  const view = readDetailState(url.searchParams);
  const id = parseProjectId(params.projectId);
  const notFound = () => data({ found: false as const, backHref: backToSearchHref(list) }, { status: 404 });
  if (!id) return notFound();

  const api = context.get(apiContext);
  const projectP =
    context.get(projectPrefetch) ?? settle(api.get(`Projects/${id}`, ProjectAnswer).then((r) => r.data));
  const notesP = settle(api.get(`Projects/${id}/Notes`, ProjectNotesAnswer).then((r) => r.data));
  // Similar-project failures are silently ignored (member-app.md §8).
  const similarP = api
    .get(`Projects/${id}/Similar`, SimilarProjectsAnswer, { query: { page: view.similarPage } })
    .then((r) => r.data)
    .catch((error: unknown) => {
      if (error instanceof Response) throw error;
      console.warn(`[project] similar projects of ${id} not loaded`);
      return { total: 0, data: [] as ProjectRow[] };
    });
  const pointP = projectP.then(async (r): Promise<LatLng | null> => {
    if (!r.ok) return null;
    const p = r.value;
    if (typeof p.lat === "number" && typeof p.lng === "number") return { lat: p.lat, lng: p.lng };
    return geocodeAddress(api, geocodeQuery([p.address1, p.city, p.state, p.zip]));
  });

  const [projectR, notesR, similar, point] = await Promise.all([projectP, notesP, similarP, pointP]);
  if (!projectR.ok) {
    if (projectR.error instanceof ApiRequestError && [400, 404, 422].includes(projectR.error.status))
      return notFound();
    // A trial member with no report left opening a new project: the API refuses it, the shell's
    // trial-expired dialog says why and what to do.
    if (projectR.error instanceof ApiRequestError && projectR.error.status === 403)
      return data(
        { found: false as const, locked: true as const, backHref: backToSearchHref(list) },
        { status: 403 },
      );
    throw projectR.error;
  }
  if (!notesR.ok) throw notesR.error;
  const project = projectR.value;

  return data(
    {
      found: true as const,
      project,
      notes: notesR.value,
      similar: { rows: similar.data, total: similar.total, page: view.similarPage },
      point,
      list,
      pageUrl: `${publicOrigin(request)}/Projects/${project.id}`,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const shouldRevalidate = detailShouldRevalidate;

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const id = parseProjectId(params.projectId);
  if (!id) return data<ActionResult>({ intent, error: NOT_FOUND_MESSAGE }, { status: 404 });
  const api = context.get(apiContext);
  const session = context.get(memberSessionContext);
  const done = (js: string | undefined) => {
    if (js) return data<ActionResult>({ intent, ok: true });
    throw redirect(pageAfterPost(request));
  };

  switch (intent) {
    case "note": {
      const submission = parseWithZod(formData, { schema: NoteSchema });
      if (submission.status !== "success")
        return data<ActionResult>({ intent, reply: submission.reply() }, { status: 400 });
      const v = submission.value;
      try {
        const answer = await api.post(
          `Projects/${id}/Notes`,
          { id: v.id ?? null, note: v.note, notification_date: v.notification_date ?? null },
          SaveProjectNoteAnswer,
        );
        if (answer.error) {
          return data<ActionResult>(
            { intent, reply: submission.reply({ formErrors: [answer.message || NOTE_REQUEST_FAILED] }) },
            { status: 400 },
          );
        }
      } catch (error) {
        const failure = failureMessage(error);
        if (!failure) throw error;
        // The API's own message when it sent one (an error-flag answer with a 4xx), otherwise 'error' (§8).
        return data<ActionResult>(
          { intent, reply: submission.reply({ formErrors: [noteFailureMessage(error)] }) },
          { status: failure.status },
        );
      }
      // The note shows in the notes area: no message (nor, without JavaScript, a dialog to dismiss).
      return done(v.js);
    }

    case "delete-note": {
      const submission = parseWithZod(formData, { schema: DeleteNoteSchema });
      if (submission.status !== "success")
        return data<ActionResult>({ intent, reply: submission.reply() }, { status: 400 });
      try {
        await api.delete(`Projects/${id}/Notes/${submission.value.noteId}`, MessageAnswer.partial());
      } catch (error) {
        const failure = failureMessage(error);
        if (!failure) throw error;
        return data<ActionResult>(
          { intent, reply: submission.reply({ formErrors: [failure.message] }) },
          { status: failure.status },
        );
      }
      return done(submission.value.js);
    }

    case "research": {
      const submission = parseWithZod(formData, { schema: ResearchSchema });
      if (submission.status !== "success")
        return data<ActionResult>({ intent, reply: submission.reply() }, { status: 400 });
      const v = submission.value;
      try {
        await api.post(
          "Messages",
          { project_id: id, project_name: v.project_name || `Project ${id}`, comment: v.comment },
          MessageCreatedAnswer,
        );
      } catch (error) {
        const failure = failureMessage(error);
        if (!failure) throw error;
        return data<ActionResult>(
          { intent, reply: submission.reply({ formErrors: [failure.message] }) },
          { status: failure.status },
        );
      }
      session.flashToast({
        title: "Submitted",
        description: "Your message has been submitted successfully!",
        autoClose: true,
      });
      return done(v.js);
    }

    case "save":
    case "unsave":
    case "folder":
      return savedStateAction("project", intent, formData, api, id, done);

    default:
      return data<ActionResult>({ intent, error: "Unknown action." }, { status: 400 });
  }
}

export default function ProjectPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found)
    return "locked" in loaderData ? (
      <ProjectLocked backHref={loaderData.backHref} />
    ) : (
      <ProjectNotFound backHref={loaderData.backHref} />
    );
  return <ProjectDetail data={loaderData} actionData={actionData as ActionResult | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} compact />;
}

function ProjectLocked({ backHref }: { backHref: string }) {
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">Project</h1>
      <p className="mt-2 text-slate-700">
        Your free trial is over: subscribe to open this project.{" "}
        <Link to={backHref} className="text-brand-700 underline">
          Back to search
        </Link>
      </p>
    </div>
  );
}

function ProjectNotFound({ backHref }: { backHref: string }) {
  const navigate = useNavigate();
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">Project not found</h1>
      <p className="mt-2 text-slate-700">
        <Link to={backHref} className="text-brand-700 underline">
          Back to search
        </Link>
      </p>
      <Modal open title="Error" onClose={() => navigate(backHref)} closeHref={backHref} size="sm">
        <p className="text-slate-700">{NOT_FOUND_MESSAGE}</p>
        <div className="mt-6 flex justify-end">
          <Link
            to={backHref}
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Back to search
          </Link>
        </div>
      </Modal>
    </div>
  );
}

type LoadedData = Extract<Route.ComponentProps["loaderData"], { found: true }>;
type OpenableDialog = Exclude<DetailDialog, null>;

function ProjectDetail({ data: loaded, actionData }: { data: LoadedData; actionData?: ActionResult }) {
  const { project, notes, similar, point, list, pageUrl } = loaded;
  const root = useRootData();
  const user = root?.user ?? null;
  const folders = user?.projectTags ?? [];
  const location = useLocation();
  const view = readDetailState(new URLSearchParams(location.search));
  // Dialogs: from the URL without JavaScript; opened in place (no navigation) once hydrated.
  const { dialog, openDialog, closeDialog, closeHref, formKey, hrefWith, hydrated } =
    useDetailDialog<OpenableDialog>(view.dialog);
  const dialogHref = (d: OpenableDialog) =>
    hrefWith({
      dialog: d.kind === "research" ? "project-research" : d.kind,
      noteId: d.kind === "research" ? null : d.noteId,
      print: null,
    });

  const noteFetcher = useFetcher<ActionResult>({ key: `project-note-${formKey}` });
  const deleteFetcher = useFetcher<ActionResult>({ key: `project-delete-note-${formKey}` });
  const researchFetcher = useFetcher<ActionResult>({ key: `project-research-${formKey}` });
  const saveFetcher = useFetcher<ActionResult>({ key: `project-save-${project.id}` });
  const folderFetcher = useFetcher<ActionResult>({ key: `project-folder-${project.id}` });

  useCloseOnSuccess(noteFetcher, closeDialog);
  useCloseOnSuccess(deleteFetcher, closeDialog);
  useCloseOnSuccess(researchFetcher, closeDialog);

  // Optimistic saved state and folder while their posts are in flight.
  const pendingSave = saveFetcher.formData?.get("intent");
  const saved = pendingSave ? pendingSave === "save" : Boolean(project.user);
  const pendingTag = folderFetcher.formData;
  const activeTagId = pendingTag ? Number(pendingTag.get("tag_id")) || null : (project.user?.tag_id ?? null);
  const pendingDeleteId =
    deleteFetcher.state !== "idle" ? Number(deleteFetcher.formData?.get("noteId")) || null : null;

  const headerError =
    (saveFetcher.state === "idle" ? saveFetcher.data?.error : undefined) ??
    (folderFetcher.state === "idle" ? folderFetcher.data?.error : undefined) ??
    (actionData && ["save", "unsave", "folder"].includes(actionData.intent) ? actionData.error : undefined);

  const breadcrumb = breadcrumbFor(list, view.fromProject, project.id);
  const editingNote: ProjectNote | null =
    dialog?.kind === "note" && dialog.noteId ? (notes.find((n) => n.id === dialog.noteId) ?? null) : null;
  const replyFor = (intent: string, fetcher: ReturnType<typeof useFetcher<ActionResult>>) =>
    fetcher.data?.reply ?? (actionData?.intent === intent ? actionData.reply : undefined);

  const SaveForm = hydrated ? saveFetcher.Form : Form;
  const actionClass =
    "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-brand-600";

  const address = addressLine(project);
  const mapFallback = point ? (
    <div className="flex h-80 flex-col justify-center gap-1 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
      <p className="font-medium text-slate-900">{address}</p>
      <p>
        Latitude {point.lat.toFixed(5)}, longitude {point.lng.toFixed(5)}
      </p>
    </div>
  ) : null;

  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="text-sm print:hidden">
        <Link to={breadcrumb.href} className="font-medium text-brand-700 underline hover:text-brand-900">
          <span aria-hidden="true">← </span>
          {breadcrumb.label}
        </Link>
      </nav>

      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">{project.title}</h1>
          <p className="text-sm text-slate-700">
            <span>Project ID: {project.id}</span>
            <span aria-hidden="true" className="mx-2">
              ·
            </span>
            <span>Date Entered: {formatDate(project.created_at)}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 print:hidden">
          <DialogLink
            href={dialogHref({ kind: "research" })}
            dialog={{ kind: "research" }}
            onOpen={openDialog}
            className={actionClass}
          >
            Request Research
          </DialogLink>
          {user?.allow_share ? (
            <a href={projectMailto(project.title, pageUrl)} className={actionClass}>
              Email project
            </a>
          ) : null}
          <DialogLink
            href={dialogHref({ kind: "note", noteId: null })}
            dialog={{ kind: "note", noteId: null }}
            onOpen={openDialog}
            className={actionClass}
          >
            Add Note
          </DialogLink>
          <Link
            to={hrefWith({ print: "1", dialog: null, noteId: null })}
            className={actionClass}
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              window.print();
            }}
          >
            Print
          </Link>
          <SaveForm method="post">
            <input type="hidden" name="intent" value={saved ? "unsave" : "save"} />
            {hydrated ? <input type="hidden" name="js" value="1" /> : null}
            <button
              type="submit"
              className={
                saved
                  ? actionClass
                  : "inline-flex items-center justify-center rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus:outline-none focus:ring-2 focus:ring-brand-600"
              }
            >
              {saved ? "Remove" : "Add Saved Projects"}
            </button>
          </SaveForm>
        </div>
      </header>

      {headerError ? <FormAlert errors={[headerError]} /> : null}

      {saved ? (
        <div className="print:hidden">
          <FolderSelector
            folders={folders}
            activeTagId={activeTagId}
            fetcher={hydrated ? folderFetcher : undefined}
          />
        </div>
      ) : null}

      {view.print ? (
        <p className="rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-900 print:hidden">
          Print view: every tab is shown. Use your browser's Print command.{" "}
          <Link to={hrefWith({ print: null })} className="font-medium underline">
            Back to the tabs
          </Link>
        </p>
      ) : null}

      <NotesArea notes={notes} hrefFor={dialogHref} onOpen={openDialog} pendingDeleteId={pendingDeleteId} />

      <ProjectTabs
        project={project}
        active={view.tab}
        expanded={view.print}
        hrefFor={(tab: TabId) =>
          hrefWith({ tab: tab === "overview" ? null : tab, dialog: null, noteId: null, print: null })
        }
        mapSlot={
          point ? (
            <LazyMap
              markers={[{ id: project.id, lat: point.lat, lng: point.lng, label: project.title }]}
              center={[point.lat, point.lng]}
              zoom={16}
              label={`Map of ${address || project.title}`}
              className="h-80 w-full"
              minWidthQuery="(min-width: 64rem)"
              fallback={mapFallback}
            />
          ) : null
        }
      />

      <SimilarProjects
        rows={similar.rows}
        total={similar.total}
        page={similar.page}
        perPage={SIMILAR_PER_PAGE}
        hrefForProject={(id) => similarProjectHref(id, project.id, list)}
        hrefForPage={(page) => hrefWith({ similarPage: page > 1 ? page : null, dialog: null, noteId: null })}
      />

      {dialog?.kind === "note" ? (
        <NoteDialog
          key={`note-${formKey}-${dialog.noteId ?? "new"}`}
          open
          note={editingNote}
          onClose={hydrated ? closeDialog : undefined}
          closeHref={closeHref}
          fetcher={hydrated ? noteFetcher : undefined}
          lastResult={replyFor("note", noteFetcher)}
        />
      ) : null}
      {dialog?.kind === "delete-note" ? (
        <DeleteNoteDialog
          key={`delete-${formKey}-${dialog.noteId}`}
          open
          noteId={dialog.noteId}
          onClose={hydrated ? closeDialog : undefined}
          closeHref={closeHref}
          fetcher={hydrated ? deleteFetcher : undefined}
          lastResult={replyFor("delete-note", deleteFetcher)}
        />
      ) : null}
      {dialog?.kind === "research" ? (
        <ResearchDialog
          key={`research-${formKey}`}
          open
          projectName={project.title}
          onClose={hydrated ? closeDialog : undefined}
          closeHref={closeHref}
          fetcher={hydrated ? researchFetcher : undefined}
          lastResult={replyFor("research", researchFetcher)}
        />
      ) : null}
    </div>
  );
}
