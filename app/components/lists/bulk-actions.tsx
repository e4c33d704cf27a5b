import { useEffect, useRef, useState } from "react";
import { type FetcherWithComponents, Form, Link, useFetcher, useNavigation } from "react-router";
import { CancelButton, FormAlert } from "~/components/forms";
import { useHydrated } from "~/components/hydrated";
import { Modal } from "~/components/modal";
import { useLitePages } from "~/lib/platform/lite-pages";
import { type ExtraParams, type ListParams, listSearch } from "~/lib/search/list-params";
import { countOf, pluralWord } from "../../../contract/plural";
import { overReports, type ReportCost, reportsCostLine } from "../../../contract/reports";
import type { Tag } from "../../../contract/user";

export type BulkDialog = "move" | "remove";
type Reply = { error?: Record<string, string[] | null> | null } | undefined;
/** What the route's action answers a fetcher (`js=1`): ok, or the form's reply with its errors. */
export type BulkFetcherResult = { ok?: boolean; reply?: Reply };
/**
 * A Free Trial's reports, for a list whose rows cost one each to keep (projects): how many are left, and the rows
 * the member opened already, which cost nothing (decision 107). null for anyone else.
 */
export type TrialReports = { remaining: number; opened: ReadonlySet<number> } | null;

const buttonClass =
  "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50";

/**
 * Move to folder / Remove selected for a list. Without JavaScript the checked rows travel in a GET form
 * that opens the dialog from the URL (`?dialog=move&ids=…`); with it, selection is state and the
 * dialog posts through a fetcher. The route's action handles intents `move` and `remove`.
 */
export function BulkActions({
  noun,
  saved,
  folders,
  selected,
  clearSelection,
  listParams,
  extraParams,
  returnTo,
  urlDialog,
  urlSelectedIds,
  actionResult,
  closeHref,
  trialReports = null,
}: {
  noun: "project" | "contact";
  saved: boolean;
  folders: readonly Tag[];
  selected: ReadonlySet<number>;
  clearSelection: () => void;
  listParams: ListParams;
  extraParams: ExtraParams;
  returnTo: string;
  urlDialog: BulkDialog | null;
  urlSelectedIds: number[];
  actionResult: Reply;
  closeHref: string;
  trialReports?: TrialReports;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<BulkFetcherResult>();
  const navigation = useNavigation();
  const [jsDialog, setJsDialog] = useState<BulkDialog | null>(null);
  const dialog = jsDialog ?? urlDialog;
  const reply = (jsDialog ? fetcher.data?.reply : actionResult) ?? undefined;
  const lite = useLitePages();

  // Success: close the dialog and clear the selection (the list reloads, the flash toast shows).
  useWhenFetcherSucceeds(fetcher, () => {
    setJsDialog(null);
    clearSelection();
  });

  const form: BulkFormProps = {
    noun,
    fetcher: jsDialog ? fetcher : null,
    ids: jsDialog ? [...selected] : urlSelectedIds,
    returnTo,
    errors: reply?.error ?? {},
    busy: fetcher.state !== "idle" || navigation.state === "submitting",
  };
  const close = () => setJsDialog(null);
  // Before hydration the server's markup holds both the buttons (for a page without scripts) and the hint that
  // stands in for them until rows are checked (for a page that runs them); CSS shows the one that applies.
  const showButtons = !hydrated || selected.size > 0;
  const showHint = !lite && (!hydrated || selected.size === 0);
  return (
    <>
      {showButtons ? (
        <SelectionForm
          noun={noun}
          saved={saved}
          selectedCount={selected.size}
          hidden={new URLSearchParams(listSearch(listParams, extraParams))}
          hydrated={hydrated}
          lite={lite}
          open={setJsDialog}
        />
      ) : null}
      {showHint ? <SelectionHint noun={noun} saved={saved} hydrated={hydrated} /> : null}

      <Modal open={dialog === "move"} title="Move to folder" onClose={close} closeHref={closeHref}>
        <MoveForm {...form} folders={folders} cost={moveCost(trialReports, form.ids, saved)} />
      </Modal>
      <Modal open={dialog === "remove"} title="Are you sure?" onClose={close} closeHref={closeHref} size="sm">
        <RemoveForm {...form} onCancel={close} closeHref={closeHref} />
      </Modal>
    </>
  );
}

/**
 * Calls `onSuccess` once each time the fetcher comes back to idle with an ok answer. It follows the fetcher's
 * state, not the callback: a callback that is new on every render (and sets state) must not run again on each
 * render, which made an endless render loop ('Maximum update depth exceeded').
 */
function useWhenFetcherSucceeds(fetcher: { state: string; data?: BulkFetcherResult }, onSuccess: () => void) {
  const wasBusy = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    if (fetcher.data?.ok) onSuccess();
  }, [fetcher.state, fetcher.data, onSuccess]);
}

const plural = (noun: string, n: number) => countOf(n, noun);

