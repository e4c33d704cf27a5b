-- Contacts, notes lists and alerts (issue 4).

-- When the member's note on a saved contact was last written (the notes list shows it).
ALTER TABLE user_contacts ADD COLUMN note_updated_at TEXT;
CREATE INDEX user_contacts_user_note ON user_contacts (user_id, note_updated_at);
CREATE INDEX user_contacts_user_created ON user_contacts (user_id, created_at);

-- At most one alert per member, project and day; generation inserts with OR IGNORE.
CREATE UNIQUE INDEX alerts_user_project_day ON alerts (user_id, project_id, substr(created_at, 1, 10))
  WHERE project_id IS NOT NULL;

-- Sorting the directory by these columns without a full sort.
CREATE INDEX contacts_email ON contacts (email);
CREATE INDEX contacts_title ON contacts (title);
