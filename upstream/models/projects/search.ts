/**
 * The SQL of a project search: the member's saved rows or folder, the advanced-search filters (one function per
 * filter family, in FILTERS), the keyword match expression and the sort.
 */

import type { PROJECT_ORDER_BY } from "../../../contract/constants";
import type { Db } from "../../db/index";
import type { SqlCondition } from "../../rights";
import {
  hasToken,
  idsOf,
  likeContains,
  placeholders,
  resolveStateAbbrs,
  savedLinkJoins,
} from "../list-params";
import { type ProjectAdvanced, type ProjectListParams, VALUE_BANDS } from "./params";

/**
 * The FTS5 MATCH expression of a keyword query: each term a quoted prefix phrase (inner quotes doubled, so no
 * FTS syntax gets through), all terms required. Null when the query has no searchable term.
 */
export function projectMatchExpression(query: string): string | null {
  const terms = query
    .split(/\s+/)
    .map((t) => t.trim())
    .filter(hasToken)
    .slice(0, 12);
  if (terms.length === 0) return null;
  // Terms of one or two characters ("fl", "st") match whole tokens: as prefixes they would expand to thousands of terms.
  return terms.map((t) => `"${t.replace(/"/g, '""')}"${[...t].length > 2 ? "*" : ""}`).join(" AND ");
}

/* ---------------------------------------------------------------- filters */

/** Adds one condition (SQL over `projects p`, with `?` for each value) to the search. */
type AddCondition = (sql: string, ...values: unknown[]) => void;

/** A filter family: reads its fields of the advanced search and adds the conditions they ask for. */
type Filter = (a: ProjectAdvanced, add: AddCondition, db: Db, today: string) => void;

/** Projects linked through `table` (project_id, `column`) to any of the ids. */
const linkedTo = (table: string, column: string, ids: number[], add: AddCondition) => {
  if (ids.length > 0)
    add(`p.id IN (SELECT project_id FROM ${table} WHERE ${column} IN (${placeholders(ids.length)}))`, ...ids);
};

/** A column equal to any of the values. */
const oneOf = (column: string, values: unknown[], add: AddCondition) => {
  if (values.length > 0) add(`${column} IN (${placeholders(values.length)})`, ...values);
};

const sector: Filter = (a, add) => {
  if (a.sector) add("p.sector = ? COLLATE NOCASE", a.sector);
};

const stages: Filter = (a, add) => oneOf("p.stage_id", idsOf(a.bidStage), add);

/** Project types, subtypes ("_all" is every subtype of the chosen types) and brands. */
const types: Filter = (a, add) => {
  linkedTo("project_project_types", "project_type_id", idsOf(a.projectType), add);
  const subtypes = a.projectSubtype.some((v) => v === "_all") ? [] : idsOf(a.projectSubtype);
  linkedTo("project_project_subtypes", "project_subtype_id", subtypes, add);
  linkedTo("project_brands", "brand_id", idsOf(a.projectBrand), add);
};

const materials: Filter = (a, add) => linkedTo("project_materials", "material_id", idsOf(a.materials), add);

const constructionTypes: Filter = (a, add) =>
  oneOf("p.construction_type", a.constructionType.map((v) => String(v).trim()).filter(Boolean), add);

/** A company on one of the project's contacts, by part of its name. */
const company: Filter = (a, add) => {
  if (a.company)
    add(
      `p.id IN (SELECT pc.project_id FROM project_contacts pc JOIN contacts c ON c.id = pc.contact_id
        JOIN companies co ON co.id = c.company_id WHERE co.name LIKE ? ESCAPE '\\')`,
      likeContains(a.company),
    );
};

/** A unit range overlapping the project's. */
const units: Filter = (a, add) => {
  if (a.min_unit !== undefined) add("coalesce(p.max_unit, p.min_unit) >= ?", a.min_unit);
  if (a.max_unit !== undefined) add("p.min_unit <= ?", a.max_unit);
};

/** Estimated-value bands: below the highest ("<"), from the lowest (">"), or within any of them ("="). */
const value: Filter = (a, add) => {
  const bands = a.value
    .map((v) => VALUE_BANDS[String(v)])
    .filter((b): b is [number, number] => b !== undefined);
  if (bands.length === 0) return;
  if (a.operator === "<") {
    const hi = Math.max(...bands.map((b) => b[1]));
    if (Number.isFinite(hi)) add("p.minimum_value < ?", hi);
  } else if (a.operator === ">") {
    add("p.minimum_value >= ?", Math.min(...bands.map((b) => b[0])));
  } else {
    const parts = bands.map((b) =>
      Number.isFinite(b[1]) ? "(p.minimum_value >= ? AND p.minimum_value < ?)" : "p.minimum_value >= ?",
    );
    add(`(${parts.join(" OR ")})`, ...bands.flatMap((b) => (Number.isFinite(b[1]) ? b : [b[0]])));
  }
};

const projectId: Filter = (a, add) => {
  if (a.projectId !== undefined) add("p.id = ?", a.projectId);
};

/** City (as typed and title-cased, so the city index serves it: "miami" finds "Miami"), states, counties. */
const place: Filter = (a, add, db) => {
  if (a.city) {
    const titled = a.city.toLowerCase().replace(/(^|[\s-])\p{L}/gu, (m) => m.toUpperCase());
    add("p.city IN (?, ?)", a.city, titled);
  }
  if (a.state.length > 0) {
    const abbrs = resolveStateAbbrs(db, a.state);
    if (abbrs.length > 0) oneOf("p.state", abbrs, add);
    else add("0");
  }
  const counties = a.county
    .map((v) => (typeof v === "object" && v !== null ? "" : String(v).trim()))
    .filter(Boolean);
  oneOf("p.county", counties, add);
};

