/**
 * The company queries of the reference API: the list (paged and counted) and its download, one company with its
 * locations, people and partners, its projects, its duplicates, and the two changes: the edit and the merge.
 */
import type {
  Company,
  CompanyDuplicate,
  CompanyPartner,
  CompanyProject,
  CompanyRow,
  EditCompanyRequest,
} from "../../../contract/companies";
import { reindexCompanies } from "../../db/fts";
import { type Db, writeTransaction } from "../../db/index";
import type { SqlCondition } from "../../rights";
import { placeholders } from "../list-params";
import { duplicateIds } from "./duplicates";
import type { CompanyListParams } from "./params";
import { buildCompanyQuery } from "./search";

export { type CompanyListParams, parseCompanyListParams } from "./params";

/** A company's projects: the most recently updated this many. */
const PROJECTS_LIMIT = 200;

/**
 * What a member may see of a company's derived lists (decision 104): the projects they may open (on `p`,
 * memberRights.openableProjects) and the contacts they may read (on `c`, memberRights.readableContacts).
 */
export interface CompanyReach {
  projects: SqlCondition;
  contacts: SqlCondition;
}

/** A partner is listed when a project the member may open names one of its people (or nothing limits them). */
function partnerReached(projects: SqlCondition): SqlCondition {
  if (projects.sql === "1") return projects;
  return {
    sql: `EXISTS (SELECT 1 FROM contacts pp JOIN project_contacts pc ON pc.contact_id = pp.id
            JOIN projects p ON p.id = pc.project_id WHERE pp.company_id = co.id AND (${projects.sql}))`,
    values: projects.values,
  };
}

type BaseRow = { id: number; name: string; url: string | null; created_at: string; updated_at: string };

