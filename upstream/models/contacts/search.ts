/** The SQL of a contact search: the member's saved rows or folder, the keyword and advanced-search filters, the sort. */
import type { CONTACT_ORDER_BY } from "../../../contract/constants";
import type { Db } from "../../db/index";
import { hasToken, placeholders, resolveStateAbbrs, savedLinkJoins } from "../list-params";
import type { ContactAdvanced, ContactListParams } from "./params";

/** One prefix phrase: the text quoted (inner quotes doubled) with a trailing `*`. */
const phrase = (s: string) => `"${s.replace(/"/g, '""')}"*`;

const KEYWORD_COLUMNS = "{first_name last_name title company_name email city}";

/** The FTS5 MATCH expression for a keyword query and the advanced text fields, or null when none apply. */
function contactMatchExpression(query: string, advanced: ContactAdvanced): string | null {
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
  const { mine, joins, joinParams, where, params } = savedLinkJoins(
    { table: "user_contacts", alias: "uc", on: "uc.contact_id = c.id" },
    userId,
    p,
  );
  if (p.orderBy === "company_name") joins.unshift("LEFT JOIN companies co ON co.id = c.company_id");

  const match = contactMatchExpression(p.query, p.advanced);
  if (match) {
    where.push("c.id IN (SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ?)");
    params.push(match);
  }

  const a = p.advanced;
  if (a.state.length > 0) {
    const abbrs = resolveStateAbbrs(db, a.state);
    where.push(abbrs.length > 0 ? `c.state IN (${placeholders(abbrs.length)})` : "0");
    params.push(...abbrs);
  }
  if (a.companyType.length > 0) {
    const ids = resolveCompanyTypeIds(db, a.companyType);
    where.push(
      ids.length > 0
        ? `EXISTS (SELECT 1 FROM company_company_types cct WHERE cct.company_id = c.company_id AND cct.company_type_id IN (${placeholders(ids.length)}))`
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
