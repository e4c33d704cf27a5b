-- Projects API (issue 3): indexes for the list's filters and sorts, the similar-projects box,
-- the member's saved projects by folder, and a project's notes.

-- Inactive projects are few: counting active ones = total minus this small index.
CREATE INDEX projects_inactive ON projects (id) WHERE active = 0;
CREATE INDEX projects_construction ON projects (construction_type);
-- Bounding-box search for similar projects.
CREATE INDEX projects_lat_lng ON projects (lat, lng);
CREATE INDEX user_projects_user_tag ON user_projects (user_id, tag_id);
CREATE INDEX user_projects_user_created ON user_projects (user_id, created_at);
CREATE INDEX project_notes_user_project ON project_notes (user_id, project_id, created_at);
