import { Hono } from "hono";
import { z } from "zod";
import {
  type CompanyRow,
  EditCompanyRequest,
  MAX_COMPANY_LOCATIONS,
  MergeCompanyRequest,
  mayEditCompanies,
  mayMergeCompanies,
} from "../../contract/companies";
import { endpoints } from "../../contract/endpoints";
import { type CsvColumn, listDownload } from "../csv";
import { ApiError, type AppEnv, type Deps, idParam, notFound, readBody, requireAuth } from "../http";
import { companyQueries, parseCompanyListParams } from "../models/companies/index";
import { companyTypeIds } from "../models/companies/search";
import { Id } from "../params";
import { memberRights } from "../rights";

export const COMPANY_NOT_FOUND = "A company with this ID could not be found.";
export const NO_COMPANY_SEARCH = "Your subscription does not include the company search.";
export const NO_EDIT = "You may not edit companies.";
export const NO_MERGE = "You may not merge companies.";

/** The columns of a company download: the list's columns, every type by name. */
const COMPANY_CSV: readonly CsvColumn<CompanyRow>[] = [
  { header: "Name", cell: (r) => r.name },
  { header: "Website", cell: (r) => r.url },
  { header: "Company Type", cell: (r) => r.types.map((t) => t.name).join(", ") },
  { header: "Entered", cell: (r) => r.created_at.slice(0, 10) },
  { header: "Updated", cell: (r) => r.updated_at.slice(0, 10) },
];

/** Free text of a form field: "" and absent are none. */
const optionalText = (max: number) =>
  z.preprocess((v) => (v === undefined || v === "" ? null : v), z.string().trim().max(max).nullable());

const LocationBody = z.object({
  id: Id.optional(),
  address1: optionalText(255),
  address2: optionalText(255),
  city: optionalText(100),
  state: optionalText(50),
  zip: optionalText(20),
  phone: optionalText(50),
});
const EditBody = EditCompanyRequest.extend({
  url: optionalText(255),
  phone: optionalText(50),
  types: z.array(Id).max(20),
  locations: z.array(LocationBody).max(MAX_COMPANY_LOCATIONS),
});
const MergeBody = MergeCompanyRequest.extend({ mergeWithId: Id });

