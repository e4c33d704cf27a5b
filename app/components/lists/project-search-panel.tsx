import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { buttonSecondaryClass } from "~/components/forms";
import { useHydrated } from "~/components/hydrated";
import { sameValues } from "~/components/use-typed-before-hydration";
import { useLitePages } from "~/lib/platform/lite-pages";
import type { AdvancedSearch } from "~/lib/search/advanced-search";
import type { ListParams } from "~/lib/search/list-params";
import {
  ALL_SUBTYPES,
  BIDS_DUE_CHOICES,
  CONSTRUCTION_TYPES,
  type ProjectSearch,
  SECTORS,
  VALUE_BANDS,
  VALUE_OPERATORS,
} from "~/lib/search/project-search";
import type { ProjectSearchOptions } from "~/lib/search/project-search.server";
import {
  type PanelField,
  PanelFieldRows,
  type PanelRows,
  SearchPanelFrame,
  searchValues,
  stateChoices,
} from "./panel-fields";

type Props = {
  search: ProjectSearch;
  options: ProjectSearchOptions | null;
  counties: { name: string; state: string }[];
  list: ListParams;
  blocked: boolean;
  /** The panel opened because the URL carries advanced fields: it shows its reset control. */
  openedByQuery: boolean;
};

/** What the table's dependent choices follow as the member chooses (§4): types, states, dates, inactive. */
type Chosen = {
  types: string[];
  setTypes: (v: string[]) => void;
  states: string[];
  onStates: (v: string[]) => void;
  counties: { name: string; state: string }[];
  countyError: string | undefined;
  showInactive: boolean;
  setShowInactive: (v: boolean) => void;
  enteredFrom: string;
  setEnteredFrom: (v: string) => void;
  enteredTo: string;
  setEnteredTo: (v: string) => void;
};

/** The advanced project search's field table (§2.9), in the spec's order, with the choices the member's allow. */
function projectPanelRows(options: ProjectSearchOptions | null, c: Chosen): PanelRows {
  return [
    [
      {
        kind: "radios",
        name: "sector",
        legend: "Sector",
        choices: ["", ...SECTORS].map((s) => ({ value: s, label: s || "Any" })),
      },
      { kind: "text", name: "company", label: "Company" },
      { kind: "text", name: "projectId", label: "Project ID", numeric: true, maxLength: 9 },
    ],
    {
      kind: "checkboxes",
      name: "bidStage",
      legend: "Project Stage",
      choices: (options?.bidStages ?? []).map((s) => ({ value: String(s.id), label: s.name })),
    },
    {
      kind: "checkboxes",
      name: "constructionType",
      legend: "Construction Type",
      choices: CONSTRUCTION_TYPES.map((t) => ({ value: t, label: t })),
    },
    {
      kind: "checkboxes",
      name: "projectType",
      legend: "Project Type",
      choices: (options?.projectTypes ?? []).map((t) => ({ value: String(t.id), label: t.name })),
      onValues: c.setTypes,
    },
    ...projectTypeRows(options, c.types),
    // Value (millions) with an operator (default '=') and the five bands.
    [
      {
        kind: "select",
        name: "operator",
        label: "Value operator",
        fallback: "=",
        choices: VALUE_OPERATORS.map((op) => ({ value: op, label: op })),
      },
    ],
    {
      kind: "checkboxes",
      name: "value",
      legend: "Value (millions)",
      choices: VALUE_BANDS.map((b) => ({ value: b.code, label: b.label })),
    },
    placeRow(options, c),
    dateRow(c),
    moreRow(options, c),
  ];
}

/** What the chosen project types allow: their subtypes, their brands, and units when they count one kind. */
function projectTypeRows(options: ProjectSearchOptions | null, types: string[]): PanelRows {
  const chosenTypes = (options?.projectTypes ?? []).filter((t) => types.includes(String(t.id)));
  const subtypes = chosenTypes.flatMap((t) => t.subtypes);
  const brands = chosenTypes.flatMap((t) => t.brands);
  const withUnits = chosenTypes.filter((t) => t.unitsLabel !== null);
  const unitsLabel = withUnits.length === 1 ? withUnits[0].unitsLabel : null;
  return [
    subtypes.length > 0
      ? {
          kind: "checkboxes",
          name: "projectSubtype",
          legend: "Project Subtypes",
          choices: [
            { value: ALL_SUBTYPES, label: "All" },
            ...subtypes.map((s) => ({ value: String(s.id), label: s.name })),
          ],
        }
      : null,
    brands.length > 0
      ? {
          kind: "checkboxes",
          name: "projectBrand",
          legend: "Project Brands",
          choices: brands.map((b) => ({ value: String(b.id), label: b.name })),
        }
      : null,
    unitsLabel
      ? [
          { kind: "text", name: "min_unit", label: `Project Min ${unitsLabel}`, numeric: true },
          { kind: "text", name: "max_unit", label: `Project Max ${unitsLabel}`, numeric: true },
        ]
      : null,
  ];
}

/** City, state, and the counties of the chosen states. */
function placeRow(options: ProjectSearchOptions | null, c: Chosen): PanelField[] {
  return [
    { kind: "text", name: "city", label: "City" },
    {
      kind: "select",
      name: "state",
      label: "State",
      size: 6,
      choices: stateChoices(options?.states ?? [], options?.provinces ?? []),
      onValues: c.onStates,
    },
    {
      kind: "select",
      name: "county",
      label: "County",
      size: 6,
      disabled: c.states.length === 0,
      refreshKey: `${c.states.join(",")}:${c.counties.length}`,
      choices: c.counties.map((x) => ({ value: x.name, label: `${x.name} (${x.state})` })),
      hint: c.countyError ?? (c.states.length === 0 ? "Choose a state first." : ""),
    },
  ];
}

