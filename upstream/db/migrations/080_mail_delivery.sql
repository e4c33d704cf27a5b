-- E-mail that arrives (issue 29). The outbox becomes a delivery queue that upstream/mail/delivery.ts sends over
-- SMTP: at least once, retried with backoff, each row ending 'sent' or 'failed' with the reason.

-- What the message is, whose, and its parts. "body" stays the plain-text part (existing readers keep working).
ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'other';
ALTER TABLE outbox ADD COLUMN user_id INTEGER REFERENCES users (id) ON DELETE CASCADE;
-- The recipient's display name (the member's name): a header value, cleaned of line breaks when written.
ALTER TABLE outbox ADD COLUMN to_name TEXT;
ALTER TABLE outbox ADD COLUMN html TEXT;
-- Extra headers as a JSON object (List-Unsubscribe, List-Unsubscribe-Post).
ALTER TABLE outbox ADD COLUMN headers TEXT;
-- The link secrets in this message (a reset token, an unsubscribe token), as a JSON list: once the row is settled
-- (sent or failed) each is replaced by "[redacted]" in body, html and headers, and the list is dropped.
ALTER TABLE outbox ADD COLUMN secrets TEXT;
-- Delivery state. A worker holds a row while lease_until is in the future; a crash lets the lease run out and
-- the next worker sends it again (at most one duplicate, with the same Message-ID).
ALTER TABLE outbox ADD COLUMN status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed'));
ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN next_attempt_at TEXT;
ALTER TABLE outbox ADD COLUMN lease_until TEXT;
-- A message that means nothing after a time (a reset link) is not sent late: it fails as expired.
ALTER TABLE outbox ADD COLUMN expires_at TEXT;
ALTER TABLE outbox ADD COLUMN message_id TEXT;
ALTER TABLE outbox ADD COLUMN sent_at TEXT;
ALTER TABLE outbox ADD COLUMN last_error TEXT;

-- Rows written before delivery existed are not sent now (their reset links have long expired).
UPDATE outbox SET status = 'failed', last_error = 'Written before mail delivery existed; not sent.';
CREATE INDEX outbox_pending ON outbox (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX outbox_user ON outbox (user_id);

-- The member's mail settings: the daily reminder digest (on unless turned off) and the time zone the schedules
-- follow (NULL: US Central).
ALTER TABLE users ADD COLUMN reminder_mail INTEGER NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN time_zone TEXT;

-- One row per scheduled mail job, member and period ('alerts' per ISO week, 'reminders' per day, both in the
-- member's time zone). A run claims the row (lease) before building the message, and marks it done in the
-- transaction that writes the message: two API instances, or a restart, never send the same period twice.
CREATE TABLE mail_runs (
  job TEXT NOT NULL CHECK (job IN ('alerts', 'reminders')),
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  period TEXT NOT NULL,
  lease_owner TEXT,
  lease_until TEXT,
  done_at TEXT,
  -- The message written for the period (NULL when there was nothing to tell).
  outbox_id INTEGER REFERENCES outbox (id) ON DELETE SET NULL,
  PRIMARY KEY (job, user_id, period)
) WITHOUT ROWID;
CREATE INDEX mail_runs_done ON mail_runs (job, user_id, done_at);

-- Unsubscribe links (RFC 8058): a random token per message, stored as its sha256; it turns one kind of mail off
-- for its member without a session.
CREATE TABLE mail_unsubscribe_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  list TEXT NOT NULL CHECK (list IN ('alerts', 'reminders')),
  created_at TEXT NOT NULL,
  used_at TEXT
) WITHOUT ROWID;
CREATE INDEX mail_unsubscribe_user ON mail_unsubscribe_tokens (user_id);
