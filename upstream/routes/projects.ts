import { Hono } from "hono";
import { z } from "zod";
import { TAG_TYPE } from "../../contract/constants";
import { endpoints } from "../../contract/endpoints";
import {
  AddProjectTagRequest,
  DeleteSavedProjectsRequest,
  type ProjectRow,
  SAVE_MANY_MAX,
  SaveProjectNoteRequest,
  SaveProjectRequest,
  SaveProjectsRequest,
} from "../../contract/projects";
import { changeQueries } from "../changes/read";
import { type CsvColumn, listDownload } from "../csv";
import { writeTransaction } from "../db/index";
import { ApiError, type AppEnv, type Deps, idParam, notFound, readBody, requireAuth } from "../http";
import { parseProjectListParams, projectQueries } from "../models/projects/index";
import { advancedOptions } from "../models/projects/options";
import { similarQueries } from "../models/projects/similar";
import { Id, NullableId } from "../params";
import { memberRights, PROJECT_NOT_FOUND } from "../rights";

const NOTE_REQUIRED = "The note field is required.";
const NOTE_NOT_FOUND = "A note with this ID could not be found.";
const NOTE_SAVED = "Your note was saved successfully.";
const PROJECT_SAVED = "Project saved.";
const PROJECT_REMOVED = "The project was removed from your saved projects.";
const SAVED_REMOVED = "The selected projects were removed from your saved list.";
const FOLDER_UPDATED = "The folder was updated.";
const FOLDER_NOT_FOUND = "The selected folder does not exist.";
const NOTE_DELETED = "The note was deleted.";

/** A project row of a download, with what the file carries beyond the list (issue 43). */
type ProjectCsvRow = ProjectRow & {
  address2: string | null;
  county: string | null;
  bidding_date: string | null;
};

/**
 * The columns of a project download: the project's ID, the list's columns with the full address and county, the
 * bid date, and the folder by name instead of its colour.
 */
const PROJECT_CSV: readonly CsvColumn<ProjectCsvRow>[] = [
  { header: "Project ID", cell: (r) => r.id },
  { header: "Name", cell: (r) => r.title },
  { header: "Address", cell: (r) => [r.address1, r.address2].filter((s) => s?.trim()).join(", ") },
  { header: "City", cell: (r) => r.city },
  { header: "State", cell: (r) => r.state },
  { header: "Zip", cell: (r) => r.zip },
  { header: "County", cell: (r) => r.county },
  { header: "Project Type", cell: (r) => r.types.map((type) => type.name).join(", ") },
  { header: "Const Type", cell: (r) => r.construction_type },
  { header: "Projected Project Stage", cell: (r) => r.stage?.name },
  { header: "Estimated Value (M)", cell: (r) => r.minimum_value },
  { header: "Bid Date", cell: (r) => r.bidding_date?.slice(0, 10) },
  { header: "Entered", cell: (r) => r.created_at.slice(0, 10) },
  { header: "Updated", cell: (r) => r.updated_at.slice(0, 10) },
  { header: "Folder", cell: (r) => r.tag[0]?.name },
];

