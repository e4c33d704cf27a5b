import { z } from "zod";
import type { Contact, ContactRow } from "../../contract/contacts";
import { CONTACT_ORDER_BY } from "../../contract/contacts";
import { ORDER_DIRECTIONS, PER_PAGE } from "../../contract/lists";
import type { Tag } from "../../contract/user";
import type { Db } from "../db/index";
import { hasToken, intOr, many, placeholders, resolveStateAbbrs, text, truthy } from "./list-params";

/* ------------------------------------------------------------------ params */

/** A value or a list of values (ids or names), from JSON or repeated params. */
const manyValues = many(100);

/** The advanced contact search (signup-search §2.10). */
export const ContactAdvanced = z.object({
  firstName: text,
  lastName: text,
  title: text,
  company: text,
  companyType: manyValues,
  city: text,
  state: manyValues,
  email: text,
  phone: text,
});
export type ContactAdvanced = z.infer<typeof ContactAdvanced>;

const ListParams = z.object({
  query: z.string().trim().max(200).catch(""),
  page: intOr(1, 1, 100_000),
  perPage: intOr(PER_PAGE, 1, 100),
  orderBy: z.enum(CONTACT_ORDER_BY).nullable().catch(null),
  orderDirection: z.enum(ORDER_DIRECTIONS).nullable().catch(null),
  mine: z.boolean(),
  tag: intOr(0, 1, Number.MAX_SAFE_INTEGER).nullable(),
  advanced: ContactAdvanced,
});
export type ContactListParams = z.infer<typeof ListParams>;

const ADVANCED_KEYS = Object.keys(ContactAdvanced.shape) as (keyof ContactAdvanced)[];

/**
 * Reads the list parameters from a query string or a body: query, page, perPage, orderBy, orderDirection,
 * mine, tag, and advanced (URL-encoded JSON, an object, or the advanced fields as plain params). Bad values
 * become the defaults.
 */
export function parseContactListParams(raw: Record<string, unknown>): ContactListParams {
  let advanced: Record<string, unknown> = {};
  for (const key of ADVANCED_KEYS) if (raw[key] !== undefined) advanced[key] = raw[key];
  const adv = raw.advanced;
  if (typeof adv === "string" && adv.trim() !== "") {
    try {
      const parsed: unknown = JSON.parse(adv);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        advanced = { ...advanced, ...parsed };
    } catch {
      // an unreadable advanced search is no search
    }
  } else if (adv && typeof adv === "object" && !Array.isArray(adv)) {
    advanced = { ...advanced, ...(adv as Record<string, unknown>) };
  }
  const tagRaw = raw.tag;
  const params = ListParams.parse({
    query: typeof raw.query === "string" ? raw.query : "",
    page: raw.page,
    perPage: raw.perPage,
    orderBy: raw.orderBy ?? null,
    orderDirection: raw.orderDirection ?? null,
    mine: truthy(raw.mine),
    tag: tagRaw === undefined || tagRaw === null || tagRaw === "" ? null : tagRaw,
    advanced: ContactAdvanced.parse(advanced),
  });
  if (params.tag === 0) params.tag = null;
  return params;
}

/* -------------------------------------------------------------- FTS5 query */

/** One prefix phrase: the text quoted (inner quotes doubled) with a trailing `*`. */
const phrase = (s: string) => `"${s.replace(/"/g, '""')}"*`;

const KEYWORD_COLUMNS = "{first_name last_name title company_name email city}";

/** The FTS5 MATCH expression for a keyword query and the advanced text fields, or null when none apply. */
export function contactMatchExpression(query: string, advanced: ContactAdvanced): string | null {
  const parts: string[] = [];
  for (const term of query.split(/\s+/).filter(hasToken).slice(0, 12))
    parts.push(`${KEYWORD_COLUMNS} : ${phrase(term)}`);
  const columns: [keyof ContactAdvanced, string][] = [
    ["firstName", "first_name"],
    ["lastName", "last_name"],
    ["title", "title"],
    ["company", "company_name"],
    ["email", "email"],
    ["city", "city"],
  ];
  for (const [key, column] of columns) {
    const value = advanced[key];
    if (typeof value === "string" && hasToken(value)) parts.push(`${column} : ${phrase(value)}`);
  }
  return parts.length > 0 ? parts.join(" AND ") : null;
}

