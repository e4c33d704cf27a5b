import { useEffect, useRef, useState } from "react";
import { Link, type useFetcher, useLocation } from "react-router";
import { PostForm } from "~/components/post-form";
import { isDefaultTagColor, SELECTABLE_TAG_PALETTE } from "../../contract/constants";
import type { Tag } from "../../contract/user";
import { FormAlert } from "./forms";

const FOLDER_WHOOPS = { title: "Whoops!", message: "Please make sure you have filled in all fields!" };

export type FolderFormResult = {
  ok?: boolean;
  whoops?: boolean;
  /** Delete was pressed without JavaScript: the form asks 'Are you sure?' before deleting. */
  confirmDelete?: boolean;
  message?: string;
  values?: { name?: string; color?: string };
};

/**
 * The folder dialog's form ('New folder' / 'Edit folder'): name, the ten-colour palette (hidden for the
 * four default colours, which are locked), Save, and Delete for an existing non-default folder.
 * It posts to /Folders; with JavaScript through a fetcher, which the caller passes in: the answer's
 * redirect closes the dialog, a failure shows in it.
 */
export function FolderForm({
  folder,
  tagType,
  returnTo,
  result,
  fetcher,
  cancelHref,
}: {
  folder: Tag | null;
  tagType: 1 | 2;
  returnTo: string;
  result?: FolderFormResult | null;
  fetcher?: ReturnType<typeof useFetcher<FolderFormResult>>;
  /** Where Cancel leads: the page the member came from (the list without the dialog). */
  cancelHref?: string;
}) {
  // With JavaScript Delete asks in place; without it the action answers with confirmDelete.
  const [confirming, setConfirming] = useState(false);
  const askDelete = confirming || Boolean(result?.confirmDelete);
  const locked = folder ? isDefaultTagColor(folder.color) : false;
  const name = result?.values?.name ?? folder?.name ?? "";
  const color = result?.values?.color ?? folder?.color ?? "";
  const busy = fetcher ? fetcher.state !== "idle" : false;
  // The query lets the /Folders page re-render this same form (without JavaScript) after a failed save.
  const context = new URLSearchParams({ tag_type: String(tagType), returnTo });
  if (folder) context.set("id", String(folder.id));
  return (
    <PostForm fetcher={fetcher} js={false} action={`/Folders?${context}`} className="space-y-4">
      {result?.whoops ? <WhoopsAlert /> : <FormAlert errors={result?.message ? [result.message] : null} />}
      {askDelete && folder ? (
        <ConfirmDelete
          folder={folder}
          inPlace={confirming}
          onCancel={() => setConfirming(false)}
          busy={busy}
        />
      ) : null}
      <input type="hidden" name="tag_type" value={tagType} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {folder ? <input type="hidden" name="id" value={folder.id} /> : null}
      <div>
        <label htmlFor="folder-name" className="mb-1 block text-sm font-medium text-slate-700">
          Name
        </label>
        <input
          id="folder-name"
          name="name"
          defaultValue={name}
          key={`name-${name}`}
          maxLength={50}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2"
        />
      </div>
      {locked ? <input type="hidden" name="color" value={folder?.color} /> : <ColourField color={color} />}
      <div className="flex justify-between gap-2">
        {folder && !locked ? (
          <button
            type="submit"
            name="intent"
            value="delete"
            disabled={busy || askDelete}
            onClick={(event) => {
              // With JavaScript, ask first without a round trip (the hidden confirmed field is not there yet).
              event.preventDefault();
              setConfirming(true);
            }}
            className="rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50"
          >
            Delete
          </button>
        ) : (
          <span />
        )}
        <span className="flex flex-wrap justify-end gap-2">
          {cancelHref ? (
            <Link
              to={cancelHref}
              replace
              preventScrollReset
              className="inline-flex items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 max-sm:min-h-11"
            >
              Cancel
            </Link>
          ) : null}
          <button
            type="submit"
            name="intent"
            value="save"
            disabled={busy}
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            Save
          </button>
        </span>
      </div>
    </PostForm>
  );
}

function WhoopsAlert() {
  return (
    <div
      role="alert"
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="font-semibold">{FOLDER_WHOOPS.title}</p>
      <p>{FOLDER_WHOOPS.message}</p>
    </div>
  );
}

/**
 * 'Are you sure?' before a delete, with its Yes (the delete, confirmed). `inPlace`: asked with JavaScript, whose
 * Cancel just closes the question; otherwise the action asked, and Cancel loads this same form again without it.
 */
function ConfirmDelete({
  folder,
  inPlace,
  onCancel,
  busy,
}: {
  folder: Tag;
  inPlace: boolean;
  onCancel: () => void;
  busy: boolean;
}) {
  const location = useLocation();
  const yesRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (inPlace) yesRef.current?.focus();
  }, [inPlace]);
  return (
    <fieldset className="space-y-3 rounded-md border border-red-200 bg-red-50 p-4">
      <legend className="float-left w-full font-semibold text-red-900">Are you sure?</legend>
      <p className="text-sm text-red-900">
        You will delete the folder {folder.name}. Its projects or contacts stay saved.
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        {inPlace ? (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            Cancel
          </button>
        ) : (
          <Link
            to={`${location.pathname}${location.search}`}
            replace
            className="inline-flex items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 max-sm:min-h-11"
          >
            Cancel
          </Link>
        )}
        <input type="hidden" name="confirmed" value="1" />
        <button
          type="submit"
          name="intent"
          value="delete"
          disabled={busy}
          ref={yesRef}
          className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
        >
          Yes
        </button>
      </div>
    </fieldset>
  );
}

/** The palette, as radio buttons drawn as swatches; `color` is checked. */
function ColourField({ color }: { color: string }) {
  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium text-slate-700">Colour</legend>
      <div className="flex flex-wrap gap-2">
        {SELECTABLE_TAG_PALETTE.map((option) => (
          <label key={option.color} className="cursor-pointer">
            <input
              type="radio"
              name="color"
              value={option.color}
              defaultChecked={color.toLowerCase() === option.color}
              className="peer sr-only"
            />
            <span
              className="block h-8 w-8 rounded-full border-2 border-white ring-2 ring-slate-200 peer-checked:ring-slate-900 peer-focus-visible:ring-brand-600"
              style={{ backgroundColor: option.color }}
              title={option.name}
            />
            <span className="sr-only">{option.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
