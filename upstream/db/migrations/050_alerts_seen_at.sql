-- Alerts reachable from the shell with a count of unread ones (issue 12): when the member last read the Alerts
-- list. GET Alerts sets it; Users/Me counts the alerts created after it (all of them while it is NULL).
ALTER TABLE users ADD COLUMN alerts_seen_at TEXT;
