import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { ORDER_DIRECTIONS, PER_PAGE } from "../../contract/constants";
import { endpoints } from "../../contract/endpoints";
import type { NoteEntry } from "../../contract/notes";
import type { Db } from "../db/index";
import { type AppEnv, type Deps, requireAuth } from "../http";
import { likeContains } from "../models/list-params";
import { intOr } from "../params";
import { memberRights, type SqlCondition } from "../rights";

const NoteListParams = z.object({
  query: z.string().trim().max(200).catch(""),
  page: intOr(1, 1, 100_000),
  perPage: intOr(PER_PAGE, 1, 100),
  orderBy: z.enum(["created_at", "note", "title", "name"]).catch("created_at"),
  orderDirection: z.enum(ORDER_DIRECTIONS).catch("desc"),
});

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

/** One kind of note, as SQL: where its notes are, what the keyword query searches, how each sort key reads. */
interface NoteSource<R> {
  from: string;
  columns: string;
  /** Its conditions; the first one's `?` is the member. */
  where: string[];
  /** A condition of the member's own (and its values), after `where`. */
  restrict?: (userId: number) => SqlCondition;
  /** An expression matched with LIKE against the keyword query. */
  searched: string[];
  /** The sort by date, by note text and by subject (project title or contact name), for a direction. */
  order: (by: "created_at" | "note" | "subject", dir: "ASC" | "DESC") => string;
  entry: (row: R) => NoteEntry & Record<string, unknown>;
}

/** The handler of a note list: the member's notes of one kind, paged, searchable, newest first by default. */
function noteList<R>(db: Db, source: NoteSource<R>) {
  return (c: Context<AppEnv>) => {
    const p = NoteListParams.parse(c.req.query());
    const where = [...source.where];
    const params: unknown[] = [c.get("userId")];
    const own = source.restrict?.(c.get("userId"));
    if (own && own.sql !== "1") {
      where.push(`(${own.sql})`);
      params.push(...own.values);
    }
    if (p.query) {
      where.push(`(${source.searched.map((s) => `${s} LIKE ? ESCAPE '\\'`).join(" OR ")})`);
      params.push(...source.searched.map(() => likeContains(p.query)));
    }
    const dir = p.orderDirection === "asc" ? "ASC" : "DESC";
    const by = p.orderBy === "title" || p.orderBy === "name" ? "subject" : p.orderBy;
    const w = `WHERE ${where.join(" AND ")}`;
    const total =
      db
        .prepare<unknown[], number>(`SELECT count(*) FROM ${source.from} ${w}`)
        .pluck()
        .get(...params) ?? 0;
    const rows = db
      .prepare<unknown[], R>(
        `SELECT ${source.columns} FROM ${source.from} ${w} ORDER BY ${source.order(by, dir)} LIMIT ? OFFSET ?`,
      )
      .all(...params, p.perPage, (p.page - 1) * p.perPage);
    return c.json({ data: { total, data: rows.map(source.entry) } });
  };
}

const CONTACT_NOTE_DATE = "coalesce(uc.note_updated_at, uc.updated_at)";

/**
 * GET Notes/Projects and GET Notes/Contacts: the member's notes (on projects they may open; contact notes are on
 * saved contacts, which the member may always read).
 */
export function noteRoutes(deps: Deps) {
  const { db } = deps;
  const auth = requireAuth(deps);
  const rights = memberRights(deps);
  const app = new Hono<AppEnv>();
  const { notesOnProjects, notesOnContacts } = endpoints;

  app.on(
    notesOnProjects.method,
    notesOnProjects.route,
    auth,
    noteList<ProjectNoteRow>(db, {
      from: "project_notes pn JOIN projects p ON p.id = pn.project_id",
      columns: "pn.id, pn.note, pn.created_at, pn.notification_date, p.id AS project_id, p.title",
      where: ["pn.user_id = ?"],
      // Notes on projects the member may open (decision 104).
      restrict: rights.openableProjects,
      searched: ["pn.note", "p.title"],
      order: (by, dir) => {
        const key = { created_at: "pn.created_at", note: "pn.note", subject: "p.title" }[by];
        return `${key} ${dir}, pn.id ${dir}`;
      },
      entry: (r) => ({
        id: r.id,
        note: r.note,
        created_at: r.created_at,
        notification_date: r.notification_date,
        project: { id: r.project_id, title: r.title },
      }),
    }),
  );

  app.on(
    notesOnContacts.method,
    notesOnContacts.route,
    auth,
    noteList<ContactNoteRow>(db, {
      from: "user_contacts uc JOIN contacts c ON c.id = uc.contact_id",
      columns: `uc.id, uc.note, ${CONTACT_NOTE_DATE} AS created_at, c.id AS contact_id, c.first_name, c.last_name`,
      where: ["uc.user_id = ?", "uc.note IS NOT NULL", "uc.note <> ''"],
      searched: ["uc.note", "(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, ''))"],
      order: (by, dir) => {
        const key = {
          created_at: CONTACT_NOTE_DATE,
          note: "uc.note",
          subject: `c.last_name ${dir}, c.first_name`,
        }[by];
        return `${key} ${dir}, uc.id ${dir}`;
      },
      entry: (r) => ({
        id: r.id,
        note: r.note,
        created_at: r.created_at,
        contact: { id: r.contact_id, first_name: r.first_name, last_name: r.last_name },
      }),
    }),
  );

  return app;
}
