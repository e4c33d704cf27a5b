/** Turning contact rows into the API's answer objects: list rows with their company type and the member's link and folder, and the full contact. */
import type { Contact, ContactRow } from "../../../contract/contacts";
import type { Tag } from "../../../contract/user";
import type { Db } from "../../db/index";
import { placeholders } from "../list-params";

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

/** Batch-loads company types and the member's links (and their folders) for a page of rows. */
function contactDecorations(db: Db, userId: number, rows: { id: number; company_id: number | null }[]) {
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

/** Prepared statements that turn contact ids into answer rows, for one database. */
export function contactRows(db: Db) {
  const detail = db.prepare<[number], DetailRow>(
    `SELECT ${ROW_COLUMNS}, co.url AS company_url, c.phone, c.phone2, c.phone3, c.fax, c.location_number, c.location_fax,
       c.address1, c.address2, c.zip, c.url
     FROM contacts c LEFT JOIN companies co ON co.id = c.company_id WHERE c.id = ?`,
  );

  /** Rows for ids, keeping the order of ids. */
  function rowsFor(userId: number, ids: number[]): ContactRow[] {
    if (ids.length === 0) return [];
    const found = db
      .prepare<unknown[], BaseRow>(
        `SELECT ${ROW_COLUMNS} FROM contacts c LEFT JOIN companies co ON co.id = c.company_id WHERE c.id IN (${placeholders(ids.length)})`,
      )
      .all(...ids);
    const byId = new Map(found.map((r) => [r.id, r]));
    const rows = ids.map((id) => byId.get(id)).filter((r): r is BaseRow => r !== undefined);
    const deco = contactDecorations(db, userId, rows);
    return rows.map((r) => toRow(r, deco));
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

  return { rowsFor, get };
}
