/** The SQL of a company search: the keyword and advanced-search filters, the sort. */
import type { COMPANY_ORDER_BY } from "../../../contract/constants";
import type { Db } from "../../db/index";
import { hasToken, likeContains, placeholders, resolveStateAbbrs } from "../list-params";
import type { CompanyListParams } from "./params";

const phrase = (s: string) => `"${s.replace(/"/g, '""')}"*`;

const FIRST_TYPE_NAME = `(SELECT ct.name FROM company_company_types cct JOIN company_types ct ON ct.id = cct.company_type_id
  WHERE cct.company_id = co.id ORDER BY cct.company_type_id LIMIT 1)`;

export interface BuiltCompanyQuery {
  where: string;
  params: unknown[];
  order: string;
}

/** Builds the WHERE/ORDER BY of a company list (FROM `companies co`). */
export function buildCompanyQuery(db: Db, p: CompanyListParams): BuiltCompanyQuery {
  const where: string[] = [];
  const params: unknown[] = [];
  const a = p.advanced;

  const parts: string[] = [];
  for (const term of p.query.split(/\s+/).filter(hasToken).slice(0, 12))
    parts.push(`{name url cities} : ${phrase(term)}`);
  if (a.name && hasToken(a.name)) parts.push(`name : ${phrase(a.name)}`);
  if (a.city && hasToken(a.city)) parts.push(`cities : ${phrase(a.city)}`);
  if (parts.length > 0) {
    where.push("co.id IN (SELECT rowid FROM companies_fts WHERE companies_fts MATCH ?)");
    params.push(parts.join(" AND "));
  }
  const location = (condition: string, value: unknown) => {
    where.push(`EXISTS (SELECT 1 FROM company_locations l WHERE l.company_id = co.id AND ${condition})`);
    params.push(value);
  };
  if (a.address1) location("l.address1 LIKE ? ESCAPE '\\'", likeContains(a.address1));
  if (a.address2) location("l.address2 LIKE ? ESCAPE '\\'", likeContains(a.address2));
  if (a.zip) location("l.zip LIKE ? ESCAPE '\\'", `${a.zip.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
  if (a.state.length > 0) {
    const abbrs = resolveStateAbbrs(db, a.state);
    if (abbrs.length === 0) where.push("0");
    else {
      where.push(
        `EXISTS (SELECT 1 FROM company_locations l WHERE l.company_id = co.id AND l.state IN (${placeholders(abbrs.length)}))`,
      );
      params.push(...abbrs);
    }
  }
  if (a.companyType.length > 0) {
    const ids = companyTypeIds(db, a.companyType);
    if (ids.length === 0) where.push("0");
    else {
      where.push(
        `EXISTS (SELECT 1 FROM company_company_types cct WHERE cct.company_id = co.id AND cct.company_type_id IN (${placeholders(ids.length)}))`,
      );
      params.push(...ids);
    }
  }

  let order = "co.name ASC, co.id ASC";
  if (p.orderBy) {
    const d = p.orderDirection === "asc" ? "ASC" : "DESC";
    const expr: Record<(typeof COMPANY_ORDER_BY)[number], string> = {
      name: "co.name",
      url: "co.url",
      company_type: FIRST_TYPE_NAME,
      created_at: "co.created_at",
      updated_at: "co.updated_at",
    };
    order = `${expr[p.orderBy]} ${d}, co.id ${d}`;
  }
  return { where: where.length > 0 ? `WHERE ${where.join(" AND ")}` : "", params, order };
}

/** Company type filter values (ids or names) as ids. */
export function companyTypeIds(db: Db, values: (string | number)[]): number[] {
  const out = new Set<number>();
  const byName = db
    .prepare<[string], number>("SELECT id FROM company_types WHERE name = ? COLLATE NOCASE")
    .pluck();
  for (const v of values) {
    const s = String(v).trim();
    if (/^\d+$/.test(s)) out.add(Number(s));
    else if (s !== "") {
      const id = byName.get(s);
      if (id !== undefined) out.add(id);
    }
  }
  return [...out];
}
