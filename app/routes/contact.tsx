import { data, type RouterContextProvider, useLocation } from "react-router";
import { ContactFields } from "~/components/contact/contact-fields";
import {
  DetailHeader,
  DialogAction,
  SaveButton,
  SavedFolder,
  ShareByMailLink,
} from "~/components/detail/detail-header";
import { NoteDialogs } from "~/components/detail/lazy-dialogs";
import { NotesArea } from "~/components/detail/notes-area";
import { useDetailScreen, useNoteForms, useSavedState } from "~/components/detail/use-detail-screen";
import { ProjectPageTable } from "~/components/project/similar-projects";
import { currentMember } from "~/lib/account/member.server";
import { detailAction, noteIntents, savedStateIntents } from "~/lib/detail/actions.server";
import {
  CONTACT_NOT_FOUND,
  carriedContactListParams,
  contactBreadcrumb,
  contactFields,
  contactName,
  readContactDetailState,
} from "~/lib/detail/contact-detail";
import { loadDetail } from "~/lib/detail/load-detail.server";
import type { NoteDialogState, NoteItemData } from "~/lib/detail/types";
import { detailShouldRevalidate, parseEntityId } from "~/lib/detail/url-state";
import { apiContext } from "~/lib/platform/contexts";
import { errorResponse } from "~/lib/platform/invariant";
import { pageUrl, publicOrigin } from "~/lib/platform/request-url";
import type { ListParams } from "~/lib/search/list-params";
import { useRootData } from "~/root-data";
import { screenMeta } from "~/screen-titles";
import { PER_PAGE } from "../../contract/constants";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = screenMeta;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const searchParams = pageUrl(request).searchParams;
  const list = carriedContactListParams(searchParams);
  const { projectsPage } = readContactDetailState(searchParams);
  const api = context.get(apiContext);
  const detail = await loadDetail({
    id: parseEntityId(params.contactId),
    missing: () => contactMissing(list, context),
    read: (id) => api.call(endpoints.contact, { params: { id } }).then((r) => r.data),
    // A contact the member may not read (no directory, not saved, on no project of theirs).
    refusal: "forbidden",
    load: async (read, id) => {
      // The contact's projects (those the member may open), a page at a time; a failure shows none.
      const projectsP = api
        .call(endpoints.contactProjects, { params: { id }, query: { page: projectsPage } })
        .then((r) => r.data)
        .catch((error: unknown) => {
          if (error instanceof Response) throw error;
          console.warn(`[contact] projects of ${id} not loaded`);
          return null;
        });
      const [contact, projects] = await Promise.all([read, projectsP]);
      return {
        contact,
        list,
        projects: projects && { rows: projects.data, total: projects.total, page: projectsPage },
        pageUrl: `${publicOrigin(request)}/Contacts/${contact.id}`,
      };
    },
  });
  // A contact the member may not read is the same page, as a refusal (403) in the API's words.
  if (detail.outcome !== "found")
    throw errorResponse({ title: "Not allowed", message: detail.message }, { status: 403 });
  return data(detail, { headers: { "Cache-Control": "no-store" } });
}

/** The 404 page of a contact that does not exist, with the way back to the list it was opened from. */
async function contactMissing(list: ListParams | null, context: Readonly<RouterContextProvider>) {
  // The list is the directory, or the saved contacts for a member without the directory.
  const me = await currentMember(context).catch(() => null);
  return {
    title: "Contact not found",
    message: CONTACT_NOT_FOUND,
    back: contactBreadcrumb(list, null, me?.allow_directory === true),
  };
}

export const shouldRevalidate = detailShouldRevalidate;

/**
 * Save, unsave, folder and the contact note: POST Contacts/Save, DELETE Contacts/{id}, Contacts/AddTag,
 * Contacts/AddNote. The contact note is one text on the member's link to the contact: deleting it saves it
 * empty.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const list = carriedContactListParams(pageUrl(request).searchParams);
  return detailAction(request, parseEntityId(params.contactId), () => contactMissing(list, context), {
    ...savedStateIntents({
      save: (id) => api.call(endpoints.saveContact, { body: { contact_id: id } }),
      remove: (id) => api.call(endpoints.unsaveContact, { params: { id } }),
      file: (id, tagId) => api.call(endpoints.setContactFolder, { body: { contact_id: id, tag_id: tagId } }),
    }),
    ...noteIntents({
      save: (id, { note }) => api.call(endpoints.saveContactNote, { body: { contact_id: id, note } }),
      remove: (id) => api.call(endpoints.saveContactNote, { body: { contact_id: id, note: "" } }),
    }),
  });
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { contact, list, projects, pageUrl } = loaderData;
  const user = useRootData()?.user ?? null;
  const view = readContactDetailState(new URLSearchParams(useLocation().search));
  NoteDialogs.usePreload();
  const screen = useDetailScreen<NoteDialogState>({
    keyPrefix: "contact",
    id: contact.id,
    urlDialog: view.dialog,
    dialogParams: (d) => ({ dialog: d.kind, noteId: d.noteId }),
    actionData,
  });
  const saved = useSavedState(screen, contact.user);
  const noteForms = useNoteForms(screen);

  // The contact note is one text on the member's link to the contact; its "id" is the link's.
  const noteText = contact.user?.note?.trim() ? contact.user.note : null;
  const note: NoteItemData | null =
    noteText && contact.user && !noteForms.deleting
      ? { id: contact.user.id, note: noteText, created_at: null }
      : null;
  const name = contactName(contact);
  const subtitle = [contact.title, contact.company_name].filter((s) => s?.trim()).join(" · ");

  return (
    <div className="space-y-6">
      <DetailHeader
        breadcrumb={contactBreadcrumb(list, view.fromProject, Boolean(user?.allow_directory))}
        title={name}
        actions={
          <>
            {user?.allow_share ? (
              <ShareByMailLink title={name} url={pageUrl}>
                Email contact
              </ShareByMailLink>
            ) : null}
            <DialogAction screen={screen} dialog={{ kind: "note", noteId: note?.id ?? null }}>
              {note ? "Edit Note" : "Add Note"}
            </DialogAction>
            <SaveButton state={saved} addLabel="Add Saved Contacts" />
          </>
        }
      >
        {subtitle ? <p className="text-sm text-slate-700">{subtitle}</p> : null}
      </DetailHeader>

      <SavedFolder state={saved} folders={user?.contactTags ?? []} noun="contact" />

      <NotesArea
        notes={note ? [note] : []}
        hrefFor={screen.dialogHref}
        onOpen={screen.openDialog}
        heading="Note"
        addLabel={note ? null : "Add Note"}
        emptyText="No note yet."
      />

      <section aria-labelledby="details-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="details-heading" className="mb-2 text-lg font-semibold text-slate-900">
          Contact details
        </h2>
        <ContactFields fields={contactFields(contact)} companyLinks={Boolean(user?.allow_companysearch)} />
      </section>

      {projects ? (
        <ProjectPageTable
          title="Projects"
          headingId="contact-projects-heading"
          pagesLabel="Contact's projects"
          className="print:hidden"
          rows={projects.rows}
          total={projects.total}
          page={projects.page}
          perPage={PER_PAGE}
          hrefForProject={(id) => `/Projects/${id}`}
          hrefForPage={(page) =>
            screen.hrefWith({ projectsPage: page > 1 ? page : null, dialog: null, noteId: null })
          }
        />
      ) : null}

      <NoteDialogs
        dialog={screen.dialog}
        formKey={screen.formKey}
        forms={noteForms}
        note={note}
        deleteNoteId={note?.id ?? null}
        withReminder={false}
      />
    </div>
  );
}
