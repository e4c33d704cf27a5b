/**
 * The advanced project search panel, drawn from its field table (§2.9): every field under its name and label,
 * the chosen values from the URL, and the choices that follow the chosen ones (subtypes, brands and units by
 * project type, counties by state, inactive researchers) in place with JavaScript.
 */
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import {
  createRoutesStub,
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useLoaderData,
  useLocation,
} from "react-router";
import { describe, expect, it } from "vitest";
import { ProjectSearchPanel } from "~/components/lists/project-search-panel";
import { readListParams } from "~/lib/search/list-params";
import { readProjectSearch, VALUE_BANDS } from "~/lib/search/project-search";
import type { ProjectSearchOptions } from "~/lib/search/project-search.server";
import { Where } from "./support/location";
import { chosen, fieldLabels, fieldNames, panelForm } from "./support/panels";

const OPTIONS: ProjectSearchOptions = {
  isAdmin: false,
  bidStages: [
    { id: 1, name: "Planning" },
    { id: 2, name: "Bidding" },
  ],
  states: [
    { abbr: "TX", name: "Texas" },
    { abbr: "OK", name: "Oklahoma" },
  ],
  provinces: [{ abbr: "ON", name: "Ontario" }],
  materials: [{ id: 7, name: "Steel" }],
  projectTypes: [
    {
      id: 3,
      name: "Hotel",
      subtypes: [
        { id: 31, name: "Resort" },
        { id: 32, name: "Motel" },
      ],
      brands: [{ id: 41, name: "Hilton" }],
      unitsLabel: "Rooms",
    },
    { id: 4, name: "Apartments", subtypes: [], brands: [], unitsLabel: "Units" },
    { id: 5, name: "School", subtypes: [], brands: [], unitsLabel: null },
  ],
  researchers: [
    { id: 8, name: "Ann Reed", active: true },
    { id: 9, name: "Bo Stone", active: false },
  ],
};
const ADMIN = { ...OPTIONS, isAdmin: true };
const TEXAS_COUNTIES = [
  { name: "Travis", state: "TX" },
  { name: "Harris", state: "TX" },
];

type Shown = {
  options: ProjectSearchOptions | null;
  counties: { name: string; state: string }[];
  blocked: boolean;
};

/** /Projects with its panel open, the search and list state read from the URL as the route's loader reads them. */
function ProjectsStub() {
  const { options, counties, blocked } = useLoaderData() as Shown;
  const params = new URLSearchParams(useLocation().search);
  const search = readProjectSearch(params);
  return (
    <>
      <ProjectSearchPanel
        key={JSON.stringify(search)}
        search={search}
        options={options}
        counties={counties}
        list={readListParams(params, ["title", "value"] as const)}
        blocked={blocked}
        openedByQuery={Object.keys(search).length > 0}
      />
      <Where />
    </>
  );
}

/** The counties route the panel's fetcher loads (`/Search/Counties?state=TX&state=OK`). */
function countiesOf(request: Request) {
  const states = new URL(request.url).searchParams.getAll("state");
  const all = [...TEXAS_COUNTIES, { name: "Tulsa", state: "OK" }];
  return { counties: all.filter((c) => states.includes(c.state)) };
}

function routes(shown: Partial<Shown>) {
  const loaded: Shown = { options: OPTIONS, counties: [], blocked: false, ...shown };
  return [
    { path: "/Projects", Component: ProjectsStub, loader: () => loaded },
    { path: "/Search/Counties", loader: ({ request }: { request: Request }) => countiesOf(request) },
  ];
}

/** The panel in the browser, once hydrated ('Update options' is gone). */
async function renderPanel(query = "?panel=1", shown: Partial<Shown> = {}) {
  const Stub = createRoutesStub(routes(shown));
  render(<Stub initialEntries={[`/Projects${query}`]} />);
  await screen.findByLabelText("Location");
  await waitFor(() => expect(screen.queryByRole("button", { name: "Update options" })).toBeNull());
  return panelForm("Advanced project search");
}

