-- Whole schema of the reference API (both spec documents).
-- Dates: ISO-8601 text, date-times as 'YYYY-MM-DDTHH:MM:SS.sssZ', dates as 'YYYY-MM-DD'.

-- Reference data ---------------------------------------------------------

-- US states (country 'US') and Canadian provinces (country 'CA').
CREATE TABLE states (
  id INTEGER PRIMARY KEY,
  abbr TEXT NOT NULL,
  name TEXT NOT NULL,
  country TEXT NOT NULL CHECK (country IN ('US', 'CA')),
  UNIQUE (country, abbr)
);

CREATE TABLE counties (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  state_abbr TEXT NOT NULL,
  UNIQUE (state_abbr, name)
);

-- Real places (zip or city with coordinates) for seeding and geocoding.
CREATE TABLE places (
  id INTEGER PRIMARY KEY,
  country TEXT NOT NULL,
  zip TEXT,
  city TEXT NOT NULL,
  state_abbr TEXT NOT NULL,
  county TEXT,
  lat REAL NOT NULL,
  lng REAL NOT NULL
);
CREATE INDEX places_zip ON places (zip);
CREATE INDEX places_city ON places (state_abbr, city);

-- Project types are the "verticals" of the sign-up document.
CREATE TABLE project_types (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  units_label TEXT,
  has_units INTEGER NOT NULL DEFAULT 0
);
CREATE VIEW verticals AS SELECT id, name FROM project_types;

CREATE TABLE project_subtypes (
  id INTEGER PRIMARY KEY,
  type_id INTEGER NOT NULL REFERENCES project_types (id),
  name TEXT NOT NULL
);
CREATE INDEX project_subtypes_type ON project_subtypes (type_id);

CREATE TABLE brands (
  id INTEGER PRIMARY KEY,
  type_id INTEGER NOT NULL REFERENCES project_types (id),
  name TEXT NOT NULL
);
CREATE INDEX brands_type ON brands (type_id);

