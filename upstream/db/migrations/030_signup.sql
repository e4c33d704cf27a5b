-- Sign-up (issue 13): idempotent registrations and the fake card processor's charges.

-- One row per idempotency key of POST Register: a repeated key answers the stored answer and creates nothing.
CREATE TABLE register_requests (
  idempotency_key TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  answer TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- Charges of the fake processor (upstream/payments/): amounts only, never card data.
CREATE TABLE payment_charges (
  id INTEGER PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  amount REAL NOT NULL,
  approved INTEGER NOT NULL CHECK (approved IN (0, 1)),
  created_at TEXT NOT NULL
);

CREATE INDEX subscription_states_state ON subscription_states (state_id);
