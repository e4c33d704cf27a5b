/**
 * The one dialog of every screen (Modal): a plain overlay opened from the URL or an action's answer, with a
 * close link, before hydration and without JavaScript; Headless UI's dialog (focus trap, Escape) once its chunk
 * has arrived after hydration. The tests run in that order: the interactive ones mark the page hydrated.
 */
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, MemoryRouter, useLoaderData, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { MarkHydrated } from "~/components/hydrated";
import { Modal } from "~/components/modal";

type Shown = { closeHref?: string; dismissible?: boolean };

/** A page whose dialog is open while the URL says `?dialog=note`, closed by its link (no onClose). */
function NotePage() {
  const { closeHref, dismissible } = useLoaderData() as Shown;
  const location = useLocation();
  const open = new URLSearchParams(location.search).get("dialog") === "note";
  return (
    <>
      <output aria-label="Location">{location.pathname + location.search}</output>
      <Modal open={open} title="Add note" closeHref={closeHref} dismissible={dismissible}>
        <p>Write your note.</p>
      </Modal>
    </>
  );
}

function renderNotePage(url: string, shown: Shown) {
  const Stub = createRoutesStub([{ path: "/Projects/:id", Component: NotePage, loader: () => shown }]);
  return render(<Stub initialEntries={[url]} />);
}

/** A dialog opened and closed with JavaScript, with a form in it. */
function NoteForm() {
  return (
    <form>
      <label htmlFor="note-text">Note</label>
      <textarea id="note-text" name="note" />
      <button type="submit">Save note</button>
    </form>
  );
}

function Toggled({ onClose = () => {}, dismissible }: { onClose?: () => void; dismissible?: boolean }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add note
      </button>
      <Modal open={open} title="Add note" onClose={close} dismissible={dismissible}>
        <NoteForm />
      </Modal>
    </>
  );
}

const isHeadless = (dialog: HTMLElement) => dialog.id.startsWith("headlessui-");

describe("the dialog before hydration and without JavaScript", () => {
  it("renders nothing while closed", async () => {
    renderNotePage("/Projects/7", { closeHref: "/Projects/7" });
    await screen.findByLabelText("Location");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByText("Write your note.")).toBeNull();
  });

  it("opens from the URL as a modal dialog named by its title", async () => {
    renderNotePage("/Projects/7?dialog=note", { closeHref: "/Projects/7" });
    const dialog = await screen.findByRole("dialog", { name: "Add note" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(screen.getByRole("heading", { level: 2, name: "Add note" })).toBeTruthy();
    expect(dialog.textContent).toContain("Write your note.");
  });

  it("is in the server's HTML with a close link to closeHref, even when it has onClose", () => {
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(
      <MemoryRouter>
        <Modal open title="Add note" closeHref="/Projects/7?tab=notes" onClose={() => {}}>
          <p>Write your note.</p>
        </Modal>
      </MemoryRouter>,
    );
    const dialog = within(container).getByRole("dialog", { name: "Add note" });
    expect(within(dialog).getByRole("link", { name: "Close" }).getAttribute("href")).toBe(
      "/Projects/7?tab=notes",
    );
    expect(within(dialog).queryByRole("button")).toBeNull();
    container.remove();
  });

  it("closes by its link, which goes to closeHref", async () => {
    renderNotePage("/Projects/7?dialog=note&tab=notes", { closeHref: "/Projects/7?tab=notes" });
    await screen.findByRole("dialog", { name: "Add note" });
    const close = screen.getByRole("link", { name: "Close" });
    expect(close.getAttribute("href")).toBe("/Projects/7?tab=notes");
    await userEvent.click(close);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByLabelText("Location").textContent).toBe("/Projects/7?tab=notes");
  });

  it("has no close control when it is not dismissible (an expired trial)", async () => {
    renderNotePage("/Projects/7?dialog=note", { closeHref: "/Projects/7", dismissible: false });
    await screen.findByRole("dialog", { name: "Add note" });
    expect(screen.queryByRole("link", { name: "Close" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
  });

  it("once hydrated: a close button calling onClose, Escape closes, the first field takes the focus", async () => {
    const onClose = vi.fn();
    render(
      <Modal open title="Add note" onClose={onClose}>
        <NoteForm />
      </Modal>,
    );
    const close = await screen.findByRole("button", { name: "Close" });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Note")));
    await userEvent.click(close);
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(window, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("ignores Escape when it is not dismissible", async () => {
    const onClose = vi.fn();
    render(
      <Modal open title="Trial expired" onClose={onClose} dismissible={false}>
        <p>Your free trial has ended.</p>
      </Modal>,
    );
    await screen.findByRole("dialog", { name: "Trial expired" });
    fireEvent.keyDown(window, { key: "Escape" });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
  });

  it("closes itself after autoCloseMs (a confirmation)", async () => {
    const onClose = vi.fn();
    render(
      <Modal open title="Saved" onClose={onClose} autoCloseMs={50}>
        <p>Your note was saved.</p>
      </Modal>,
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("keeps what was typed when Headless UI arrives while it is open", async () => {
    render(
      <Modal open title="Add note" onClose={() => {}}>
        <NoteForm />
      </Modal>,
    );
    const textarea = (await screen.findByLabelText("Note")) as HTMLTextAreaElement;
    await userEvent.type(textarea, "Call back");
    await waitForInteractiveModal();
    expect(screen.getByLabelText("Note")).toBe(textarea);
    expect(textarea.value).toBe("Call back");
    expect(isHeadless(screen.getByRole("dialog", { name: "Add note" }))).toBe(false);
  });
});

/**
 * Marks the page hydrated (from here on a dialog mounts hydrated), then waits until a dialog opened now is
 * Headless UI's: its chunk loads while the browser is idle after the first dialog mounted. (A probe dialog is
 * opened and closed until then; not inside waitFor, which would run again on the probe's own DOM changes.)
 */
async function waitForInteractiveModal() {
  render(<MarkHydrated>{null}</MarkHydrated>);
  const deadline = Date.now() + 8_000;
  for (;;) {
    const probe = render(
      <Modal open title="Probe">
        <p>Probe</p>
      </Modal>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const headless = screen.queryAllByRole("dialog", { name: "Probe", hidden: true }).some(isHeadless);
    probe.unmount();
    if (headless) return;
    if (Date.now() > deadline) throw new Error("Headless UI's dialog did not arrive");
  }
}

describe("the dialog once hydrated, with Headless UI", () => {
  it("opens in place as Headless UI's dialog, named by its title, the first field focused", async () => {
    await waitForInteractiveModal();
    render(<Toggled />);
    await userEvent.click(screen.getByRole("button", { name: "Add note" }));
    const dialog = await screen.findByRole("dialog", { name: "Add note" });
    expect(isHeadless(dialog)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Note")));
  });

  it("closes on Escape and on its close button, calling onClose", async () => {
    await waitForInteractiveModal();
    const onClose = vi.fn();
    render(<Toggled onClose={onClose} />);
    await userEvent.click(screen.getByRole("button", { name: "Add note" }));
    await screen.findByRole("dialog", { name: "Add note" });
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole("button", { name: "Add note" }));
    await userEvent.click(await screen.findByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("stays open on Escape when it is not dismissible", async () => {
    await waitForInteractiveModal();
    const onClose = vi.fn();
    render(<Toggled onClose={onClose} dismissible={false} />);
    await userEvent.click(screen.getByRole("button", { name: "Add note" }));
    await screen.findByRole("dialog", { name: "Add note" });
    await userEvent.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "Add note" })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
  });
});
