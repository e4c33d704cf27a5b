import type { Db } from "./index";

/** Keyword-search text of projects, contacts and companies lives in FTS5 tables keyed by the row id. */

const PROJECT_SELECT = `SELECT p.id, p.title, p.address1, p.city, p.state, p.zip, p.county, p.details,
  trim(coalesce(p.update_notes, '') || ' ' ||
       coalesce((SELECT group_concat(u.message, ' ') FROM project_updates u WHERE u.project_id = p.id), ''))
  FROM projects p`;
const CONTACT_SELECT = `SELECT c.id, c.first_name, c.last_name, c.title, co.name, c.email, c.city, c.state
  FROM contacts c LEFT JOIN companies co ON co.id = c.company_id`;
const COMPANY_SELECT = `SELECT co.id, co.name, co.url,
  (SELECT group_concat(l.city || ' ' || l.state, ' ') FROM company_locations l WHERE l.company_id = co.id)
  FROM companies co`;

const INSERT_PROJECT =
  "INSERT INTO projects_fts (rowid, title, address1, city, state, zip, county, details, updates)";
const INSERT_CONTACT =
  "INSERT INTO contacts_fts (rowid, first_name, last_name, title, company_name, email, city, state)";
const INSERT_COMPANY = "INSERT INTO companies_fts (rowid, name, url, cities)";

/** Rebuilds one project's search row (after research changed its text or its updates). */
export function reindexProject(db: Db, projectId: number) {
  db.prepare("DELETE FROM projects_fts WHERE rowid = ?").run(projectId);
  db.prepare(`${INSERT_PROJECT} ${PROJECT_SELECT} WHERE p.id = ?`).run(projectId);
}

/** Rebuilds all three search tables from their source rows. */
export function rebuildSearchIndexes(db: Db) {
  for (const table of ["projects_fts", "contacts_fts", "companies_fts"])
    db.exec(`INSERT INTO ${table} (${table}) VALUES ('delete-all')`);
  db.exec(`${INSERT_PROJECT} ${PROJECT_SELECT}`);
  db.exec(`${INSERT_CONTACT} ${CONTACT_SELECT}`);
  db.exec(`${INSERT_COMPANY} ${COMPANY_SELECT}`);
}

/**
 * Writes the search rows of some companies again (after an edit or a merge), with the contacts of those
 * companies (their company name is searchable). Ids of deleted rows just lose their search row.
 */
export function reindexCompanies(db: Db, companyIds: readonly number[]) {
  const dropCompany = db.prepare("DELETE FROM companies_fts WHERE rowid = ?");
  const addCompany = db.prepare(`${INSERT_COMPANY} ${COMPANY_SELECT} WHERE co.id = ?`);
  const contactsOf = db.prepare<[number], number>("SELECT id FROM contacts WHERE company_id = ?").pluck();
  const dropContact = db.prepare("DELETE FROM contacts_fts WHERE rowid = ?");
  const addContact = db.prepare(`${INSERT_CONTACT} ${CONTACT_SELECT} WHERE c.id = ?`);
  for (const id of companyIds) {
    dropCompany.run(id);
    addCompany.run(id);
    for (const contactId of contactsOf.all(id)) {
      dropContact.run(contactId);
      addContact.run(contactId);
    }
  }
}