CREATE TABLE stages (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE sectors (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);

CREATE TABLE construction_types (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);

CREATE TABLE materials (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);

CREATE TABLE company_types (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);

-- Plans, services, promo codes ------------------------------------------

CREATE TABLE plans (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT,
  base_price REAL NOT NULL,
  additional_vertical_market_cost REAL NOT NULL DEFAULT 0,
  additional_state_cost REAL NOT NULL DEFAULT 0,
  coverage_limit INTEGER NOT NULL DEFAULT 1,
  coverage_state INTEGER NOT NULL DEFAULT 0 CHECK (coverage_state IN (0, 1)),
  coverage_county INTEGER NOT NULL DEFAULT 0 CHECK (coverage_county IN (0, 1)),
  coverage_vertical_market INTEGER NOT NULL DEFAULT 0 CHECK (coverage_vertical_market IN (0, 1)),
  users_count INTEGER NOT NULL DEFAULT 1,
  months INTEGER NOT NULL DEFAULT 12,
  download INTEGER NOT NULL DEFAULT 0,
  is_free_trial INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE additional_services (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  base_price REAL NOT NULL,
  description TEXT
);

CREATE TABLE promo_codes (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE COLLATE NOCASE,
  percent_off REAL,
  amount_off REAL,
  active INTEGER NOT NULL DEFAULT 1,
  expires_at TEXT
);

-- Users, roles, auth ------------------------------------------------------

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  company TEXT,
  phone TEXT,
  address1 TEXT,
  address2 TEXT,
  city TEXT,
  state TEXT,
  county TEXT,
  zip TEXT,
  country TEXT DEFAULT 'US',
  referrer TEXT,
  member_type TEXT NOT NULL DEFAULT 'Member',
  allow_download INTEGER NOT NULL DEFAULT 0,
  allow_share INTEGER NOT NULL DEFAULT 0,
  allow_directory INTEGER NOT NULL DEFAULT 0,
  allow_companysearch INTEGER NOT NULL DEFAULT 0,
  display_subscription_nudge INTEGER NOT NULL DEFAULT 0,
  alert_weekly INTEGER NOT NULL DEFAULT 0,
  alert_operator INTEGER CHECK (alert_operator IN (0, 1)),
  alert_value TEXT,
  ical_hash TEXT UNIQUE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE user_alert_project_types (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_type_id INTEGER NOT NULL REFERENCES project_types (id),
  PRIMARY KEY (user_id, project_type_id)
);

CREATE TABLE user_alert_states (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  state_id INTEGER NOT NULL REFERENCES states (id),
  PRIMARY KEY (user_id, state_id)
);

CREATE TABLE roles (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);

CREATE TABLE user_roles (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_id INTEGER NOT NULL REFERENCES roles (id),
  PRIMARY KEY (user_id, role_id)
);

CREATE TABLE access_tokens (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX access_tokens_user ON access_tokens (user_id);

CREATE TABLE password_resets (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX password_resets_user ON password_resets (user_id);

-- E-mails are recorded here; nothing is sent.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  "to" TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- Subscriptions -------------------------------------------------------------

CREATE TABLE subscriptions (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  plan_id INTEGER NOT NULL REFERENCES plans (id),
  start_date TEXT,
  trial_end_date TEXT,
  remaining_projects INTEGER,
  payment_total REAL,
  activated INTEGER NOT NULL DEFAULT 0,
  promo_code TEXT,
  discount TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE subscription_additional_services (
  subscription_id INTEGER NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  additional_service_id INTEGER NOT NULL REFERENCES additional_services (id),
  PRIMARY KEY (subscription_id, additional_service_id)
);

CREATE TABLE subscription_project_types (
  subscription_id INTEGER NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  project_type_id INTEGER NOT NULL REFERENCES project_types (id),
  PRIMARY KEY (subscription_id, project_type_id)
);

CREATE TABLE subscription_states (
  subscription_id INTEGER NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  state_id INTEGER NOT NULL REFERENCES states (id),
  PRIMARY KEY (subscription_id, state_id)
);

CREATE TABLE subscription_counties (
  subscription_id INTEGER NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  county_id INTEGER NOT NULL REFERENCES counties (id),
  PRIMARY KEY (subscription_id, county_id)
);

-- Companies and contacts ----------------------------------------------------

CREATE TABLE companies (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  url TEXT,
  phone TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX companies_name ON companies (name);
CREATE INDEX companies_created ON companies (created_at);
CREATE INDEX companies_updated ON companies (updated_at);

CREATE TABLE company_company_types (
  company_id INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  company_type_id INTEGER NOT NULL REFERENCES company_types (id),
  PRIMARY KEY (company_id, company_type_id)
);
CREATE INDEX company_company_types_type ON company_company_types (company_type_id);

CREATE TABLE company_locations (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  address1 TEXT,
  address2 TEXT,
  city TEXT,
  state TEXT,
  zip TEXT,
  phone TEXT,
  lat REAL,
  lng REAL
);
CREATE INDEX company_locations_company ON company_locations (company_id);
CREATE INDEX company_locations_state ON company_locations (state);

-- Companies that worked together (stored once per direction).
CREATE TABLE company_partners (
  company_id INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  partner_id INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  PRIMARY KEY (company_id, partner_id)
);

CREATE TABLE contacts (
  id INTEGER PRIMARY KEY,
  first_name TEXT,
  last_name TEXT,
  title TEXT,
  company_id INTEGER REFERENCES companies (id) ON DELETE SET NULL,
  email TEXT,
  phone TEXT,
  phone2 TEXT,
  phone3 TEXT,
  fax TEXT,
  location_number TEXT,
  location_fax TEXT,
  address1 TEXT,
  address2 TEXT,
  city TEXT,
  state TEXT,
  zip TEXT,
  url TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX contacts_company ON contacts (company_id);
CREATE INDEX contacts_last_name ON contacts (last_name, first_name);
CREATE INDEX contacts_first_name ON contacts (first_name);
CREATE INDEX contacts_city ON contacts (city);
CREATE INDEX contacts_state ON contacts (state);
CREATE INDEX contacts_created ON contacts (created_at);
CREATE INDEX contacts_updated ON contacts (updated_at);

-- Projects ----------------------------------------------------------------

CREATE TABLE researchers (
  id INTEGER PRIMARY KEY,
  researcher_name TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL
);

CREATE TABLE projects (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  address1 TEXT,
  address2 TEXT,
  city TEXT,
  state TEXT,
  zip TEXT,
  county TEXT,
  lat REAL,
  lng REAL,
  sector TEXT,
  construction_type TEXT,
  renovation_includes_addition INTEGER NOT NULL DEFAULT 0,
  stage_id INTEGER REFERENCES stages (id),
  minimum_value REAL,
  min_unit INTEGER,
  max_unit INTEGER,
  details TEXT,
  is_demolition TEXT,
  negotiated_work TEXT,
  start_date TEXT,
  start_date_notes TEXT,
  end_date TEXT,
  end_date_notes TEXT,
  bidding_date TEXT,
  bidding_information TEXT,
  update_notes TEXT,
  researcher_id INTEGER REFERENCES researchers (id) ON DELETE SET NULL,
  active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX projects_created ON projects (created_at);
CREATE INDEX projects_updated ON projects (updated_at);
CREATE INDEX projects_title ON projects (title);
CREATE INDEX projects_city ON projects (city);
CREATE INDEX projects_state ON projects (state, county);
CREATE INDEX projects_value ON projects (minimum_value);
CREATE INDEX projects_stage ON projects (stage_id);
CREATE INDEX projects_researcher ON projects (researcher_id);

CREATE TABLE project_project_types (
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  project_type_id INTEGER NOT NULL REFERENCES project_types (id),
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (project_id, project_type_id)
) WITHOUT ROWID;
CREATE INDEX project_project_types_type ON project_project_types (project_type_id);

CREATE TABLE project_project_subtypes (
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  project_subtype_id INTEGER NOT NULL REFERENCES project_subtypes (id),
  PRIMARY KEY (project_id, project_subtype_id)
) WITHOUT ROWID;
CREATE INDEX project_project_subtypes_subtype ON project_project_subtypes (project_subtype_id);

CREATE TABLE project_brands (
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  brand_id INTEGER NOT NULL REFERENCES brands (id),
  PRIMARY KEY (project_id, brand_id)
) WITHOUT ROWID;
CREATE INDEX project_brands_brand ON project_brands (brand_id);

CREATE TABLE project_materials (
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  material_id INTEGER NOT NULL REFERENCES materials (id),
  PRIMARY KEY (project_id, material_id)
) WITHOUT ROWID;
CREATE INDEX project_materials_material ON project_materials (material_id);

CREATE TABLE project_contacts (
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  contact_id INTEGER NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
  PRIMARY KEY (project_id, contact_id)
) WITHOUT ROWID;
CREATE INDEX project_contacts_contact ON project_contacts (contact_id);

CREATE TABLE project_updates (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  updated_at TEXT NOT NULL,
  message TEXT NOT NULL
);
CREATE INDEX project_updates_project ON project_updates (project_id, updated_at);

-- Keyword search. Rows are keyed by rowid = projects.id / contacts.id / companies.id
-- and written by the seed after bulk insert, and by the code that changes these rows
-- (db/fts.ts). Contentless: the text is read from the source tables, not stored twice.
CREATE VIRTUAL TABLE projects_fts USING fts5 (
  title, address1, city, state, zip, county, details, updates,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE VIRTUAL TABLE contacts_fts USING fts5 (
  first_name, last_name, title, company_name, email, city, state,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE VIRTUAL TABLE companies_fts USING fts5 (
  name, url, cities,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);

-- Member data ----------------------------------------------------------------

-- Folders: tag_type 1 = projects, 2 = contacts.
CREATE TABLE tags (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  color TEXT NOT NULL,
  tag_type INTEGER NOT NULL CHECK (tag_type IN (1, 2)),
  created_at TEXT NOT NULL
);
CREATE INDEX tags_user ON tags (user_id, tag_type);

-- The saved state of a project for a member.
CREATE TABLE user_projects (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  tag_id INTEGER REFERENCES tags (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  UNIQUE (user_id, project_id)
);
CREATE INDEX user_projects_project ON user_projects (project_id);
CREATE INDEX user_projects_tag ON user_projects (tag_id);

CREATE TABLE user_contacts (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  contact_id INTEGER NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
  tag_id INTEGER REFERENCES tags (id) ON DELETE SET NULL,
  note TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (user_id, contact_id)
);
CREATE INDEX user_contacts_contact ON user_contacts (contact_id);
CREATE INDEX user_contacts_tag ON user_contacts (tag_id);

-- Companies a member keeps ("my companies").
CREATE TABLE user_companies (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  company_id INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  tag_id INTEGER REFERENCES tags (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  UNIQUE (user_id, company_id)
);

CREATE TABLE project_notes (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  note TEXT NOT NULL,
  notification_date TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX project_notes_user ON project_notes (user_id, created_at);
CREATE INDEX project_notes_project ON project_notes (project_id);
CREATE INDEX project_notes_notification ON project_notes (user_id, notification_date);

CREATE TABLE alerts (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message TEXT NOT NULL,
  project_id INTEGER REFERENCES projects (id) ON DELETE CASCADE,
  contact_id INTEGER REFERENCES contacts (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);
CREATE INDEX alerts_user ON alerts (user_id, created_at);

CREATE TABLE saved_searches (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('project', 'contact', 'company')),
  name TEXT NOT NULL,
  search TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX saved_searches_user ON saved_searches (user_id, kind);

CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason TEXT,
  comment TEXT NOT NULL,
  project_id INTEGER REFERENCES projects (id) ON DELETE SET NULL,
  project_name TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX messages_user ON messages (user_id);

-- Projects a trial member has opened; each distinct project costs one report.
CREATE TABLE project_views (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, project_id)
) WITHOUT ROWID;
