/**
 * What the benchmark measures: each key page of the app, and the reference API calls that page makes, with
 * how the page combines them (in parallel or one after another). Keep these in step with the loaders:
 * root (Users/Me, in parallel with the route's loader), routes/projects.tsx, routes/project.tsx (its
 * middleware reads the project before any loader runs), routes/contacts.tsx and routes/login.tsx.
 */

/** One reference API call, as the app makes it. */
export interface ApiCall {
  id: string;
  method: "GET" | "POST";
  path: string;
  /** POST body (JSON). */
  body?: string;
  /** Sent without the member's token. */
  anonymous?: boolean;
}

/**
 * How a page's calls are made: a list of steps run one after another, each a group of calls run in parallel.
 * The critical path is the sum over steps of the slowest call in each step.
 */
export type CallPlan = string[][];

export interface Page {
  id: string;
  label: string;
  method: "GET" | "POST";
  path: string;
  /** Sent with the session cookie. */
  loggedIn: boolean;
  body?: string;
  okStatus: number[];
  plan: CallPlan;
}

export const KEYWORD = "hospital";
export const SEARCH_QUERY = `query=${KEYWORD}&orderBy=updated_at&orderDirection=desc&page=50`;
/** An advanced search: three filters (sector, states, value bands) and the keyword, as its readable URL. */
export const ADVANCED_FIELDS =
  "sector=Public&state=TX&state=CA&state=FL&value=5_25_million&value=25_100_million";
export const ADVANCED_QUERY = `page=1&perPage=15&query=${KEYWORD}&${ADVANCED_FIELDS}`;
const ADVANCED_JSON = encodeURIComponent(
  JSON.stringify({ sector: "Public", state: ["TX", "CA", "FL"], value: ["5_25_million", "25_100_million"] }),
);

/**
 * Advanced searches for the reference API's filtered-search latency (same target as the keyword search): three
 * or more filters, with and without a keyword, as the app sends them (`advanced` JSON). The second is the
 * issue's example: public hospital renovations over $25M in three counties, entered this quarter.
 */
const ADVANCED_FILTERS = [
  { sector: "Public", state: ["TX", "CA", "FL"], value: ["5_25_million", "25_100_million"] },
  {
    sector: "Public",
    state: ["TX"],
    county: ["Harris", "Dallas", "Tarrant"],
    value: ["25_100_million"],
    operator: ">",
    enterStartDate: "2026-10-01",
    enterEndDate: "2026-12-31",
  },
  { sector: "Private", state: ["NY", "NJ"], constructionType: ["Renovation"], value: ["1_5_million"] },
  { state: ["CA"], city: "Los Angeles", value: ["over_100_million"], operator: "<" },
];
const ADVANCED_KEYWORDS = ["", "hospital", "school", "renovation", "office"];
export const ADVANCED_SEARCHES = ADVANCED_FILTERS.flatMap((filters) =>
  ADVANCED_KEYWORDS.map(
    (keyword) =>
      `page=1&perPage=15${keyword ? `&query=${keyword}` : ""}&advanced=${encodeURIComponent(JSON.stringify(filters))}`,
  ),
);

export function apiCalls(projectId: number, loginBody: string): ApiCall[] {
  return [
    { id: "Users/Me", method: "GET", path: "Users/Me" },
    { id: "Projects", method: "GET", path: "Projects?page=1&perPage=15" },
    { id: "Projects/CountMine", method: "GET", path: "Projects/CountMine" },
    {
      id: "Projects (keyword, page 50)",
      method: "GET",
      path: `Projects?page=50&perPage=15&orderBy=updated_at&orderDirection=desc&query=${KEYWORD}`,
    },
    { id: "Projects (mine)", method: "GET", path: "Projects?page=1&perPage=15&mine=1" },
    { id: "Projects/AdvancedOptions", method: "GET", path: "Projects/AdvancedOptions" },
    { id: "Counties", method: "GET", path: "Counties?states[]=TX&states[]=CA&states[]=FL" },
    {
      id: "Projects (advanced)",
      method: "GET",
      path: `Projects?page=1&perPage=15&query=${KEYWORD}&advanced=${ADVANCED_JSON}`,
    },
    { id: "Projects/{id}", method: "GET", path: `Projects/${projectId}` },
    { id: "Projects/{id}/Notes", method: "GET", path: `Projects/${projectId}/Notes` },
    { id: "Projects/{id}/Similar", method: "GET", path: `Projects/${projectId}/Similar?page=1` },
    { id: "Contacts", method: "GET", path: "Contacts?page=1&perPage=15" },
    { id: "Login", method: "POST", path: "Login", body: loginBody, anonymous: true },
  ];
}

