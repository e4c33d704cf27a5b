import {
  COMPANY_SUFFIXES,
  COMPANY_TYPE_WEIGHTS,
  COMPANY_TYPES,
  FIRST_NAMES,
  LAST_NAMES,
  NAME_WORDS,
  POSTAL_LETTERS,
  STREET_NAMES,
  STREET_SUFFIXES,
  TITLES,
} from "./catalog";
import {
  canadianPostalCode,
  isoDateTime,
  jitter,
  pastInstant,
  phone,
  randomPlace,
  type SeedContext,
} from "./context";
import type { ReferenceIds } from "./reference";

export interface Directory {
  /** Contact ids by state/province abbreviation, to link projects with nearby firms. */
  contactsByState: Map<string, number[]>;
  contactCount: number;
  companyCount: number;
}

interface Location {
  address1: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  fax: string | null;
}

export function streetAddress(ctx: SeedContext): string {
  const { rng } = ctx;
  return `${rng.int(10, 9899)} ${rng.pick(STREET_NAMES)} ${rng.pick(STREET_SUFFIXES)}`;
}

function companyName(ctx: SeedContext, type: string): string {
  const { rng } = ctx;
  const suffix = rng.pick(COMPANY_SUFFIXES[type] ?? ["Group"]);
  const r = rng.float();
  if (r < 0.4) return `${rng.pick(LAST_NAMES)} ${suffix}`;
  if (r < 0.6) return `${rng.pick(LAST_NAMES)} & ${rng.pick(LAST_NAMES)} ${suffix}`;
  return `${rng.pick(NAME_WORDS)} ${suffix}`;
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "");

export function seedDirectory(ctx: SeedContext, ref: ReferenceIds): Directory {
  const { db, rng } = ctx;
  const companyCount = Math.max(20, Math.round(ctx.projects * 0.15));
  const contactCount = Math.max(30, Math.round(ctx.projects * 0.6));

  const insertCompany = db.prepare(
    "INSERT INTO companies (id, name, url, phone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const insertCompanyType = db.prepare(
    "INSERT OR IGNORE INTO company_company_types (company_id, company_type_id) VALUES (?, ?)",
  );
  const insertLocation = db.prepare(
    "INSERT INTO company_locations (company_id, address1, address2, city, state, zip, phone, lat, lng) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertPartner = db.prepare(
    "INSERT OR IGNORE INTO company_partners (company_id, partner_id) VALUES (?, ?)",
  );
  const insertContact = db.prepare(
    `INSERT INTO contacts (id, first_name, last_name, title, company_id, email, phone, phone2, phone3, fax, location_number,
       location_fax, address1, address2, city, state, zip, url, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  const locations: Location[][] = [[]];
  const primaryType: string[] = [""];
  const domains: string[] = [""];
  const names: string[] = [""];
  for (let id = 1; id <= companyCount; id++) {
    const type = rng.weighted(COMPANY_TYPES, COMPANY_TYPE_WEIGHTS);
    // About 2% are duplicates of an earlier firm (the Merge & fix tab's material).
    const duplicateOf = id > 10 && rng.chance(0.02) ? rng.int(1, id - 1) : 0;
    const name = duplicateOf
      ? `${names[duplicateOf]}${rng.pick([", Inc.", " LLC", " Co."])}`
      : companyName(ctx, type);
    const domain = duplicateOf ? domains[duplicateOf] : `${slug(name)}.com`;
    const created = pastInstant(ctx, 5 * 365, 30);
    const updated = Math.min(ctx.today, created + Math.floor(rng.float() * (ctx.today - created)));
    const mainPhone = phone(ctx);
    insertCompany.run(
      id,
      name,
      rng.chance(0.9) ? `www.${domain}` : `https://${domain}`,
      mainPhone,
      isoDateTime(created),
      isoDateTime(updated),
    );
    const actualType = duplicateOf ? primaryType[duplicateOf] : type;
    insertCompanyType.run(id, ref.companyTypeIds[COMPANY_TYPES.indexOf(actualType)]);
    if (rng.chance(0.15)) insertCompanyType.run(id, rng.pick(ref.companyTypeIds));

    const locs: Location[] = [];
    const count = duplicateOf ? 1 : rng.weighted([1, 2, 3, 4], [45, 30, 15, 10]);
    for (let l = 0; l < count; l++) {
      const place = randomPlace(ctx);
      const loc: Location = {
        address1: streetAddress(ctx),
        city: place.city,
        state: place.state,
        zip: place.zip ?? canadianPostalCode(ctx, POSTAL_LETTERS[place.state] ?? "K"),
        phone: l === 0 ? mainPhone : phone(ctx),
        fax: rng.chance(0.3) ? phone(ctx) : null,
      };
      const address2 = rng.chance(0.25) ? `Suite ${rng.int(100, 1900)}` : null;
      insertLocation.run(
        id,
        loc.address1,
        address2,
        loc.city,
        loc.state,
        loc.zip,
        loc.phone,
        jitter(ctx, place.lat),
        jitter(ctx, place.lng),
      );
      locs.push(loc);
    }
    locations.push(locs);
    primaryType.push(actualType);
    domains.push(domain);
    names.push(name);
  }

  for (let id = 1; id <= companyCount; id++) {
    const partners = rng.weighted([0, 1, 2, 3, 4], [25, 25, 25, 15, 10]);
    for (let k = 0; k < partners; k++) {
      const other = rng.int(1, companyCount);
      if (other === id) continue;
      insertPartner.run(id, other);
      insertPartner.run(other, id);
    }
  }

  const contactsByState = new Map<string, number[]>();
  for (let id = 1; id <= contactCount; id++) {
    const company = rng.int(1, companyCount);
    const loc = rng.pick(locations[company]);
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const email = rng.chance(0.92)
      ? `${`${first[0]}${last}`.toLowerCase().replace(/[^a-z]/g, "")}@${domains[company]}`
      : null;
    const created = pastInstant(ctx, 4 * 365);
    const updated = Math.min(ctx.today, created + Math.floor(rng.float() * (ctx.today - created)));
    insertContact.run(
      id,
      first,
      last,
      rng.pick(TITLES[primaryType[company]] ?? ["Manager"]),
      company,
      email,
      phone(ctx),
      rng.chance(0.35) ? phone(ctx) : null,
      rng.chance(0.05) ? phone(ctx) : null,
      rng.chance(0.25) ? phone(ctx) : null,
      loc.phone,
      loc.fax,
      loc.address1,
      null,
      loc.city,
      loc.state,
      loc.zip,
      rng.chance(0.15) ? `https://www.linkedin.com/in/${first}-${last}-${rng.digits(4)}`.toLowerCase() : null,
      isoDateTime(created),
      isoDateTime(updated),
    );
    const list = contactsByState.get(loc.state);
    if (list) list.push(id);
    else contactsByState.set(loc.state, [id]);
  }

  return { contactsByState, contactCount, companyCount };
}
