/** DetailPage: the page of each outcome of a detail loader (see loadDetail), rendered alone. */
import { render, screen } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { DetailPage, detailPageTitle } from "~/components/detail/detail-page";

type Answer =
  | { outcome: "found"; project: { title: string }; backHref: string }
  | { outcome: "missing"; backHref: string }
  | { outcome: "forbidden" | "locked"; message: string; backHref: string };

const NOT_FOUND = "A project with this ID could not be found. Please try searching for it instead.";

/** The screen's page as a route module renders it, from its loader's answer. */
function ProjectPage() {
  const detail = useLoaderData() as Answer;
  return (
    <DetailPage detail={detail} noun="Project" notFoundMessage={NOT_FOUND} backLabel="Back to search">
      {(found) => <h1>{found.project.title}</h1>}
    </DetailPage>
  );
}

function renderPage(detail: Answer) {
  const Stub = createRoutesStub([{ path: "/Projects/:id", Component: ProjectPage, loader: () => detail }]);
  return render(<Stub initialEntries={["/Projects/7"]} />);
}

describe("DetailPage", () => {
  it("found: the screen itself", async () => {
    renderPage({ outcome: "found", project: { title: "City Hall" }, backHref: "/Projects" });
    expect(await screen.findByRole("heading", { level: 1, name: "City Hall" })).toBeTruthy();
  });

  it("missing: the 'Error' dialog saying why, leading back to the list", async () => {
    renderPage({ outcome: "missing", backHref: "/Projects?page=3" });
    expect(await screen.findByRole("heading", { level: 1, name: "Project not found" })).toBeTruthy();
    const dialog = await screen.findByRole("dialog", { name: "Error" });
    expect(dialog.textContent).toContain(NOT_FOUND);
    for (const link of screen.getAllByRole("link", { name: "Back to search", hidden: true }))
      expect(link.getAttribute("href")).toBe("/Projects?page=3");
  });

  it("locked: the notice, and the way back to the list (only this entity is out of reach)", async () => {
    const message = "This project is outside the coverage of your subscription.";
    renderPage({ outcome: "locked", message, backHref: "/Projects?page=3" });
    expect(await screen.findByRole("heading", { level: 1, name: "Project" })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to search" }).getAttribute("href")).toBe(
      "/Projects?page=3",
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("forbidden: the notice alone (the list is not included either)", async () => {
    const message = "The company search is not part of your subscription.";
    renderPage({ outcome: "forbidden", message, backHref: "/Projects" });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("detailPageTitle", () => {
  const title = (detail: Answer | undefined) => detailPageTitle(detail, "Project", (f) => f.project.title);
  it("names the entity found, else what the page says", () => {
    expect(title({ outcome: "found", project: { title: "City Hall" }, backHref: "/" })).toBe(
      "City Hall | Project Leads",
    );
    expect(title({ outcome: "missing", backHref: "/" })).toBe("Project not found | Project Leads");
    expect(title({ outcome: "locked", message: "No.", backHref: "/" })).toBe("Project | Project Leads");
    expect(title(undefined)).toBe("Project | Project Leads");
  });
});