export function companyRoutes(deps: Deps) {
  const { db } = deps;
  const companies = companyQueries(db);
  const rights = memberRights(deps);
  /** What the member may see of a company's projects, people and partners (decision 104). */
  const reachOf = (userId: number) => ({
    projects: rights.openableProjects(userId),
    contacts: rights.readableContacts(userId),
  });
  const auth = requireAuth(deps);
  const mayBrowse = db
    .prepare<[number], number>("SELECT allow_companysearch FROM users WHERE id = ?")
    .pluck();
  const roles = db
    .prepare<[number], string>(
      "SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ?",
    )
    .pluck();
  const exists = db.prepare<[number], number>("SELECT id FROM companies WHERE id = ?").pluck();
  const locationIds = db
    .prepare<[number], number>("SELECT id FROM company_locations WHERE company_id = ?")
    .pluck();
  const states = db.prepare<[string], { id: number; abbr: string; name: string }>(
    "SELECT id, abbr, name FROM states WHERE country = ? ORDER BY name",
  );
  const companyTypes = db.prepare<[], { id: number; name: string }>(
    "SELECT id, name FROM company_types ORDER BY name",
  );

  /** Every company call needs the company search, or a role that edits companies. */
  function checkSearch(userId: number) {
    if (mayBrowse.get(userId)) return;
    if (mayEditCompanies(roles.all(userId))) return;
    throw new ApiError(403, NO_COMPANY_SEARCH);
  }
  function requireCompany(id: number) {
    if (exists.get(id) === undefined) throw notFound(COMPANY_NOT_FOUND);
  }

  const app = new Hono<AppEnv>();
  const e = endpoints;

  app.on(e.companies.method, e.companies.route, auth, (c) => {
    checkSearch(c.get("userId"));
    return c.json(companies.list(parseCompanyListParams(c.req.query())));
  });

  app.on(e.companySearchOptions.method, e.companySearchOptions.route, auth, (c) => {
    checkSearch(c.get("userId"));
    return c.json({ data: { states: states.all("US"), companyTypes: companyTypes.all() } });
  });

  app.on(
    e.downloadCompanies.method,
    e.downloadCompanies.route,
    listDownload(deps, {
      name: "companies",
      params: parseCompanyListParams,
      check: (userId) => checkSearch(userId),
      ids: (_userId, p, limit) => companies.iterateIds(p, limit),
      rows: (_userId, ids) => companies.rowsFor(ids),
      count: (_userId, p) => companies.list({ ...p, page: 1, perPage: 1 }).data.total,
      columns: COMPANY_CSV,
    }),
  );

  app.on(e.company.method, e.company.route, auth, (c) => {
    checkSearch(c.get("userId"));
    const company = companies.get(idParam(c), reachOf(c.get("userId")));
    if (!company) throw notFound(COMPANY_NOT_FOUND);
    return c.json({ data: company });
  });

  app.on(e.editCompany.method, e.editCompany.route, auth, async (c) => {
    const userId = c.get("userId");
    if (!mayEditCompanies(roles.all(userId))) throw new ApiError(403, NO_EDIT);
    const id = idParam(c);
    requireCompany(id);
    const body = await readBody(c, EditBody);
    const own = new Set(locationIds.all(id));
    if (body.locations.some((l) => l.id !== undefined && !own.has(l.id))) {
      const message = "A location does not belong to this company.";
      throw new ApiError(422, message, { locations: [message] });
    }
    const known = new Set(companyTypeIds(db, body.types));
    const valid = new Set(companyTypes.all().map((t) => t.id));
    if (body.types.some((t) => !known.has(t) || !valid.has(t))) {
      const message = "The selected company type is invalid.";
      throw new ApiError(422, message, { types: [message] });
    }
    companies.update(id, body, deps.now().toISOString());
    return c.json({ message: "The company was saved.", data: companies.get(id, reachOf(userId)) });
  });

  app.on(e.companyProjects.method, e.companyProjects.route, auth, (c) => {
    const userId = c.get("userId");
    checkSearch(userId);
    const id = idParam(c);
    requireCompany(id);
    // Only the projects the member may open (decision 104).
    return c.json({ data: companies.projectsOf(id, rights.openableProjects(userId)) });
  });

  app.on(e.companyPartners.method, e.companyPartners.route, auth, (c) => {
    const userId = c.get("userId");
    checkSearch(userId);
    const id = idParam(c);
    requireCompany(id);
    return c.json({ data: companies.partnersOf(id, reachOf(userId)) });
  });

  app.on(e.companyDuplicates.method, e.companyDuplicates.route, auth, (c) => {
    if (!mayMergeCompanies(roles.all(c.get("userId")))) throw new ApiError(403, NO_MERGE);
    const id = idParam(c);
    requireCompany(id);
    return c.json({ data: companies.duplicatesOf(id) });
  });

  app.on(e.mergeCompany.method, e.mergeCompany.route, auth, async (c) => {
    if (!mayMergeCompanies(roles.all(c.get("userId")))) throw new ApiError(403, NO_MERGE);
    const id = idParam(c);
    requireCompany(id);
    const { mergeWithId } = await readBody(c, MergeBody);
    if (mergeWithId === id) {
      const message = "A company cannot be merged into itself.";
      throw new ApiError(422, message, { mergeWithId: [message] });
    }
    if (exists.get(mergeWithId) === undefined) {
      const message = "The company to merge could not be found.";
      throw new ApiError(422, message, { mergeWithId: [message] });
    }
    companies.merge(id, mergeWithId, deps.now().toISOString());
    return c.json({
      message: "The companies were merged.",
      data: companies.get(id, reachOf(c.get("userId"))),
    });
  });

  return app;
}
