import type { Statement } from "better-sqlite3";
import { z } from "zod";
import { ORDER_DIRECTIONS, PER_PAGE } from "../../contract/lists";
import type { Project, ProjectRow } from "../../contract/projects";
import { PROJECT_ORDER_BY } from "../../contract/projects";
import type { Tag } from "../../contract/user";
import type { Db } from "../db/index";
import { hasToken, intOr, many, placeholders, resolveStateAbbrs, text, truthy } from "./list-params";

/* ------------------------------------------------------------------ params */

const num = z
  .preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v === "" ? undefined : v),
    z.number().finite(),
  )
  .optional()
  .catch(undefined);

const date = z
  .preprocess(
    (v) => (typeof v === "string" ? v.trim().slice(0, 10) : v),
    z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  )
  .optional()
  .catch(undefined);

/** A value or a list of values (ids, names or codes), from JSON or repeated params. */
const manyValues = many(200);

export const VALUE_BANDS: Record<string, [number, number]> = {
  under_one_million: [0, 1],
  "1_5_million": [1, 5],
  "5_25_million": [5, 25],
  "25_100_million": [25, 100],
  over_100_million: [100, Number.POSITIVE_INFINITY],
};

/** The advanced project search (signup-search §2.9 / §3). */
export const ProjectAdvanced = z.object({
  sector: text,
  bidStage: manyValues,
  projectType: manyValues,
  projectSubtype: manyValues,
  projectBrand: manyValues,
  materials: manyValues,
  constructionType: manyValues,
  company: text,
  min_unit: num,
  max_unit: num,
  operator: z.enum(["<", "=", ">"]).catch("="),
  value: manyValues,
  projectId: num,
  city: text,
  state: manyValues,
  county: manyValues,
  bidDate: date,
  enterStartDate: date,
  enterEndDate: date,
  researcher: manyValues,
  showInactive: z.preprocess(truthy, z.boolean()).catch(false),
  is_demolition: z.enum(["Yes", "No"]).optional().catch(undefined),
});
export type ProjectAdvanced = z.infer<typeof ProjectAdvanced>;

const ListParams = z.object({
  query: z.string().trim().max(200).catch(""),
  page: intOr(1, 1, 100_000),
  perPage: intOr(PER_PAGE, 1, 100),
  orderBy: z.enum(PROJECT_ORDER_BY).nullable().catch(null),
  orderDirection: z.enum(ORDER_DIRECTIONS).nullable().catch(null),
  mine: z.boolean(),
  tag: intOr(0, 1, Number.MAX_SAFE_INTEGER).nullable(),
  advanced: ProjectAdvanced,
});
export type ProjectListParams = z.infer<typeof ListParams>;

/** Reads list parameters from a query string or a body; bad values become the defaults. `advanced` may be JSON text. */
export function parseProjectListParams(raw: Record<string, unknown>): ProjectListParams {
  let advanced: Record<string, unknown> = {};
  const adv = raw.advanced;
  if (typeof adv === "string" && adv.trim() !== "") {
    try {
      const parsed: unknown = JSON.parse(adv);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        advanced = parsed as Record<string, unknown>;
    } catch {
      // an unreadable advanced search is no search
    }
  } else if (adv && typeof adv === "object" && !Array.isArray(adv)) {
    advanced = adv as Record<string, unknown>;
  }
  const tagRaw = raw.tag;
  const params = ListParams.parse({
    query: typeof raw.query === "string" ? raw.query : "",
    page: raw.page,
    perPage: raw.perPage,
    orderBy: raw.orderBy || null,
    orderDirection: raw.orderDirection || null,
    mine: truthy(raw.mine),
    tag: tagRaw === undefined || tagRaw === null || tagRaw === "" ? null : tagRaw,
    advanced: ProjectAdvanced.parse(advanced),
  });
  if (params.tag === 0) params.tag = null;
  return params;
}

/* -------------------------------------------------------------- FTS5 query */

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

/* ------------------------------------------------------------- list query */

const countPlaceholders = (sql: string) => (sql.match(/\?/g) ?? []).length;

const FIRST_TYPE_NAME = `(SELECT t.name FROM project_project_types x JOIN project_types t ON t.id = x.project_type_id
  WHERE x.project_id = p.id ORDER BY x.position, t.name LIMIT 1)`;
const STAGE_NAME = "(SELECT s.name FROM stages s WHERE s.id = p.stage_id)";

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

