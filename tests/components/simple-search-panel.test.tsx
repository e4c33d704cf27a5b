/**
 * The advanced search panels of the contact and company lists (ListSearchPanel), drawn from their field tables:
 * each field under its name and label, its value from the URL, and the frame every panel shares (its links,
 * what its GET form keeps of the list).
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLoaderData, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { ListSearchPanel, type SearchPanelKind } from "~/components/lists/simple-search-panel";
import { COMPANY_SEARCH_FIELDS, CONTACT_SEARCH_FIELDS, readSearch } from "~/lib/search/advanced-search";
import type { SimpleSearchPanelData } from "~/lib/search/advanced-search.server";
import { readListParams } from "~/lib/search/list-params";
import { Where, whereNow } from "./support/location";
import { chosen, fieldLabels, fieldNames, panelForm } from "./support/panels";

const OPTIONS: SimpleSearchPanelData["options"] = {
  companyTypes: [
    { id: 1, name: "General Contractor" },
    { id: 2, name: "Architect" },
  ],
  states: [
    { abbr: "TX", name: "Texas" },
    { abbr: "OK", name: "Oklahoma" },
  ],
  provinces: [{ abbr: "ON", name: "Ontario" }],
};
const FIELDS = { contact: CONTACT_SEARCH_FIELDS, company: COMPANY_SEARCH_FIELDS };
const PATHS = { contact: "/Contacts", company: "/Companies" };

type Shown = { kind: SearchPanelKind; options: SimpleSearchPanelData["options"] };

/** The list page's panel, its search and list state read from the URL as the list's loader reads them. */
function ListPageStub() {
  const { kind, options } = useLoaderData() as Shown;
  const params = new URLSearchParams(useLocation().search);
  const search = readSearch(FIELDS[kind], params);
  return (
    <>
      <ListSearchPanel
        key={JSON.stringify(search)}
        kind={kind}
        search={search}
        options={options}
        list={readListParams(params, ["name", "city"] as const)}
      />
      <Where />
    </>
  );
}

async function renderPanel(kind: SearchPanelKind, query = "", options = OPTIONS) {
  const Stub = createRoutesStub([
    { path: PATHS[kind], Component: ListPageStub, loader: (): Shown => ({ kind, options }) },
  ]);
  render(<Stub initialEntries={[`${PATHS[kind]}${query}`]} />);
  await screen.findByLabelText("Location");
}

describe("the contact search panel", () => {
  it("draws every field of its table, in order, under its label and name", async () => {
    await renderPanel("contact", "?panel=1");
    expect(screen.getByRole("heading", { level: 2, name: "Advanced contact search" })).toBeTruthy();
    const form = panelForm("Advanced contact search");
    expect(fieldLabels(form)).toEqual([
      "First name",
      "Last name",
      "Title",
      "Company",
      "Company Type",
      "City",
      "State",
      "Email",
      "Phone",
    ]);
    expect(fieldNames(form)).toEqual(Object.keys(CONTACT_SEARCH_FIELDS));
  });

  it("gives each text field its type and each choice list several rows", async () => {
    await renderPanel("contact", "?panel=1");
    expect(screen.getByRole("textbox", { name: "Email" }).getAttribute("type")).toBe("email");
    expect(screen.getByRole("textbox", { name: "Phone" }).getAttribute("type")).toBe("tel");
    expect(screen.getByRole("textbox", { name: "First name" }).getAttribute("maxlength")).toBe("100");
    for (const name of ["Company Type", "State"]) {
      const select = screen.getByRole("listbox", { name }) as HTMLSelectElement;
      expect(select.multiple).toBe(true);
      expect(select.getAttribute("size")).toBe("5");
    }
  });

  it("fills its fields from the URL: typed text, and every chosen value of a multi-select", async () => {
    await renderPanel("contact", "?firstName=Pat&city=Austin&companyType=2&state=TX&state=ON");
    expect((screen.getByRole("textbox", { name: "First name" }) as HTMLInputElement).value).toBe("Pat");
    expect((screen.getByRole("textbox", { name: "City" }) as HTMLInputElement).value).toBe("Austin");
    expect((screen.getByRole("textbox", { name: "Last name" }) as HTMLInputElement).value).toBe("");
    expect(chosen(screen.getByRole("listbox", { name: "Company Type" }))).toEqual(["2"]);
    expect(chosen(screen.getByRole("listbox", { name: "State" }))).toEqual(["TX", "ON"]);
  });

  it("lists the states, then a disabled '--Canada--' separator and the provinces", async () => {
    await renderPanel("contact", "?panel=1");
    const options = [...(screen.getByRole("listbox", { name: "State" }) as HTMLSelectElement).options];
    expect(options.map((o) => o.textContent)).toEqual(["Texas", "Oklahoma", "--Canada--", "Ontario"]);
    expect(options.map((o) => o.disabled)).toEqual([false, false, true, false]);
    expect(options.map((o) => o.value)).toEqual(["TX", "OK", "", "ON"]);
  });

  it("sends its fields with the list's page size, keyword and sort, the panel kept open and no page", async () => {
    await renderPanel("contact", "?page=4&perPage=50&query=smith&orderBy=city&orderDirection=asc&panel=1");
    await userEvent.type(screen.getByRole("textbox", { name: "Last name" }), "Lee");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(whereNow().searchParams.get("lastName")).toBe("Lee"));
    const sent = whereNow().searchParams;
    expect(whereNow().pathname).toBe("/Contacts");
    expect(sent.get("panel")).toBe("1");
    expect(sent.get("perPage")).toBe("50");
    expect(sent.get("query")).toBe("smith");
    expect(sent.get("orderBy")).toBe("city");
    expect(sent.get("orderDirection")).toBe("asc");
    expect(sent.has("page")).toBe(false);
  });
});