/** The entered dates (each bounds the other), the bids due and demolition. */
function dateRow(c: Chosen): PanelField[] {
  return [
    {
      kind: "date",
      name: "enterStartDate",
      label: "Date Entered from",
      max: c.enteredTo || undefined,
      onValue: c.setEnteredFrom,
    },
    {
      kind: "date",
      name: "enterEndDate",
      label: "Date Entered to",
      min: c.enteredFrom || undefined,
      onValue: c.setEnteredTo,
    },
    { kind: "select", name: "bidsDue", label: "Bids due", choices: BIDS_DUE_CHOICES },
    {
      kind: "select",
      name: "is_demolition",
      label: "Demolition",
      choices: [
        { value: "", label: "Any" },
        { value: "Yes", label: "Yes" },
        { value: "No", label: "No" },
      ],
    },
  ];
}

/** Material (when there are any), researcher (staff only; inactive ones when asked), and the two flags. */
function moreRow(options: ProjectSearchOptions | null, c: Chosen): PanelField[] {
  const researchers = (options?.researchers ?? []).filter((r) => c.showInactive || r.active);
  return [
    ...((options?.materials.length ?? 0) > 0
      ? [
          {
            kind: "select" as const,
            name: "materials",
            label: "Material",
            size: 5,
            choices: (options?.materials ?? []).map((m) => ({ value: String(m.id), label: m.name })),
          },
        ]
      : []),
    ...(options?.isAdmin
      ? [
          {
            kind: "select" as const,
            name: "researcher",
            label: "Researcher",
            size: 5,
            choices: researchers.map((r) => ({
              value: String(r.id),
              label: `${r.name}${r.active ? "" : " (inactive)"}`,
            })),
          },
        ]
      : []),
    {
      kind: "flag",
      name: "showInactive",
      label: "Show inactive projects",
      checked: c.showInactive,
      onChecked: c.setShowInactive,
    },
    { kind: "flag", name: "gc_selected", label: "General contractor selected" },
  ];
}

const first = (value: ProjectSearch[keyof ProjectSearch]): string => (typeof value === "string" ? value : "");

/**
 * The advanced project search: a GET form whose every field is a readable URL parameter (lib/search/project-search.ts),
 * so the URL is the search. Dependent choices (subtypes, brands and units by project type, counties by state,
 * inactive researchers) follow the chosen values in place with JavaScript; without it, 'Update options' sends
 * the form and the page comes back with the choices those values allow. Render it with a key of its search, so
 * that a new URL (a saved search loaded, back and forward) starts from that URL's fields.
 */
export function ProjectSearchPanel({ search, options, counties, list, blocked, openedByQuery }: Props) {
  const hydrated = useHydrated();
  const lite = useLitePages();
  const [types, setTypes] = useState(() => searchValues(search.projectType));
  const [states, setStates] = useState(() => searchValues(search.state));
  const [showInactive, setShowInactive] = useState(search.showInactive === true);
  const [enteredFrom, setEnteredFrom] = useState(first(search.enterStartDate));
  const [enteredTo, setEnteredTo] = useState(first(search.enterEndDate));
  const countyFetcher = useFetcher<{ counties: { name: string; state: string }[]; error?: string }>();

  const onStates = (chosen: string[]) => {
    setStates(chosen);
    countyFetcher.load(`/Search/Counties?${new URLSearchParams(chosen.map((s) => ["state", s]))}`);
  };
  const rows = projectPanelRows(options, {
    types,
    setTypes,
    states,
    onStates,
    counties: hydrated && countyFetcher.data ? countyFetcher.data.counties : counties,
    countyError: hydrated ? countyFetcher.data?.error : undefined,
    showInactive,
    setShowInactive,
    enteredFrom,
    setEnteredFrom,
    enteredTo,
    setEnteredTo,
  });

  return (
    <SearchPanelFrame
      title="Advanced search"
      titleId="advanced-search-title"
      formLabel="Advanced project search"
      list={list}
      openedByQuery={openedByQuery}
      optionsMissing={options === null}
      clearParams="&showInactive=1"
      notice={blocked ? <SubscribeNotice /> : null}
      onTypedBeforeHydration={(values) => {
        const typedTypes = values.getAll("projectType").map(String);
        if (!sameValues(typedTypes, types)) setTypes(typedTypes);
        const typedStates = values.getAll("state").map(String);
        if (!sameValues(typedStates, states)) onStates(typedStates);
        setShowInactive(values.has("showInactive"));
        setEnteredFrom(String(values.get("enterStartDate") ?? ""));
        setEnteredTo(String(values.get("enterEndDate") ?? ""));
      }}
      extraButtons={
        // With JavaScript the choices follow in place: the button is not shown from the first paint
        // (no-js-only) and goes when the page hydrates. Last in the row all the same.
        hydrated ? null : (
          <button
            type="submit"
            className={`${buttonSecondaryClass} min-h-11 sm:min-h-9 ${lite ? "" : "no-js-only"}`}
          >
            Update options
          </button>
        )
      }
    >
      <PanelFieldRows rows={rows} search={search as AdvancedSearch} />
    </SearchPanelFrame>
  );
}

/** A free trial's search is not run (§4): the nudge says why. */
function SubscribeNotice() {
  return (
    <div
      role="alert"
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="font-semibold">Subscribe to unlock more reports.</p>
      <p className="mt-1">
        The advanced search is part of a subscription: the list below is not filtered by it.{" "}
        <Link to="/Me/Subscription" className="font-medium underline">
          Subscribe
        </Link>
      </p>
    </div>
  );
}
