import { Hono } from "hono";
import { z } from "zod";
import { PER_PAGE, TAG_TYPE } from "../../contract/constants";
import {
  AddContactNoteRequest,
  AddContactTagRequest,
  type ContactRow,
  SaveContactRequest,
} from "../../contract/contacts";
import { endpoints } from "../../contract/endpoints";
import { type CsvColumn, listDownload } from "../csv";
import { writeTransaction } from "../db/index";
import { ApiError, type AppEnv, type Deps, idParam, notFound, readBody, requireAuth } from "../http";
import { type ContactListParams, contactQueries, parseContactListParams } from "../models/contacts/index";
import { projectRows } from "../models/projects/rows";
import { Id, NullableId } from "../params";
import { memberRights, NO_DIRECTORY } from "../rights";

const CONTACT_NOT_FOUND = "A contact with this ID could not be found.";

/** A contact row of a download, with its phone (issue 43). */
type ContactCsvRow = ContactRow & { phone: string | null };

/** The columns of a contact download: the list's columns with the phone after the e-mail, the folder by name. */
const CONTACT_CSV: readonly CsvColumn<ContactCsvRow>[] = [
  { header: "First Name", cell: (r) => r.first_name },
  { header: "Last Name", cell: (r) => r.last_name },
  { header: "Title", cell: (r) => r.title },
  { header: "Company", cell: (r) => r.company_name },
  { header: "Company Type", cell: (r) => r.company_type?.name },
  { header: "Email", cell: (r) => r.email },
  { header: "Phone", cell: (r) => r.phone },
  { header: "City", cell: (r) => r.city },
  { header: "State", cell: (r) => r.state },
  { header: "Created", cell: (r) => r.created_at.slice(0, 10) },
  { header: "Updated", cell: (r) => r.updated_at.slice(0, 10) },
  { header: "Folder", cell: (r) => r.tag[0]?.name },
];

const SaveBody = SaveContactRequest.extend({ contact_id: Id });
const NoteBody = AddContactNoteRequest.extend({
  contact_id: Id,
  note: z.string().max(10_000, "The note may not be greater than 10000 characters.").nullable(),
});
const TagBody = AddContactTagRequest.extend({ contact_id: Id, tag_id: NullableId });