export interface BuiltProjectQuery {
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

export function buildProjectQuery(db: Db, userId: number, p: ProjectListParams): BuiltProjectQuery {
  const joins: string[] = [];
  const joinParams: unknown[] = [];
  const where: string[] = [];
  const params: unknown[] = [];
  const mine = p.mine || p.tag !== null;
  const a = p.advanced;
  let plain = true;

  if (mine) {
    plain = false;
    joins.push("JOIN user_projects up ON up.project_id = p.id AND up.user_id = ?");
    joinParams.push(userId);
    if (p.tag !== null) {
      where.push("up.tag_id = ?");
      params.push(p.tag);
    }
  } else if (p.orderBy === "tag") {
    joins.push("LEFT JOIN user_projects up ON up.project_id = p.id AND up.user_id = ?");
    joinParams.push(userId);
  }
  if (p.orderBy === "tag") joins.push("LEFT JOIN tags tg ON tg.id = up.tag_id");

  // Saved lists show every saved project; searches show active ones unless asked otherwise.
  if (!mine && !a.showInactive) where.push("p.active = 1");
  if (a.showInactive) plain = false;

  const cond = (sql: string, ...values: unknown[]) => {
    plain = false;
    where.push(sql);
    params.push(...values);
  };
  const ids = (values: (string | number)[]) =>
    values
      .map((v) => String(v).trim())
      .filter((v) => /^\d+$/.test(v))
      .map(Number);

  if (a.sector) cond("p.sector = ? COLLATE NOCASE", a.sector);
  const stageIds = ids(a.bidStage);
  if (stageIds.length > 0) cond(`p.stage_id IN (${placeholders(stageIds.length)})`, ...stageIds);
  const typeIds = ids(a.projectType);
  if (typeIds.length > 0)
    cond(
      `p.id IN (SELECT project_id FROM project_project_types WHERE project_type_id IN (${placeholders(typeIds.length)}))`,
      ...typeIds,
    );
  const subtypeIds = a.projectSubtype.some((v) => v === "_all") ? [] : ids(a.projectSubtype);
  if (subtypeIds.length > 0)
    cond(
      `p.id IN (SELECT project_id FROM project_project_subtypes WHERE project_subtype_id IN (${placeholders(subtypeIds.length)}))`,
      ...subtypeIds,
    );
  const brandIds = ids(a.projectBrand);
  if (brandIds.length > 0)
    cond(
      `p.id IN (SELECT project_id FROM project_brands WHERE brand_id IN (${placeholders(brandIds.length)}))`,
      ...brandIds,
    );
  const materialIds = ids(a.materials);
  if (materialIds.length > 0)
    cond(
      `p.id IN (SELECT project_id FROM project_materials WHERE material_id IN (${placeholders(materialIds.length)}))`,
      ...materialIds,
    );
  const constructions = a.constructionType.map((v) => String(v).trim()).filter(Boolean);
  if (constructions.length > 0)
    cond(`p.construction_type IN (${placeholders(constructions.length)})`, ...constructions);
  if (a.company) {
    cond(
      `p.id IN (SELECT pc.project_id FROM project_contacts pc JOIN contacts c ON c.id = pc.contact_id
        JOIN companies co ON co.id = c.company_id WHERE co.name LIKE ? ESCAPE '\\')`,
      `%${a.company.replace(/[\\%_]/g, (m) => `\\${m}`)}%`,
    );
  }
  if (a.min_unit !== undefined) cond("coalesce(p.max_unit, p.min_unit) >= ?", a.min_unit);
  if (a.max_unit !== undefined) cond("p.min_unit <= ?", a.max_unit);
  const bands = a.value
    .map((v) => VALUE_BANDS[String(v)])
    .filter((b): b is [number, number] => b !== undefined);
  if (bands.length > 0) {
    if (a.operator === "<") {
      const hi = Math.max(...bands.map((b) => b[1]));
      if (Number.isFinite(hi)) cond("p.minimum_value < ?", hi);
    } else if (a.operator === ">") {
      cond("p.minimum_value >= ?", Math.min(...bands.map((b) => b[0])));
    } else {
      plain = false;
      const parts = bands.map((b) =>
        Number.isFinite(b[1]) ? "(p.minimum_value >= ? AND p.minimum_value < ?)" : "p.minimum_value >= ?",
      );
      where.push(`(${parts.join(" OR ")})`);
      for (const b of bands) params.push(...(Number.isFinite(b[1]) ? b : [b[0]]));
    }
  }
  if (a.projectId !== undefined) cond("p.id = ?", a.projectId);
  if (a.city) {
    // As typed and title-cased, so the city index serves it ("miami" finds "Miami").
    const titled = a.city.toLowerCase().replace(/(^|[\s-])\p{L}/gu, (m) => m.toUpperCase());
    cond("p.city IN (?, ?)", a.city, titled);
  }
  if (a.state.length > 0) {
    const abbrs = resolveStateAbbrs(db, a.state);
    cond(abbrs.length > 0 ? `p.state IN (${placeholders(abbrs.length)})` : "0", ...abbrs);
  }
  const counties = a.county
    .map((v) => (typeof v === "object" && v !== null ? "" : String(v).trim()))
    .filter(Boolean);
  if (counties.length > 0) cond(`p.county IN (${placeholders(counties.length)})`, ...counties);
  if (a.bidDate) cond("p.bidding_date >= ?", a.bidDate);
  if (a.enterStartDate) cond("p.created_at >= ?", a.enterStartDate);
  if (a.enterEndDate) cond("p.created_at < date(?, '+1 day')", a.enterEndDate);
  const researcherIds = ids(a.researcher);
  if (researcherIds.length > 0)
    cond(`p.researcher_id IN (${placeholders(researcherIds.length)})`, ...researcherIds);
  if (a.is_demolition) cond("p.is_demolition = ?", a.is_demolition);

  const match = projectMatchExpression(p.query);

  const dir = p.orderDirection === "asc" ? "ASC" : "DESC";
  let order: string;
  let orderIndexed = false;
  if (p.orderBy) {
    const expr: Record<(typeof PROJECT_ORDER_BY)[number], string> = {
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
    };
    order = `${expr[p.orderBy]} ${dir}, p.id ${dir}`;
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
    match,
    order,
    plain,
    orderIndexed,
  };
}

/* ---------------------------------------------------------- row hydration */

interface BaseRow {
  id: number;
  title: string;
  address1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  construction_type: string | null;
  stage_id: number | null;
  stage_name: string | null;
  minimum_value: number | null;
  created_at: string;
  updated_at: string;
}

interface DetailRow extends BaseRow {
  address2: string | null;
  county: string | null;
  lat: number | null;
  lng: number | null;
  sector: string | null;
  renovation_includes_addition: number;
  min_unit: number | null;
  max_unit: number | null;
  details: string | null;
  is_demolition: string | null;
  negotiated_work: string | null;
  start_date: string | null;
  start_date_notes: string | null;
  end_date: string | null;
  end_date_notes: string | null;
  bidding_date: string | null;
  bidding_information: string | null;
  update_notes: string | null;
}

interface LinkRow {
  id: number;
  project_id: number;
  tag_id: number | null;
}

const ROW_COLUMNS = `p.id, p.title, p.address1, p.city, p.state, p.zip, p.construction_type, p.stage_id, s.name AS stage_name,
  p.minimum_value, p.created_at, p.updated_at`;

/** Statements with an `IN (?, …)` list, prepared once per list length. */
function inStatements<R>(db: Db, sql: (marks: string) => string) {
  const cache = new Map<number, Statement<unknown[], R>>();
  return (n: number) => {
    let s = cache.get(n);
    if (!s) {
      s = db.prepare<unknown[], R>(sql(placeholders(n)));
      cache.set(n, s);
    }
    return s;
  };
}

export type ProjectDecorations = ReturnType<ReturnType<typeof decorator>>;

/** Batch-loads types, saved links and folders for a set of projects (one IN query each). */
function decorator(db: Db) {
  const typesIn = inStatements<{ project_id: number; id: number; name: string; units_label: string | null }>(
    db,
    (
      m,
    ) => `SELECT x.project_id, t.id, t.name, t.units_label FROM project_project_types x JOIN project_types t ON t.id = x.project_type_id
      WHERE x.project_id IN (${m}) ORDER BY x.project_id, x.position, t.name`,
  );
  const linksIn = inStatements<
    LinkRow & { name: string | null; color: string | null; tag_type: 1 | 2 | null }
  >(
    db,
    (m) => `SELECT up.id, up.project_id, up.tag_id, t.name, t.color, t.tag_type FROM user_projects up
      LEFT JOIN tags t ON t.id = up.tag_id WHERE up.user_id = ? AND up.project_id IN (${m})`,
  );
  return (userId: number, ids: number[]) => {
    const types = new Map<number, { id: number; name: string; units_label: string | null }[]>();
    const links = new Map<number, { link: { id: number; tag_id: number | null }; tag: Tag | null }>();
    if (ids.length > 0) {
      for (const t of typesIn(ids.length).all(...ids)) {
        let list = types.get(t.project_id);
        if (!list) {
          list = [];
          types.set(t.project_id, list);
        }
        list.push({ id: t.id, name: t.name, units_label: t.units_label });
      }
      for (const l of linksIn(ids.length).all(userId, ...ids)) {
        const tag: Tag | null =
          l.tag_id !== null && l.name !== null && l.color !== null && l.tag_type !== null
            ? { id: l.tag_id, name: l.name, color: l.color, tag_type: l.tag_type }
            : null;
        links.set(l.project_id, { link: { id: l.id, tag_id: l.tag_id }, tag });
      }
    }
    return {
      types: (id: number) => types.get(id) ?? [],
      link: (id: number) => links.get(id)?.link ?? null,
      tag: (id: number) => links.get(id)?.tag ?? null,
    };
  };
}

function toRow(r: BaseRow, deco: ProjectDecorations): ProjectRow {
  const tag = deco.tag(r.id);
  return {
    id: r.id,
    title: r.title,
    address1: r.address1,
    city: r.city,
    state: r.state,
    zip: r.zip,
    types: deco.types(r.id),
    construction_type: r.construction_type,
    stage: r.stage_id !== null && r.stage_name !== null ? { id: r.stage_id, name: r.stage_name } : null,
    minimum_value: r.minimum_value,
    created_at: r.created_at,
    updated_at: r.updated_at,
    tag: tag ? [tag] : [],
    user: deco.link(r.id),
  };
}

/* -------------------------------------------------------------- queries */

/**
 * Keyword matches above this count and this share of all projects are listed by walking the sort index (stopping
 * after a page) instead of sorting every match.
 */
const WALK_THRESHOLD = 3000;
const WALK_DENSITY = 0.05;
const TOTAL_TTL_MS = 30_000;

const INACTIVE = new WeakMap<Db, { ids: Set<number>; at: number }>();

/** Prepared project queries for one database. */
export function projectQueries(db: Db, options: { walkThreshold?: number } = {}) {
  const walkMin = options.walkThreshold;
  const decorate = decorator(db);
  const rowsIn = inStatements<BaseRow>(
    db,
    (m) =>
      `SELECT ${ROW_COLUMNS} FROM projects p LEFT JOIN stages s ON s.id = p.stage_id WHERE p.id IN (${m})`,
  );
  const allCount = db.prepare<[], number>("SELECT count(*) FROM projects").pluck();
  const inactiveCount = db.prepare<[], number>("SELECT count(*) FROM projects WHERE active = 0").pluck();

  // The ids of inactive projects (few), for counting active keyword matches inside the FTS index. One set per
  // database, shared by every query object over it (the SQL function is registered on the connection).
  const inactiveIds = db.prepare<[], number>("SELECT id FROM projects WHERE active = 0").pluck();
  let inactive = INACTIVE.get(db);
  if (!inactive) {
    const state = { ids: new Set<number>(), at: 0 };
    INACTIVE.set(db, state);
    inactive = state;
    db.function("leads_project_is_active", { deterministic: false, varargs: false }, (id: unknown) =>
      state.ids.has(Number(id)) ? 0 : 1,
    );
  }
  const inactiveState = inactive;
  function refreshInactive() {
    const now = Date.now();
    if (now - inactiveState.at > TOTAL_TTL_MS) {
      inactiveState.ids = new Set(inactiveIds.all());
      inactiveState.at = now;
    }
  }
  // Every match and the active ones, in one pass over the FTS index (a second pass cost as much again).
  const ftsCounts = db.prepare<[string], { n: number; active: number | null }>(
    "SELECT count(*) AS n, sum(leads_project_is_active(rowid)) AS active FROM projects_fts WHERE projects_fts MATCH ?",
  );
  const countMine = db
    .prepare<[number], number>("SELECT count(*) FROM user_projects WHERE user_id = ?")
    .pluck();
  const detail = db.prepare<[number], DetailRow>(
    `SELECT ${ROW_COLUMNS}, p.address2, p.county, p.lat, p.lng, p.sector, p.renovation_includes_addition, p.min_unit, p.max_unit,
       p.details, p.is_demolition, p.negotiated_work, p.start_date, p.start_date_notes, p.end_date, p.end_date_notes,
       p.bidding_date, p.bidding_information, p.update_notes
     FROM projects p LEFT JOIN stages s ON s.id = p.stage_id WHERE p.id = ?`,
  );
  const subtypes = db.prepare<[number], { id: number; name: string }>(
    `SELECT st.id, st.name FROM project_project_subtypes x JOIN project_subtypes st ON st.id = x.project_subtype_id
     WHERE x.project_id = ? ORDER BY st.name`,
  );
  const brands = db.prepare<[number], { id: number; name: string }>(
    "SELECT b.id, b.name FROM project_brands x JOIN brands b ON b.id = x.brand_id WHERE x.project_id = ? ORDER BY b.name",
  );
  const materials = db.prepare<[number], { id: number; name: string }>(
    "SELECT m.id, m.name FROM project_materials x JOIN materials m ON m.id = x.material_id WHERE x.project_id = ? ORDER BY m.name",
  );
  const updates = db.prepare<[number], { id: number; updated_at: string; message: string }>(
    "SELECT id, updated_at, message FROM project_updates WHERE project_id = ? ORDER BY updated_at DESC, id DESC",
  );
  const contacts = db.prepare<
    [number],
    {
      id: number;
      first_name: string | null;
      last_name: string | null;
      title: string | null;
      company_name: string | null;
      company_type_id: number | null;
      company_type_name: string | null;
      email: string | null;
      phone: string | null;
    }
  >(
    `SELECT c.id, c.first_name, c.last_name, c.title, co.name AS company_name, ct.id AS company_type_id, ct.name AS company_type_name,
       c.email, c.phone
     FROM project_contacts pc JOIN contacts c ON c.id = pc.contact_id
     LEFT JOIN companies co ON co.id = c.company_id
     LEFT JOIN company_types ct ON ct.id = (SELECT min(company_type_id) FROM company_company_types WHERE company_id = c.company_id)
     WHERE pc.project_id = ? ORDER BY c.last_name, c.first_name, c.id`,
  );

  let activeCache: { n: number; at: number } | null = null;
  /** The database total: active projects (cached briefly; projects are written by staff, not by this API). */
  function activeTotal(): number {
    const now = Date.now();
    if (!activeCache || now - activeCache.at > TOTAL_TTL_MS)
      activeCache = { n: allCount.get()! - inactiveCount.get()!, at: now };
    return activeCache.n;
  }

  // Keyword counts, kept briefly so paging and re-sorting a search does not count again.
  const countCache = new Map<string, { n: number; active: number; at: number }>();
  function keywordCounts(match: string) {
    const now = Date.now();
    const hit = countCache.get(match);
    if (hit && now - hit.at < TOTAL_TTL_MS) return hit;
    refreshInactive();
    const counted = ftsCounts.get(match)!;
    const n = counted.n;
    const active = counted.active ?? 0;
    if (countCache.size >= 500) countCache.delete(countCache.keys().next().value as string);
    const entry = { n, active, at: now };
    countCache.set(match, entry);
    return entry;
  }

  const stageGroups = db.prepare<[], { id: number }>("SELECT id FROM stages ORDER BY name, id").pluck();
  const typeGroups = db.prepare<[], { id: number }>("SELECT id FROM project_types ORDER BY name, id").pluck();
  const tagGroups = db
    .prepare<[number], number>(
      `SELECT t.id FROM tags t WHERE t.user_id = ? AND t.tag_type = 1
       AND EXISTS (SELECT 1 FROM user_projects up WHERE up.tag_id = t.id) ORDER BY t.name, t.id`,
    )
    .pluck();

  const untyped = db
    .prepare<[], number>(
      "SELECT 1 FROM projects p WHERE NOT EXISTS (SELECT 1 FROM project_project_types y WHERE y.project_id = p.id AND y.position = 0) LIMIT 1",
    )
    .pluck();
  let untypedCache: { has: boolean; at: number } | null = null;
  /** Whether any project lacks a primary type (a full scan, so remembered for ten minutes). */
  function hasUntyped() {
    const now = Date.now();
    if (!untypedCache || now - untypedCache.at > 10 * 60_000)
      untypedCache = { has: untyped.get() !== undefined, at: now };
    return untypedCache.has;
  }

  /**
   * Sorting a big list by a key with few values (stage, first project type, folder): walk the groups in key order,
   * each in id order through an index, and stop once the page is filled (instead of sorting every row).
   */
  function groupedWalk(
    userId: number,
    p: ProjectListParams,
    from: string,
    where: string[],
    params: unknown[],
    limit: number,
    offset: number,
  ) {
    const desc = p.orderDirection !== "asc";
    const dir = desc ? "DESC" : "ASC";
    const groups: { cond: string; args: unknown[]; from?: string; order?: string }[] = [];
    if (p.orderBy === "stage") {
      for (const id of stageGroups.all()) groups.push({ cond: "p.stage_id = ?", args: [id] });
      groups.unshift({ cond: "p.stage_id IS NULL", args: [] });
    } else if (p.orderBy === "project_type") {
      for (const id of typeGroups.all())
        groups.push({
          cond: "x.project_type_id = ? AND x.position = 0",
          args: [id],
          from: `project_project_types x CROSS JOIN ${from.replace(/^projects p/, "projects p")}`,
          order: `x.project_id ${dir}`,
        });
      if (hasUntyped())
        groups.unshift({
          cond: "NOT EXISTS (SELECT 1 FROM project_project_types y WHERE y.project_id = p.id AND y.position = 0)",
          args: [],
        });
    } else {
      for (const id of tagGroups.all(userId))
        groups.push({
          cond: "p.id IN (SELECT project_id FROM user_projects WHERE user_id = ? AND tag_id = ?)",
          args: [userId, id],
        });
      groups.unshift({
        cond: "p.id NOT IN (SELECT project_id FROM user_projects WHERE user_id = ? AND tag_id IS NOT NULL)",
        args: [userId],
      });
    }
    if (desc) groups.reverse();
    const ids: number[] = [];
    const want = offset + limit;
    for (const g of groups) {
      if (ids.length >= want) break;
      const gFrom = g.from ?? from;
      const join = g.from ? ["p.id = x.project_id"] : [];
      const sql = `SELECT p.id FROM ${gFrom} WHERE ${[...join, g.cond, ...where].join(" AND ")} ORDER BY ${g.order ?? `p.id ${dir}`} LIMIT ?`;
      // The from-clause parameters come first, then the group's, then the filters'.
      const fromParams = params.slice(0, countPlaceholders(from));
      const rest = params.slice(fromParams.length);
      ids.push(
        ...db
          .prepare<unknown[], number>(sql)
          .pluck()
          .all(...fromParams, ...g.args, ...rest, want - ids.length),
      );
    }
    return ids.slice(offset, want);
  }

  /** Hydrates rows for ids, keeping the order of ids. */
  function rowsFor(userId: number, ids: number[]): ProjectRow[] {
    if (ids.length === 0) return [];
    const byId = new Map(
      rowsIn(ids.length)
        .all(...ids)
        .map((r) => [r.id, r]),
    );
    const deco = decorate(userId, ids);
    const out: ProjectRow[] = [];
    for (const id of ids) {
      const r = byId.get(id);
      if (r) out.push(toRow(r, deco));
    }
    return out;
  }

  /** The ordered matching ids of a list (a page of them) and the matching count. */
  function select(userId: number, p: ProjectListParams, limit: number, offset: number) {
    const q = buildProjectQuery(db, userId, p);
    const where = [...q.where];
    let params = [...q.params];
    let from = q.from;
    let matching: number | null = null;
    const mine = p.mine || p.tag !== null;
    let big = !mine;
    if (q.match !== null) {
      const counts = keywordCounts(q.match);
      const n = counts.n;
      if (n === 0) return { ids: [] as number[], matching: 0 };
      // Plain keyword search over active projects: counted in the FTS index, skipping the few inactive rowids.
      if (q.plain) matching = counts.active;
      // Walking a sort index pays off only when matches are dense; sparse ones are sorted directly.
      // Title, place and type orders follow the words searched for (all "Lakeside …" titles sit together), so their
      // index walks only pay off for dense matches; created/updated/value/stage orders are independent of the words.
      const correlated =
        p.orderBy === "title" ||
        p.orderBy === "city" ||
        p.orderBy === "state" ||
        p.orderBy === "project_type";
      const threshold =
        walkMin ?? (correlated ? Math.max(WALK_THRESHOLD, WALK_DENSITY * activeTotal()) : WALK_THRESHOLD);
      big = !mine && n > threshold;
      if (q.plain && !big) {
        // Few matches: drive from the FTS rowids, look each project up, sort them.
        from = `(SELECT rowid AS mid FROM projects_fts WHERE projects_fts MATCH ?) m CROSS JOIN ${q.from}`;
        where.push("p.id = m.mid");
        params = [q.match, ...params];
      } else if (big) {
        // Many matches: walk the sort index and test membership in the (materialised) match set; stops after a page.
        where.push("+p.id IN (SELECT rowid FROM projects_fts WHERE projects_fts MATCH ?)");
        params.push(q.match);
      } else {
        where.push("p.id IN (SELECT rowid FROM projects_fts WHERE projects_fts MATCH ?)");
        params.push(q.match);
      }
    }
    const whereSql = where.length > 0 ? `WHERE ${where.join(" AND ")}` : "";
    if (matching === null) {
      if (q.plain && q.match === null) matching = activeTotal();
      else {
        const countWhere = whereSql.replace("+p.id IN", "p.id IN");
        matching = db
          .prepare<unknown[], number>(`SELECT count(*) FROM ${from} ${countWhere}`)
          .pluck()
          .get(...params)!;
      }
    }
    if (big && (p.orderBy === "stage" || p.orderBy === "project_type" || p.orderBy === "tag")) {
      return { ids: groupedWalk(userId, p, from, where, params, limit, offset), matching };
    }
    const ids = db
      .prepare<unknown[], number>(`SELECT p.id FROM ${from} ${whereSql} ORDER BY ${q.order} LIMIT ? OFFSET ?`)
      .pluck()
      .all(...params, limit, offset);
    return { ids, matching };
  }

  function list(userId: number, p: ProjectListParams) {
    const { ids, matching } = select(userId, p, p.perPage, (p.page - 1) * p.perPage);
    return { data: { total: matching, data: rowsFor(userId, ids) }, total: activeTotal() };
  }

  /** Ordered ids for a download (no count), up to `limit`. */
  function* iterateIds(userId: number, p: ProjectListParams, limit: number): Generator<number> {
    const q = buildProjectQuery(db, userId, p);
    const where = [...q.where];
    const params = [...q.params];
    if (q.match !== null) {
      where.push("p.id IN (SELECT rowid FROM projects_fts WHERE projects_fts MATCH ?)");
      params.push(q.match);
    }
    const whereSql = where.length > 0 ? `WHERE ${where.join(" AND ")}` : "";
    let n = 0;
    for (const id of db
      .prepare<unknown[], number>(`SELECT p.id FROM ${q.from} ${whereSql} ORDER BY ${q.order}`)
      .pluck()
      .iterate(...params)) {
      yield id;
      if (++n >= limit) return;
    }
  }

  function get(userId: number, id: number): Project | null {
    const r = detail.get(id);
    if (!r) return null;
    const deco = decorate(userId, [id]);
    return {
      ...toRow(r, deco),
      address2: r.address2,
      county: r.county,
      subtypes: subtypes.all(id),
      brands: brands.all(id),
      sector: r.sector,
      renovation_includes_addition: r.renovation_includes_addition === 1,
      min_unit: r.min_unit,
      max_unit: r.max_unit,
      details: r.details,
      is_demolition: r.is_demolition,
      negotiated_work: r.negotiated_work,
      start_date: r.start_date,
      start_date_notes: r.start_date_notes,
      end_date: r.end_date,
      end_date_notes: r.end_date_notes,
      bidding_date: r.bidding_date,
      bidding_information: r.bidding_information,
      update_notes: r.update_notes,
      updates: updates.all(id),
      materials: materials.all(id),
      contacts: contacts.all(id).map((c) => ({
        id: c.id,
        first_name: c.first_name,
        last_name: c.last_name,
        title: c.title,
        company_name: c.company_name,
        company_type:
          c.company_type_id !== null && c.company_type_name !== null
            ? { id: c.company_type_id, name: c.company_type_name }
            : null,
        email: c.email,
        phone: c.phone,
      })),
      lat: r.lat,
      lng: r.lng,
    };
  }

  return {
    list,
    get,
    rowsFor,
    iterateIds,
    activeTotal,
    countMine: (userId: number) => countMine.get(userId)!,
  };
}