describe("the company search panel", () => {
  it("draws every field of its table, in order, under its label and name", async () => {
    await renderPanel("company", "?panel=1");
    expect(screen.getByRole("heading", { level: 2, name: "Advanced company search" })).toBeTruthy();
    const form = panelForm("Advanced company search");
    expect(fieldLabels(form)).toEqual([
      "Name",
      "Company Type",
      "State",
      "Zip",
      "Address 1",
      "Address 2",
      "City",
    ]);
    expect(fieldNames(form)).toEqual(Object.keys(COMPANY_SEARCH_FIELDS));
  });

  it("offers the company types from the options, the URL's chosen", async () => {
    await renderPanel("company", "?companyType=1&zip=78701");
    const types = screen.getByRole("listbox", { name: "Company Type" }) as HTMLSelectElement;
    expect([...types.options].map((o) => [o.value, o.textContent])).toEqual([
      ["1", "General Contractor"],
      ["2", "Architect"],
    ]);
    expect(chosen(types)).toEqual(["1"]);
    expect((screen.getByRole("textbox", { name: "Zip" }) as HTMLInputElement).value).toBe("78701");
  });
});

describe("the frame every panel shares", () => {
  it("is closed by 'Close' when the member opened it, back to the list's first page", async () => {
    await renderPanel("company", "?page=3&perPage=50&panel=1");
    const close = screen.getByRole("link", { name: "Close" });
    expect(close.getAttribute("href")).toBe("/Companies?page=1&perPage=50");
    expect(screen.queryByRole("link", { name: "Reset" })).toBeNull();
  });

  it("says 'Reset' instead when the URL's search opened it", async () => {
    await renderPanel("company", "?perPage=50&name=Lee");
    expect(screen.getByRole("link", { name: "Reset" }).getAttribute("href")).toBe(
      "/Companies?page=1&perPage=50",
    );
    expect(screen.queryByRole("link", { name: "Close" })).toBeNull();
  });

  it("links to its dialogs with the current search kept, and clears its fields with the panel still open", async () => {
    await renderPanel("contact", "?perPage=25&firstName=Pat&menu=contact");
    const form = panelForm("Advanced contact search");
    const href = (name: string) => within(form).getByRole("link", { name }).getAttribute("href");
    expect(href("Save search")).toBe("/Contacts?perPage=25&firstName=Pat&dialog=save-search");
    expect(href("Saved searches")).toBe("/Contacts?perPage=25&firstName=Pat&dialog=saved-searches");
    expect(href("Clear all fields")).toBe("/Contacts?page=1&perPage=25&panel=1");
  });

  it("says when the search options could not be loaded, and offers no choices", async () => {
    await renderPanel("contact", "?panel=1", null);
    expect(
      screen.getByText("The search options cannot be loaded right now. Please try again shortly."),
    ).toBeTruthy();
    expect((screen.getByRole("listbox", { name: "State" }) as HTMLSelectElement).options).toHaveLength(0);
    expect(screen.getByRole("textbox", { name: "First name" })).toBeTruthy();
  });
});
