-- What a member pays against what they get (issue 25, decision 074).

-- A sign-up replayed with its idempotency key: the stored answer only for the same body. The hash leaves out the
-- card and the passwords (a fast hash of those would be a weak copy of them).
ALTER TABLE register_requests ADD COLUMN body_hash TEXT;

-- Card attempts of the sign-up and the activation, and their outcome (no card data): at most 5 declined or refused
-- cards per member (or e-mail address, on sign-up) per hour.
CREATE TABLE payment_attempts (
  id INTEGER PRIMARY KEY,
  subject TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('approved', 'declined', 'refused')),
  created_at TEXT NOT NULL
);
CREATE INDEX payment_attempts_subject ON payment_attempts (subject, created_at);

-- Repair: a limited plan's dimension without rows used to mean "no restriction". It now covers nothing, so the
-- activated subscriptions that lack rows get what the checkout would have chosen for them (§4 of the sign-up
-- document): a state plan the account's state; a vertical plan whose verticals are all included every vertical.
-- What cannot be derived (counties, paid verticals) stays empty: the member chooses it on /Me/Subscription
-- (POST Users/Me/Subscription/Coverage), at no charge, and sees nothing outside it until then.
INSERT OR IGNORE INTO subscription_states (subscription_id, state_id)
SELECT s.id, st.id
FROM subscriptions s
JOIN plans p ON p.id = s.plan_id
JOIN users u ON u.id = s.user_id
JOIN states st ON st.abbr = upper(u.state) AND st.country = 'US'
WHERE s.activated = 1 AND p.coverage_state = 1 AND p.coverage_limit <> -1
  AND NOT EXISTS (SELECT 1 FROM subscription_states x WHERE x.subscription_id = s.id);

INSERT OR IGNORE INTO subscription_project_types (subscription_id, project_type_id)
SELECT s.id, t.id
FROM subscriptions s
JOIN plans p ON p.id = s.plan_id
JOIN project_types t
WHERE s.activated = 1 AND p.coverage_vertical_market = 1 AND p.additional_vertical_market_cost = 0
  AND NOT EXISTS (SELECT 1 FROM subscription_project_types x WHERE x.subscription_id = s.id);
