import { data, Link, redirect, useSearchParams } from "react-router";
import { z } from "zod";
import { FolderForm } from "~/components/folder-form";
import { canAddFolder, TOO_MANY_FOLDERS } from "~/lib/account/folders";
import { apiContext, memberSessionContext } from "~/lib/platform/contexts";
import { formFailure } from "~/lib/platform/form-failure.server";
import { PATH_MAX, tooLong } from "~/lib/platform/form-limits";
import { safeRedirectPath } from "~/lib/platform/safe-redirect";
import { readSubmittedValue } from "~/lib/platform/submission.server";
import { useRootData } from "~/root-data";
import { screenMeta } from "~/screen-titles";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/folders";

export const meta: Route.MetaFunction = screenMeta;

/** The API's limit on a folder's name. */
const FOLDER_NAME_MAX = 50;

/** The folder form's post; every field has its fallback, and the rules that need a message are the action's. */
const FolderPost = z.object({
  intent: z.enum(["save", "delete"]).catch("save"),
  id: z.coerce.number().int().positive().optional().catch(undefined),
  tag_type: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .catch(1),
  // Text of any length is read (and kept for the form); an over-long name is refused below with a message.
  name: z.string().trim().catch(""),
  color: z.string().trim().max(20).catch(""),
  returnTo: z.string().max(PATH_MAX).optional().catch(undefined),
  /** Delete is asked first ('Are you sure?'): only a post with confirmed=1 deletes. */
  confirmed: z.literal("1").optional().catch(undefined),
});

export async function loader() {
  return null;
}

/**
 * Folder create, edit and delete for both folder types; also the page the form re-renders on without JavaScript.
 * Success redirects back (a fetcher follows the redirect too); a failure answers the form's state.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const post = await readSubmittedValue(request, FolderPost);
  const api = context.get(apiContext);
  const session = context.get(memberSessionContext);
  const fallback = post.tag_type === 2 ? "/Me/Contacts" : "/Me/Projects";
  const back = safeRedirectPath(post.returnTo, fallback);
  const values = { name: post.name.slice(0, FOLDER_NAME_MAX * 2), color: post.color };
  if (post.intent === "save" && post.name.length > FOLDER_NAME_MAX) {
    return data({ message: tooLong(FOLDER_NAME_MAX), values }, { status: 400 });
  }

  if (post.intent === "save" && (!post.name || (!post.id && !post.color))) {
    return data({ whoops: true, values }, { status: 400 });
  }
  try {
    if (post.intent === "delete") {
      if (!post.id) return data({ message: "Choose a folder to delete.", values }, { status: 400 });
      // Without JavaScript the Delete button lands here first: the form comes back asking 'Are you sure?'.
      if (!post.confirmed) return data({ confirmDelete: true, values });
      await api.call(endpoints.deleteFolder, { params: { id: post.id } });
      session.flashToast({ title: "Folder deleted", autoClose: true, banner: true });
    } else if (post.id) {
      await api.call(endpoints.updateFolder, {
        body: { id: post.id, name: post.name, color: post.color || undefined },
      });
      session.flashToast({ title: "Folder saved", autoClose: true, banner: true });
    } else {
      await api.call(endpoints.createFolder, {
        body: { tag_type: post.tag_type, name: post.name, color: post.color },
      });
      session.flashToast({ title: "Folder saved", autoClose: true, banner: true });
    }
  } catch (error) {
    const failure = formFailure(error);
    if (!failure) throw error;
    return data({ message: failure.message, values }, { status: failure.refused ? failure.status : 503 });
  }
  throw redirect(post.intent === "delete" && post.id ? withoutFolder(back, post.id, fallback) : back);
}

export default function FolderPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const user = useRootData()?.user;
  const tagType = searchParams.get("tag_type") === "2" ? 2 : 1;
  const id = Number(searchParams.get("id"));
  const folder =
    [...(user?.projectTags ?? []), ...(user?.contactTags ?? [])].find((t) => t.id === id) ?? null;
  const returnTo = safeRedirectPath(
    searchParams.get("returnTo"),
    tagType === 2 ? "/Me/Contacts" : "/Me/Projects",
  );
  // At most 8 folders of each type: a ninth is not offered (the API refuses it too).
  const sameType = (tagType === 2 ? user?.contactTags : user?.projectTags) ?? [];
  const full = !folder && !actionData && user && !canAddFolder(sameType);
  return (
    <div className="mx-auto max-w-lg rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="mb-4 text-xl font-bold text-slate-900">{folder ? "Edit folder" : "New folder"}</h1>
      {full ? (
        <div className="space-y-4">
          <p
            role="alert"
            className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            {TOO_MANY_FOLDERS}
          </p>
          <Link to={returnTo} className="text-sm font-medium text-brand-700 underline">
            Back
          </Link>
        </div>
      ) : (
        <FolderForm
          folder={folder}
          tagType={folder ? folder.tag_type : tagType}
          returnTo={returnTo}
          result={actionData}
          cancelHref={returnTo}
        />
      )}
    </div>
  );
}

/**
 * Where to go after deleting a folder: the list the member came from, unless it showed that folder
 * (a folder route, or `tag` in the query), which would now be empty: then the same list without it.
 */
function withoutFolder(back: string, folderId: number, savedList: string): string {
  const url = new URL(back, "http://app.invalid");
  if (new RegExp(`/Tags/${folderId}/?$`, "i").test(url.pathname)) url.pathname = savedList;
  if (url.searchParams.get("tag") === String(folderId)) url.searchParams.delete("tag");
  return `${url.pathname}${url.search}`;
}