/* ------------------------------------------------------------- list query */

interface BaseRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  title: string | null;
  company_id: number | null;
  company_name: string | null;
  email: string | null;
  city: string | null;
  state: string | null;
  created_at: string;
  updated_at: string;
}

interface DetailRow extends BaseRow {
  company_url: string | null;
  phone: string | null;
  phone2: string | null;
  phone3: string | null;
  fax: string | null;
  location_number: string | null;
  location_fax: string | null;
  address1: string | null;
  address2: string | null;
  zip: string | null;
  url: string | null;
}

interface LinkRow {
  id: number;
  contact_id: number;
  tag_id: number | null;
  note: string | null;
  created_at: string;
}

const ROW_COLUMNS = `c.id, c.first_name, c.last_name, c.title, c.company_id, co.name AS company_name, c.email,
  c.city, c.state, c.created_at, c.updated_at`;

const FIRST_TYPE_NAME = `(SELECT ct.name FROM company_company_types cct JOIN company_types ct ON ct.id = cct.company_type_id
  WHERE cct.company_id = c.company_id ORDER BY cct.company_type_id LIMIT 1)`;

interface BuiltQuery {
  from: string;
  where: string;
  params: unknown[];
  order: string;
  /** When the keyword search is the only condition, the count can come from the search table alone. */
  ftsOnly: string | null;
}

/** Builds the FROM/WHERE/ORDER BY of a contact list for a member. */
export function buildContactQuery(db: Db, userId: number, p: ContactListParams): BuiltQuery {
  const joins: string[] =
    p.orderBy === "company_name" ? ["LEFT JOIN companies co ON co.id = c.company_id"] : [];
  const joinParams: unknown[] = [];
  const where: string[] = [];
  const params: unknown[] = [];
  const mine = p.mine || p.tag !== null;

  if (mine) {
    joins.push("JOIN user_contacts uc ON uc.contact_id = c.id AND uc.user_id = ?");
    joinParams.push(userId);
    if (p.tag !== null) {
      where.push("uc.tag_id = ?");
      params.push(p.tag);
    }
  } else if (p.orderBy === "tag") {
    joins.push("LEFT JOIN user_contacts uc ON uc.contact_id = c.id AND uc.user_id = ?");
    joinParams.push(userId);
  }
  if (p.orderBy === "tag") joins.push("LEFT JOIN tags tg ON tg.id = uc.tag_id");

  const match = contactMatchExpression(p.query, p.advanced);
  if (match) {
    where.push("c.id IN (SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ?)");
    params.push(match);
  }

  const a = p.advanced;
  if (a.state.length > 0) {
    const abbrs = resolveStateAbbrs(db, a.state);
    where.push(abbrs.length > 0 ? `c.state IN (${abbrs.map(() => "?").join(",")})` : "0");
    params.push(...abbrs);
  }
  if (a.companyType.length > 0) {
    const ids = resolveCompanyTypeIds(db, a.companyType);
    where.push(
      ids.length > 0
        ? `EXISTS (SELECT 1 FROM company_company_types cct WHERE cct.company_id = c.company_id AND cct.company_type_id IN (${ids.map(() => "?").join(",")}))`
        : "0",
    );
    params.push(...ids);
  }
  const digits = (a.phone ?? "").replace(/\D/g, "");
  if (digits.length > 0) {
    const norm = (col: string) =>
      `replace(replace(replace(replace(replace(replace(${col}, '-', ''), ' ', ''), '(', ''), ')', ''), '.', ''), '+', '')`;
    const test = (col: string) => `(${col} IS NOT NULL AND ${norm(col)} LIKE ?)`;
    where.push(`(${test("c.phone")} OR ${test("c.phone2")} OR ${test("c.phone3")})`);
    const like = `%${digits}%`;
    params.push(like, like, like);
  }

  const dir = p.orderDirection === "asc" ? "ASC" : p.orderDirection === "desc" ? "DESC" : null;
  let order: string;
  if (p.orderBy) {
    const d = dir ?? "ASC";
    const expr: Record<(typeof CONTACT_ORDER_BY)[number], string> = {
      first_name: "c.first_name",
      last_name: "c.last_name",
      title: "c.title",
      company_name: "co.name",
      company_type: FIRST_TYPE_NAME,
      email: "c.email",
      city: "c.city",
      state: "c.state",
      created_at: "c.created_at",
      updated_at: "c.updated_at",
      tag: "tg.name",
    };
    order =
      p.orderBy === "last_name"
        ? `c.last_name ${d}, c.first_name ${d}, c.id ${d}`
        : `${expr[p.orderBy]} ${d}, c.id ${d}`;
  } else if (mine) {
    order = "uc.created_at DESC, uc.id DESC";
  } else {
    order = "c.last_name ASC, c.first_name ASC, c.id ASC";
  }

  return {
    from: `contacts c ${joins.join(" ")}`,
    where: where.length > 0 ? `WHERE ${where.join(" AND ")}` : "",
    params: [...joinParams, ...params],
    order,
    ftsOnly: match !== null && !mine && where.length === 1 ? match : null,
  };
}

