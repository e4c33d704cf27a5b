/** DetailPage: the page of each outcome of a detail loader (see loadDetail), rendered alone. */
import { render, screen } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { DetailPage } from "~/components/detail/detail-page";

type Answer =
  | { outcome: "found"; project: { title: string }; backHref: string }
  | { outcome: "forbidden" | "locked"; message: string; backHref: string };

/** The screen's page as a route module renders it, from its loader's answer. */
function ProjectPage() {
  const detail = useLoaderData() as Answer;
  return (
    <DetailPage detail={detail} noun="Project" backLabel="Back to search">
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
