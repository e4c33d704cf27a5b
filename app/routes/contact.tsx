import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useFetcher, useLocation } from "react-router";
import { useCloseOnSuccess, useDetailDialog } from "~/components/detail-dialogs";
import { DialogLink } from "~/components/dialog-link";
import { ErrorPage } from "~/components/error-page";
import { FolderSelector } from "~/components/folder-selector";
import { FormAlert } from "~/components/forms";
import { type ActionResult, DeleteNoteDialog, NoteDialog } from "~/components/note-dialogs";
import { type NoteItemData, NotesArea } from "~/components/notes-area";
import { ApiRequestError, apiContext } from "~/lib/api.server";
import {
  backToContactsHref,
  CONTACT_NOT_FOUND,
  type ContactDialog,
  type ContactField,
  carriedContactListParams,
  contactBreadcrumb,
  contactFields,
  contactName,
  parseContactId,
  readContactDetailState,
  telHref,
  webHref,
} from "~/lib/contact-detail";
import {
  failureMessage,
  noteFailureMessage,
  pageAfterPost,
  savedStateAction,
} from "~/lib/detail-actions.server";
import { detailShouldRevalidate, projectMailto } from "~/lib/project-detail";
import { DeleteNoteSchema, NoteSchema } from "~/lib/project-forms.server";
import { publicOrigin } from "~/lib/request-url";
import { memberSessionContext } from "~/lib/session.server";
import { useRootData } from "~/root";
import { MessageAnswer } from "../../contract/common";
import { ContactAnswer } from "../../contract/contacts";
import { UserAnswer } from "../../contract/user";
import type { Route } from "./+types/contact";