function resolveCompanyTypeIds(db: Db, values: (string | number)[]): number[] {
  const out = new Set<number>();
  const byName = db.prepare<[string], { id: number }>(
    "SELECT id FROM company_types WHERE name = ? COLLATE NOCASE",
  );
  for (const v of values) {
    const s = String(v).trim();
    if (/^\d+$/.test(s)) out.add(Number(s));
    else if (s !== "") {
      const row = byName.get(s);
      if (row) out.add(row.id);
    }
  }
  return [...out];
}

/* ---------------------------------------------------------- row hydration */

/** Batch-loads company types and the member's links (and their folders) for a page of rows. */
export function contactDecorations(
  db: Db,
  userId: number,
  rows: { id: number; company_id: number | null }[],
) {
  const companyIds = [...new Set(rows.map((r) => r.company_id).filter((id): id is number => id !== null))];
  const contactIds = rows.map((r) => r.id);
  const types = new Map<number, { id: number; name: string }>();
  if (companyIds.length > 0) {
    const typeRows = db
      .prepare<unknown[], { company_id: number; id: number; name: string }>(
        `SELECT cct.company_id, ct.id, ct.name FROM company_company_types cct
         JOIN company_types ct ON ct.id = cct.company_type_id
         WHERE cct.company_id IN (${placeholders(companyIds.length)}) ORDER BY cct.company_id, ct.id`,
      )
      .all(...companyIds);
    for (const t of typeRows)
      if (!types.has(t.company_id)) types.set(t.company_id, { id: t.id, name: t.name });
  }
  const links = new Map<number, LinkRow>();
  const tags = new Map<number, Tag>();
  if (contactIds.length > 0) {
    const linkRows = db
      .prepare<unknown[], LinkRow>(
        `SELECT id, contact_id, tag_id, note, created_at FROM user_contacts
         WHERE user_id = ? AND contact_id IN (${placeholders(contactIds.length)})`,
      )
      .all(userId, ...contactIds);
    for (const l of linkRows) links.set(l.contact_id, l);
    const tagIds = [...new Set(linkRows.map((l) => l.tag_id).filter((id): id is number => id !== null))];
    if (tagIds.length > 0) {
      const tagRows = db
        .prepare<unknown[], Tag>(
          `SELECT id, name, color, tag_type FROM tags WHERE id IN (${placeholders(tagIds.length)})`,
        )
        .all(...tagIds);
      for (const t of tagRows) tags.set(t.id, t);
    }
  }
  return {
    companyType: (companyId: number | null) => (companyId === null ? null : (types.get(companyId) ?? null)),
    link: (contactId: number) => links.get(contactId) ?? null,
    tag: (tagId: number | null) => (tagId === null ? null : (tags.get(tagId) ?? null)),
  };
}

