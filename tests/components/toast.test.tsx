/**
 * The flash message of the last mutation (Toast): the root loader hands it out once, so the next load of the
 * same screen reads none. The message stays on its screen through such a load (closing a dialog opened by its
 * URL after its post), goes when the member dismisses it or moves to another screen, and a new message replaces
 * it.
 */
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Link, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Toast } from "~/components/toast";
import { Where, whereNow } from "./support/location";

type Flash = { title: string; description?: string; banner?: boolean };

/** The flash messages waiting in the session: each load takes the first one, as the root loader does. */
let waiting: Flash[] = [];
const takeFlash = () => ({ toast: waiting.shift() ?? null });

function Page() {
  const { toast } = useLoaderData() as { toast: Flash | null };
  return (
    <>
      <Where />
      <Toast toast={toast} />
      <Link to="?dialog=research">Open the dialog</Link>
      <Link to="?" replace>
        Close the dialog
      </Link>
      <Link to="/Companies">Companies</Link>
    </>
  );
}

function renderAt(url: string) {
  const Stub = createRoutesStub([
    { path: "/Projects/:id", Component: Page, loader: takeFlash },
    { path: "/Companies", Component: Page, loader: takeFlash },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

const SUBMITTED = { title: "Submitted", description: "Your message has been submitted successfully!" };

afterEach(() => {
  cleanup();
  waiting = [];
});

describe("the flash message", () => {
  it("stays when the same screen loads again without it (the dialog that posted closes by its URL)", async () => {
    waiting = [SUBMITTED];
    renderAt("/Projects/7?dialog=research");
    const dialog = await screen.findByRole("dialog", { name: "Submitted" });
    expect(dialog.textContent).toContain("Your message has been submitted successfully!");
    await userEvent.click(screen.getByRole("link", { name: "Close the dialog" }));
    await waitFor(() => expect(whereNow().search).toBe(""));
    // Still there (a role query finds only what is shown).
    expect(screen.getByRole("dialog", { name: "Submitted" }).textContent).toContain("submitted successfully");
  });

  it("goes with the screen: another screen's load without a message shows none", async () => {
    waiting = [SUBMITTED];
    renderAt("/Projects/7");
    await screen.findByRole("dialog", { name: "Submitted" });
    await userEvent.click(screen.getByRole("link", { name: "Companies" }));
    await waitFor(() => expect(whereNow().pathname).toBe("/Companies"));
    expect(screen.queryByRole("dialog", { name: "Submitted" })).toBeNull();
  });

  it("once dismissed, does not come back when the screen loads again", async () => {
    waiting = [SUBMITTED];
    renderAt("/Projects/7");
    const dialog = await screen.findByRole("dialog", { name: "Submitted" });
    await userEvent.click(within(dialog).getByRole("link", { name: "OK" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Submitted" })).toBeNull());
    await userEvent.click(screen.getByRole("link", { name: "Open the dialog" }));
    await waitFor(() => expect(whereNow().search).toBe("?dialog=research"));
    expect(screen.queryByRole("dialog", { name: "Submitted" })).toBeNull();
  });

  it("is replaced by a newer message on the same screen", async () => {
    waiting = [
      { title: "Folder saved", banner: true },
      { title: "Folder deleted", banner: true },
    ];
    renderAt("/Projects/7");
    await screen.findByText("Folder saved");
    await userEvent.click(screen.getByRole("link", { name: "Open the dialog" }));
    await screen.findByText("Folder deleted");
    expect(screen.queryByText("Folder saved")).toBeNull();
  });
});