export const handle = { title: "Contact" };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? contactName(loaderData.contact) : "Contact"} | Project Leads` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const list = carriedContactListParams(url.searchParams);
  const id = parseContactId(params.contactId);
  // Contact not found: back to the contact list (member-app.md §8), saying why in an 'Error' dialog.
  const notFound = async () => {
    context
      .get(memberSessionContext)
      .flashToast({ title: "Error", description: CONTACT_NOT_FOUND, kind: "error" });
    // A member without the directory goes back to the saved contacts (a rare path: one more call is fine).
    const me = await context
      .get(apiContext)
      .get("Users/Me", UserAnswer)
      .catch(() => null);
    return redirect(backToContactsHref(list, Boolean(me?.data.allow_directory)));
  };
  if (!id) throw await notFound();
  try {
    const { data: contact } = await context.get(apiContext).get(`Contacts/${id}`, ContactAnswer);
    return data(
      {
        contact,
        list,
        pageUrl: `${publicOrigin(request)}/Contacts/${contact.id}`,
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    if (error instanceof ApiRequestError && [400, 404, 422].includes(error.status)) throw await notFound();
    throw error;
  }
}

export const shouldRevalidate = detailShouldRevalidate;

/** Save, unsave, folder and the contact note: POST Contacts/Save, DELETE Contacts/{id}, Contacts/AddTag, Contacts/AddNote. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const id = parseContactId(params.contactId);
  if (!id) return data<ActionResult>({ intent, error: CONTACT_NOT_FOUND }, { status: 404 });
  const api = context.get(apiContext);
  const done = (js: string | undefined) => {
    if (js) return data<ActionResult>({ intent, ok: true });
    throw redirect(pageAfterPost(request));
  };

  switch (intent) {
    case "note":
    case "delete-note": {
      const submission =
        intent === "note"
          ? parseWithZod(formData, { schema: NoteSchema })
          : parseWithZod(formData, { schema: DeleteNoteSchema });
      if (submission.status !== "success")
        return data<ActionResult>({ intent, reply: submission.reply() }, { status: 400 });
      // The contact note is one text on the member's link to the contact: deleting it saves it empty.
      const note = submission.value.intent === "note" ? submission.value.note : "";
      try {
        await api.post("Contacts/AddNote", { contact_id: id, note }, MessageAnswer.partial());
      } catch (error) {
        const failure = failureMessage(error);
        if (!failure) throw error;
        const message = intent === "note" ? noteFailureMessage(error) : failure.message;
        return data<ActionResult>(
          { intent, reply: submission.reply({ formErrors: [message] }) },
          { status: failure.status },
        );
      }
      return done(submission.value.js);
    }

    case "save":
    case "unsave":
    case "folder":
      return savedStateAction("contact", intent, formData, api, id, done);

    default:
      return data<ActionResult>({ intent, error: "Unknown action." }, { status: 400 });
  }
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ContactDetail data={loaderData} actionData={actionData as ActionResult | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} compact />;
}

type LoadedData = Route.ComponentProps["loaderData"];

const actionClass =
  "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-brand-600";
const primaryClass =
  "inline-flex items-center justify-center rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus:outline-none focus:ring-2 focus:ring-brand-600";

function ContactDetail({ data: loaded, actionData }: { data: LoadedData; actionData?: ActionResult }) {
  const { contact, list, pageUrl } = loaded;
  const root = useRootData();
  const user = root?.user ?? null;
  const folders = user?.contactTags ?? [];
  const location = useLocation();
  const view = readContactDetailState(new URLSearchParams(location.search));
  const { dialog, openDialog, closeDialog, closeHref, formKey, hrefWith, hydrated } =
    useDetailDialog<ContactDialog>(view.dialog);
  const dialogHref = (d: ContactDialog) => hrefWith({ dialog: d.kind, noteId: d.noteId });

  const noteFetcher = useFetcher<ActionResult>({ key: `contact-note-${formKey}` });
  const deleteFetcher = useFetcher<ActionResult>({ key: `contact-delete-note-${formKey}` });
  const saveFetcher = useFetcher<ActionResult>({ key: `contact-save-${contact.id}` });
  const folderFetcher = useFetcher<ActionResult>({ key: `contact-folder-${contact.id}` });
  useCloseOnSuccess(noteFetcher, closeDialog);
  useCloseOnSuccess(deleteFetcher, closeDialog);

  // Optimistic saved state and folder while their posts are in flight.
  const pendingSave = saveFetcher.formData?.get("intent");
  const saved = pendingSave ? pendingSave === "save" : Boolean(contact.user);
  const pendingTag = folderFetcher.formData;
  const activeTagId = pendingTag ? Number(pendingTag.get("tag_id")) || null : (contact.user?.tag_id ?? null);
  const deleting = deleteFetcher.state !== "idle";

  const headerError =
    (saveFetcher.state === "idle" ? saveFetcher.data?.error : undefined) ??
    (folderFetcher.state === "idle" ? folderFetcher.data?.error : undefined) ??
    (actionData && ["save", "unsave", "folder"].includes(actionData.intent) ? actionData.error : undefined);

  // The contact note is one text on the member's link to the contact; its "id" is the link's.
  const noteText = contact.user?.note?.trim() ? contact.user.note : null;
  const note: NoteItemData | null =
    noteText && contact.user && !deleting ? { id: contact.user.id, note: noteText, created_at: null } : null;
  const noteDialog: ContactDialog = { kind: "note", noteId: note?.id ?? null };
  const replyFor = (intent: string, fetcher: ReturnType<typeof useFetcher<ActionResult>>) =>
    fetcher.data?.reply ?? (actionData?.intent === intent ? actionData.reply : undefined);

  const name = contactName(contact);
  const breadcrumb = contactBreadcrumb(list, view.fromProject, Boolean(user?.allow_directory));
  const subtitle = [contact.title, contact.company_name].filter((s) => s?.trim()).join(" · ");
  const SaveForm = hydrated ? saveFetcher.Form : Form;

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
          <h1 className="text-2xl font-bold text-slate-900">{name}</h1>
          {subtitle ? <p className="text-sm text-slate-700">{subtitle}</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2 print:hidden">
          {user?.allow_share ? (
            <a href={projectMailto(name, pageUrl)} className={actionClass}>
              Email contact
            </a>
          ) : null}
          <DialogLink
            href={dialogHref(noteDialog)}
            dialog={noteDialog}
            onOpen={openDialog}
            className={actionClass}
          >
            {note ? "Edit Note" : "Add Note"}
          </DialogLink>
          <SaveForm method="post">
            <input type="hidden" name="intent" value={saved ? "unsave" : "save"} />
            {hydrated ? <input type="hidden" name="js" value="1" /> : null}
            <button type="submit" className={saved ? actionClass : primaryClass}>
              {saved ? "Remove" : "Add Saved Contacts"}
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
            noun="contact"
          />
        </div>
      ) : null}

      <NotesArea
        notes={note ? [note] : []}
        hrefFor={dialogHref}
        onOpen={openDialog}
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

      {dialog?.kind === "note" ? (
        <NoteDialog
          key={`note-${formKey}-${note?.id ?? "new"}`}
          open
          note={note}
          withReminder={false}
          onClose={hydrated ? closeDialog : undefined}
          closeHref={closeHref}
          fetcher={hydrated ? noteFetcher : undefined}
          lastResult={replyFor("note", noteFetcher)}
        />
      ) : null}
      {dialog?.kind === "delete-note" && note ? (
        <DeleteNoteDialog
          key={`delete-${formKey}-${note.id}`}
          open
          noteId={note.id}
          onClose={hydrated ? closeDialog : undefined}
          closeHref={closeHref}
          fetcher={hydrated ? deleteFetcher : undefined}
          lastResult={replyFor("delete-note", deleteFetcher)}
        />
      ) : null}
    </div>
  );
}

function ContactFields({ fields, companyLinks }: { fields: ContactField[]; companyLinks: boolean }) {
  if (fields.length === 0) return <p className="text-sm text-slate-700">No details listed.</p>;
  const link = "text-brand-700 underline hover:text-brand-900";
  return (
    <dl className="divide-y divide-slate-100">
      {fields.map((field) => (
        <div key={field.label} className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3 sm:gap-4">
          <dt className="text-sm font-medium text-slate-600">{field.label}</dt>
          <dd className="text-sm break-words text-slate-900 sm:col-span-2">
            <FieldValue field={field} companyLinks={companyLinks} linkClass={link} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function FieldValue({
  field,
  companyLinks,
  linkClass,
}: {
  field: ContactField;
  companyLinks: boolean;
  linkClass: string;
}) {
  switch (field.kind) {
    case "company":
      return field.companyId && companyLinks ? (
        <Link to={`/Companies/${field.companyId}`} className={linkClass}>
          {field.value}
        </Link>
      ) : (
        field.value
      );
    case "email":
      return (
        <a href={`mailto:${field.value}`} className={linkClass}>
          {field.value}
        </a>
      );
    case "phone": {
      const href = telHref(field.value);
      return href ? (
        <a href={href} className={linkClass}>
          {field.value}
        </a>
      ) : (
        field.value
      );
    }
    case "web": {
      const href = webHref(field.value);
      return href ? (
        <a href={href} className={linkClass} target="_blank" rel="noopener noreferrer">
          {field.value}
        </a>
      ) : (
        field.value
      );
    }
    default:
      return <>{field.value}</>;
  }
}
