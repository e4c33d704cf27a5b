/** Turning project rows into the API's answer objects: list rows with their types and the member's link and folder, and the full project. */
import type { Statement } from "better-sqlite3";
import type { Project, ProjectRow } from "../../../contract/projects";
import type { Tag } from "../../../contract/user";
import type { Db } from "../../db/index";
import { placeholders } from "../list-params";

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
  bidding_date: string | null;
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
  bidding_information: string | null;
  update_notes: string | null;
}

interface LinkRow {
  id: number;
  project_id: number;
  tag_id: number | null;
}

const ROW_COLUMNS = `p.id, p.title, p.address1, p.city, p.state, p.zip, p.construction_type, p.stage_id, s.name AS stage_name,
  p.minimum_value, p.bidding_date, p.created_at, p.updated_at`;

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

type ProjectDecorations = ReturnType<ReturnType<typeof decorator>>;

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
  const openedIn = inStatements<{ project_id: number }>(
    db,
    (m) => `SELECT project_id FROM project_views WHERE user_id = ? AND project_id IN (${m})`,
  );
  return (userId: number, ids: number[]) => {
    const types = new Map<number, { id: number; name: string; units_label: string | null }[]>();
    const links = new Map<number, { link: { id: number; tag_id: number | null }; tag: Tag | null }>();
    const opened = new Set<number>();
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
      for (const v of openedIn(ids.length).all(userId, ...ids)) opened.add(v.project_id);
    }
    return {
      types: (id: number) => types.get(id) ?? [],
      link: (id: number) => links.get(id)?.link ?? null,
      tag: (id: number) => links.get(id)?.tag ?? null,
      opened: (id: number) => opened.has(id),
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
    bidding_date: r.bidding_date,
    tag: tag ? [tag] : [],
    user: deco.link(r.id),
    opened: deco.opened(r.id),
  };
}

/** Prepared statements that turn project ids into answer rows, for one database. */
export function projectRows(db: Db) {
  const decorate = decorator(db);
  const rowsIn = inStatements<BaseRow>(
    db,
    (m) =>
      `SELECT ${ROW_COLUMNS} FROM projects p LEFT JOIN stages s ON s.id = p.stage_id WHERE p.id IN (${m})`,
  );
  const detail = db.prepare<[number], DetailRow>(
    `SELECT ${ROW_COLUMNS}, p.address2, p.county, p.lat, p.lng, p.sector, p.renovation_includes_addition, p.min_unit, p.max_unit,
       p.details, p.is_demolition, p.negotiated_work, p.start_date, p.start_date_notes, p.end_date, p.end_date_notes,
       p.bidding_information, p.update_notes
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
      company_id: number | null;
      company_name: string | null;
      company_type_id: number | null;
      company_type_name: string | null;
      email: string | null;
      phone: string | null;
    }
  >(
    `SELECT c.id, c.first_name, c.last_name, c.title, co.id AS company_id, co.name AS company_name, ct.id AS company_type_id, ct.name AS company_type_name,
       c.email, c.phone
     FROM project_contacts pc JOIN contacts c ON c.id = pc.contact_id
     LEFT JOIN companies co ON co.id = c.company_id
     LEFT JOIN company_types ct ON ct.id = (SELECT min(company_type_id) FROM company_company_types WHERE company_id = c.company_id)
     WHERE pc.project_id = ? ORDER BY c.last_name, c.first_name, c.id`,
  );

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
        company_id: c.company_id,
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

  return { rowsFor, get };
}
