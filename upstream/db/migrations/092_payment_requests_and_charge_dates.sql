-- A charge whose answer the app did not get (issue 42, decision 078): the state of each charging request by its
-- idempotency key, which GET Users/Me/Payments/{key} (an activation, the member's own) and GET
-- Register/Payments/{key} (a sign-up, the key its only credential) answer. Written as the request begins
-- ('pending'), and in the transaction of what it made ('completed') or when it was refused ('refused').
CREATE TABLE payment_requests (
  idempotency_key TEXT PRIMARY KEY,
  -- 'registration' (POST Register) or 'activation' (POST Users/Me/Subscription).
  kind TEXT NOT NULL CHECK (kind IN ('registration', 'activation')),
  -- The member who activates; for a registration, the account it made (once completed).
  user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
  state TEXT NOT NULL CHECK (state IN ('pending', 'completed', 'refused')),
  -- Completed: the amount charged (0 for a trial), the receipt (member_charges) if there was a charge, a trial.
  amount REAL,
  member_charge_id INTEGER REFERENCES member_charges (id),
  trial INTEGER NOT NULL DEFAULT 0 CHECK (trial IN (0, 1)),
  -- Refused: what the API answered.
  message TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- The charge's date in the member's time zone when it was made (YYYY-MM-DD): the one date that the receipt e-mail,
-- the receipt page and the subscription page's list all show. Rows from before have none; the API then reads it
-- in the member's zone (users.time_zone, US Central when unset), as the e-mail did.
ALTER TABLE member_charges ADD COLUMN local_date TEXT;
