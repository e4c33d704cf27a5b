import { Hono } from "hono";
import { z } from "zod";
import { ORDER_DIRECTIONS, PER_PAGE } from "../../contract/lists";
import type { NoteEntry } from "../../contract/notes";
import { type AppEnv, type Deps, requireAuth } from "../http";

const int = (fallback: number, min: number, max: number) =>
  z
    .preprocess(
      (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
      z.number().int().min(min).max(max),
    )
    .catch(fallback);

const NoteListParams = z.object({
  query: z.string().trim().max(200).catch(""),
  page: int(1, 1, 100_000),
  perPage: int(PER_PAGE, 1, 100),
  orderBy: z.enum(["created_at", "note", "title", "name"]).catch("created_at"),
  orderDirection: z.enum(ORDER_DIRECTIONS).catch("desc"),
});
type NoteListParams = z.infer<typeof NoteListParams>;

/** `%text%` for LIKE with the wildcards of the text escaped (ESCAPE '\'). */
const contains = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

interface ProjectNoteRow {
  id: number;
  note: string;
  created_at: string;
  notification_date: string | null;
  project_id: number;
  title: string;
}

interface ContactNoteRow {
  id: number;
  note: string;
  created_at: string;
  contact_id: number;
  first_name: string | null;
  last_name: string | null;
}

/** GET Notes/Projects and GET Notes/Contacts: the member's notes, paged, searchable, newest first by default. */
export function noteRoutes(deps: Deps) {
  const { db } = deps;
  const auth = requireAuth(deps);
  const app = new Hono<AppEnv>();

  function page<T>(
    from: string,
    where: string[],
    params: unknown[],
    order: string,
    p: NoteListParams,
    columns: string,
  ) {
    const w = `WHERE ${where.join(" AND ")}`;
    const n =
      db
        .prepare<unknown[], number>(`SELECT count(*) FROM ${from} ${w}`)
        .pluck()
        .get(...params) ?? 0;
    const rows = db
      .prepare<unknown[], T>(`SELECT ${columns} FROM ${from} ${w} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .all(...params, p.perPage, (p.page - 1) * p.perPage);
    return { total: n, rows };
  }

  app.get("/Notes/Projects", auth, (c) => {
    const p = NoteListParams.parse(c.req.query());
    const where = ["pn.user_id = ?"];
    const params: unknown[] = [c.get("userId")];
    if (p.query) {
      where.push("(pn.note LIKE ? ESCAPE '\\' OR p.title LIKE ? ESCAPE '\\')");
      params.push(contains(p.query), contains(p.query));
    }
    const dir = p.orderDirection === "asc" ? "ASC" : "DESC";
    const key =
      p.orderBy === "note"
        ? "pn.note"
        : p.orderBy === "title" || p.orderBy === "name"
          ? "p.title"
          : "pn.created_at";
    const { total, rows } = page<ProjectNoteRow>(
      "project_notes pn JOIN projects p ON p.id = pn.project_id",
      where,
      params,
      `${key} ${dir}, pn.id ${dir}`,
      p,
      "pn.id, pn.note, pn.created_at, pn.notification_date, p.id AS project_id, p.title",
    );
    const data: (NoteEntry & { notification_date: string | null })[] = rows.map((r) => ({
      id: r.id,
      note: r.note,
      created_at: r.created_at,
      notification_date: r.notification_date,
      project: { id: r.project_id, title: r.title },
    }));
    return c.json({ data: { total, data } });
  });

  app.get("/Notes/Contacts", auth, (c) => {
    const p = NoteListParams.parse(c.req.query());
    const where = ["uc.user_id = ?", "uc.note IS NOT NULL", "uc.note <> ''"];
    const params: unknown[] = [c.get("userId")];
    if (p.query) {
      where.push(
        `(uc.note LIKE ? ESCAPE '\\' OR (coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) LIKE ? ESCAPE '\\')`,
      );
      params.push(contains(p.query), contains(p.query));
    }
    const dir = p.orderDirection === "asc" ? "ASC" : "DESC";
    const created = "coalesce(uc.note_updated_at, uc.updated_at)";
    const key =
      p.orderBy === "note"
        ? "uc.note"
        : p.orderBy === "title" || p.orderBy === "name"
          ? `c.last_name ${dir}, c.first_name`
          : created;
    const { total, rows } = page<ContactNoteRow>(
      "user_contacts uc JOIN contacts c ON c.id = uc.contact_id",
      where,
      params,
      `${key} ${dir}, uc.id ${dir}`,
      p,
      `uc.id, uc.note, ${created} AS created_at, c.id AS contact_id, c.first_name, c.last_name`,
    );
    const data: NoteEntry[] = rows.map((r) => ({
      id: r.id,
      note: r.note,
      created_at: r.created_at,
      contact: { id: r.contact_id, first_name: r.first_name, last_name: r.last_name },
    }));
    return c.json({ data: { total, data } });
  });

  return app;
}
