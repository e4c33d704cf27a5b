import { Link } from "react-router";
import { AppLink } from "~/components/app-link";
import { FormAlert } from "~/components/forms";
import { PostForm } from "~/components/post-form";
import type { Breadcrumb } from "~/lib/detail/types";
import { shareMailtoHref } from "~/lib/detail/url-state";
import type { Tag } from "../../../contract/user";
import { DialogLink } from "./dialog-link";
import { FolderSelector } from "./folder-selector";
import type { DetailScreen, SavedState } from "./use-detail-screen";

/**
 * The top of a detail screen: the breadcrumb, the title with its subtitle, the row of actions (a dialog to
 * open, share by mail, print, save / remove), then what the actions left to say (a failed save, the folder
 * of a saved item, the print view's notice).
 */

const actionClass =
  "inline-flex min-h-6 max-sm:min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-brand-600";
const primaryClass =
  "inline-flex min-h-6 max-sm:min-h-11 items-center justify-center rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus:outline-none focus:ring-2 focus:ring-brand-600";

export function DetailHeader({
  breadcrumb,
  title,
  children,
  actions,
}: {
  breadcrumb: Breadcrumb;
  title: string;
  /** Under the title: the subtitle line. */
  children?: React.ReactNode;
  actions: React.ReactNode;
}) {
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm print:hidden">
        <AppLink
          to={breadcrumb.href}
          className="inline-flex min-h-6 items-center font-medium text-brand-700 underline hover:text-brand-900"
        >
          <span aria-hidden="true">← </span>
          {breadcrumb.label}
        </AppLink>
      </nav>

      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {children}
        </div>
        <div className="flex flex-wrap items-center gap-2 print:hidden">{actions}</div>
      </header>
    </>
  );
}

/** A header action that opens one of the screen's dialogs (a link to `?dialog=…` without JavaScript). */
export function DialogAction<D>({
  screen,
  dialog,
  children,
}: {
  screen: DetailScreen<D>;
  dialog: D;
  children: React.ReactNode;
}) {
  return (
    <DialogLink
      href={screen.dialogHref(dialog)}
      dialog={dialog}
      onOpen={screen.openDialog}
      className={actionClass}
    >
      {children}
    </DialogLink>
  );
}

/** Share by mail: a mailto: link with the title and the page's address. */
export function ShareByMailLink({ title, url, children }: { title: string; url: string; children: string }) {
  return (
    <a href={shareMailtoHref(title, url)} className={actionClass}>
      {children}
    </a>
  );
}

/** Print: the browser's print with JavaScript; without it the print view (`?print=1`, every tab shown). */
export function PrintLink<D>({ screen }: { screen: DetailScreen<D> }) {
  return (
    <Link
      to={screen.hrefWith({ print: "1", dialog: null, noteId: null })}
      className={actionClass}
      onClick={(event) => {
        if (!screen.hydrated) return;
        event.preventDefault();
        window.print();
      }}
    >
      Print
    </Link>
  );
}

/** The print view's notice, with the way back to the tabs. */
export function PrintNotice<D>({ screen }: { screen: DetailScreen<D> }) {
  return (
    <p className="rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-900 print:hidden">
      Print view: every tab is shown. Use your browser's Print command.{" "}
      <Link to={screen.hrefWith({ print: null })} className="font-medium underline">
        Back to the tabs
      </Link>
    </p>
  );
}

/** 'Add Saved …' or 'Remove': posts `intent=save` / `unsave` (through a fetcher with JavaScript). */
export function SaveButton({ state, addLabel }: { state: SavedState; addLabel: string }) {
  return (
    <PostForm fetcher={state.saveFetcher}>
      <input type="hidden" name="intent" value={state.saved ? "unsave" : "save"} />
      <button type="submit" className={state.saved ? actionClass : primaryClass}>
        {state.saved ? "Remove" : addLabel}
      </button>
    </PostForm>
  );
}

/** Under the header: a failed save or folder change, then the folder selector of a saved item. */
export function SavedFolder({ state, folders, noun }: { state: SavedState; folders: Tag[]; noun: string }) {
  return (
    <>
      {state.error ? <FormAlert errors={[state.error]} /> : null}
      {state.saved ? (
        <div className="print:hidden">
          <FolderSelector
            folders={folders}
            activeTagId={state.activeTagId}
            fetcher={state.folderFetcher}
            noun={noun}
          />
        </div>
      ) : null}
    </>
  );
}
