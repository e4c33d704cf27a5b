/** Pieces every list model (projects, contacts, notes) uses to read its list parameters and build its SQL. */
import { z } from "zod";
import { ORDER_DIRECTIONS, PER_PAGE } from "../../contract/constants";
import type { Db } from "../db/index";
import { intOr, truthy } from "../params";

/**
 * The parameters of a searchable list: query, page, perPage, orderBy (one of the list's columns), orderDirection,
 * mine, tag, and the list's own advanced search. A bad value becomes the default instead of an error.
 */
export function listParamsSchema<const O extends readonly [string, ...string[]], A extends z.ZodType>(
  orderBy: O,
  advanced: A,
) {
  return z.object({
    query: z.string().trim().max(200).catch(""),
    page: intOr(1, 1, 100_000),
    perPage: intOr(PER_PAGE, 1, 100),
    orderBy: z.enum(orderBy).nullable().catch(null),
    orderDirection: z.enum(ORDER_DIRECTIONS).nullable().catch(null),
    mine: z.boolean(),
    /** A folder id; none (or a bad one) is null. */
    tag: intOr(0, 1, Number.MAX_SAFE_INTEGER)
      .nullable()
      .transform((tag) => (tag === 0 ? null : tag)),
    advanced,
  });
}

/**
 * The raw list parameters of a query string or a body, shaped for `listParamsSchema`. The advanced search comes as
 * URL-encoded JSON text or an object in `advanced`; the names in `plainAdvancedKeys` are also read as plain params
 * (`advanced` wins where both are given). Unreadable JSON is no advanced search.
 */
export function listInput(raw: Record<string, unknown>, plainAdvancedKeys: readonly string[] = []) {
  const advanced: Record<string, unknown> = {};
  for (const key of plainAdvancedKeys) if (raw[key] !== undefined) advanced[key] = raw[key];
  Object.assign(advanced, objectOf(raw.advanced));
  const tag = raw.tag;
  return {
    query: typeof raw.query === "string" ? raw.query : "",
    page: raw.page,
    perPage: raw.perPage,
    orderBy: raw.orderBy || null,
    orderDirection: raw.orderDirection || null,
    mine: truthy(raw.mine),
    tag: tag === undefined || tag === null || tag === "" ? null : tag,
    advanced,
  };
}

function objectOf(value: unknown): Record<string, unknown> {
  let v = value;
  if (typeof v === "string") {
    if (v.trim() === "") return {};
    try {
      v = JSON.parse(v);
    } catch {
      return {};
    }
  }
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/**
 * The member's side of a list query: only their saved rows (`mine`, or one folder by `tag`), joined through their
 * link table; a search sorted by folder joins the links too, left, so unsaved rows stay. The link is `link` (with
 * its tag_id) and the folder `tg`. `on` joins the link to the row, e.g. "up.project_id = p.id".
 */
export function savedLinkJoins(
  link: { table: string; alias: string; on: string },
  userId: number,
  p: { mine: boolean; tag: number | null; orderBy: string | null },
) {
  const joins: string[] = [];
  const joinParams: unknown[] = [];
  const where: string[] = [];
  const params: unknown[] = [];
  const mine = p.mine || p.tag !== null;
  const join = `${link.table} ${link.alias} ON ${link.on} AND ${link.alias}.user_id = ?`;
  if (mine) {
    joins.push(`JOIN ${join}`);
    joinParams.push(userId);
    if (p.tag !== null) {
      where.push(`${link.alias}.tag_id = ?`);
      params.push(p.tag);
    }
  } else if (p.orderBy === "tag") {
    joins.push(`LEFT JOIN ${join}`);
    joinParams.push(userId);
  }
  if (p.orderBy === "tag") joins.push(`LEFT JOIN tags tg ON tg.id = ${link.alias}.tag_id`);
  return { mine, joins, joinParams, where, params };
}

/** Whether a keyword has anything FTS5 can match (a letter or a digit). */
export const hasToken = (s: string) => /[\p{L}\p{N}]/u.test(s);

export const placeholders = (n: number) => Array.from({ length: n }, () => "?").join(",");

/** `%text%` for `LIKE ? ESCAPE '\'`, the wildcards of the text escaped. */
export const likeContains = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** The digit-only values of a filter list (ids given as numbers or text), as numbers; names are left out. */
export const idsOf = (values: (string | number)[]) =>
  values
    .map((v) => String(v).trim())
    .filter((v) => /^\d+$/.test(v))
    .map(Number);

/** State filter values (ids, abbreviations or names) as the abbreviations the rows store. */
export function resolveStateAbbrs(db: Db, values: (string | number)[]): string[] {
  const out = new Set<string>();
  const byId = db.prepare<[number], { abbr: string }>("SELECT abbr FROM states WHERE id = ?");
  const byName = db.prepare<[string], { abbr: string }>(
    "SELECT abbr FROM states WHERE name = ? COLLATE NOCASE",
  );
  for (const v of values) {
    const s = String(v).trim();
    if (s === "") continue;
    if (/^\d+$/.test(s)) {
      const row = byId.get(Number(s));
      if (row) out.add(row.abbr);
    } else if (s.length <= 3) {
      out.add(s.toUpperCase());
    } else {
      const row = byName.get(s);
      if (row) out.add(row.abbr);
    }
  }
  return [...out];
}