/** The panel as the server renders it. */
async function serverPanel(query: string) {
  const handler = createStaticHandler(routes({}));
  const context = await handler.query(new Request(`http://localhost/Projects${query}`));
  if (context instanceof Response) throw new Error("the loader answered with a redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = renderToString(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
  );
  return container;
}

const group = (legend: string) => screen.getByRole("group", { name: legend });
const checkedIn = (legend: string) =>
  within(group(legend))
    .getAllByRole<HTMLInputElement>("checkbox")
    .filter((box) => box.checked)
    .map((box) => box.value);

describe("the project search panel's field table", () => {
  it("draws every field in the spec's order under its label", async () => {
    const form = await renderPanel();
    expect(screen.getByRole("heading", { level: 2, name: "Advanced search" })).toBeTruthy();
    expect(fieldLabels(form)).toEqual([
      "Sector",
      "Company",
      "Project ID",
      "Project Stage",
      "Construction Type",
      "Project Type",
      "Value operator",
      "Value (millions)",
      "City",
      "State",
      "County",
      "Date Entered from",
      "Date Entered to",
      "Bids due",
      "Demolition",
      "Material",
      "Show inactive projects",
      "General contractor selected",
    ]);
  });

  it("sends each field under its URL parameter's name", async () => {
    const form = await renderPanel();
    expect(fieldNames(form)).toEqual([
      "sector",
      "company",
      "projectId",
      "bidStage",
      "constructionType",
      "projectType",
      "operator",
      "value",
      "city",
      "state",
      "county",
      "enterStartDate",
      "enterEndDate",
      "bidsDue",
      "is_demolition",
      "materials",
      "showInactive",
      "gc_selected",
    ]);
  });

  it("offers the choices of each group: sectors with Any, stages and types from the options, the value bands", async () => {
    await renderPanel();
    const labels = (legend: string) =>
      within(group(legend))
        .queryAllByRole("radio")
        .concat(within(group(legend)).queryAllByRole("checkbox"))
        .map((input) => input.closest("label")?.textContent);
    expect(labels("Sector")).toEqual(["Any", "Private", "Public"]);
    expect(labels("Project Stage")).toEqual(["Planning", "Bidding"]);
    expect(labels("Construction Type")).toEqual(["New", "Renovation", "Addition"]);
    expect(labels("Project Type")).toEqual(["Hotel", "Apartments", "School"]);
    expect(labels("Value (millions)")).toEqual(VALUE_BANDS.map((b) => b.label));
  });

  it("checks 'Any' sector, '=' operator and no box when the URL has no search", async () => {
    await renderPanel();
    expect((screen.getByRole("radio", { name: "Any" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("combobox", { name: "Value operator" }) as HTMLSelectElement).value).toBe("=");
    for (const legend of ["Project Stage", "Construction Type", "Project Type", "Value (millions)"])
      expect(checkedIn(legend)).toEqual([]);
    expect((screen.getByRole("combobox", { name: "Demolition" }) as HTMLSelectElement).value).toBe("");
  });

  it("checks and fills what the URL says", async () => {
    await renderPanel(
      "?sector=public&bidStage=2&constructionType=Renovation&constructionType=Addition&projectType=5" +
        "&operator=%3E&value=1_5_million&company=Lee&projectId=1234&is_demolition=No&materials=7&gc_selected=1",
    );
    expect((screen.getByRole("radio", { name: "Public" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "Any" }) as HTMLInputElement).checked).toBe(false);
    expect(checkedIn("Project Stage")).toEqual(["2"]);
    expect(checkedIn("Construction Type")).toEqual(["Renovation", "Addition"]);
    expect(checkedIn("Project Type")).toEqual(["5"]);
    expect(checkedIn("Value (millions)")).toEqual(["1_5_million"]);
    expect((screen.getByRole("combobox", { name: "Value operator" }) as HTMLSelectElement).value).toBe(">");
    expect((screen.getByRole("textbox", { name: "Company" }) as HTMLInputElement).value).toBe("Lee");
    expect((screen.getByRole("textbox", { name: "Project ID" }) as HTMLInputElement).value).toBe("1234");
    expect((screen.getByRole("combobox", { name: "Demolition" }) as HTMLSelectElement).value).toBe("No");
    expect(chosen(screen.getByRole("listbox", { name: "Material" }))).toEqual(["7"]);
    const flag = (name: string) => (screen.getByRole("checkbox", { name }) as HTMLInputElement).checked;
    expect(flag("General contractor selected")).toBe(true);
    expect(flag("Show inactive projects")).toBe(false);
  });

  it("asks for a project ID with the number keyboard and nine digits at most", async () => {
    await renderPanel();
    const projectId = screen.getByRole("textbox", { name: "Project ID" });
    expect(projectId.getAttribute("inputmode")).toBe("numeric");
    expect(projectId.getAttribute("maxlength")).toBe("9");
    expect(screen.getByRole("textbox", { name: "Company" }).getAttribute("inputmode")).toBeNull();
  });

  it("shows the dates of the URL as MM/DD/YYYY and sends them as YYYY-MM-DD", async () => {
    const form = await renderPanel("?enterStartDate=2026-01-05&enterEndDate=2026-02-10");
    const from = screen.getByRole("textbox", { name: "Date Entered from" }) as HTMLInputElement;
    expect(from.value).toBe("01/05/2026");
    const data = new FormData(form);
    expect(data.get("enterStartDate")).toBe("2026-01-05");
    expect(data.get("enterEndDate")).toBe("2026-02-10");
  });

  it("has no Material field when there are no materials, and no Researcher for a member", async () => {
    const form = await renderPanel("?panel=1", { options: { ...OPTIONS, materials: [] } });
    const labels = fieldLabels(form);
    expect(labels).not.toContain("Material");
    expect(labels).not.toContain("Researcher");
  });
});

describe("the choices that follow the chosen ones", () => {
  it("shows a chosen type's subtypes (with 'All'), brands and units fields", async () => {
    await renderPanel("?projectType=3&projectSubtype=32&min_unit=10");
    const subtypes = within(group("Project Subtypes")).getAllByRole<HTMLInputElement>("checkbox");
    expect(subtypes.map((b) => [b.value, b.closest("label")?.textContent])).toEqual([
      ["_all", "All"],
      ["31", "Resort"],
      ["32", "Motel"],
    ]);
    expect(checkedIn("Project Subtypes")).toEqual(["32"]);
    expect(within(group("Project Brands")).getByRole("checkbox", { name: "Hilton" })).toBeTruthy();
    const min = screen.getByRole("textbox", { name: "Project Min Rooms" }) as HTMLInputElement;
    expect(min.name).toBe("min_unit");
    expect(min.value).toBe("10");
    expect(screen.getByRole("textbox", { name: "Project Max Rooms" }).getAttribute("name")).toBe("max_unit");
  });

  it("has no subtypes, brands or units without a type that has them", async () => {
    await renderPanel("?projectType=5");
    expect(screen.queryByRole("group", { name: "Project Subtypes" })).toBeNull();
    expect(screen.queryByRole("group", { name: "Project Brands" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: /^Project Min/ })).toBeNull();
  });

  it("has no units fields when the chosen types count different units", async () => {
    await renderPanel("?projectType=3&projectType=4");
    expect(screen.getByRole("group", { name: "Project Subtypes" })).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: /^Project Min/ })).toBeNull();
  });

  it("with JavaScript, shows a type's subtypes as it is checked and hides them as it is unchecked", async () => {
    await renderPanel();
    const hotel = screen.getByRole("checkbox", { name: "Hotel" });
    await userEvent.click(hotel);
    expect(await screen.findByRole("group", { name: "Project Subtypes" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Project Min Rooms" })).toBeTruthy();
    await userEvent.click(hotel);
    await waitFor(() => expect(screen.queryByRole("group", { name: "Project Subtypes" })).toBeNull());
  });

  it("disables County until a state is chosen, and says so", async () => {
    await renderPanel();
    const county = screen.getByRole("listbox", { name: "County" }) as HTMLSelectElement;
    expect(county.disabled).toBe(true);
    const hint = document.getElementById(county.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toBe("Choose a state first.");
  });

  it("offers the counties of the URL's states, named with their state, the URL's county chosen", async () => {
    await renderPanel("?state=TX&county=Harris", { counties: TEXAS_COUNTIES });
    expect(chosen(screen.getByRole("listbox", { name: "State" }))).toEqual(["TX"]);
    const county = screen.getByRole("listbox", { name: "County" }) as HTMLSelectElement;
    expect(county.disabled).toBe(false);
    expect([...county.options].map((o) => [o.value, o.textContent])).toEqual([
      ["Travis", "Travis (TX)"],
      ["Harris", "Harris (TX)"],
    ]);
    expect(chosen(county)).toEqual(["Harris"]);
  });

  it("with JavaScript, loads the counties of the states as they are chosen", async () => {
    await renderPanel();
    await userEvent.selectOptions(screen.getByRole("listbox", { name: "State" }), ["TX", "OK"]);
    // Looked up each time: the county list is drawn anew (refreshKey) as each state's counties arrive, and an
    // element taken before the last one came would still show the counties of Texas alone.
    const county = () => screen.getByRole("listbox", { name: "County" }) as HTMLSelectElement;
    await waitFor(() =>
      expect([...county().options].map((o) => o.textContent)).toEqual([
        "Travis (TX)",
        "Harris (TX)",
        "Tulsa (OK)",
      ]),
    );
    expect(county().disabled).toBe(false);
  });

  it("bounds each entered date by the other: a 'to' day before the 'from' day is refused", async () => {
    await renderPanel("?enterStartDate=2026-03-10");
    await userEvent.type(screen.getByRole("textbox", { name: "Date Entered to" }), "03/01/2026");
    expect(screen.getByText("Choose 03/10/2026 or later.")).toBeTruthy();
  });

  it("offers staff the active researchers, and the inactive ones too once 'Show inactive projects' is checked", async () => {
    await renderPanel("?panel=1", { options: ADMIN });
    const names = () =>
      [...(screen.getByRole("listbox", { name: "Researcher" }) as HTMLSelectElement).options].map(
        (o) => o.textContent,
      );
    expect(names()).toEqual(["Ann Reed"]);
    fireEvent.click(screen.getByRole("checkbox", { name: "Show inactive projects" }));
    await waitFor(() => expect(names()).toEqual(["Ann Reed", "Bo Stone (inactive)"]));
  });

  it("shows inactive researchers at once when the URL says showInactive", async () => {
    await renderPanel("?showInactive=1&researcher=9", { options: ADMIN });
    const researcher = screen.getByRole("listbox", { name: "Researcher" });
    expect(chosen(researcher)).toEqual(["9"]);
    expect(
      (screen.getByRole("checkbox", { name: "Show inactive projects" }) as HTMLInputElement).checked,
    ).toBe(true);
  });
});

describe("the project panel's frame", () => {
  it("without JavaScript, has 'Update options' to send the form for the choices that follow", async () => {
    const html = await serverPanel("?panel=1");
    const update = within(html).getByRole("button", { name: "Update options" });
    expect(update.getAttribute("type")).toBe("submit");
    expect(update.className).toContain("no-js-only");
    expect(within(html).getByRole("form", { name: "Advanced project search" })).toBeTruthy();
    html.remove();
  });

  it("keeps 'Show inactive projects' checked when the fields are cleared", async () => {
    await renderPanel("?perPage=50&city=Austin");
    expect(screen.getByRole("link", { name: "Clear all fields" }).getAttribute("href")).toBe(
      "/Projects?page=1&perPage=50&panel=1&showInactive=1",
    );
    expect(screen.getByRole("link", { name: "Reset" })).toBeTruthy();
  });

  it("tells a free trial the advanced search is not run, with the way to subscribe", async () => {
    await renderPanel("?city=Austin", { blocked: true });
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Subscribe to unlock more reports.");
    expect(within(alert).getByRole("link", { name: "Subscribe" }).getAttribute("href")).toBe(
      "/Me/Subscription",
    );
  });

  it("has no subscribe notice for a member whose search runs", async () => {
    await renderPanel("?city=Austin");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
