import { Hono } from "hono";
import { z } from "zod";
import { FREE_TRIAL, TAG_TYPE } from "../../contract/user";
import type { Db } from "../db/index";
import {
  ApiError,
  type AppEnv,
  csvAttachment,
  type Deps,
  downloadRequestReader,
  notFound,
  readBody,
  readRaw,
  requireAuth,
  validate,
} from "../http";
import { parseProjectListParams, projectQueries } from "../models/projects";

const PROJECT_NOT_FOUND = "A project with this ID could not be found.";
const TRIAL_EXPIRED = "Your free trial has expired.";
const NOTE_REQUIRED = "The note field is required.";
const NOTE_NOT_FOUND = "A note with this ID could not be found.";
export const NO_DOWNLOAD = "Your subscription does not include downloads.";
const PROJECT_SAVED = "Project saved.";
const PROJECT_REMOVED = "The project was removed from your saved projects.";
const SAVED_REMOVED = "The selected projects were removed from your saved list.";
const FOLDER_UPDATED = "The folder was updated.";
const NOTE_DELETED = "The note was deleted.";
export const DOWNLOAD_LIMIT = 10_000;
export const SIMILAR_PER_PAGE = 5;
/** The list's columns (member-app.md §2 Project search), the folder by name instead of its colour. */
export const CSV_COLUMNS = [
  "Name",
  "City",
  "State",
  "Project Type",
  "Const Type",
  "Projected Project Stage",
  "Estimated Value (M)",
  "Entered",
  "Updated",
  "Folder",
] as const;

/** Ids arrive as numbers (JSON) or digit strings (forms). */
const Id = z.preprocess(
  (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number().int().positive(),
);
const NullableId = z.preprocess(
  (v) => (v === "" || v === "null" || v === undefined ? null : v),
  Id.nullable(),
);

const SaveBody = z.object({ project_id: Id });
const TagBody = z.object({ project_id: Id, tag_id: NullableId });
const BulkBody = z.object({
  ids: z.preprocess((v) => (Array.isArray(v) ? v : v === undefined ? v : [v]), z.array(Id).min(1).max(1000)),
});
const NoteBody = z.object({
  id: NullableId.optional(),
  note: z.string().max(10_000, "The note may not be greater than 10000 characters.").nullable().optional(),
  notification_date: z
    .preprocess(
      (v) => (v === "" || v === undefined ? null : v),
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, "The notification date must be a date in the format YYYY-MM-DD.")
        .refine(
          (s) =>
            !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
            new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
          {
            message: "The notification date is not a valid date.",
          },
        )
        .nullable(),
    )
    .optional(),
});