function toRow(r: BaseRow, deco: ReturnType<typeof contactDecorations>): ContactRow {
  const link = deco.link(r.id);
  const tag = link ? deco.tag(link.tag_id) : null;
  return {
    id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    title: r.title,
    company_id: r.company_id,
    company_name: r.company_name,
    company_type: deco.companyType(r.company_id),
    email: r.email,
    city: r.city,
    state: r.state,
    created_at: r.created_at,
    updated_at: r.updated_at,
    tag: tag ? [tag] : [],
    user: link ? { id: link.id, tag_id: link.tag_id } : null,
  };
}

/** Prepared contact queries for one database. */
export function contactQueries(db: Db) {
  const totalAll = db.prepare<[], number>("SELECT count(*) FROM contacts").pluck();
  const totalMine = db
    .prepare<[number], number>("SELECT count(*) FROM user_contacts WHERE user_id = ?")
    .pluck();
  const countFts = db
    .prepare<[string], number>("SELECT count(*) FROM contacts_fts WHERE contacts_fts MATCH ?")
    .pluck();
  const detail = db.prepare<[number], DetailRow>(
    `SELECT ${ROW_COLUMNS}, co.url AS company_url, c.phone, c.phone2, c.phone3, c.fax, c.location_number, c.location_fax,
       c.address1, c.address2, c.zip, c.url
     FROM contacts c LEFT JOIN companies co ON co.id = c.company_id WHERE c.id = ?`,
  );

  function rowsByIds(ids: number[]): BaseRow[] {
    if (ids.length === 0) return [];
    const found = db
      .prepare<unknown[], BaseRow>(
        `SELECT ${ROW_COLUMNS} FROM contacts c LEFT JOIN companies co ON co.id = c.company_id WHERE c.id IN (${placeholders(ids.length)})`,
      )
      .all(...ids);
    const byId = new Map(found.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is BaseRow => r !== undefined);
  }

  function list(userId: number, p: ContactListParams) {
    const q = buildContactQuery(db, userId, p);
    const matching = q.ftsOnly
      ? countFts.get(q.ftsOnly)
      : db
          .prepare<unknown[], number>(`SELECT count(*) FROM ${q.from} ${q.where}`)
          .pluck()
          .get(...q.params);
    // Deferred join: page the ids on the narrow query, then load the page's rows by id.
    const ids = db
      .prepare<unknown[], number>(
        `SELECT c.id FROM ${q.from} ${q.where} ORDER BY ${q.order} LIMIT ? OFFSET ?`,
      )
      .pluck()
      .all(...q.params, p.perPage, (p.page - 1) * p.perPage);
    const rows = rowsByIds(ids);
    const deco = contactDecorations(db, userId, rows);
    const total = p.mine || p.tag !== null ? totalMine.get(userId) : totalAll.get();
    return { data: { total: matching ?? 0, data: rows.map((r) => toRow(r, deco)) }, total: total ?? 0 };
  }

  function get(userId: number, id: number): Contact | null {
    const r = detail.get(id);
    if (!r) return null;
    const deco = contactDecorations(db, userId, [r]);
    const link = deco.link(r.id);
    return {
      ...toRow(r, deco),
      company_url: r.company_url,
      phone: r.phone,
      phone2: r.phone2,
      phone3: r.phone3,
      fax: r.fax,
      location_number: r.location_number,
      location_fax: r.location_fax,
      address1: r.address1,
      address2: r.address2,
      zip: r.zip,
      url: r.url,
      user: link ? { id: link.id, tag_id: link.tag_id, note: link.note, created_at: link.created_at } : null,
    };
  }

  return { list, get };
}
