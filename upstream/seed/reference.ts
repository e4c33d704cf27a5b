import { ROLES } from "../../contract/user";
import {
  ADDITIONAL_SERVICES,
  COMPANY_TYPES,
  CONSTRUCTION_TYPES,
  MATERIALS,
  PLANS,
  PROJECT_TYPES,
  PROMO_CODES,
  RESEARCHERS,
  SECTORS,
  STAGES,
} from "./catalog";
import type { SeedContext } from "./context";

export interface ReferenceIds {
  /** Type index (into PROJECT_TYPES) → id; subtypes and brands by type index. */
  typeIds: number[];
  subtypeIds: number[][];
  brandIds: number[][];
  stageIds: number[];
  materialIds: number[];
  companyTypeIds: number[];
  researcherIds: number[];
  stateIds: Map<string, number>;
  planIds: Map<string, number>;
  serviceIds: number[];
  roleIds: Map<string, number>;
}

const insertAll = <T>(
  ctx: SeedContext,
  sql: string,
  rows: readonly T[],
  values: (row: T, i: number) => unknown[],
) => {
  const stmt = ctx.db.prepare(sql);
  return rows.map((row, i) => Number(stmt.run(...values(row, i)).lastInsertRowid));
};

export function seedReference(ctx: SeedContext): ReferenceIds {
  const { geo } = ctx;
  const regions = [...geo.states, ...geo.provinces];
  const regionIds = insertAll(
    ctx,
    "INSERT INTO states (abbr, name, country) VALUES (?, ?, ?)",
    regions,
    (r) => [r.abbr, r.name, r.country],
  );
  insertAll(ctx, "INSERT INTO counties (name, state_abbr) VALUES (?, ?)", geo.counties, (c) => [
    c.name,
    c.state_abbr,
  ]);
  insertAll(
    ctx,
    "INSERT INTO places (country, zip, city, state_abbr, county, lat, lng) VALUES (?, ?, ?, ?, ?, ?, ?)",
    [...geo.usPlaces, ...geo.caPlaces],
    (p) => [p.country, p.zip, p.city, p.state, p.county, p.lat, p.lng],
  );

  const typeIds = insertAll(
    ctx,
    "INSERT INTO project_types (name, units_label, has_units) VALUES (?, ?, ?)",
    PROJECT_TYPES,
    (t) => [t.name, t.units_label, t.units ? 1 : 0],
  );
  const subtypeIds = PROJECT_TYPES.map((t, i) =>
    insertAll(ctx, "INSERT INTO project_subtypes (type_id, name) VALUES (?, ?)", t.subtypes, (name) => [
      typeIds[i],
      name,
    ]),
  );
  const brandIds = PROJECT_TYPES.map((t, i) =>
    insertAll(ctx, "INSERT INTO brands (type_id, name) VALUES (?, ?)", t.brands ?? [], (name) => [
      typeIds[i],
      name,
    ]),
  );
  const stageIds = insertAll(ctx, "INSERT INTO stages (name, position) VALUES (?, ?)", STAGES, (name, i) => [
    name,
    i + 1,
  ]);
  insertAll(ctx, "INSERT INTO sectors (name) VALUES (?)", SECTORS, (name) => [name]);
  insertAll(ctx, "INSERT INTO construction_types (name) VALUES (?)", CONSTRUCTION_TYPES, (name) => [name]);
  const materialIds = insertAll(ctx, "INSERT INTO materials (name) VALUES (?)", MATERIALS, (name) => [name]);
  const companyTypeIds = insertAll(
    ctx,
    "INSERT INTO company_types (name) VALUES (?)",
    COMPANY_TYPES,
    (name) => [name],
  );
  // The last two researchers have left: they show only with showInactive.
  const researcherIds = insertAll(
    ctx,
    "INSERT INTO researchers (researcher_name, active) VALUES (?, ?)",
    RESEARCHERS,
    (name, i) => [name, i < RESEARCHERS.length - 2 ? 1 : 0],
  );

  const planIds = insertAll(
    ctx,
    `INSERT INTO plans (slug, name, description, base_price, additional_vertical_market_cost, additional_state_cost,
       coverage_limit, coverage_state, coverage_county, coverage_vertical_market, users_count, months, download, is_free_trial)
     VALUES (@slug, @name, @description, @base_price, @additional_vertical_market_cost, @additional_state_cost,
       @coverage_limit, @coverage_state, @coverage_county, @coverage_vertical_market, @users_count, @months, @download, @is_free_trial)`,
    PLANS,
    (p) => [p],
  );
  const serviceIds = insertAll(
    ctx,
    "INSERT INTO additional_services (name, base_price, description) VALUES (?, ?, ?)",
    ADDITIONAL_SERVICES,
    (s) => [s.name, s.base_price, s.description],
  );
  insertAll(
    ctx,
    "INSERT INTO promo_codes (code, percent_off, amount_off) VALUES (?, ?, ?)",
    PROMO_CODES,
    (p) => [p.code, p.percent_off, p.amount_off],
  );
  const roleIds = insertAll(ctx, "INSERT INTO roles (name) VALUES (?)", ROLES, (name) => [name]);

  return {
    typeIds,
    subtypeIds,
    brandIds,
    stageIds,
    materialIds,
    companyTypeIds,
    researcherIds,
    stateIds: new Map(regions.map((r, i) => [r.abbr, regionIds[i]])),
    planIds: new Map(PLANS.map((p, i) => [p.slug, planIds[i]])),
    serviceIds,
    roleIds: new Map(ROLES.map((r, i) => [r, roleIds[i]])),
  };
}
