import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form, Link, useLocation } from "react-router";
import { AutoCloseAlert, ConfirmDialog } from "~/components/detail/dialog-form";
import {
  buttonSecondaryClass,
  CancelButton,
  ErrorList,
  SubmitButton,
  useIsSubmitting,
} from "~/components/forms";
import { Modal } from "~/components/modal";
import { hrefWithDialog, hrefWithoutDialog } from "~/lib/platform/dialog-url";
import { SAVED_SEARCH_NAME_IN_USE } from "~/lib/search/saved-search-names";

const SAVE_FORM_ID = "save-search";

/** How often a saved project search e-mails its new matches (issue 45). */
const MAIL_CHOICES = [
  { value: "off", label: "Off" },
  { value: "daily", label: "Daily" },
  { value: "weekly", label: "Weekly" },
] as const;
type MailChoice = (typeof MAIL_CHOICES)[number]["value"];

const SELECT_CLASS =
  "block rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

/**
 * Save search: a name for the search on screen (its fields as `searchText`), posted to the list's action.
 * Opened by `?dialog=save-search`, so it works without JavaScript; a refused name comes back with its reason.
 */
export function SaveSearchDialog({
  open,
  searchText,
  lastResult,
  mailChoice = false,
}: {
  open: boolean;
  searchText: string;
  lastResult?: SubmissionResult<string[]>;
  /** A project search: how often to e-mail its new matches (Off, Daily, Weekly). */
  mailChoice?: boolean;
}) {
  const location = useLocation();
  const closeHref = hrefWithoutDialog(location);
  const [form, fields] = useForm({ id: SAVE_FORM_ID, lastResult, shouldRevalidate: "onInput" });
  const pending = useIsSubmitting(`${location.pathname}${location.search}`);
  const nameInUse = fields.name.errors?.includes(SAVED_SEARCH_NAME_IN_USE) ?? false;
  return (
    <Modal open={open} title="Save Search" closeHref={closeHref} size="sm">
      <Form method="post" action={`${location.pathname}${location.search}`} {...getFormProps(form)}>
        <AutoCloseAlert messages={form.errors} trigger={lastResult} />
        <input type="hidden" name="intent" value="save-search" />
        <input type="hidden" name="search" value={searchText} />
        <label htmlFor={fields.name.id} className="mb-1 block text-sm font-medium text-slate-700">
          Name
        </label>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          key={fields.name.key}
          maxLength={100}
          autoFocus
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
        <ErrorList id={fields.name.errorId} errors={fields.name.errors} />
        {mailChoice ? (
          <>
            <label
              htmlFor={fields.mail_frequency.id}
              className="mt-4 mb-1 block text-sm font-medium text-slate-700"
            >
              E-mail new matches
            </label>
            {/* The choice made comes back with a refused save (conform's last result), with or without script. */}
            <select
              {...getSelectProps(fields.mail_frequency)}
              key={fields.mail_frequency.key}
              aria-describedby="save-search-mail-help"
              className={`${SELECT_CLASS} w-full`}
            >
              {MAIL_CHOICES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
            <p id="save-search-mail-help" className="mt-1 text-sm text-slate-600">
              Daily or weekly, we e-mail you the projects newly entered that match this search.
            </p>
          </>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <CancelButton closeHref={closeHref} />
          {/* Save stays first: Enter in the name field never replaces a search. */}
          <SubmitButton pending={pending}>Save</SubmitButton>
          {nameInUse ? (
            <button type="submit" name="replace" value="1" className={buttonSecondaryClass}>
              Replace
            </button>
          ) : null}
        </div>
      </Form>
    </Modal>
  );
}

/**
 * Saved searches: each one loads (a link to its URL: the fields filled, the search run, the list closed) or is
 * deleted after 'Are you sure?' (`&deleteSearch={id}` in the URL, a form post).
 */
export function SavedSearchesDialog({
  open,
  searches,
  lastResult,
  mailChoice = false,
}: {
  open: boolean;
  searches: { id: number; name: string; href: string; mail?: MailChoice }[] | null;
  lastResult?: SubmissionResult<string[]>;
  /** Project searches: each one's e-mails of new matches, set here (a form post per search). */
  mailChoice?: boolean;
}) {
  const location = useLocation();
  const closeHref = hrefWithoutDialog(location);
  const params = new URLSearchParams(location.search);
  const deleting = searches?.find((s) => String(s.id) === params.get("deleteSearch")) ?? null;
  const listHref = () => {
    const back = new URLSearchParams(location.search);
    back.delete("deleteSearch");
    return `${location.pathname}?${back}`;
  };
  const deleteHref = (id: number) => {
    const next = new URLSearchParams(hrefWithDialog(location, "saved-searches").split("?")[1]);
    next.set("deleteSearch", String(id));
    return `${location.pathname}?${next}`;
  };
  if (deleting) {
    return (
      <ConfirmDialog
        open={open}
        title="Delete saved search"
        formId="delete-search"
        intent="delete-search"
        fields={{ id: deleting.id }}
        confirmLabel="Delete"
        closeHref={listHref()}
        lastResult={lastResult}
      >
        Are you sure you want to delete the saved search '{deleting.name}'?
      </ConfirmDialog>
    );
  }
  return (
    <Modal open={open} title="Saved Searches" closeHref={closeHref} size="md">
      {searches === null ? (
        <p className="text-sm text-slate-700">Your saved searches cannot be loaded right now.</p>
      ) : searches.length === 0 ? (
        <p className="text-sm text-slate-700">
          No saved searches yet: fill in the fields and press Save search.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {searches.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-words font-medium text-slate-900">{s.name}</span>
              {mailChoice ? <SearchMailForm search={s} /> : null}
              <span className="flex gap-2">
                <Link
                  to={s.href}
                  className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800 sm:min-h-8"
                  aria-label={`Load ${s.name}`}
                >
                  Load
                </Link>
                <Link
                  to={deleteHref(s.id)}
                  preventScrollReset
                  className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 sm:min-h-8"
                  aria-label={`Delete ${s.name}`}
                >
                  Delete
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 flex justify-end">
        <CancelButton closeHref={closeHref} />
      </div>
    </Modal>
  );
}

/** One saved project search's e-mails of new matches: Off, Daily or Weekly, a form post (works without JavaScript). */
function SearchMailForm({ search }: { search: { id: number; name: string; mail?: MailChoice } }) {
  const location = useLocation();
  const action = `${location.pathname}${location.search}`;
  const id = `search-mail-${search.id}`;
  return (
    <Form method="post" action={action} className="flex items-center gap-2">
      <input type="hidden" name="intent" value="search-mail" />
      <input type="hidden" name="id" value={search.id} />
      <label htmlFor={id} className="text-sm text-slate-700">
        <span className="sr-only">{search.name}: </span>E-mail new matches
      </label>
      <select
        id={id}
        name="mail_frequency"
        defaultValue={search.mail ?? "off"}
        className={`${SELECT_CLASS} py-1`}
      >
        {MAIL_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      <button
        type="submit"
        aria-label={`Set e-mails of ${search.name}`}
        className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 sm:min-h-8"
      >
        Set
      </button>
    </Form>
  );
}