const SaveBody = SaveProjectRequest.extend({ project_id: Id });
const TagBody = AddProjectTagRequest.extend({ project_id: Id, tag_id: NullableId });
const BulkBody = DeleteSavedProjectsRequest.extend({
  ids: z.preprocess((v) => (Array.isArray(v) ? v : v === undefined ? v : [v]), z.array(Id).min(1).max(1000)),
});
const SaveManyBody = SaveProjectsRequest.extend({
  project_ids: z.preprocess(
    (v) => (Array.isArray(v) ? v : v === undefined ? v : [v]),
    z.array(Id).min(1).max(SAVE_MANY_MAX),
  ),
  tag_id: NullableId.optional(),
});
const NoteBody = SaveProjectNoteRequest.extend({
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

interface NoteRow {
  id: number;
  project_id: number;
  note: string;
  notification_date: string | null;
  created_at: string;
  updated_at: string;
}

export function projectRoutes(deps: Deps) {
  /** What a download carries beyond the list's rows, for a batch of ids (a JSON array). */
  const csvExtras = deps.db.prepare<
    [string],
    { id: number; address2: string | null; county: string | null; bidding_date: string | null }
  >("SELECT id, address2, county, bidding_date FROM projects WHERE id IN (SELECT value FROM json_each(?))");
  const { db } = deps;
  const rights = memberRights(deps);
  const projects = projectQueries(db, { openable: rights.openableProjects, now: deps.now });
  const auth = requireAuth(deps);
  const changes = changeQueries(db, rights);

  const projectExists = db.prepare<[number], { id: number }>("SELECT id FROM projects WHERE id = ?");

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

  const similar = similarQueries(db);
  const options = advancedOptions(db);

  function requireProject(id: number) {
    if (!projectExists.get(id)) throw notFound(PROJECT_NOT_FOUND);
  }

  const app = new Hono<AppEnv>();
  const e = endpoints;

  app.on(e.projects.method, e.projects.route, auth, (c) => {
    const p = parseProjectListParams(c.req.query());
    // A trial that is over keeps its saved projects; the search is closed to it.
    if (!p.mine && p.tag === null) rights.requireActiveTrial(c.get("userId"));
    const answer = projects.list(c.get("userId"), p);
    if (!p.mine && p.tag === null) return c.json(answer);
    // A saved list is a watch list: each row says what changed since the member last opened it (decision 126).
    const marks = changes.marksOf(
      c.get("userId"),
      answer.data.data.map((row) => row.id),
    );
    const rows = answer.data.data.map((row) => ({ ...row, changes: marks.get(row.id) ?? [] }));
    return c.json({ ...answer, data: { ...answer.data, data: rows } });
  });

  app.on(e.countSavedProjects.method, e.countSavedProjects.route, auth, (c) =>
    c.json({ data: projects.countMine(c.get("userId")) }),
  );

  app.on(e.projectSearchOptions.method, e.projectSearchOptions.route, auth, (c) =>
    c.json({ data: options(c.get("userId")) }),
  );

  app.on(e.saveProject.method, e.saveProject.route, auth, async (c) => {
    const { project_id } = await readBody(c, SaveBody);
    // Keeping a project needs the right to open it (for a trial it spends a report, as opening does).
    rights.requireProject(c.get("userId"), project_id, "open");
    saveLink.run(c.get("userId"), project_id, deps.now().toISOString());
    return c.json({ message: PROJECT_SAVED, data: linkOf.get(c.get("userId"), project_id) });
  });

  app.on(e.setProjectFolder.method, e.setProjectFolder.route, auth, async (c) => {
    const body = await readBody(c, TagBody);
    const userId = c.get("userId");
    rights.requireProject(userId, body.project_id, "open");
    if (body.tag_id !== null && !ownProjectTag.get(body.tag_id, userId)) {
      throw new ApiError(422, FOLDER_NOT_FOUND, { tag_id: [FOLDER_NOT_FOUND] });
    }
    const link = writeTransaction(db, () => {
      saveLink.run(userId, body.project_id, deps.now().toISOString());
      setTag.run(body.tag_id, userId, body.project_id);
      return linkOf.get(userId, body.project_id)!;
    })();
    return c.json({ message: FOLDER_UPDATED, data: link });
  });

  // Save (and file) several projects, all or none: the rights, a trial's reports and the links in one transaction.
  app.on(e.saveProjects.method, e.saveProjects.route, auth, async (c) => {
    const body = await readBody(c, SaveManyBody);
    const userId = c.get("userId");
    const ids = [...new Set(body.project_ids)];
    const tagId = body.tag_id;
    if (tagId != null && !ownProjectTag.get(tagId, userId)) {
      throw new ApiError(422, FOLDER_NOT_FOUND, { tag_id: [FOLDER_NOT_FOUND] });
    }
    const answer = writeTransaction(db, () => {
      const { spent, remaining } = rights.openProjects(userId, ids);
      const now = deps.now().toISOString();
      for (const id of ids) {
        saveLink.run(userId, id, now);
        if (tagId !== undefined) setTag.run(tagId, userId, id);
      }
      return { saved: ids.length, reports_spent: spent, remaining_projects: remaining };
    })();
    const message = tagId !== undefined ? FOLDER_UPDATED : PROJECT_SAVED;
    return c.json({ message, data: answer });
  });

  app.on(
    e.downloadProjects.method,
    e.downloadProjects.route,
    listDownload(deps, {
      name: "projects",
      params: parseProjectListParams,
      check: (userId, p) => {
        if (!p.mine && p.tag === null) rights.requireActiveTrial(userId);
      },
      ids: (userId, p, limit) => projects.iterateIds(userId, p, limit),
      rows: (userId, ids) => {
        const extras = new Map(csvExtras.all(JSON.stringify(ids)).map((r) => [r.id, r]));
        return projects.rowsFor(userId, ids).map((row) => {
          const extra = extras.get(row.id);
          return {
            ...row,
            address2: extra?.address2 ?? null,
            county: extra?.county ?? null,
            bidding_date: extra?.bidding_date ?? null,
          };
        });
      },
      count: (userId, p) => projects.list(userId, { ...p, page: 1, perPage: 1 }).data.total,
      columns: PROJECT_CSV,
    }),
  );

  app.on(e.project.method, e.project.route, auth, (c) => {
    const id = idParam(c);
    const userId = c.get("userId");
    rights.requireProject(userId, id, "open");
    const project = projects.get(userId, id);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    // Reading a project is opening its page (as a trial's report): a saved project is seen now (decision 126).
    changes.markSeen(userId, id, deps.now());
    return c.json({ data: project });
  });

  app.on(e.unsaveProject.method, e.unsaveProject.route, auth, (c) => {
    const id = idParam(c);
    requireProject(id);
    unsave.run(c.get("userId"), id);
    return c.json({ message: PROJECT_REMOVED });
  });

  app.on(e.similarProjects.method, e.similarProjects.route, auth, (c) => {
    const id = idParam(c);
    const userId = c.get("userId");
    rights.requireProject(userId, id, "use");
    const page = Math.max(1, Math.min(10_000, Number.parseInt(c.req.query("page") ?? "1", 10) || 1));
    // Only similar projects the member may open are listed (decision 104).
    const { total, ids } = similar(id, page, (candidates) => rights.openableIds(userId, candidates));
    return c.json({ data: { total, data: projects.rowsFor(userId, ids) } });
  });

  app.on(e.projectNotes.method, e.projectNotes.route, auth, (c) => {
    const id = idParam(c);
    rights.requireProject(c.get("userId"), id, "use");
    return c.json({ data: notesOf.all(c.get("userId"), id) });
  });

  app.on(e.saveProjectNote.method, e.saveProjectNote.route, auth, async (c) => {
    const projectId = idParam(c);
    const userId = c.get("userId");
    rights.requireProject(userId, projectId, "use");
    const body = await readBody(c, NoteBody);
    const note = body.note?.trim() ?? "";
    // An empty note is answered 200 with an error flag and a message instead of the note.
    if (note === "") return c.json({ error: true, message: NOTE_REQUIRED });
    const date = body.notification_date ?? null;
    const now = deps.now().toISOString();
    if (body.id) {
      const existing = noteOf.get(body.id, userId, projectId);
      if (!existing) throw notFound(NOTE_NOT_FOUND);
      updateNote.run(note, date, now, existing.id);
      return c.json({ data: noteOf.get(existing.id, userId, projectId)!, message: NOTE_SAVED });
    }
    const id = Number(insertNote.run(userId, projectId, note, date, now, now).lastInsertRowid);
    return c.json({ data: noteOf.get(id, userId, projectId)!, message: NOTE_SAVED }, 201);
  });

  app.on(e.deleteProjectNote.method, e.deleteProjectNote.route, auth, (c) => {
    const existing = noteOf.get(idParam(c), c.get("userId"), idParam(c, "projectId"));
    if (!existing) throw notFound(NOTE_NOT_FOUND);
    deleteNote.run(existing.id);
    return c.json({ message: NOTE_DELETED });
  });

  app.on(e.unsaveProjects.method, e.unsaveProjects.route, auth, async (c) => {
    const { ids } = await readBody(c, BulkBody);
    const userId = c.get("userId");
    const unique = [...new Set(ids)];
    const removed = writeTransaction(db, () =>
      unique.reduce((n, id) => n + unsave.run(userId, id).changes, 0),
    )();
    return c.json({ message: SAVED_REMOVED, data: { removed } });
  });

  return app;
}