/** Bidding from a date, or due within the next `bidsDue` days (today included); entered within a date range. */
const dates: Filter = (a, add, _db, today) => {
  if (a.bidDate) add("p.bidding_date >= ?", a.bidDate);
  if (a.bidsDue) add("p.bidding_date BETWEEN ? AND date(?, ?)", today, today, `+${a.bidsDue} days`);
  if (a.enterStartDate) add("p.created_at >= ?", a.enterStartDate);
  if (a.enterEndDate) add("p.created_at < date(?, '+1 day')", a.enterEndDate);
};

const researchers: Filter = (a, add) => oneOf("p.researcher_id", idsOf(a.researcher), add);

const demolition: Filter = (a, add) => {
  if (a.is_demolition) add("p.is_demolition = ?", a.is_demolition);
};

/** A general contractor already chosen: a contact of a General Contractor company is on the project. */
const gcSelected: Filter = (a, add) => {
  if (a.gc_selected)
    add(
      `p.id IN (SELECT pc.project_id FROM project_contacts pc JOIN contacts c ON c.id = pc.contact_id
        JOIN company_company_types cct ON cct.company_id = c.company_id
        JOIN company_types ct ON ct.id = cct.company_type_id WHERE ct.name = 'General Contractor')`,
    );
};

/** Every filter family of the advanced search; a new filter is a function added here. */
const FILTERS: Filter[] = [
  sector,
  stages,
  types,
  materials,
  constructionTypes,
  company,
  units,
  value,
  projectId,
  place,
  dates,
  researchers,
  demolition,
  gcSelected,
];

/* ------------------------------------------------------------------ sort */

const FIRST_TYPE_NAME = `(SELECT t.name FROM project_project_types x JOIN project_types t ON t.id = x.project_type_id
  WHERE x.project_id = p.id ORDER BY x.position, t.name LIMIT 1)`;
const STAGE_NAME = "(SELECT s.name FROM stages s WHERE s.id = p.stage_id)";

const ORDER_EXPRESSION: Record<(typeof PROJECT_ORDER_BY)[number], string> = {
  title: "p.title",
  city: "p.city",
  state: "p.state",
  project_type: FIRST_TYPE_NAME,
  construction_type: "p.construction_type",
  stage: STAGE_NAME,
  minimum_value: "p.minimum_value",
  created_at: "p.created_at",
  updated_at: "p.updated_at",
  tag: "tg.name",
  // Projects without a bid date come last both ways (the first key sorts false before true).
  bidding_date: "p.bidding_date IS NULL, p.bidding_date",
};

/** Sort columns that have their own index on projects: a keyword search can walk them and stop early. */
const INDEXED_ORDER = new Set([
  "title",
  "city",
  "state",
  "minimum_value",
  "created_at",
  "updated_at",
  "construction_type",
]);

/* ----------------------------------------------------------------- query */

interface BuiltProjectQuery {
  from: string;
  /** Conditions besides the keyword match. */
  where: string[];
  params: unknown[];
  match: string | null;
  order: string;
  /** True when only the default active filter applies (no member link, no advanced filter). */
  plain: boolean;
  orderIndexed: boolean;
}

/**
 * The FROM, conditions, keyword match and ORDER BY of a project list for a member; `openable` is the projects
 * the member may open (memberRights.openableProjects), which every list keeps to, saved lists too.
 */
export function buildProjectQuery(
  db: Db,
  userId: number,
  p: ProjectListParams,
  openable: SqlCondition,
  /** The API clock's day (YYYY-MM-DD, UTC): where `bidsDue` counts from. */
  today: string = new Date().toISOString().slice(0, 10),
): BuiltProjectQuery {
  const { mine, joins, joinParams, where, params } = savedLinkJoins(
    { table: "user_projects", alias: "up", on: "up.project_id = p.id" },
    userId,
    p,
  );
  const a = p.advanced;
  let plain = !mine && !a.showInactive;

  // Saved lists show every saved project; searches show active ones unless asked otherwise.
  if (!mine && !a.showInactive) where.push("p.active = 1");

  const add: AddCondition = (sql, ...values) => {
    plain = false;
    where.push(sql);
    params.push(...values);
  };
  for (const filter of FILTERS) filter(a, add, db, today);
  // Only projects the member may open (decision 104): their coverage and what they saved, a trial's own rule.
  if (openable.sql !== "1") add(openable.sql, ...openable.values);

  const dir = p.orderDirection === "asc" ? "ASC" : "DESC";
  let order: string;
  let orderIndexed = false;
  if (p.orderBy) {
    order = `${ORDER_EXPRESSION[p.orderBy]} ${dir}, p.id ${dir}`;
    orderIndexed = INDEXED_ORDER.has(p.orderBy);
  } else if (mine) {
    order = "up.created_at DESC, up.id DESC";
  } else {
    order = "p.created_at DESC, p.id DESC";
    orderIndexed = true;
  }

  return {
    from: `projects p ${joins.join(" ")}`,
    where,
    params: [...joinParams, ...params],
    match: projectMatchExpression(p.query),
    order,
    plain,
    orderIndexed,
  };
}