/** A CSV cell: formula-looking text gets a leading quote; RFC 4180 quoting when needed. */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
const csvLine = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(",")}\r\n`;

interface NoteRow {
  id: number;
  project_id: number;
  note: string;
  notification_date: string | null;
  created_at: string;
  updated_at: string;
}

interface MemberRow {
  member_type: string;
  allow_download: number;
  sub_id: number | null;
  start_date: string | null;
  trial_end_date: string | null;
  remaining_projects: number | null;
}

export function projectRoutes(deps: Deps) {
  const { db } = deps;
  const projects = projectQueries(db);
  const auth = requireAuth(deps);

  const projectExists = db.prepare<[number], { id: number }>("SELECT id FROM projects WHERE id = ?");
  const member = db.prepare<[number], MemberRow>(
    `SELECT u.member_type, u.allow_download, s.id AS sub_id, s.start_date, s.trial_end_date, s.remaining_projects
     FROM users u LEFT JOIN subscriptions s ON s.user_id = u.id WHERE u.id = ?`,
  );
  const viewed = db.prepare<[number, number], { x: number }>(
    "SELECT 1 AS x FROM project_views WHERE user_id = ? AND project_id = ?",
  );
  const recordView = db.prepare(
    "INSERT OR IGNORE INTO project_views (user_id, project_id, created_at) VALUES (?, ?, ?)",
  );
  const spendReport = db.prepare(
    "UPDATE subscriptions SET remaining_projects = remaining_projects - 1, updated_at = ? WHERE id = ?",
  );

  const linkOf = db.prepare<[number, number], { id: number; tag_id: number | null }>(
    "SELECT id, tag_id FROM user_projects WHERE user_id = ? AND project_id = ?",
  );
  const saveLink = db.prepare(
    `INSERT INTO user_projects (user_id, project_id, tag_id, created_at) VALUES (?, ?, NULL, ?)
     ON CONFLICT (user_id, project_id) DO NOTHING`,
  );
  const unsave = db.prepare("DELETE FROM user_projects WHERE user_id = ? AND project_id = ?");
  const setTag = db.prepare("UPDATE user_projects SET tag_id = ? WHERE user_id = ? AND project_id = ?");
  const ownProjectTag = db.prepare<[number, number], { id: number }>(
    `SELECT id FROM tags WHERE id = ? AND user_id = ? AND tag_type = ${TAG_TYPE.project}`,
  );

  const notesOf = db.prepare<[number, number], NoteRow>(
    `SELECT id, project_id, note, notification_date, created_at, updated_at FROM project_notes
     WHERE user_id = ? AND project_id = ? ORDER BY created_at DESC, id DESC`,
  );
  const noteOf = db.prepare<[number, number, number], NoteRow>(
    "SELECT id, project_id, note, notification_date, created_at, updated_at FROM project_notes WHERE id = ? AND user_id = ? AND project_id = ?",
  );
  const insertNote = db.prepare(
    "INSERT INTO project_notes (user_id, project_id, note, notification_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const updateNote = db.prepare(
    "UPDATE project_notes SET note = ?, notification_date = ?, updated_at = ? WHERE id = ?",
  );
  const deleteNote = db.prepare("DELETE FROM project_notes WHERE id = ?");
  const readDownloadRequest = downloadRequestReader(deps);

  const similar = similarQueries(db);
  const options = advancedOptions(db);

  function requireProject(id: number) {
    if (!projectExists.get(id)) throw notFound(PROJECT_NOT_FOUND);
  }

  /**
   * Free-trial accounting: a project not opened before costs one report; none left (or the trial over) → 403.
   * Like every writing transaction here it runs `.immediate()`: a deferred one that reads first cannot take the
   * write lock once another process (the alerts command, a test) has written since, and fails at once as locked.
   */
  const openProject = db.transaction((userId: number, projectId: number) => {
    const m = member.get(userId);
    if (!m || m.member_type !== FREE_TRIAL || m.sub_id === null || m.start_date !== null) return;
    if (viewed.get(userId, projectId)) return;
    const today = deps.now().toISOString().slice(0, 10);
    const ended = m.trial_end_date !== null && m.trial_end_date < today;
    if (ended || (m.remaining_projects ?? 0) <= 0) throw new ApiError(403, TRIAL_EXPIRED);
    const now = deps.now().toISOString();
    recordView.run(userId, projectId, now);
    spendReport.run(now, m.sub_id);
  });

  const app = new Hono<AppEnv>();

  app.get("/Projects", auth, (c) => {
    const p = parseProjectListParams(c.req.query());
    return c.json(projects.list(c.get("userId"), p));
  });

  app.get("/Projects/CountMine", auth, (c) => c.json({ data: projects.countMine(c.get("userId")) }));

  app.get("/Projects/AdvancedOptions", auth, (c) => c.json({ data: options(c.get("userId")) }));

  app.post("/Projects/Save", auth, async (c) => {
    const { project_id } = await readBody(c, SaveBody);
    requireProject(project_id);
    saveLink.run(c.get("userId"), project_id, deps.now().toISOString());
    return c.json({ message: PROJECT_SAVED, data: linkOf.get(c.get("userId"), project_id) });
  });

  app.post("/Projects/AddTag", auth, async (c) => {
    const body = await readBody(c, TagBody);
    requireProject(body.project_id);
    const userId = c.get("userId");
    if (body.tag_id !== null && !ownProjectTag.get(body.tag_id, userId)) {
      const message = "The selected folder does not exist.";
      throw new ApiError(422, message, { tag_id: [message] });
    }
    const link = db
      .transaction(() => {
        saveLink.run(userId, body.project_id, deps.now().toISOString());
        setTag.run(body.tag_id, userId, body.project_id);
        return linkOf.get(userId, body.project_id)!;
      })
      .immediate();
    return c.json({ message: FOLDER_UPDATED, data: link });
  });

  app.post("/Projects/Download", async (c) => {
    const { userId, body } = await readDownloadRequest(c);
    if (!member.get(userId)?.allow_download) throw new ApiError(403, NO_DOWNLOAD);
    const p = parseProjectListParams(body);
    const date = deps.now().toISOString().slice(0, 10);
    return csvAttachment(projectCsvStream(db, projects, userId, p), `projects-${date}.csv`);
  });

  app.get("/Projects/:id{[0-9]+}", auth, (c) => {
    const id = Number(c.req.param("id"));
    const userId = c.get("userId");
    requireProject(id);
    openProject.immediate(userId, id);
    const project = projects.get(userId, id);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    return c.json({ data: project });
  });

  app.delete("/Projects/:id{[0-9]+}", auth, (c) => {
    const id = Number(c.req.param("id"));
    requireProject(id);
    unsave.run(c.get("userId"), id);
    return c.json({ message: PROJECT_REMOVED });
  });

  app.get("/Projects/:id{[0-9]+}/Similar", auth, (c) => {
    const id = Number(c.req.param("id"));
    requireProject(id);
    const page = Math.max(1, Math.min(10_000, Number.parseInt(c.req.query("page") ?? "1", 10) || 1));
    const { total, ids } = similar(id, page);
    return c.json({ data: { total, data: projects.rowsFor(c.get("userId"), ids) } });
  });

  app.get("/Projects/:id{[0-9]+}/Notes", auth, (c) => {
    const id = Number(c.req.param("id"));
    requireProject(id);
    return c.json({ data: notesOf.all(c.get("userId"), id) });
  });

  app.post("/Projects/:id{[0-9]+}/Notes", auth, async (c) => {
    const projectId = Number(c.req.param("id"));
    requireProject(projectId);
    const userId = c.get("userId");
    const raw = await readRaw(c);
    const body = validate(NoteBody, raw);
    const note = body.note?.trim() ?? "";
    // The spec's "error flag" answer: 200 with error and message instead of the note.
    if (note === "") return c.json({ error: true, message: NOTE_REQUIRED });
    const date = body.notification_date ?? null;
    const now = deps.now().toISOString();
    if (body.id) {
      const existing = noteOf.get(body.id, userId, projectId);
      if (!existing) throw notFound(NOTE_NOT_FOUND);
      updateNote.run(note, date, now, existing.id);
      return c.json({
        data: noteOf.get(existing.id, userId, projectId)!,
        message: "Your note was saved successfully.",
      });
    }
    const id = Number(insertNote.run(userId, projectId, note, date, now, now).lastInsertRowid);
    return c.json(
      { data: noteOf.get(id, userId, projectId)!, message: "Your note was saved successfully." },
      201,
    );
  });

  app.delete("/Projects/:projectId{[0-9]+}/Notes/:id{[0-9]+}", auth, (c) => {
    const projectId = Number(c.req.param("projectId"));
    const existing = noteOf.get(Number(c.req.param("id")), c.get("userId"), projectId);
    if (!existing) throw notFound(NOTE_NOT_FOUND);
    deleteNote.run(existing.id);
    return c.json({ message: NOTE_DELETED });
  });

  app.delete("/SavedProjects", auth, async (c) => {
    const { ids } = await readBody(c, BulkBody);
    const userId = c.get("userId");
    const unique = [...new Set(ids)];
    const removed = db
      .transaction(() => unique.reduce((n, id) => n + unsave.run(userId, id).changes, 0))
      .immediate();
    return c.json({ message: SAVED_REMOVED, data: { removed } });
  });

  return app;
}

/* ------------------------------------------------------------------ similar */

const SIMILAR_MAX = 200;

/**
 * Similar projects: active, same primary project type, inside a bounding box around the project (widened until
 * enough candidates are found), ordered by a score of distance (km) and value closeness.
 */
function similarQueries(db: Db) {
  const base = db.prepare<
    [number],
    { lat: number | null; lng: number | null; minimum_value: number | null; type_id: number | null }
  >(
    `SELECT p.lat, p.lng, p.minimum_value,
       (SELECT x.project_type_id FROM project_project_types x WHERE x.project_id = p.id ORDER BY x.position LIMIT 1) AS type_id
     FROM projects p WHERE p.id = ?`,
  );
  const inBox = db.prepare<
    [number, number, number, number, number, number],
    { id: number; lat: number; lng: number; minimum_value: number | null }
  >(
    `SELECT p.id, p.lat, p.lng, p.minimum_value FROM projects p
     WHERE p.lat BETWEEN ? AND ? AND p.lng BETWEEN ? AND ? AND p.id <> ? AND p.active = 1
       AND (SELECT x.project_type_id FROM project_project_types x WHERE x.project_id = p.id ORDER BY x.position LIMIT 1) = ?
     LIMIT 2000`,
  );
  const sameType = db
    .prepare<[number, number], number>(
      `SELECT x.project_id FROM project_project_types x JOIN projects p ON p.id = x.project_id
     WHERE x.project_type_id = ? AND x.position = 0 AND p.active = 1 AND p.id <> ? ORDER BY p.created_at DESC LIMIT ${SIMILAR_MAX}`,
    )
    .pluck();

  return (id: number, page: number): { total: number; ids: number[] } => {
    const b = base.get(id);
    if (!b || b.type_id === null) return { total: 0, ids: [] };
    let candidates: { id: number; score: number }[] = [];
    if (b.lat !== null && b.lng !== null) {
      const cos = Math.max(0.2, Math.cos((b.lat * Math.PI) / 180));
      for (const half of [0.1, 0.4, 1.5, 6]) {
        const rows = inBox.all(
          b.lat - half,
          b.lat + half,
          b.lng - half / cos,
          b.lng + half / cos,
          id,
          b.type_id,
        );
        if (rows.length >= 20 || half === 6) {
          candidates = rows.map((r) => {
            const km = 111 * Math.hypot(r.lat - b.lat!, (r.lng - b.lng!) * cos);
            const value =
              b.minimum_value && r.minimum_value ? Math.abs(Math.log(r.minimum_value / b.minimum_value)) : 1;
            return { id: r.id, score: km + 50 * value };
          });
          break;
        }
      }
    }
    if (candidates.length === 0)
      candidates = sameType.all(b.type_id, id).map((pid, i) => ({ id: pid, score: i }));
    candidates.sort((x, y) => x.score - y.score || x.id - y.id);
    candidates = candidates.slice(0, SIMILAR_MAX);
    const start = (page - 1) * SIMILAR_PER_PAGE;
    return {
      total: candidates.length,
      ids: candidates.slice(start, start + SIMILAR_PER_PAGE).map((c) => c.id),
    };
  };
}

/* --------------------------------------------------------- advanced options */

const OPTIONS_TTL_MS = 5 * 60_000;

function advancedOptions(db: Db) {
  const isAdmin = db.prepare<[number], { x: number }>(
    "SELECT 1 AS x FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ? AND r.name = 'admin'",
  );
  let cache: { at: number; value: Record<string, unknown> } | null = null;
  function load() {
    const subtypes = db
      .prepare<[], { id: number; type_id: number; name: string }>(
        "SELECT id, type_id, name FROM project_subtypes ORDER BY name",
      )
      .all();
    const brands = db
      .prepare<[], { id: number; type_id: number; name: string }>(
        "SELECT id, type_id, name FROM brands ORDER BY name",
      )
      .all();
    const types = db
      .prepare<[], { id: number; name: string; units_label: string | null; has_units: number }>(
        "SELECT id, name, units_label, has_units FROM project_types ORDER BY name",
      )
      .all();
    const states = db.prepare<[string], { id: number; abbr: string; name: string }>(
      "SELECT id, abbr, name FROM states WHERE country = ? ORDER BY name",
    );
    return {
      bidStages: db.prepare("SELECT id, name FROM stages ORDER BY position, id").all(),
      states: states.all("US"),
      provinces: states.all("CA"),
      materials: db.prepare("SELECT id, name FROM materials ORDER BY name").all(),
      projectTypes: types.map((t) => ({
        id: t.id,
        name: t.name,
        subtypes: subtypes.filter((s) => s.type_id === t.id).map((s) => ({ id: s.id, name: s.name })),
        brands: brands.filter((s) => s.type_id === t.id).map((s) => ({ id: s.id, name: s.name })),
        has_units: t.has_units === 1,
        units_label: t.units_label,
      })),
      researchers: db
        .prepare<[], { id: number; researcher_name: string; active: number }>(
          "SELECT id, researcher_name, active FROM researchers ORDER BY researcher_name",
        )
        .all()
        .map((r) => ({ ...r, active: r.active === 1 })),
    };
  }
  return (userId: number) => {
    const now = Date.now();
    if (!cache || now - cache.at > OPTIONS_TTL_MS) cache = { at: now, value: load() };
    const admin = isAdmin.get(userId) !== undefined;
    return { isAdmin: admin, ...cache.value, researchers: admin ? cache.value.researchers : [] };
  };
}

/* -------------------------------------------------------------------- CSV */

const BATCH = 500;

/**
 * The CSV of a project list (at most DOWNLOAD_LIMIT rows). Ordered ids are read first with `.iterate()` (stopping at
 * the cap); rows are then hydrated and written in batches as the client reads, so no statement stays open across
 * the stream and memory stays small.
 */
export function projectCsvStream(
  db: Db,
  projects: ReturnType<typeof projectQueries>,
  userId: number,
  p: ReturnType<typeof parseProjectListParams>,
): ReadableStream<Uint8Array> {
  const ids = [...projects.iterateIds(userId, p, DOWNLOAD_LIMIT)];
  const encoder = new TextEncoder();
  let offset = 0;
  let headerSent = false;
  void db;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine([...CSV_COLUMNS])}`));
        return;
      }
      if (offset >= ids.length) {
        controller.close();
        return;
      }
      const batch = ids.slice(offset, offset + BATCH);
      offset += batch.length;
      let out = "";
      for (const r of projects.rowsFor(userId, batch)) {
        out += csvLine([
          r.title,
          r.city,
          r.state,
          r.types.map((type) => type.name).join(", "),
          r.construction_type,
          r.stage?.name,
          r.minimum_value,
          r.created_at.slice(0, 10),
          r.updated_at.slice(0, 10),
          r.tag[0]?.name,
        ]);
      }
      controller.enqueue(encoder.encode(out));
    },
  });
}
