/**
 * The project queries of the reference API: lists (paged and counted, fast on large databases), downloads, one
 * project. The parameters are read in params.ts, the search SQL is built in search.ts, rows are shaped in rows.ts.
 */
import type { Db } from "../../db/index";
import { memberRights, type SqlCondition } from "../../rights";
import type { ProjectListParams } from "./params";
import { projectRows } from "./rows";
import { buildProjectQuery } from "./search";

export { parseProjectListParams } from "./params";
export { projectMatchExpression } from "./search";

const countPlaceholders = (sql: string) => (sql.match(/\?/g) ?? []).length;

/**
 * Keyword matches above this count and this share of all projects are listed by walking the sort index (stopping
 * after a page) instead of sorting every match.
 */
const WALK_THRESHOLD = 3000;
const WALK_DENSITY = 0.05;
const TOTAL_TTL_MS = 30_000;

const INACTIVE = new WeakMap<Db, { ids: Set<number>; at: number }>();

/**
 * A keyword matching more projects than this, combined with advanced filters, is tested from memory: the
 * filters' index drives and each candidate is looked up in the keyword's set of matches (kept 30 s, a few
 * keywords at a time). Materialising a common keyword's FTS rowids in every query was the slowest part of such a
 * search at scale (decision 063).
 */
const KEYWORD_SET_MIN = 20_000;
const KEYWORD_SETS_KEPT = 8;
const KEYWORD_SETS = new WeakMap<Db, Map<string, { ids: Set<number>; at: number }>>();