export function contactRoutes(deps: Deps) {
  const { db } = deps;
  /** The phones of a batch of contacts (a JSON array of ids), for a download. */
  const csvPhones = db.prepare<[string], { id: number; phone: string | null }>(
    "SELECT id, phone FROM contacts WHERE id IN (SELECT value FROM json_each(?))",
  );
  const contacts = contactQueries(db);
  const projectRowsOf = projectRows(db).rowsFor;
  const auth = requireAuth(deps);
  const rights = memberRights(deps);
  const contactExists = db.prepare<[number], { id: number }>("SELECT id FROM contacts WHERE id = ?");
  const linkOf = db.prepare<[number, number], { id: number; tag_id: number | null; note: string | null }>(
    "SELECT id, tag_id, note FROM user_contacts WHERE user_id = ? AND contact_id = ?",
  );
  const saveLink = db.prepare(
    `INSERT INTO user_contacts (user_id, contact_id, tag_id, note, created_at, updated_at) VALUES (?, ?, NULL, NULL, ?, ?)
     ON CONFLICT (user_id, contact_id) DO NOTHING`,
  );
  const unsave = db.prepare("DELETE FROM user_contacts WHERE user_id = ? AND contact_id = ?");
  const setNote = db.prepare(
    "UPDATE user_contacts SET note = ?, note_updated_at = ?, updated_at = ? WHERE user_id = ? AND contact_id = ?",
  );
  const setTag = db.prepare(
    "UPDATE user_contacts SET tag_id = ?, updated_at = ? WHERE user_id = ? AND contact_id = ?",
  );
  const ownContactTag = db.prepare<[number, number, number], { id: number }>(
    "SELECT id FROM tags WHERE id = ? AND user_id = ? AND tag_type = ?",
  );
  const states = db.prepare<[string], { id: number; abbr: string; name: string }>(
    "SELECT id, abbr, name FROM states WHERE country = ? ORDER BY name",
  );
  const companyTypes = db.prepare<[], { id: number; name: string }>(
    "SELECT id, name FROM company_types ORDER BY name",
  );

  function savedLink(userId: number, contactId: number) {
    const link = linkOf.get(userId, contactId);
    if (!link) throw new ApiError(500, "The contact could not be saved.");
    return link;
  }
  function requireContact(id: number) {
    if (!contactExists.get(id)) throw notFound(CONTACT_NOT_FOUND);
  }
  /** An existing contact this member may read (and so save, file and annotate): see memberRights. */
  function requireReadable(userId: number, id: number) {
    requireContact(id);
    rights.requireReadableContact(userId, id);
  }
  function ensureSaved(userId: number, contactId: number) {
    const now = deps.now().toISOString();
    saveLink.run(userId, contactId, now, now);
    return savedLink(userId, contactId);
  }
  function checkDirectory(userId: number, p: ContactListParams) {
    if (p.mine || p.tag !== null) return;
    rights.requireActiveTrial(userId);
    rights.require(userId, "allow_directory", NO_DIRECTORY);
  }

  const app = new Hono<AppEnv>();
  const e = endpoints;

  app.on(e.contacts.method, e.contacts.route, auth, (c) => {
    const userId = c.get("userId");
    const p = parseContactListParams(c.req.query());
    checkDirectory(userId, p);
    return c.json(contacts.list(userId, p));
  });

  app.on(e.contactSearchOptions.method, e.contactSearchOptions.route, auth, (c) =>
    c.json({
      data: { states: states.all("US"), provinces: states.all("CA"), companyTypes: companyTypes.all() },
    }),
  );

  app.on(e.contact.method, e.contact.route, auth, (c) => {
    requireReadable(c.get("userId"), idParam(c));
    const contact = contacts.get(c.get("userId"), idParam(c));
    if (!contact) throw notFound(CONTACT_NOT_FOUND);
    return c.json({ data: contact });
  });

  /** The contact's active projects that the member may open (decision 104), newest update first, a page of them. */
  function projectsOf(userId: number, contactId: number, page: number) {
    const openable = rights.openableProjects(userId);
    const from = `FROM project_contacts pc JOIN projects p ON p.id = pc.project_id
      WHERE pc.contact_id = ? AND p.active = 1 AND (${openable.sql})`;
    const values = [contactId, ...openable.values];
    const total =
      db
        .prepare<unknown[], number>(`SELECT count(*) ${from}`)
        .pluck()
        .get(...values) ?? 0;
    const ids = db
      .prepare<unknown[], number>(
        `SELECT p.id ${from} ORDER BY p.updated_at DESC, p.id DESC LIMIT ? OFFSET ?`,
      )
      .pluck()
      .all(...values, PER_PAGE, (page - 1) * PER_PAGE);
    return { total, data: projectRowsOf(userId, ids) };
  }

  app.on(e.contactProjects.method, e.contactProjects.route, auth, (c) => {
    const userId = c.get("userId");
    const id = idParam(c);
    requireReadable(userId, id);
    const page = Math.max(1, Math.min(10_000, Number.parseInt(c.req.query("page") ?? "1", 10) || 1));
    return c.json({ data: projectsOf(userId, id, page) });
  });

  app.on(e.saveContact.method, e.saveContact.route, auth, async (c) => {
    const { contact_id } = await readBody(c, SaveBody);
    requireReadable(c.get("userId"), contact_id);
    const link = ensureSaved(c.get("userId"), contact_id);
    return c.json({ message: "The contact was saved.", data: { id: link.id, tag_id: link.tag_id } });
  });

  app.on(e.unsaveContact.method, e.unsaveContact.route, auth, (c) => {
    const id = idParam(c);
    requireContact(id);
    unsave.run(c.get("userId"), id);
    return c.json({ message: "The contact was removed from your saved contacts." });
  });

  app.on(e.saveContactNote.method, e.saveContactNote.route, auth, async (c) => {
    const body = await readBody(c, NoteBody);
    requireReadable(c.get("userId"), body.contact_id);
    const userId = c.get("userId");
    const note = body.note?.trim() ? body.note.trim() : null;
    const now = deps.now().toISOString();
    writeTransaction(db, () => {
      ensureSaved(userId, body.contact_id);
      setNote.run(note, note === null ? null : now, now, userId, body.contact_id);
    })();
    return c.json({ message: "Your note was saved successfully.", data: { note } });
  });

  app.on(e.setContactFolder.method, e.setContactFolder.route, auth, async (c) => {
    const body = await readBody(c, TagBody);
    requireReadable(c.get("userId"), body.contact_id);
    const userId = c.get("userId");
    if (body.tag_id !== null && !ownContactTag.get(body.tag_id, userId, TAG_TYPE.contact)) {
      const message = "The selected folder does not exist.";
      throw new ApiError(422, message, { tag_id: [message] });
    }
    const link = writeTransaction(db, () => {
      ensureSaved(userId, body.contact_id);
      setTag.run(body.tag_id, deps.now().toISOString(), userId, body.contact_id);
      return savedLink(userId, body.contact_id);
    })();
    return c.json({ message: "The folder was updated.", data: { id: link.id, tag_id: link.tag_id } });
  });

  app.on(
    e.downloadContacts.method,
    e.downloadContacts.route,
    listDownload(deps, {
      name: "contacts",
      params: parseContactListParams,
      check: checkDirectory,
      ids: (userId, p, limit) => contacts.iterateIds(userId, p, limit),
      rows: (userId, ids) => {
        const phones = new Map(csvPhones.all(JSON.stringify(ids)).map((r) => [r.id, r.phone]));
        return contacts.rowsFor(userId, ids).map((row) => ({ ...row, phone: phones.get(row.id) ?? null }));
      },
      count: (userId, p) => contacts.list(userId, { ...p, page: 1, perPage: 1 }).data.total,
      columns: CONTACT_CSV,
    }),
  );

  return app;
}
