/**
 * Research changes to projects, applied and recorded together (issue 45): each function updates the project (its
 * updated_at too) and writes one row of project_changes per change, in one transaction. The simulator and the
 * tests change projects through here, so the history always matches the data.
 */
import type { ChangeField } from "../../contract/constants";
import { reindexProject } from "../db/fts";
import { type Db, writeTransaction } from "../db/index";

export type ChangeWriter = ReturnType<typeof changeWriter>;

/** The stages research moves a project through, in order ("On Hold" is left for the stage before it). */
export const STAGE_ORDER = [
  "Conceptual",
  "Planning",
  "Design",
  "Bidding",
  "Pre-Construction",
  "Under Construction",
] as const;

export function changeWriter(db: Db) {
  const insert = db.prepare<[number, ChangeField, string | null, string | null, string]>(
    "INSERT INTO project_changes (project_id, field, old_value, new_value, changed_at) VALUES (?, ?, ?, ?, ?)",
  );
  const touch = db.prepare<[string, number]>("UPDATE projects SET updated_at = ? WHERE id = ?");
  const project = db.prepare<
    [number],
    {
      id: number;
      stage: string | null;
      bidding_date: string | null;
      minimum_value: number | null;
      active: number;
    }
  >(
    `SELECT p.id, s.name AS stage, p.bidding_date, p.minimum_value, p.active FROM projects p
     LEFT JOIN stages s ON s.id = p.stage_id WHERE p.id = ?`,
  );
  const stageId = db.prepare<[string], number>("SELECT id FROM stages WHERE name = ?").pluck();
  const setStage = db.prepare<[number, number]>("UPDATE projects SET stage_id = ? WHERE id = ?");
  const setBid = db.prepare<[string | null, number]>("UPDATE projects SET bidding_date = ? WHERE id = ?");
  const setValue = db.prepare<[number, number]>("UPDATE projects SET minimum_value = ? WHERE id = ?");
  const setActive = db.prepare<[number, number]>("UPDATE projects SET active = ? WHERE id = ?");
  const contactOn = db.prepare("SELECT 1 FROM project_contacts WHERE project_id = ? AND contact_id = ?");
  const contact = db.prepare<
    [number],
    { first_name: string | null; last_name: string | null; company_id: number | null; company: string | null }
  >(
    `SELECT c.first_name, c.last_name, c.company_id, co.name AS company FROM contacts c
     LEFT JOIN companies co ON co.id = c.company_id WHERE c.id = ?`,
  );
  const companyOn = db.prepare(
    `SELECT 1 FROM project_contacts pc JOIN contacts c ON c.id = pc.contact_id
     WHERE pc.project_id = ? AND c.company_id = ?`,
  );
  const addContactLink = db.prepare("INSERT INTO project_contacts (project_id, contact_id) VALUES (?, ?)");
  const addUpdate = db.prepare(
    "INSERT INTO project_updates (project_id, updated_at, message) VALUES (?, ?, ?)",
  );

  const current = (id: number) => {
    const row = project.get(id);
    if (!row) throw new Error(`No project ${id}.`);
    return row;
  };
  const record = (id: number, field: ChangeField, from: string | null, to: string | null, at: string) => {
    insert.run(id, field, from, to, at);
    touch.run(at, id);
  };

  return {
    /** Moves the project to the stage named `stage`. */
    stage: writeTransaction(db, (id: number, stage: string, at: string) => {
      const before = current(id).stage;
      const sid = stageId.get(stage);
      if (sid === undefined) throw new Error(`No stage ${stage}.`);
      if (before === stage) return false;
      setStage.run(sid, id);
      record(id, "stage", before, stage, at);
      return true;
    }),
    /** Sets (or clears) the bid date, YYYY-MM-DD. */
    bidDate: writeTransaction(db, (id: number, date: string | null, at: string) => {
      const before = current(id).bidding_date;
      if (before === date) return false;
      setBid.run(date, id);
      record(id, "bid_date", before, date, at);
      return true;
    }),
    /** Sets the estimated value, in millions. */
    value: writeTransaction(db, (id: number, millions: number, at: string) => {
      const before = current(id).minimum_value;
      if (before === millions) return false;
      setValue.run(millions, id);
      record(id, "estimated_value", before === null ? null : String(before), String(millions), at);
      return true;
    }),
    /** Makes the project active or inactive. */
    status: writeTransaction(db, (id: number, active: boolean, at: string) => {
      const before = current(id).active === 1;
      if (before === active) return false;
      setActive.run(active ? 1 : 0, id);
      record(id, "status", before ? "active" : "inactive", active ? "active" : "inactive", at);
      return true;
    }),
    /** Puts a contact on the project; its company, when new to the project, is recorded as added too. */
    addContact: writeTransaction(db, (id: number, contactId: number, at: string) => {
      current(id);
      const c = contact.get(contactId);
      if (!c || contactOn.get(id, contactId)) return false;
      const newCompany = c.company_id !== null && !companyOn.get(id, c.company_id);
      addContactLink.run(id, contactId);
      const name = [c.first_name, c.last_name].filter(Boolean).join(" ") || `Contact ${contactId}`;
      record(id, "contact_added", null, name, at);
      if (newCompany && c.company) record(id, "company_added", null, c.company, at);
      return true;
    }),
    /** Adds an update note (the Updates tab), searchable at once. */
    updateNote: writeTransaction(db, (id: number, message: string, at: string) => {
      current(id);
      addUpdate.run(id, at, message);
      record(id, "update_note", null, message, at);
      reindexProject(db, id);
      return true;
    }),
  };
}
