/**
 * useDetailScreen and its companions (useDialogForm, useSavedState, useNoteForms): a detail screen's dialogs,
 * opened from the URL without JavaScript and in place once hydrated; the forms they post through a fetcher;
 * the item's saved state, optimistic while its post is in flight.
 */
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import {
  createRoutesStub,
  createStaticHandler,
  createStaticRouter,
  Link,
  StaticRouterProvider,
  useLoaderData,
  useLocation,
} from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import {
  useDetailScreen,
  useDialogForm,
  useNoteForms,
  useSavedState,
} from "~/components/detail/use-detail-screen";
import type { ActionResult, NoteDialogState, SavedLink } from "~/lib/detail/types";
import { readNoteDialog } from "~/lib/detail/url-state";
import { Where, whereNow } from "./support/location";

type Dialog = NoteDialogState | { kind: "research" };
type Loaded = { link: SavedLink; actionData?: ActionResult };

/** What the route's loader and action answer; the action waits for `release` when one is set. */
let loaded: Loaded;
let answer: (form: FormData) => ActionResult;
let release: Promise<void> | null;
/** When set, the loader waits for it: a navigation stays under way until it settles. */
let loaderHold: Promise<void> | null;
beforeEach(() => {
  loaded = { link: null };
  answer = (form) => ({ intent: String(form.get("intent")), ok: true });
  release = null;
  loaderHold = null;
});

function loader() {
  return loaderHold ? loaderHold.then(() => loaded) : loaded;
}

async function action({ request }: { request: Request }) {
  const form = await request.formData();
  if (release) await release;
  return answer(form);
}

const show = (value: unknown) => (value === undefined ? "undefined" : JSON.stringify(value));

/** A project screen reduced to what the hooks give it, each shown as text, link or button. */
function ProjectScreen() {
  const { link, actionData } = useLoaderData() as Loaded;
  const params = new URLSearchParams(useLocation().search);
  const urlDialog: Dialog | null =
    params.get("dialog") === "research" ? { kind: "research" } : readNoteDialog(params);
  const detail = useDetailScreen<Dialog>({
    keyPrefix: "project",
    id: 7,
    urlDialog,
    dialogParams: (d) =>
      d.kind === "research" ? { dialog: "research", noteId: null } : { dialog: d.kind, noteId: d.noteId },
    actionData,
  });
  const note = useDialogForm(detail, "note");
  const saved = useSavedState(detail, link);
  const { deleteNote, pendingDeleteId } = useNoteForms(detail);
  return (
    <>
      <Where />
      <output aria-label="Dialog">{show(detail.dialog)}</output>
      <output aria-label="Form key">{detail.formKey}</output>
      <output aria-label="Note reply">{show(note.props.lastResult)}</output>
      <output aria-label="Saved">{saved.saved ? "saved" : "not saved"}</output>
      <output aria-label="Folder">{show(saved.activeTagId)}</output>
      <output aria-label="Save error">{show(saved.error)}</output>
      <output aria-label="Deleting">{show(pendingDeleteId)}</output>
      <Link to={detail.dialogHref({ kind: "note", noteId: 3 })}>Edit note 3</Link>
      <Link to={detail.dialogHref({ kind: "research" })}>Request research</Link>
      <Link to={note.props.closeHref}>Close note</Link>
      {detail.openDialog ? (
        <button type="button" onClick={() => detail.openDialog?.({ kind: "research" })}>
          Open research here
        </button>
      ) : null}
      {note.props.onClose ? (
        <button type="button" onClick={note.props.onClose}>
          Close here
        </button>
      ) : null}
      <note.fetcher.Form method="post">
        <input type="hidden" name="intent" value="note" />
        <button type="submit">Save note</button>
      </note.fetcher.Form>
      <saved.saveFetcher.Form method="post">
        <input type="hidden" name="intent" value={saved.saved ? "unsave" : "save"} />
        <button type="submit">{saved.saved ? "Unsave" : "Save"}</button>
      </saved.saveFetcher.Form>
      <saved.folderFetcher.Form method="post">
        <input type="hidden" name="intent" value="folder" />
        <input type="hidden" name="tag_id" value="25" />
        <button type="submit">File in Bids</button>
      </saved.folderFetcher.Form>
      <deleteNote.fetcher.Form method="post">
        <input type="hidden" name="intent" value="delete-note" />
        <input type="hidden" name="noteId" value="12" />
        <button type="submit">Delete note 12</button>
      </deleteNote.fetcher.Form>
    </>
  );
}

