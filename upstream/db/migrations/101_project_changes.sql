-- Issue 45: each project's change history, as the provider's research team makes it. One row per change: the
-- field (stage, bid_date, estimated_value, status, contact_added, company_added, update_note), the old and the new
-- value as text (a stage's name, a date, a value in millions, active/inactive, a contact's or company's name, an
-- update's message), and when. The seed writes the last 90 days; upstream/changes/simulator.ts adds to it.
CREATE TABLE project_changes (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  field TEXT NOT NULL CHECK (field IN ('stage', 'bid_date', 'estimated_value', 'status', 'contact_added',
    'company_added', 'update_note')),
  old_value TEXT,
  new_value TEXT,
  changed_at TEXT NOT NULL
);
-- A project's history, newest first; a member's saved projects' changes since a time (joined from user_projects).
CREATE INDEX project_changes_project ON project_changes (project_id, changed_at);
