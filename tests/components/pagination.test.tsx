/** The list's pagination: its page links, the current page, and the page-jump form that keeps the list's state. */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLoaderData, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { Pagination } from "~/components/pagination";
import type { ExtraParams, ListParams } from "~/lib/search/list-params";

type Shown = { params: ListParams; total: number; extra?: ExtraParams };

/** The list page: its pagination (of the loader's list state) and where the router is. */
function ListPageStub() {
  const { params, total, extra } = useLoaderData() as Shown;
  const location = useLocation();
  return (
    <>
      <Pagination params={params} total={total} extra={extra} />
      <output aria-label="Location">{location.pathname + location.search}</output>
    </>
  );
}

async function renderPagination(params: ListParams, total: number, extra?: ExtraParams) {
  const Stub = createRoutesStub([
    { path: "/Projects", Component: ListPageStub, loader: (): Shown => ({ params, total, extra }) },
  ]);
  render(<Stub initialEntries={["/Projects"]} />);
  await screen.findByLabelText("Location");
}

const pageLinks = () =>
  within(screen.getByRole("navigation", { name: "Pagination" }))
    .queryAllByRole("link")
    .map((a) => a.textContent);
const jump = () => screen.getByRole("spinbutton", { name: "Go to page" }) as HTMLInputElement;
/** The page-jump suggestions: the datalist the number field names. */
const suggestions = () =>
  [...(document.getElementById(jump().getAttribute("list") ?? "")?.querySelectorAll("option") ?? [])].map(
    (o) => Number(o.value),
  );

describe("Pagination", () => {
  it("is not drawn for one page of results or none", async () => {
    await renderPagination({ page: 1, perPage: 25 }, 25);
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
    expect(screen.queryByRole("spinbutton", { name: "Go to page" })).toBeNull();
  });

  it("is drawn as soon as there is a second page", async () => {
    await renderPagination({ page: 1, perPage: 25 }, 26);
    expect(screen.getByRole("navigation", { name: "Pagination" })).toBeTruthy();
    expect(pageLinks()).toEqual(["2"]);
  });

  it("links the first page, two pages either side of the current one and the last, with gaps marked", async () => {
    await renderPagination({ page: 10, perPage: 15 }, 300);
    expect(pageLinks()).toEqual(["1", "8", "9", "11", "12", "20"]);
    const nav = screen.getByRole("navigation", { name: "Pagination" });
    const gaps = [...nav.querySelectorAll('[aria-hidden="true"]')].filter((e) => e.textContent === "…");
    expect(gaps).toHaveLength(2);
  });

  it("marks the current page with aria-current and does not link it", async () => {
    await renderPagination({ page: 3, perPage: 15 }, 100);
    const current = screen.getByText("3", { selector: '[aria-current="page"]' });
    expect(current.tagName).not.toBe("A");
    expect(screen.queryByRole("link", { name: "Page 3" })).toBeNull();
    expect(screen.getByRole("link", { name: "Page 2" })).toBeTruthy();
    expect(pageLinks()).toEqual(["1", "2", "4", "5", "7"]);
  });

  it("names each link 'Page N' and keeps page size, sort, keyword and the extra URL state in its href", async () => {
    await renderPagination(
      { page: 1, perPage: 50, orderBy: "title", orderDirection: "asc", query: "school" },
      200,
      { map: "1", state: ["TX", "OK"] },
    );
    const href = screen.getByRole("link", { name: "Page 4" }).getAttribute("href") ?? "";
    expect(href.startsWith("/Projects?")).toBe(true);
    const sp = new URLSearchParams(href.slice(href.indexOf("?")));
    expect(sp.get("page")).toBe("4");
    expect(sp.get("perPage")).toBe("50");
    expect(sp.get("orderBy")).toBe("title");
    expect(sp.get("orderDirection")).toBe("asc");
    expect(sp.get("query")).toBe("school");
    expect(sp.get("map")).toBe("1");
    expect(sp.getAll("state")).toEqual(["TX", "OK"]);
  });

  it("writes page=1 on the link back to the first page", async () => {
    await renderPagination({ page: 5, perPage: 15 }, 150);
    const href = screen.getByRole("link", { name: "Page 1" }).getAttribute("href");
    expect(href).toBe("/Projects?page=1&perPage=15");
  });

  it("reaches any page: a number field from 1 to the last page, the current one filled in", async () => {
    await renderPagination({ page: 4, perPage: 10 }, 65);
    expect(jump().type).toBe("number");
    expect(jump().min).toBe("1");
    expect(jump().max).toBe("7");
    expect(jump().value).toBe("4");
    expect(suggestions()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("suggests the nearby pages and round steps on a long list, but takes any page typed", async () => {
    await renderPagination({ page: 57, perPage: 10 }, 1_200);
    const options = suggestions();
    expect(options.length).toBeLessThan(60);
    for (const p of [1, 10, 50, 52, 57, 62, 100, 120]) expect(options).toContain(p);
    expect(jump().max).toBe("120");
    expect(jump().value).toBe("57");
    // Pages between the steps (the old select's 11–19 and 101–199) are reached by typing them.
    await userEvent.clear(jump());
    await userEvent.type(jump(), "113{Enter}");
    await waitFor(() => {
      const url = new URL(screen.getByLabelText("Location").textContent ?? "", "http://x");
      expect(url.searchParams.get("page")).toBe("113");
    });
  });

  it("carries the list's state in hidden fields of the page-jump form, without a second page field", async () => {
    await renderPagination({ page: 2, perPage: 50, orderBy: "value", orderDirection: "desc" }, 500, {
      map: "1",
    });
    const form = jump().form as HTMLFormElement;
    expect(form.getAttribute("method")).toBe("get");
    const data = new FormData(form);
    expect(data.getAll("page")).toEqual(["2"]);
    expect(data.get("perPage")).toBe("50");
    expect(data.get("orderBy")).toBe("value");
    expect(data.get("orderDirection")).toBe("desc");
    expect(data.get("map")).toBe("1");
  });

  it("goes to the page typed on Go (with JavaScript), keeping the list's state", async () => {
    await renderPagination({ page: 1, perPage: 50, query: "bridge" }, 500);
    await userEvent.clear(jump());
    await userEvent.type(jump(), "7");
    await userEvent.click(screen.getByRole("button", { name: "Go" }));
    await waitFor(() => {
      const url = new URL(screen.getByLabelText("Location").textContent ?? "", "http://x");
      expect(url.searchParams.get("page")).toBe("7");
      expect(url.searchParams.get("perPage")).toBe("50");
      expect(url.searchParams.get("query")).toBe("bridge");
    });
  });
});
