/** The list's Download CSV form: beyond 10,000 matches it says, before the download, that the file is cut. */
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DownloadForm } from "~/components/lists/list-page";

const props = {
  action: "/Projects/Download",
  list: { page: 1, perPage: 15 },
  extraParams: {},
  saved: false,
  returnTo: "/Projects",
};

describe("DownloadForm", () => {
  it("says the download holds the first 10,000 of 19,433 results, with the advice to narrow the search", () => {
    render(<DownloadForm {...props} total={19_433} />);
    const note = screen.getByText(/The download holds the first 10,000 of 19,433 results\./);
    expect(note.textContent).toContain("Narrow the search to download them all.");
    expect(screen.getByRole("button", { name: "Download CSV" }).getAttribute("aria-describedby")).toBe(
      note.id,
    );
  });

  it("says nothing more when the file holds every match", () => {
    render(<DownloadForm {...props} total={10_000} />);
    expect(screen.queryByText(/The download holds the first/)).toBeNull();
    expect(screen.getByRole("button", { name: "Download CSV" }).getAttribute("aria-describedby")).toBeNull();
  });
});