const ROUTES = [{ path: "/Projects/:id", Component: ProjectScreen, loader, action }];

/** The screen in the browser, once hydrated (the dialogs open in place). */
async function renderScreen(url: string) {
  const Stub = createRoutesStub(ROUTES);
  render(<Stub initialEntries={[url]} />);
  await screen.findByRole("button", { name: "Open research here" });
}

const text = (label: string) => screen.getByLabelText(label).textContent;
const href = (name: string) => screen.getByRole("link", { name }).getAttribute("href");

describe("useDetailScreen: the dialog in the URL", () => {
  it("opens the URL's dialog, and its close link drops the dialog's params only", async () => {
    await renderScreen("/Projects/7?tab=notes&dialog=note&noteId=3");
    expect(JSON.parse(text("Dialog") ?? "")).toEqual({ kind: "note", noteId: 3 });
    expect(href("Close note")).toBe("/Projects/7?tab=notes");
  });

  it("writes a dialog into the current URL, keeping its other params and dropping those set to null", async () => {
    await renderScreen("/Projects/7?tab=notes&dialog=note&noteId=3");
    expect(href("Edit note 3")).toBe("/Projects/7?tab=notes&dialog=note&noteId=3");
    expect(href("Request research")).toBe("/Projects/7?tab=notes&dialog=research");
  });

  it("without JavaScript (server render), opens nothing in place: dialogs are links, closed by their link", async () => {
    const handler = createStaticHandler(ROUTES);
    const context = await handler.query(new Request("http://localhost/Projects/7?dialog=research"));
    if (context instanceof Response) throw new Error("the loader answered with a redirect");
    const html = renderToString(
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
    );
    expect(html).toContain("{&quot;kind&quot;:&quot;research&quot;}");
    expect(html).not.toContain("Open research here");
    expect(html).not.toContain("Close here");
    expect(html).toContain('href="/Projects/7"');
  });
});

describe("useDetailScreen: dialogs in place with JavaScript", () => {
  it("opens a dialog without a navigation, with a fresh form each time", async () => {
    await renderScreen("/Projects/7?tab=notes");
    expect(text("Dialog")).toBe("null");
    await userEvent.click(screen.getByRole("button", { name: "Open research here" }));
    expect(JSON.parse(text("Dialog") ?? "")).toEqual({ kind: "research" });
    expect(whereNow().search).toBe("?tab=notes");
    expect(text("Form key")).toBe("1");
    await userEvent.click(screen.getByRole("button", { name: "Open research here" }));
    expect(text("Form key")).toBe("2");
  });

  it("closes a dialog opened in place without a navigation", async () => {
    await renderScreen("/Projects/7?tab=notes");
    await userEvent.click(screen.getByRole("button", { name: "Open research here" }));
    await userEvent.click(screen.getByRole("button", { name: "Close here" }));
    expect(text("Dialog")).toBe("null");
    expect(whereNow().search).toBe("?tab=notes");
  });

  it("closes a dialog the URL opened by leaving its params out of the URL", async () => {
    await renderScreen("/Projects/7?tab=notes&dialog=note&noteId=3");
    await userEvent.click(screen.getByRole("button", { name: "Close here" }));
    await waitFor(() => expect(whereNow().search).toBe("?tab=notes"));
    expect(text("Dialog")).toBe("null");
  });

  it("keeps a dialog opened in place while the URL of the one closed before it was still being cleaned up", async () => {
    // A slow connection: the member closes a dialog the URL opened (a page loaded before its script, or a
    // shared link), and opens another before the navigation that drops the first one's params has finished.
    await renderScreen("/Projects/7?tab=notes&dialog=note&noteId=3");
    let settle = () => {};
    loaderHold = new Promise((resolve) => {
      settle = resolve;
    });
    await userEvent.click(screen.getByRole("button", { name: "Close here" }));
    expect(text("Dialog")).toBe("null");
    await userEvent.click(screen.getByRole("button", { name: "Open research here" }));
    expect(JSON.parse(text("Dialog") ?? "")).toEqual({ kind: "research" });
    expect(whereNow().search, "the close navigation is still under way").toBe(
      "?tab=notes&dialog=note&noteId=3",
    );
    settle();
    await waitFor(() => expect(whereNow().search).toBe("?tab=notes"));
    // The effects of the finished navigation run after the render that shows its URL.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(JSON.parse(text("Dialog") ?? "")).toEqual({ kind: "research" });
  });

  it("hands the dialog back to the URL on a navigation", async () => {
    await renderScreen("/Projects/7");
    await userEvent.click(screen.getByRole("button", { name: "Open research here" }));
    await userEvent.click(screen.getByRole("link", { name: "Edit note 3" }));
    await waitFor(() => expect(JSON.parse(text("Dialog") ?? "")).toEqual({ kind: "note", noteId: 3 }));
  });
});