/** Prepared company queries for one database. */
export function companyQueries(db: Db) {
  const totalAll = db.prepare<[], number>("SELECT count(*) FROM companies").pluck();
  const base = db.prepare<[number], BaseRow & { phone: string | null }>(
    "SELECT id, name, url, phone, created_at, updated_at FROM companies WHERE id = ?",
  );
  const locations = db.prepare<[number], Company["locations"][number]>(
    "SELECT id, address1, address2, city, state, zip, phone FROM company_locations WHERE company_id = ? ORDER BY id",
  );
  const people = (id: number, readable: SqlCondition) =>
    db
      .prepare<unknown[], Company["contacts"][number]>(
        `SELECT c.id, c.first_name, c.last_name, c.title, c.email, c.phone FROM contacts c
         WHERE c.company_id = ? AND (${readable.sql})
         ORDER BY c.last_name COLLATE NOCASE, c.first_name COLLATE NOCASE, c.id`,
      )
      .all(id, ...readable.values);
  const partnerIds = (id: number, reached: SqlCondition) =>
    db
      .prepare<unknown[], number>(
        `SELECT cp.partner_id FROM company_partners cp JOIN companies co ON co.id = cp.partner_id
         WHERE cp.company_id = ? AND (${reached.sql}) ORDER BY co.name COLLATE NOCASE, co.id`,
      )
      .pluck()
      .all(id, ...reached.values);
  const projects = (id: number, openable: SqlCondition) =>
    db
      .prepare<unknown[], CompanyProject>(
        `SELECT p.id, p.title, p.minimum_value, p.sector, p.construction_type, p.address1, p.city, p.state, p.zip
         FROM projects p WHERE p.active = 1 AND p.id IN (
           SELECT pc.project_id FROM project_contacts pc JOIN contacts c ON c.id = pc.contact_id WHERE c.company_id = ?)
           AND (${openable.sql})
         ORDER BY p.updated_at DESC, p.id DESC LIMIT ?`,
      )
      .all(id, ...openable.values, PROJECTS_LIMIT);
  const everyName = db.prepare<[], { id: number; name: string; url: string | null }>(
    "SELECT id, name, url FROM companies",
  );
  const counts = db.prepare<[number, number], { contacts_count: number; locations_count: number }>(
    `SELECT (SELECT count(*) FROM contacts WHERE company_id = ?) AS contacts_count,
            (SELECT count(*) FROM company_locations WHERE company_id = ?) AS locations_count`,
  );

  function typesOf(ids: readonly number[]) {
    const types = new Map<number, { id: number; name: string }[]>();
    if (ids.length === 0) return types;
    const rows = db
      .prepare<unknown[], { company_id: number; id: number; name: string }>(
        `SELECT cct.company_id, ct.id, ct.name FROM company_company_types cct
         JOIN company_types ct ON ct.id = cct.company_type_id
         WHERE cct.company_id IN (${placeholders(ids.length)}) ORDER BY cct.company_id, ct.id`,
      )
      .all(...ids);
    for (const r of rows) {
      const list = types.get(r.company_id);
      const type = { id: r.id, name: r.name };
      if (list) list.push(type);
      else types.set(r.company_id, [type]);
    }
    return types;
  }

  /** Rows for ids, keeping the order of ids. */
  function rowsFor(ids: readonly number[]): CompanyRow[] {
    if (ids.length === 0) return [];
    const found = db
      .prepare<unknown[], BaseRow>(
        `SELECT id, name, url, created_at, updated_at FROM companies WHERE id IN (${placeholders(ids.length)})`,
      )
      .all(...ids);
    const byId = new Map(found.map((r) => [r.id, r]));
    const types = typesOf(ids);
    return ids
      .map((id) => byId.get(id))
      .filter((r): r is BaseRow => r !== undefined)
      .map((r) => ({ ...r, types: types.get(r.id) ?? [] }));
  }

  function list(p: CompanyListParams) {
    const q = buildCompanyQuery(db, p);
    const matching = q.where
      ? (db
          .prepare<unknown[], number>(`SELECT count(*) FROM companies co ${q.where}`)
          .pluck()
          .get(...q.params) ?? 0)
      : (totalAll.get() ?? 0);
    const ids = db
      .prepare<unknown[], number>(
        `SELECT co.id FROM companies co ${q.where} ORDER BY ${q.order} LIMIT ? OFFSET ?`,
      )
      .pluck()
      .all(...q.params, p.perPage, (p.page - 1) * p.perPage);
    return { data: { total: matching, data: rowsFor(ids) }, total: totalAll.get() ?? 0 };
  }

  /** Ordered ids for a download, up to `limit`. */
  function* iterateIds(p: CompanyListParams, limit: number): Generator<number> {
    const q = buildCompanyQuery(db, p);
    yield* db
      .prepare<unknown[], number>(`SELECT co.id FROM companies co ${q.where} ORDER BY ${q.order} LIMIT ?`)
      .pluck()
      .all(...q.params, limit);
  }

  /** The companies it worked with that the member's plan reaches (see partnerReached). */
  function partnersOf(id: number, reach: CompanyReach): CompanyPartner[] {
    return rowsFor(partnerIds(id, partnerReached(reach.projects))).map(({ id, name, url, types }) => ({
      id,
      name,
      url,
      types,
    }));
  }

  /** One company with its locations, and of its people and partners those the member may see. */
  function get(id: number, reach: CompanyReach): Company | null {
    const r = base.get(id);
    if (!r) return null;
    return {
      ...r,
      types: typesOf([id]).get(id) ?? [],
      locations: locations.all(id),
      contacts: people(id, reach.contacts),
      partners: partnersOf(id, reach),
    };
  }

  /** The company's projects (those its people are on) that the member may open, most recently updated first. */
  function projectsOf(id: number, openable: SqlCondition) {
    return projects(id, openable).map((project) => ({ id: project.id, project }));
  }

  function duplicatesOf(id: number): CompanyDuplicate[] {
    const r = base.get(id);
    if (!r) return [];
    const ids = duplicateIds(r, everyName.all());
    return rowsFor(ids).map((d) => ({
      id: d.id,
      name: d.name,
      types: d.types,
      url: d.url,
      ...(counts.get(d.id, d.id) ?? { contacts_count: 0, locations_count: 0 }),
    }));
  }

  const sameAddress = (a: Company["locations"][number], b: Company["locations"][number]) =>
    [a.address1, a.address2, a.city, a.state, a.zip].map((v) => (v ?? "").trim().toLowerCase()).join("|") ===
    [b.address1, b.address2, b.city, b.state, b.zip].map((v) => (v ?? "").trim().toLowerCase()).join("|");

  /**
   * Merges `otherId` into `id` (decision 021): its people, locations (but those at an address this company
   * already has), types, partners and the members' saved links move here; a website or phone this company lacks
   * is taken over; then the other company is deleted.
   */
  function merge(id: number, otherId: number, now: string) {
    writeTransaction(db, () => {
      const kept = locations.all(id);
      for (const loc of locations.all(otherId)) {
        if (kept.some((k) => sameAddress(k, loc)))
          db.prepare("DELETE FROM company_locations WHERE id = ?").run(loc.id);
        else db.prepare("UPDATE company_locations SET company_id = ? WHERE id = ?").run(id, loc.id);
      }
      db.prepare("UPDATE contacts SET company_id = ?, updated_at = ? WHERE company_id = ?").run(
        id,
        now,
        otherId,
      );
      db.prepare(
        `INSERT OR IGNORE INTO company_company_types (company_id, company_type_id)
         SELECT ?, company_type_id FROM company_company_types WHERE company_id = ?`,
      ).run(id, otherId);
      for (const partner of db
        .prepare<[number], number>("SELECT partner_id FROM company_partners WHERE company_id = ?")
        .pluck()
        .all(otherId)) {
        if (partner === id) continue;
        db.prepare(
          "INSERT OR IGNORE INTO company_partners (company_id, partner_id) VALUES (?, ?), (?, ?)",
        ).run(id, partner, partner, id);
      }
      db.prepare("UPDATE OR IGNORE user_companies SET company_id = ? WHERE company_id = ?").run(id, otherId);
      db.prepare(
        `UPDATE companies SET url = coalesce(nullif(url, ''), (SELECT url FROM companies WHERE id = ?)),
           phone = coalesce(nullif(phone, ''), (SELECT phone FROM companies WHERE id = ?)), updated_at = ?
         WHERE id = ?`,
      ).run(otherId, otherId, now, id);
      // Partner rows, types, leftover saved links and the search row go with the company.
      db.prepare("DELETE FROM company_partners WHERE company_id = ? OR partner_id = ?").run(otherId, otherId);
      db.prepare("DELETE FROM companies WHERE id = ?").run(otherId);
      reindexCompanies(db, [id, otherId]);
    })();
  }

  /** The edit: name, URL, phone, types, and the whole list of locations (those left out are removed). */
  function update(id: number, body: EditCompanyRequest, now: string) {
    const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
    writeTransaction(db, () => {
      db.prepare("UPDATE companies SET name = ?, url = ?, phone = ?, updated_at = ? WHERE id = ?").run(
        body.name.trim(),
        blank(body.url),
        blank(body.phone),
        now,
        id,
      );
      db.prepare("DELETE FROM company_company_types WHERE company_id = ?").run(id);
      const addType = db.prepare(
        "INSERT OR IGNORE INTO company_company_types (company_id, company_type_id) VALUES (?, ?)",
      );
      for (const t of body.types) addType.run(id, t);
      const keep = body.locations.map((l) => l.id).filter((v): v is number => v !== undefined);
      db.prepare(
        `DELETE FROM company_locations WHERE company_id = ?${keep.length ? ` AND id NOT IN (${placeholders(keep.length)})` : ""}`,
      ).run(id, ...keep);
      const updateLoc = db.prepare(
        `UPDATE company_locations SET address1 = ?, address2 = ?, city = ?, state = ?, zip = ?, phone = ?
         WHERE id = ? AND company_id = ?`,
      );
      const addLoc = db.prepare(
        "INSERT INTO company_locations (company_id, address1, address2, city, state, zip, phone) VALUES (?, ?, ?, ?, ?, ?, ?)",
      );
      for (const l of body.locations) {
        const values = [l.address1, l.address2, l.city, l.state, l.zip, l.phone].map(blank);
        if (l.id !== undefined) updateLoc.run(...values, l.id, id);
        else addLoc.run(id, ...values);
      }
      reindexCompanies(db, [id]);
    })();
  }

  return { list, iterateIds, rowsFor, get, projectsOf, partnersOf, duplicatesOf, merge, update };
}
