/** Reading the change history (issue 45): one project's, and a member's saved projects' since a time. */
import type { ChangeMark, MemberChange, ProjectChange } from "../../contract/changes";
import type { Db } from "../db/index";
import { placeholders } from "../models/list-params";
import type { MemberRights } from "../rights";

/** The most changes one answer carries. */
export const MAX_CHANGES = 500;

/** The most marks a saved row carries (one per field, newest first). */
export const MARKS_PER_ROW = 2;

type ChangeRow = ProjectChange & { title: string; city: string | null; state: string | null };

export function changeQueries(db: Db, rights: Pick<MemberRights, "openableProjects">) {
  const ofProject = db.prepare<[number, number], ProjectChange>(
    `SELECT id, project_id, field, old_value, new_value, changed_at FROM project_changes
     WHERE project_id = ? ORDER BY changed_at DESC, id DESC LIMIT ?`,
  );
  const markStatements = new Map<
    string,
    ReturnType<typeof db.prepare<unknown[], ChangeMark & { project_id: number }>>
  >();
  const seen = db.prepare<[string, number, number]>(
    "UPDATE user_projects SET seen_at = ? WHERE user_id = ? AND project_id = ?",
  );
  return {
    /** The member opened the project: its saved row's marks start again from now (decision 126). */
    markSeen: (userId: number, projectId: number, at: Date) => {
      seen.run(at.toISOString(), userId, projectId);
    },
    /**
     * The watch-list marks of the member's saved projects among `ids`: changes after the member last opened each one
     * (or saved it, never opened), newest first, one per field, at most MARKS_PER_ROW; only projects the member may
     * open (memberRights.openableProjects), as every list.
     */
    marksOf(userId: number, ids: readonly number[]): Map<number, ChangeMark[]> {
      const marks = new Map<number, ChangeMark[]>();
      if (ids.length === 0) return marks;
      const openable = rights.openableProjects(userId);
      const sql = `SELECT pc.project_id, pc.field, pc.old_value, pc.new_value, pc.changed_at
         FROM user_projects up JOIN projects p ON p.id = up.project_id
         JOIN project_changes pc ON pc.project_id = up.project_id AND pc.changed_at > coalesce(up.seen_at, up.created_at)
         WHERE up.user_id = ? AND up.project_id IN (${placeholders(ids.length)}) AND (${openable.sql})
         ORDER BY pc.project_id, pc.changed_at DESC, pc.id DESC`;
      let statement = markStatements.get(sql);
      if (!statement) {
        statement = db.prepare<unknown[], ChangeMark & { project_id: number }>(sql);
        markStatements.set(sql, statement);
      }
      for (const { project_id, ...mark } of statement.iterate(userId, ...ids, ...openable.values)) {
        const list = marks.get(project_id) ?? [];
        if (list.length < MARKS_PER_ROW && !list.some((m) => m.field === mark.field)) list.push(mark);
        marks.set(project_id, list);
      }
      return marks;
    },
    /** A project's changes, newest first. */
    ofProject: (projectId: number) => ofProject.all(projectId, MAX_CHANGES),
    /**
     * The changes of the member's saved projects after `since`, newest first: only projects the member may open
     * (memberRights.openableProjects, decision 104), whatever they saved.
     */
    ofMember(userId: number, since: Date): MemberChange[] {
      const openable = rights.openableProjects(userId);
      const rows = db
        .prepare<unknown[], ChangeRow>(
          `SELECT pc.id, pc.project_id, pc.field, pc.old_value, pc.new_value, pc.changed_at, p.title, p.city, p.state
           FROM user_projects up JOIN project_changes pc ON pc.project_id = up.project_id
           JOIN projects p ON p.id = up.project_id
           WHERE up.user_id = ? AND pc.changed_at > ? AND (${openable.sql})
           ORDER BY pc.changed_at DESC, pc.id DESC LIMIT ?`,
        )
        .all(userId, since.toISOString(), ...openable.values, MAX_CHANGES);
      return rows.map(({ title, city, state, ...change }) => ({
        ...change,
        project: { id: change.project_id, title, city, state },
      }));
    },
  };
}
