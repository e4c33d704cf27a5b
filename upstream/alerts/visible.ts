import type { MemberRights, SqlCondition } from "../rights";

/**
 * The alerts a member is shown (and counted as unread), as a condition on `a` (an alerts row): an alert about a
 * project names one the member may open, an alert about a contact one they may read (decision 104). An alert
 * made before the member's plan changed stays stored, and shows again if the plan comes to cover it.
 */
export function visibleAlerts(rights: MemberRights, userId: number): SqlCondition {
  const projects = rights.openableProjects(userId);
  const contacts = rights.readableContacts(userId);
  return {
    sql: `((a.project_id IS NULL OR EXISTS (SELECT 1 FROM projects p WHERE p.id = a.project_id AND (${projects.sql})))
      AND (a.contact_id IS NULL OR EXISTS (SELECT 1 FROM contacts c WHERE c.id = a.contact_id AND (${contacts.sql}))))`,
    values: [...projects.values, ...contacts.values],
  };
}