/** The buttons that open the dialogs; without JavaScript a GET form carrying the checked rows (`ids`). */
function SelectionForm({
  noun,
  saved,
  selectedCount,
  hidden,
  hydrated,
  lite,
  open,
}: {
  noun: string;
  saved: boolean;
  selectedCount: number;
  hidden: URLSearchParams;
  hydrated: boolean;
  lite: boolean;
  open: (dialog: BulkDialog) => void;
}) {
  const opens = (dialog: BulkDialog) => (e: React.MouseEvent) => {
    if (!hydrated) return;
    e.preventDefault();
    open(dialog);
  };
  return (
    <form
      id="selection"
      method="get"
      className={`flex flex-wrap items-center gap-2 ${!hydrated && !lite ? "no-js-only" : ""}`}
    >
      {[...hidden].map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      {hydrated ? (
        <span className="text-sm text-slate-700">{plural(noun, selectedCount)} selected</span>
      ) : (
        <span className="text-sm text-slate-700">With the checked rows:</span>
      )}
      <button type="submit" name="dialog" value="move" className={buttonClass} onClick={opens("move")}>
        Move to folder
      </button>
      {saved ? (
        <button type="submit" name="dialog" value="remove" className={buttonClass} onClick={opens("remove")}>
          Remove selected
        </button>
      ) : null}
    </form>
  );
}

/**
 * In the buttons' place until rows are checked: the list below keeps its place when the page hydrates (on a
 * phone the buttons have a line of their own), and the member learns what checking rows is for.
 */
function SelectionHint({ noun, saved, hydrated }: { noun: string; saved: boolean; hydrated: boolean }) {
  return (
    <p
      className={`flex min-h-[2.125rem] items-center text-sm text-slate-600 max-sm:min-h-11 ${hydrated ? "" : "js-only"}`}
    >
      {saved
        ? `Check ${noun}s to move them to a folder or remove them.`
        : `Check ${noun}s to move them to a folder.`}
    </p>
  );
}

type BulkFormProps = {
  noun: string;
  /** With JavaScript the dialog posts through this fetcher; null: a plain form (the dialog opened from the URL). */
  fetcher: FetcherWithComponents<BulkFetcherResult> | null;
  ids: number[];
  returnTo: string;
  errors: Record<string, string[] | null>;
  busy: boolean;
};

/** A dialog's post: its intent, the rows it acts on and where to come back, then the dialog's own fields. */
function BulkForm({
  intent,
  fetcher,
  ids,
  returnTo,
  errors,
  refusal = [],
  children,
}: BulkFormProps & { intent: BulkDialog; refusal?: string[]; children: React.ReactNode }) {
  const FormTag = fetcher ? fetcher.Form : Form;
  return (
    <FormTag method="post" className="space-y-4">
      <FormAlert errors={[...(errors[""] ?? []), ...(errors.ids ?? []), ...refusal]} />
      <input type="hidden" name="intent" value={intent} />
      {fetcher ? <input type="hidden" name="js" value="1" /> : null}
      <input type="hidden" name="returnTo" value={returnTo} />
      {ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      {children}
    </FormTag>
  );
}

/** What moving these rows costs a trial, in the dialog's words; null when it costs nothing to anyone (paid). */
function moveCost(trial: TrialReports, ids: number[], saved: boolean) {
  if (!trial) return null;
  const cost: ReportCost = {
    projects: ids.length,
    needed: ids.filter((id) => !trial.opened.has(id)).length,
    remaining: trial.remaining,
  };
  const action = (subject: string) => `${saved ? "Moving" : "Saving"} ${subject} to the folder`;
  return { over: overReports(cost), text: reportsCostLine(action, cost) };
}

function MoveForm({
  folders,
  cost,
  ...form
}: BulkFormProps & { folders: readonly Tag[]; cost: { over: boolean; text: string } | null }) {
  const { noun, ids, errors, busy } = form;
  // Too few reports left: the dialog says so before the member confirms (the API refuses it in the same words).
  // Once the API has answered with a refusal of its own, its words replace the price the page was loaded with.
  const refused = Boolean(errors[""]?.length);
  const refusal = cost?.over && !refused ? [cost.text] : [];
  const price = cost && !cost.over && !refused ? cost.text : null;
  return (
    <BulkForm intent="move" {...form} refusal={refusal}>
      <p className="text-sm text-slate-700">{plural(noun, ids.length)} selected.</p>
      {price ? (
        <p
          id="move-cost"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {price}
        </p>
      ) : null}
      <div>
        <label htmlFor="move-folder" className="mb-1 block text-sm font-medium text-slate-700">
          Folder
        </label>
        <select
          id="move-folder"
          name="tag_id"
          required
          defaultValue=""
          aria-invalid={errors.tag_id?.length ? true : undefined}
          aria-describedby={errors.tag_id?.length ? "move-folder-error" : undefined}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2"
        >
          <option value="" disabled>
            Select a folder
          </option>
          {folders.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
        {errors.tag_id?.length ? (
          <p id="move-folder-error" className="mt-1 text-sm text-red-700">
            {errors.tag_id[0]}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {cost?.over ? (
          // The way to more reports, where the member learns they have too few (the spec's nudge says Sign Up).
          <Link to="/Me/Subscription" className={`inline-flex items-center ${buttonClass}`}>
            Sign Up
          </Link>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          aria-describedby={price ? "move-cost" : undefined}
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          Move {pluralWord(ids.length, noun)} to folder
        </button>
      </div>
    </BulkForm>
  );
}

function RemoveForm({
  onCancel,
  closeHref,
  ...form
}: BulkFormProps & { onCancel: () => void; closeHref: string }) {
  const { noun, ids, busy, fetcher } = form;
  return (
    <BulkForm intent="remove" {...form}>
      <p className="text-slate-700">You will remove {countOf(ids.length, noun)} from your saved list</p>
      <div className="flex justify-end gap-2">
        <CancelButton onClose={fetcher ? onCancel : undefined} closeHref={closeHref} className={buttonClass}>
          cancel
        </CancelButton>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
        >
          Yes
        </button>
      </div>
    </BulkForm>
  );
}