describe("useDialogForm", () => {
  it("closes its dialog (and the URL's) once its post succeeds", async () => {
    await renderScreen("/Projects/7?dialog=note");
    await userEvent.click(screen.getByRole("button", { name: "Save note" }));
    // The dialog state closes at once; the URL follows by a (replace) navigation, so wait for both.
    await waitFor(() => {
      expect(text("Dialog")).toBe("null");
      expect(whereNow().search).toBe("");
    });
  });

  it("keeps its dialog open on a refusal and hands the form the fetcher's reply", async () => {
    const reply = { status: "error" as const, error: { note: ["Please enter a note."] } };
    answer = () => ({ intent: "note", ok: false, reply });
    await renderScreen("/Projects/7?dialog=note");
    await userEvent.click(screen.getByRole("button", { name: "Save note" }));
    await waitFor(() => expect(JSON.parse(text("Note reply") ?? "")).toEqual(reply));
    expect(JSON.parse(text("Dialog") ?? "")).toEqual({ kind: "note", noteId: null });
  });

  it("takes the reply of a post made without JavaScript for its own intent only", async () => {
    const reply = { status: "error" as const, error: { note: ["Please enter a note."] } };
    loaded = { link: null, actionData: { intent: "note", reply } };
    await renderScreen("/Projects/7?dialog=note");
    expect(JSON.parse(text("Note reply") ?? "")).toEqual(reply);
    cleanup();
    loaded = { link: null, actionData: { intent: "research", reply } };
    await renderScreen("/Projects/7?dialog=note");
    expect(text("Note reply")).toBe("undefined");
  });
});

describe("useSavedState and useNoteForms", () => {
  it("shows the item saved, and in its folder, as soon as the post is sent", async () => {
    let open = () => {};
    release = new Promise((resolve) => {
      open = resolve;
    });
    await renderScreen("/Projects/7");
    expect(text("Saved")).toBe("not saved");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(text("Saved")).toBe("saved"));
    await userEvent.click(screen.getByRole("button", { name: "File in Bids" }));
    await waitFor(() => expect(text("Folder")).toBe("25"));
    loaded = { link: { tag_id: 25 } };
    open();
    await waitFor(() => expect(screen.getByRole("button", { name: "Unsave" })).toBeTruthy());
    expect(text("Folder")).toBe("25");
  });

  it("reads the saved state and folder from the member's link", async () => {
    loaded = { link: { tag_id: 4 } };
    await renderScreen("/Projects/7");
    expect(text("Saved")).toBe("saved");
    expect(text("Folder")).toBe("4");
  });

  it("goes back to the link's state and shows the error when the save fails", async () => {
    answer = () => ({ intent: "save", error: "The project could not be saved." });
    await renderScreen("/Projects/7");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(text("Save error")).toBe('"The project could not be saved."'));
    expect(text("Saved")).toBe("not saved");
  });

  it("shows the error a post without JavaScript answered for save or folder, not for a note", async () => {
    loaded = { link: null, actionData: { intent: "folder", error: "No such folder." } };
    await renderScreen("/Projects/7");
    expect(text("Save error")).toBe('"No such folder."');
  });

  it("ignores an error the action answered a note's post", async () => {
    loaded = { link: null, actionData: { intent: "note", error: "The note could not be saved." } };
    await renderScreen("/Projects/7");
    expect(text("Save error")).toBe("undefined");
  });

  it("names the note being deleted while its post is in flight", async () => {
    let open = () => {};
    release = new Promise((resolve) => {
      open = resolve;
    });
    await renderScreen("/Projects/7");
    expect(text("Deleting")).toBe("null");
    await userEvent.click(screen.getByRole("button", { name: "Delete note 12" }));
    await waitFor(() => expect(text("Deleting")).toBe("12"));
    open();
    await waitFor(() => expect(text("Deleting")).toBe("null"));
  });
});
