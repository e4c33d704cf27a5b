/**
 * A list's row selection (useRowSelection) and the bulk actions that clear it: after a move or remove posted
 * with JavaScript succeeds, the selection is cleared once. It used to be cleared on every render (the success
 * effect ran again whenever the clear function was a new one), an endless render loop: 'Maximum update depth
 * exceeded'.
 */
import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { BulkActions, type BulkFetcherResult } from "~/components/lists/bulk-actions";
import { ListPage, type ListPageData } from "~/components/lists/list-page";
import { useRowSelection } from "~/components/lists/use-row-selection";
import type { Tag } from "../../contract/user";

type Row = { id: number; title: string };
const rows: Row[] = [
  { id: 1, title: "City Hall" },
  { id: 2, title: "Library" },
  { id: 3, title: "Fire Station" },
];
const folders: Tag[] = [{ id: 25, name: "Bids", color: "#123456", tag_type: 1 }];
const list = { page: 1, perPage: 25 };

describe("useRowSelection", () => {
  it("starts from the address's ids, toggles a row, all rows or none, and clears", () => {
    const { result } = renderHook(() => useRowSelection(rows, [2]));
    expect([...result.current.selected]).toEqual([2]);
    act(() => result.current.toggle(3, true));
    expect([...result.current.selected].sort()).toEqual([2, 3]);
    act(() => result.current.toggle(2, false));
    expect([...result.current.selected]).toEqual([3]);
    act(() => result.current.toggleAll(true));
    expect([...result.current.selected].sort()).toEqual([1, 2, 3]);
    act(() => result.current.toggleAll(false));
    expect(result.current.selected.size).toBe(0);
    act(() => result.current.toggle(1, true));
    act(() => result.current.clear());
    expect(result.current.selected.size).toBe(0);
  });

  it("keeps clear and toggle the same functions from render to render", () => {
    const { result, rerender } = renderHook(() => useRowSelection(rows, []));
    const { clear, toggle } = result.current;
    act(() => result.current.toggle(1, true));
    rerender();
    act(() => result.current.clear());
    rerender();
    expect(result.current.clear).toBe(clear);
    expect(result.current.toggle).toBe(toggle);
  });

  it("takes the selection a new page of rows carries, and keeps an empty one as it is", () => {
    const { result, rerender } = renderHook(({ shown, ids }) => useRowSelection(shown, ids), {
      initialProps: { shown: rows, ids: [] as number[] },
    });
    const empty = result.current.selected;
    act(() => result.current.toggle(1, true));
    rerender({ shown: rows.slice(1), ids: [] });
    expect(result.current.selected.size).toBe(0);
    const cleared = result.current.selected;
    rerender({ shown: rows.slice(2), ids: [] });
    expect(result.current.selected).toBe(cleared);
    rerender({ shown: rows, ids: [3] });
    expect([...result.current.selected]).toEqual([3]);
    expect(empty.size).toBe(0);
  });
});

/** What the route's action was posted, and a spy on console.error (where React reports a render loop). */
let posts: FormData[];
let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  posts = [];
  consoleError = vi.spyOn(console, "error");
});
afterEach(() => consoleError.mockRestore());

/** The route's action with JavaScript (`js=1`): the move or remove went through. */
async function succeed({ request }: { request: Request }): Promise<BulkFetcherResult> {
  posts.push(await request.formData());
  return { ok: true, reply: undefined };
}

function renderAt(Component: () => React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/Me/Projects", Component, action: succeed }]);
  return render(<Stub initialEntries={["/Me/Projects"]} />);
}

/** Checks rows 1 and 3 and moves them to the folder through the dialog. */
async function moveTwoRows() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("checkbox", { name: "Select row 1" }));
  await user.click(screen.getByRole("checkbox", { name: "Select row 3" }));
  await user.click(await screen.findByRole("button", { name: "Move to folder" }));
  await user.selectOptions(await screen.findByRole("combobox", { name: "Folder" }), "25");
  await user.click(screen.getByRole("button", { name: "Move projects to folder" }));
  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0].getAll("ids")).toEqual(["1", "3"]);
  expect(posts[0].get("js")).toBe("1");
}

/**
 * Counts the renders of a component and throws once there are more than any use of it needs: a render loop
 * never yields to the test's timeout (the test would hang), so it must fail by itself.
 */
function renderGuard(limit = 200) {
  let renders = 0;
  return () => {
    renders++;
    if (renders > limit) throw new Error(`rendered more than ${limit} times: a render loop`);
  };
}

/** Lets any further renders and effects run: a render loop would go on in them. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

function expectNoRenderLoop() {
  const messages = consoleError.mock.calls.map((call) => String(call[0]));
  expect(messages.filter((m) => m.includes("Maximum update depth"))).toEqual([]);
}

/** BulkActions as ListPage rendered it before: given a clear function that is new on every render. */
let clears = 0;
let selectionGuard = renderGuard();
function UnstableClearSelection() {
  selectionGuard();
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set([1, 3]));
  return (
    <BulkActions
      noun="project"
      saved
      folders={folders}
      selected={selected}
      clearSelection={() => {
        clears++;
        setSelected(new Set());
      }}
      listParams={list}
      extraParams={{}}
      returnTo="/Me/Projects"
      urlDialog={null}
      urlSelectedIds={[]}
      actionResult={undefined}
      closeHref="/Me/Projects"
    />
  );
}

describe("a successful bulk move with JavaScript", () => {
  it("ListPage: unchecks the rows and closes the dialog, without a render loop", async () => {
    const page: ListPageData<Row> = {
      saved: true,
      routeTagId: null,
      list,
      rows,
      total: rows.length,
      databaseTotal: null,
      dialog: null,
      selectedIds: [],
    };
    const guard = renderGuard();
    // ListPage calls `columns` on each of its renders.
    const columns = () => {
      guard();
      return [{ key: "title", label: "Title", render: (row: Row) => row.title }];
    };
    renderAt(() => (
      <ListPage
        noun="project"
        title="Saved Projects"
        searchPath="/Projects"
        savedPath="/Me/Projects"
        page={page}
        folders={folders}
        columns={columns}
        canDownload={false}
        downloadAction="/Projects/Download"
      />
    ));
    await moveTwoRows();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await settle();
    for (const box of screen.getAllByRole("checkbox", { name: /^Select row/ }))
      expect((box as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText("Check projects to move them to a folder or remove them.")).toBeTruthy();
    expectNoRenderLoop();
  });

  it("BulkActions: clears the selection exactly once, even with a clear function new on every render", async () => {
    clears = 0;
    selectionGuard = renderGuard();
    renderAt(UnstableClearSelection);
    const user = userEvent.setup();
    expect(await screen.findByText("2 projects selected")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Move to folder" }));
    await user.selectOptions(await screen.findByRole("combobox", { name: "Folder" }), "25");
    await user.click(screen.getByRole("button", { name: "Move projects to folder" }));
    await waitFor(() => expect(clears).toBeGreaterThan(0));
    await settle();
    expect(clears).toBe(1);
    expect(posts[0].getAll("ids")).toEqual(["1", "3"]);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText("Check projects to move them to a folder or remove them.")).toBeTruthy();
    expectNoRenderLoop();
  });
});