/** Prepared project queries for one database. */
export function projectQueries(
  db: Db,
  options: {
    walkThreshold?: number;
    keywordSetMin?: number;
    /** The projects a member may open (default: the rights over this database on the real clock). */
    openable?: (userId: number) => SqlCondition;
    /** The clock ("Bids due" counts from its day); default the real one. */
    now?: () => Date;
  } = {},
) {
  const today = () => (options.now ?? (() => new Date()))().toISOString().slice(0, 10);
  const openable = options.openable ?? memberRights({ db, now: () => new Date() }).openableProjects;
  const walkMin = options.walkThreshold;
  const keywordSetMin = options.keywordSetMin ?? KEYWORD_SET_MIN;
  const { rowsFor, get } = projectRows(db);
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

  let keywordSets = KEYWORD_SETS.get(db);
  if (!keywordSets) {
    const sets = new Map<string, { ids: Set<number>; at: number }>();
    KEYWORD_SETS.set(db, sets);
    keywordSets = sets;
    db.function(
      "leads_keyword_match",
      { deterministic: false, varargs: false },
      (match: unknown, id: unknown) => (sets.get(String(match))?.ids.has(Number(id)) ? 1 : 0),
    );
  }
  const keptKeywordSets = keywordSets;
  const keywordRowids = db.prepare<[string], number>(
    "SELECT rowid FROM projects_fts WHERE projects_fts MATCH ?",
  );
  /** Makes sure the keyword's matches are in memory for leads_keyword_match (read before the query runs). */
  function holdKeywordSet(match: string) {
    const now = Date.now();
    const hit = keptKeywordSets.get(match);
    if (hit && now - hit.at < TOTAL_TTL_MS) return;
    keptKeywordSets.delete(match);
    if (keptKeywordSets.size >= KEYWORD_SETS_KEPT)
      keptKeywordSets.delete(keptKeywordSets.keys().next().value as string);
    keptKeywordSets.set(match, { ids: new Set(keywordRowids.pluck().all(match)), at: now });
  }
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
  let activeCache: { n: number; at: number } | null = null;
  /** The database total: active projects (cached briefly; projects are written by staff, not by this API). */
  function activeTotal(): number {
    const now = Date.now();
    if (!activeCache || now - activeCache.at > TOTAL_TTL_MS)
      activeCache = { n: allCount.get()! - inactiveCount.get()!, at: now };
    return activeCache.n;
  }
  let allCache: { n: number; at: number } | null = null;
  /**
   * The database total a search that shows inactive projects is counted against: every project, inactive ones
   * too. Against the active total, "Clear all fields" (showInactive on) read "20000 matching results. 19433 in
   * database." (issue 43).
   */
  function everyTotal(): number {
    const now = Date.now();
    if (!allCache || now - allCache.at > TOTAL_TTL_MS) allCache = { n: allCount.get()!, at: now };
    return allCache.n;
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

  // Filtered counts (advanced searches), kept as briefly and for the same reason. A member's saved rows change
  // with the member's own saves, so counts over them are never kept.
  const filteredCountCache = new Map<string, { n: number; at: number }>();
  function filteredCount(sql: string, params: unknown[], keep: boolean): number {
    const count = () =>
      db
        .prepare<unknown[], number>(sql)
        .pluck()
        .get(...params)!;
    if (!keep) return count();
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    const now = Date.now();
    const hit = filteredCountCache.get(key);
    if (hit && now - hit.at < TOTAL_TTL_MS) return hit.n;
    const n = count();
    if (filteredCountCache.size >= 500)
      filteredCountCache.delete(filteredCountCache.keys().next().value as string);
    filteredCountCache.set(key, { n, at: now });
    return n;
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

  /** The ordered matching ids of a list (a page of them) and the matching count. */
  function select(userId: number, p: ProjectListParams, limit: number, offset: number) {
    const q = buildProjectQuery(db, userId, p, openable(userId), today());
    const where = [...q.where];
    let params = [...q.params];
    let from = q.from;
    let matching: number | null = null;
    const mine = p.mine || p.tag !== null;
    let big = !mine;
    // A keyword with filters read from its FTS rowids (at most KEYWORD_SET_MIN of them): every match is listed
    // once, in order, and counted from that list, rather than looked up twice (count, then page).
    let listAll = false;
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
      if (!mine && !q.plain && n > keywordSetMin) {
        holdKeywordSet(q.match);
        where.push("leads_keyword_match(?, p.id)");
        params.push(q.match);
      } else if (!mine && (!big || !q.plain)) {
        // Few matches, or a keyword with advanced filters (walking the sort index would pass over every
        // project that the filters refuse): drive from the FTS rowids, look each project up, sort them.
        from = `(SELECT rowid AS mid FROM projects_fts WHERE projects_fts MATCH ?) m CROSS JOIN ${q.from}`;
        where.push("p.id = m.mid");
        params = [q.match, ...params];
        listAll = !q.plain;
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
    const grouped = big && (p.orderBy === "stage" || p.orderBy === "project_type" || p.orderBy === "tag");
    if (listAll && !grouped) {
      const all = db
        .prepare<unknown[], number>(`SELECT p.id FROM ${from} ${whereSql} ORDER BY ${q.order}`)
        .pluck()
        .all(...params);
      return { ids: all.slice(offset, offset + limit), matching: all.length };
    }
    if (matching === null) {
      if (q.plain && q.match === null) matching = activeTotal();
      else {
        const countWhere = whereSql.replace("+p.id IN", "p.id IN");
        matching = filteredCount(`SELECT count(*) FROM ${from} ${countWhere}`, params, !mine);
      }
    }
    if (grouped) {
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
    const database = p.advanced.showInactive && !(p.mine || p.tag !== null) ? everyTotal() : activeTotal();
    return { data: { total: matching, data: rowsFor(userId, ids) }, total: database };
  }

  /** Ordered ids for a download (no count), up to `limit`. */
  function* iterateIds(userId: number, p: ProjectListParams, limit: number): Generator<number> {
    const q = buildProjectQuery(db, userId, p, openable(userId), today());
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

  return {
    list,
    get,
    rowsFor,
    iterateIds,
    activeTotal,
    countMine: (userId: number) => countMine.get(userId)!,
  };
}
