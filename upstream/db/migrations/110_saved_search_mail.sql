-- Saved searches bring new leads (issue 45): a saved project search can mail its new matches daily or weekly.
-- Existing searches stay 'off'. mail_since is the instant from which a project counts as new for the search: set
-- when the mail is turned on (or the search saved with it on), moved to each run that looked at the search.
ALTER TABLE saved_searches ADD COLUMN mail_frequency TEXT NOT NULL DEFAULT 'off'
  CHECK (mail_frequency IN ('off', 'daily', 'weekly'));
ALTER TABLE saved_searches ADD COLUMN mail_since TEXT;
CREATE INDEX saved_searches_mail ON saved_searches (mail_frequency, user_id) WHERE mail_frequency <> 'off';

-- The lease rows of issue 29 (migration 080) gain the job 'searches'. Its period names the search and the
-- member's day or ISO week ("s12:2031-03-03", "s12:2031-W10"): one send per member, search and period.
CREATE TABLE mail_runs_new (
  job TEXT NOT NULL CHECK (job IN ('alerts', 'reminders', 'searches')),
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  period TEXT NOT NULL,
  lease_owner TEXT,
  lease_until TEXT,
  done_at TEXT,
  outbox_id INTEGER REFERENCES outbox (id) ON DELETE SET NULL,
  PRIMARY KEY (job, user_id, period)
) WITHOUT ROWID;
INSERT INTO mail_runs_new SELECT job, user_id, period, lease_owner, lease_until, done_at, outbox_id FROM mail_runs;
DROP TABLE mail_runs;
ALTER TABLE mail_runs_new RENAME TO mail_runs;
CREATE INDEX mail_runs_done ON mail_runs (job, user_id, done_at);

-- Unsubscribe links of a saved search's mail name the search: following one turns that search's mail off only.
CREATE TABLE mail_unsubscribe_tokens_new (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  list TEXT NOT NULL CHECK (list IN ('alerts', 'reminders', 'searches')),
  saved_search_id INTEGER REFERENCES saved_searches (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  used_at TEXT,
  CHECK ((list = 'searches') = (saved_search_id IS NOT NULL))
) WITHOUT ROWID;
INSERT INTO mail_unsubscribe_tokens_new (token_hash, user_id, list, created_at, used_at)
  SELECT token_hash, user_id, list, created_at, used_at FROM mail_unsubscribe_tokens;
DROP TABLE mail_unsubscribe_tokens;
ALTER TABLE mail_unsubscribe_tokens_new RENAME TO mail_unsubscribe_tokens;
CREATE INDEX mail_unsubscribe_user ON mail_unsubscribe_tokens (user_id);
CREATE INDEX mail_unsubscribe_search ON mail_unsubscribe_tokens (saved_search_id) WHERE saved_search_id IS NOT NULL;
