-- What a member paid (issue 25): one row per approved charge, written in the same transaction as the account or
-- the activation it paid for, so that /Me/Subscription lists the charges and each opens a receipt. The card is
-- kept as its last four digits only; what was bought is copied at the time (the plan may change later).
CREATE TABLE member_charges (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  payment_charge_id INTEGER NOT NULL UNIQUE REFERENCES payment_charges (id),
  -- 'sign-up' (POST Register) or 'activation' (POST Users/Me/Subscription).
  kind TEXT NOT NULL CHECK (kind IN ('sign-up', 'activation')),
  plan_id INTEGER NOT NULL REFERENCES plans (id),
  plan_name TEXT NOT NULL,
  months INTEGER NOT NULL,
  -- The coverage bought, as lines of text ("Texas", "Harris County, TX", "Hotel"), JSON: {states, counties, verticals}.
  coverage TEXT NOT NULL,
  -- The price's parts as charged (JSON of PriceComponents: 'Plan Price', …, 'Total').
  components TEXT NOT NULL,
  amount REAL NOT NULL,
  card_last4 TEXT NOT NULL CHECK (length(card_last4) = 4),
  promo_code TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX member_charges_user ON member_charges (user_id, created_at);
