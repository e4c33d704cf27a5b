/** Reading the change history (issue 45): one project's, and a member's saved projects' since a time. */
import type { MemberChange, ProjectChange } from "../../contract/changes";
import type { Db } from "../db/index";
import type { MemberRights } from "../rights";

/** The most changes one answer carries. */
export const MAX_CHANGES = 500;

type ChangeRow = ProjectChange & { title: string; city: string | null; state: string | null };

export function changeQueries(db: Db, rights: Pick<MemberRights, "openableProjects">) {
  const ofProject = db.prepare<[number, number], ProjectChange>(
    `SELECT id, project_id, field, old_value, new_value, changed_at FROM project_changes
     WHERE project_id = ? ORDER BY changed_at DESC, id DESC LIMIT ?`,
  );
  return {
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
