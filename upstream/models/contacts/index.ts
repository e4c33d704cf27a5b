/**
 * The contact queries of the reference API: lists (paged and counted), downloads, one contact. The parameters are
 * read in params.ts, the search SQL is built in search.ts, rows are shaped in rows.ts.
 */
import type { Db } from "../../db/index";
import type { ContactListParams } from "./params";
import { contactRows } from "./rows";
import { buildContactQuery } from "./search";

export { type ContactListParams, parseContactListParams } from "./params";

/** Prepared contact queries for one database. */
export function contactQueries(db: Db) {
  const { rowsFor, get } = contactRows(db);
  const totalAll = db.prepare<[], number>("SELECT count(*) FROM contacts").pluck();
  const totalMine = db
    .prepare<[number], number>("SELECT count(*) FROM user_contacts WHERE user_id = ?")
    .pluck();
  const countFts = db
    .prepare<[string], number>("SELECT count(*) FROM contacts_fts WHERE contacts_fts MATCH ?")
    .pluck();

  function list(userId: number, p: ContactListParams) {
    const q = buildContactQuery(db, userId, p);
    const matching = q.ftsOnly
      ? countFts.get(q.ftsOnly)
      : db
          .prepare<unknown[], number>(`SELECT count(*) FROM ${q.from} ${q.where}`)
          .pluck()
          .get(...q.params);
    // Deferred join: page the ids on the narrow query, then load the page's rows by id.
    const ids = db
      .prepare<unknown[], number>(
        `SELECT c.id FROM ${q.from} ${q.where} ORDER BY ${q.order} LIMIT ? OFFSET ?`,
      )
      .pluck()
      .all(...q.params, p.perPage, (p.page - 1) * p.perPage);
    const total = p.mine || p.tag !== null ? totalMine.get(userId) : totalAll.get();
    return { data: { total: matching ?? 0, data: rowsFor(userId, ids) }, total: total ?? 0 };
  }

  /** Ordered ids for a download (no count), up to `limit`. */
  function* iterateIds(userId: number, p: ContactListParams, limit: number): Generator<number> {
    const q = buildContactQuery(db, userId, p);
    let n = 0;
    for (const id of db
      .prepare<unknown[], number>(`SELECT c.id FROM ${q.from} ${q.where} ORDER BY ${q.order}`)
      .pluck()
      .iterate(...q.params)) {
      yield id;
      if (++n >= limit) return;
    }
  }

  return { list, get, rowsFor, iterateIds };
}
