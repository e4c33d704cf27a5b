import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import {
  CountiesQuery,
  SAVED_SEARCH_NAME_TAKEN,
  SAVED_SEARCHES_MAX,
  type SavedSearch,
  SaveSearchRequest,
  UpdateSavedSearchRequest,
} from "../../contract/searches";
import { writeTransaction } from "../db/index";
import { ApiError, type AppEnv, type Deps, idParam, notFound, readBody, requireAuth } from "../http";

const SAVED_SEARCH_NOT_FOUND = "A saved search with this ID could not be found.";
const TOO_MANY_SAVED_SEARCHES = `You can keep at most ${SAVED_SEARCHES_MAX} saved searches of each kind.`;
const NOT_JSON = "The search must be a JSON object.";
const PROJECT_SEARCHES_ONLY = "Only saved project searches can mail their new matches.";

type Kind = "project" | "contact" | "company";

/**
 * Counties by state for the advanced search, and the member's saved searches of each list (project, contact,
 * company). A member reads and deletes only their own: another member's id
 * answers 404, as a missing one does.
 */
export function searchRoutes(deps: Deps) {
  const { db } = deps;
  const auth = requireAuth(deps);
  const listOf = db.prepare<[number, Kind], SavedSearch>(
    `SELECT id, name, search, mail_frequency FROM saved_searches WHERE user_id = ? AND kind = ?
     ORDER BY name COLLATE NOCASE, id`,
  );
  const countOf = db
    .prepare<[number, Kind], number>("SELECT count(*) FROM saved_searches WHERE user_id = ? AND kind = ?")
    .pluck();
  const insert = db.prepare(
    `INSERT INTO saved_searches (user_id, kind, name, search, created_at, mail_frequency, mail_since)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const own = db.prepare<[number, number, Kind], SavedSearch>(
    "SELECT id, name, search, mail_frequency FROM saved_searches WHERE id = ? AND user_id = ? AND kind = ?",
  );
  // Turning the mail on starts its count of new matches now; daily ↔ weekly keeps it; off leaves it.
  const setMail = db.prepare<[string, string, string, number]>(
    `UPDATE saved_searches SET mail_since = CASE WHEN mail_frequency = 'off' AND ? <> 'off' THEN ? ELSE mail_since END,
       mail_frequency = ? WHERE id = ?`,
  );
  const named = db.prepare<[number, Kind, string], SavedSearch>(
    `SELECT id, name, search, mail_frequency FROM saved_searches
     WHERE user_id = ? AND kind = ? AND name = ? COLLATE NOCASE ORDER BY id LIMIT 1`,
  );
  // A replaced search keeps its id; its new matches are counted from now when it mails.
  const replaceSearch = db.prepare<[string, string, string, string | null, number]>(
    "UPDATE saved_searches SET name = ?, search = ?, mail_frequency = ?, mail_since = ? WHERE id = ?",
  );
  const remove = db.prepare("DELETE FROM saved_searches WHERE id = ?");
  const countiesOf = db.prepare<[string], { id: number; name: string; state: string }>(
    "SELECT id, name, state_abbr AS state FROM counties WHERE state_abbr IN (SELECT value FROM json_each(?)) ORDER BY state_abbr, name",
  );

  const app = new Hono<AppEnv>();

  app.on(endpoints.counties.method, endpoints.counties.route, auth, (c) => {
    const raw = c.req.queries("states[]") ?? c.req.queries("states") ?? [];
    const { states = [] } = CountiesQuery.parse({ states: raw.slice(0, 100) });
    const abbrs = states.map((s) => s.trim().toUpperCase()).filter((s) => /^[A-Z]{2}$/.test(s));
    return c.json({ data: abbrs.length === 0 ? [] : countiesOf.all(JSON.stringify(abbrs)) });
  });

  const kinds = [
    ["project", endpoints.savedProjectSearches, endpoints.saveProjectSearch, endpoints.deleteProjectSearch],
    ["contact", endpoints.savedContactSearches, endpoints.saveContactSearch, endpoints.deleteContactSearch],
    ["company", endpoints.savedCompanySearches, endpoints.saveCompanySearch, endpoints.deleteCompanySearch],
  ] as const;
  for (const [kind, list, save, remove_] of kinds) {
    app.on(list.method, list.route, auth, (c) => c.json({ data: listOf.all(c.get("userId"), kind) }));

    app.on(save.method, save.route, auth, async (c) => {
      const body = await readBody(c, SaveSearchRequest);
      if (!isJsonObject(body.search)) throw new ApiError(422, NOT_JSON, { search: [NOT_JSON] });
      const mail = body.mail_frequency ?? "off";
      if (kind !== "project" && mail !== "off")
        throw new ApiError(422, PROJECT_SEARCHES_ONLY, { mail_frequency: [PROJECT_SEARCHES_ONLY] });
      const userId = c.get("userId");
      const saved = writeTransaction(db, () => {
        const now = deps.now().toISOString();
        const existing = named.get(userId, kind, body.name);
        if (existing && !body.replace)
          throw new ApiError(409, SAVED_SEARCH_NAME_TAKEN, { name: [SAVED_SEARCH_NAME_TAKEN] });
        if (existing) {
          replaceSearch.run(body.name, body.search, mail, mail === "off" ? null : now, existing.id);
          return { search: own.get(existing.id, userId, kind)!, replaced: true };
        }
        if (countOf.get(userId, kind)! >= SAVED_SEARCHES_MAX)
          throw new ApiError(422, TOO_MANY_SAVED_SEARCHES);
        const id = Number(
          insert.run(userId, kind, body.name, body.search, now, mail, mail === "off" ? null : now)
            .lastInsertRowid,
        );
        return { search: own.get(id, userId, kind)!, replaced: false };
      })();
      return saved.replaced
        ? c.json({ data: saved.search, message: "The saved search was replaced." })
        : c.json({ data: saved.search, message: "The search was saved." }, 201);
    });

    app.on(remove_.method, remove_.route, auth, (c) => {
      const search = own.get(idParam(c), c.get("userId"), kind);
      if (!search) throw notFound(SAVED_SEARCH_NOT_FOUND);
      remove.run(search.id);
      return c.json({ message: "The saved search was deleted." });
    });
  }
  // How often a saved project search mails its new matches (the saved-search dialog's choice).
  app.on(endpoints.updateProjectSearch.method, endpoints.updateProjectSearch.route, auth, async (c) => {
    const body = await readBody(c, UpdateSavedSearchRequest);
    const userId = c.get("userId");
    const updated = writeTransaction(db, () => {
      const search = own.get(idParam(c), userId, "project");
      if (!search) throw notFound(SAVED_SEARCH_NOT_FOUND);
      const mail = body.mail_frequency;
      setMail.run(mail, deps.now().toISOString(), mail, search.id);
      return { ...search, mail_frequency: mail };
    })();
    return c.json({ data: updated, message: "The saved search was updated." });
  });
  return app;
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
