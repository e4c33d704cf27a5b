import { Hono } from "hono";
import { z } from "zod";
import { TAG_TYPE } from "../../contract/user";
import type { Db } from "../db/index";
import {
  ApiError,
  type AppEnv,
  csvAttachment,
  type Deps,
  downloadRequestReader,
  notFound,
  readBody,
  requireAuth,
} from "../http";
import {
  buildContactQuery,
  type ContactListParams,
  contactDecorations,
  contactQueries,
  parseContactListParams,
} from "../models/contacts";

const CONTACT_NOT_FOUND = "A contact with this ID could not be found.";
const NO_DIRECTORY = "Your subscription does not include the contact directory.";
export const NO_DOWNLOAD = "Your subscription does not include downloads.";
export const DOWNLOAD_LIMIT = 10_000;
/** The list's columns (member-app.md §2 Contacts), the folder by name. */
export const CSV_COLUMNS = [
  "First Name",
  "Last Name",
  "Title",
  "Company",
  "Company Type",
  "Email",
  "City",
  "State",
  "Created",
  "Updated",
  "Folder",
] as const;

/** Ids arrive as numbers (JSON) or digit strings (forms). */
const Id = z.preprocess(
  (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number().int().positive(),
);
const NullableId = z.preprocess((v) => (v === "" || v === "null" ? null : v), Id.nullable());

const SaveBody = z.object({ contact_id: Id });
const NoteBody = z.object({
  contact_id: Id,
  note: z.string().max(10_000, "The note may not be greater than 10000 characters.").nullable(),
});
const TagBody = z.object({ contact_id: Id, tag_id: NullableId });

/** A CSV cell: formula-looking text gets a leading quote; RFC 4180 quoting when needed. */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
export const csvLine = (cells: (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(",")}\r\n`;

interface Flags {
  allow_download: number;
  allow_directory: number;
}

export function contactRoutes(deps: Deps) {
  const { db } = deps;
  const contacts = contactQueries(db);
  const auth = requireAuth(deps);
  const flags = db.prepare<[number], Flags>("SELECT allow_download, allow_directory FROM users WHERE id = ?");
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
  const readDownloadRequest = downloadRequestReader(deps);
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
  function ensureSaved(userId: number, contactId: number) {
    const now = deps.now().toISOString();
    saveLink.run(userId, contactId, now, now);
    return savedLink(userId, contactId);
  }
  function checkDirectory(userId: number, p: ContactListParams) {
    if (p.mine || p.tag !== null) return;
    if (!flags.get(userId)?.allow_directory) throw new ApiError(403, NO_DIRECTORY);
  }

  const app = new Hono<AppEnv>();

  app.get("/Contacts", auth, (c) => {
    const userId = c.get("userId");
    const p = parseContactListParams(c.req.query());
    checkDirectory(userId, p);
    return c.json(contacts.list(userId, p));
  });

  app.get("/Contacts/AdvancedOptions", auth, (c) =>
    c.json({
      data: { states: states.all("US"), provinces: states.all("CA"), companyTypes: companyTypes.all() },
    }),
  );

  app.get("/Contacts/:id{[0-9]+}", auth, (c) => {
    const contact = contacts.get(c.get("userId"), Number(c.req.param("id")));
    if (!contact) throw notFound(CONTACT_NOT_FOUND);
    return c.json({ data: contact });
  });

  app.post("/Contacts/Save", auth, async (c) => {
    const { contact_id } = await readBody(c, SaveBody);
    requireContact(contact_id);
    const link = ensureSaved(c.get("userId"), contact_id);
    return c.json({ message: "The contact was saved.", data: { id: link.id, tag_id: link.tag_id } });
  });

  app.delete("/Contacts/:id{[0-9]+}", auth, (c) => {
    const id = Number(c.req.param("id"));
    requireContact(id);
    unsave.run(c.get("userId"), id);
    return c.json({ message: "The contact was removed from your saved contacts." });
  });

  app.post("/Contacts/AddNote", auth, async (c) => {
    const body = await readBody(c, NoteBody);
    requireContact(body.contact_id);
    const userId = c.get("userId");
    const note = body.note?.trim() ? body.note.trim() : null;
    const now = deps.now().toISOString();
    db.transaction(() => {
      ensureSaved(userId, body.contact_id);
      setNote.run(note, note === null ? null : now, now, userId, body.contact_id);
    }).immediate();
    return c.json({ message: "Your note was saved successfully.", data: { note } });
  });

  app.post("/Contacts/AddTag", auth, async (c) => {
    const body = await readBody(c, TagBody);
    requireContact(body.contact_id);
    const userId = c.get("userId");
    if (body.tag_id !== null && !ownContactTag.get(body.tag_id, userId, TAG_TYPE.contact)) {
      const message = "The selected folder does not exist.";
      throw new ApiError(422, message, { tag_id: [message] });
    }
    const link = db
      .transaction(() => {
        ensureSaved(userId, body.contact_id);
        setTag.run(body.tag_id, deps.now().toISOString(), userId, body.contact_id);
        return savedLink(userId, body.contact_id);
      })
      .immediate();
    return c.json({ message: "The folder was updated.", data: { id: link.id, tag_id: link.tag_id } });
  });

  app.post("/Contacts/Download", async (c) => {
    const { userId, body } = await readDownloadRequest(c);
    if (!flags.get(userId)?.allow_download) throw new ApiError(403, NO_DOWNLOAD);
    const p = parseContactListParams(body);
    checkDirectory(userId, p);
    const date = deps.now().toISOString().slice(0, 10);
    return csvAttachment(contactCsvStream(db, userId, p), `contacts-${date}.csv`);
  });

  return app;
}

interface CsvRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  title: string | null;
  company_id: number | null;
  company_name: string | null;
  email: string | null;
  city: string | null;
  state: string | null;
  created_at: string;
  updated_at: string;
}

const BATCH = 500;

/**
 * The CSV of a contact list (at most DOWNLOAD_LIMIT rows). The ordered ids are read first with `.iterate()`
 * (a synchronous pass that stops at the cap), then rows are loaded and written in batches as the client
 * reads, so no statement stays open across the stream and memory stays small.
 */
export function contactCsvStream(db: Db, userId: number, p: ContactListParams): ReadableStream<Uint8Array> {
  const q = buildContactQuery(db, userId, p);
  const ids: number[] = [];
  const idStatement = db
    .prepare<unknown[], number>(`SELECT c.id FROM ${q.from} ${q.where} ORDER BY ${q.order}`)
    .pluck();
  for (const id of idStatement.iterate(...q.params)) {
    ids.push(id);
    if (ids.length >= DOWNLOAD_LIMIT) break;
  }
  const encoder = new TextEncoder();
  let offset = 0;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine([...CSV_COLUMNS])));
        return;
      }
      if (offset >= ids.length) {
        controller.close();
        return;
      }
      const batch = ids.slice(offset, offset + BATCH);
      offset += batch.length;
      const rows = db
        .prepare<unknown[], CsvRow>(
          `SELECT c.id, c.first_name, c.last_name, c.title, c.company_id, co.name AS company_name, c.email,
             c.city, c.state, c.created_at, c.updated_at
           FROM contacts c LEFT JOIN companies co ON co.id = c.company_id
           WHERE c.id IN (${batch.map(() => "?").join(",")})`,
        )
        .all(...batch);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const deco = contactDecorations(db, userId, rows);
      let out = "";
      for (const id of batch) {
        const r = byId.get(id);
        if (!r) continue;
        const link = deco.link(r.id);
        out += csvLine([
          r.first_name,
          r.last_name,
          r.title,
          r.company_name,
          deco.companyType(r.company_id)?.name,
          r.email,
          r.city,
          r.state,
          r.created_at.slice(0, 10),
          r.updated_at.slice(0, 10),
          link ? deco.tag(link.tag_id)?.name : null,
        ]);
      }
      controller.enqueue(encoder.encode(out));
    },
  });
}