export function pages(projectId: number, loginFormBody: string): Page[] {
  return [
    {
      id: "baseline",
      label: "/_bench/baseline (static, no session)",
      method: "GET",
      path: "/_bench/baseline",
      loggedIn: false,
      okStatus: [200],
      plan: [],
    },
    {
      id: "projects",
      label: "/Projects",
      method: "GET",
      path: "/Projects",
      loggedIn: true,
      okStatus: [200],
      plan: [["Users/Me", "Projects", "Projects/CountMine"]],
    },
    {
      id: "projects-search",
      label: `/Projects?${SEARCH_QUERY}`,
      method: "GET",
      path: `/Projects?${SEARCH_QUERY}`,
      loggedIn: true,
      okStatus: [200],
      plan: [["Users/Me", "Projects (keyword, page 50)", "Projects/CountMine"]],
    },
    {
      id: "projects-advanced",
      label: `/Projects?${ADVANCED_QUERY}`,
      method: "GET",
      path: `/Projects?${ADVANCED_QUERY}`,
      loggedIn: true,
      okStatus: [200],
      // Users/Me first (a free trial may not run it), then the list, the tracking count and the panel's choices.
      plan: [
        ["Users/Me"],
        ["Projects (advanced)", "Projects/CountMine", "Projects/AdvancedOptions", "Counties"],
      ],
    },
    {
      id: "me-projects",
      label: "/Me/Projects",
      method: "GET",
      path: "/Me/Projects",
      loggedIn: true,
      okStatus: [200],
      plan: [["Users/Me", "Projects (mine)"]],
    },
    {
      id: "project",
      label: "/Projects/{id}",
      method: "GET",
      path: `/Projects/${projectId}`,
      loggedIn: true,
      okStatus: [200],
      plan: [["Projects/{id}"], ["Users/Me", "Projects/{id}/Notes", "Projects/{id}/Similar"]],
    },
    {
      id: "contacts",
      label: "/Contacts",
      method: "GET",
      path: "/Contacts",
      loggedIn: true,
      okStatus: [200],
      plan: [["Users/Me", "Contacts"]],
    },
    {
      id: "login",
      label: "POST /Login",
      method: "POST",
      path: "/Login",
      loggedIn: false,
      body: loginFormBody,
      okStatus: [302],
      plan: [["Login"]],
    },
  ];
}

/** Keyword searches for the reference API's search latency (p95), each term alone and some pairs. */
export const SEARCH_KEYWORDS = [
  "school",
  "hospital",
  "warehouse",
  "renovation",
  "church",
  "bridge",
  "hotel",
  "retail",
  "office",
  "apartment",
  "clinic",
  "library",
  "school renovation",
  "medical office",
  "hotel addition",
  "dallas",
];

/**
 * The screens the browser part audits (Lighthouse mobile, each also as a lite page with Save-Data: on): who is
 * logged in (none: the sign-up is for visitors, and a member is sent away from it), and the route whose
 * first-load bytes count (bench/bundle.ts). `lhRuns` is the default number of Lighthouse runs (BENCH_LH_RUNS
 * overrides it); the targets hold in the worst run.
 */
export interface BrowserScreen {
  id: string;
  label: string;
  path: string;
  /** The route id in React Router's manifest (first-load JS). */
  routeId: string;
  account: "member" | "trial" | null;
  lhRuns: number;
}

export interface ScreenIds {
  projectId: number;
  companyId: number;
}

export function browserScreens({ projectId, companyId }: ScreenIds): BrowserScreen[] {
  return [
    {
      id: "projects",
      label: "/Projects",
      path: "/Projects",
      routeId: "projects",
      account: "member",
      lhRuns: 5,
    },
    {
      id: "project",
      label: "/Projects/{id}",
      path: `/Projects/${projectId}`,
      routeId: "projects.show",
      account: "member",
      lhRuns: 5,
    },
    {
      id: "signup-state",
      label: "/sign-up/state",
      path: "/sign-up/state",
      routeId: "signup",
      account: null,
      lhRuns: 3,
    },
    {
      // The advanced search panel's open state is in the URL (`panel=1`, app/lib/project-search.server.ts).
      id: "projects-panel",
      label: "/Projects?panel=1 (advanced search open)",
      path: "/Projects?panel=1",
      routeId: "projects",
      account: "member",
      lhRuns: 3,
    },
    {
      id: "companies",
      label: "/Companies",
      path: "/Companies",
      routeId: "companies",
      account: "member",
      lhRuns: 3,
    },
    {
      id: "company",
      label: "/Companies/{id}",
      path: `/Companies/${companyId}`,
      routeId: "companies.show",
      account: "member",
      lhRuns: 3,
    },
    {
      id: "calendar",
      label: "/Calendar",
      path: "/Calendar",
      routeId: "calendar",
      account: "member",
      lhRuns: 3,
    },
    {
      // The trial member's subscription page: the activation form with its live price (the paid member's page
      // is a summary and receipts).
      id: "subscription",
      label: "/Me/Subscription (trial: activation form)",
      path: "/Me/Subscription",
      routeId: "subscription",
      account: "trial",
      lhRuns: 3,
    },
  ];
}

/**
 * The interactions whose INP the bench measures (bench/interaction.ts), under a 4× CPU slowdown: choosing a
 * state in the projects' advanced search panel, and ticking a vertical market on the vertical plan's checkout.
 */
export interface InteractionScenario {
  id: string;
  label: string;
  path: string;
  account: "member" | "trial" | null;
  /** What is clicked: a CSS selector (the first match). */
  target: string;
  /** An option of a multi-select is clicked where it is drawn (the listbox shows its options inline). */
  option?: boolean;
}

export const INTERACTIONS: InteractionScenario[] = [
  {
    id: "panel-state",
    label: "Choose a state, /Projects advanced search panel",
    path: "/Projects?panel=1",
    account: "member",
    // California: among the six options the listbox shows without scrolling, and a state with many counties.
    target: 'select[name="state"] option[value="CA"]',
    option: true,
  },
  {
    id: "checkout-vertical",
    label: "Tick a vertical market, /sign-up/vertical checkout",
    path: "/sign-up/vertical",
    account: null,
    target: 'input[type="checkbox"][name="plan_verticals"]',
  },
];
