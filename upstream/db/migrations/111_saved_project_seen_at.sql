-- Saved projects are a watch list (issue 45, decision 126): when the member last opened a saved project. The
-- project's changes after it (or after the save, created_at, while it is null) are the marks of its saved row.
-- Kept on the saved link: only saved projects carry marks, and unsaving forgets it with the link.
ALTER TABLE user_projects ADD COLUMN seen_at TEXT;
