import {
  BIDDING_TEXTS,
  CONSTRUCTION_TYPES,
  CONSTRUCTION_WEIGHTS,
  LAST_NAMES,
  NAME_WORDS,
  POSTAL_LETTERS,
  PROJECT_TYPES,
  type ProjectTypeDef,
  QUARTER_CODES,
  STAGE_WEIGHTS,
  STAGES,
  STREET_NAMES,
  UPDATE_MESSAGES,
} from "./catalog";
import {
  canadianPostalCode,
  DAY_MS,
  isoDate,
  isoDateTime,
  jitter,
  pastInstant,
  randomPlace,
  type SeedContext,
} from "./context";
import { type Directory, streetAddress } from "./directory";
import type { Place } from "./geo";
import type { Random } from "./prng";
import type { ReferenceIds } from "./reference";

const TYPE_WEIGHTS = PROJECT_TYPES.map((t) => t.weight);

const AMENITIES: Record<string, string[]> = {
  Hotel: [
    "an indoor pool",
    "a fitness center",
    "meeting space",
    "a rooftop bar",
    "a full-service restaurant",
    "a business center",
  ],
  Multifamily: [
    "a clubhouse",
    "a resort-style pool",
    "structured parking",
    "ground-floor retail",
    "a dog park",
    "a co-working lounge",
  ],
  "Senior Living": ["a dining hall", "a therapy suite", "a chapel", "secured courtyards", "a salon"],
  Office: [
    "structured parking",
    "a fitness center",
    "a conference center",
    "ground-floor retail",
    "a green roof",
  ],
  Retail: ["a drive-thru", "outparcels", "surface parking", "a loading dock"],
  "Industrial / Warehouse": [
    "36-foot clear height",
    "cross-dock loading",
    "trailer parking",
    "an office build-out",
    "ESFR sprinklers",
  ],
  Healthcare: [
    "operating rooms",
    "an imaging suite",
    "an emergency department",
    "a helipad",
    "a central plant",
  ],
  Education: ["classrooms", "a gymnasium", "a media center", "science labs", "athletic fields"],
};
const TITLE_SUFFIX: Record<string, string[]> = {
  Multifamily: ["Apartments", "Residences", "Lofts", "Flats", "Place", "Commons"],
  Office: ["Office Park", "Tower", "Corporate Center", "Plaza"],
  Retail: ["Shopping Center", "Marketplace", "Town Center", "Plaza"],
  "Industrial / Warehouse": [
    "Distribution Center",
    "Logistics Park",
    "Commerce Center",
    "Manufacturing Facility",
  ],
  "Self Storage": ["Self Storage", "Storage Center"],
  Recreation: ["Sports Complex", "Aquatic Center", "Regional Park"],
};

const round2 = (n: number) => Math.round(n * 100) / 100;
const withCommas = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

function projectTitle(
  rng: Random,
  type: ProjectTypeDef,
  subtype: string | null,
  brand: string | null,
  place: Place,
): string {
  const word = rng.pick(NAME_WORDS);
  switch (type.name) {
    case "Hotel":
      return brand
        ? `${brand} ${place.city}${rng.pick(["", "", " Downtown", " Airport", " North", " Medical Center", " Convention Center"])}`
        : `The ${word} Hotel`;
    case "Senior Living":
      return `${word} ${subtype ?? "Senior Living"}`;
    case "Retail":
      return brand ? `${brand} - ${place.city}` : `${word} ${rng.pick(TITLE_SUFFIX.Retail)}`;
    case "Healthcare":
      return `${place.city} ${subtype ?? "Medical Center"}`;
    case "Education":
      if (subtype === "Higher Education") {
        return `${rng.pick(LAST_NAMES)} University ${rng.pick(["Science Building", "Student Center", "Library", "Engineering Hall"])}`;
      }
      if (subtype === "Residence Hall") return `${rng.pick(LAST_NAMES)} Residence Hall`;
      return `${rng.pick(LAST_NAMES)} ${subtype ?? "School"}`;
    case "Government / Municipal":
      return subtype === "Fire Station"
        ? `${place.city} Fire Station No. ${rng.int(1, 40)}`
        : `${place.city} ${subtype ?? "Municipal Building"}`;
    case "Religious":
      return `${rng.pick(["First Baptist", "St. Mary's", "Grace", "New Hope", "Beth Israel", "Cornerstone"])} ${subtype ?? "Church"}`;
    case "Parking Structure":
      return `${place.city} ${rng.pick(["Downtown", "Medical District", "Airport", "University"])} Parking Garage`;
    default: {
      const suffixes = TITLE_SUFFIX[type.name];
      if (suffixes)
        return `${rng.chance(0.3) ? `${rng.pick(STREET_NAMES)} Street` : word} ${rng.pick(suffixes)}`;
      return `${word} ${type.name}`;
    }
  }
}

/** A type's or subtype's name as a common noun: "Mosque" → "mosque", "Class A Office" → "class A office". */
export function commonNoun(name: string): string {
  return name
    .split(" ")
    .map((word) => (/^[A-Z][a-z]+$/.test(word) ? word.toLowerCase() : word))
    .join(" ");
}

/** "1-story", or "3-story, 120-room": a comma only between two adjectives. */
export function projectAdjectives(stories: number, size: string): string {
  return [`${stories}-story`, size].filter(Boolean).join(", ");
}

function projectDetails(
  rng: Random,
  type: ProjectTypeDef,
  subtype: string | null,
  brand: string | null,
  construction: string,
  units: number | null,
  address: string,
  place: Place,
): string {
  // A brand is a name and keeps its capitals; a type or subtype is a common noun ("a 1-story mosque", not
  // "a 1-story, Mosque"), short of an acronym or a grade ("Class A office").
  const what = brand ?? commonNoun(subtype ?? type.name);
  const size =
    units && type.units_label
      ? `${withCommas(units)}-${type.units_label.toLowerCase().replace(/s$/, "")}`
      : "";
  const stories = rng.int(1, type.name === "Office" || type.name === "Multifamily" ? 24 : 8);
  const verb =
    construction === "New"
      ? "the construction of"
      : construction === "Renovation"
        ? "the renovation of"
        : "an addition to";
  const amenities = AMENITIES[type.name];
  const article = /^(8|11|18)\b/.test(String(stories)) || String(stories).startsWith("8") ? "an" : "a";
  const parts = [
    `Plans call for ${verb} ${article} ${projectAdjectives(stories, size)} ${what} at ${address} in ${place.city}, ${place.state}.`,
  ];
  if (amenities) parts.push(`The project will include ${rng.sample(amenities, 2).join(" and ")}.`);
  parts.push(
    rng.pick([
      `The site covers ${(rng.float() * 12 + 0.5).toFixed(1)} acres.`,
      "The owner is working through the local approval process.",
      "Design is being finalized and the project team is still being assembled.",
      "Site work is expected to begin shortly after permits are issued.",
      "The developer has completed similar projects in the region.",
    ]),
  );
  return parts.join(" ");
}

/** Quarter-coded date note, e.g. "q1q2-2027", for the quarter the date falls in. */
function quarterNote(rng: Random, ms: number): string {
  const d = new Date(ms);
  const q = Math.floor(d.getUTCMonth() / 3) + 1;
  const options = QUARTER_CODES.filter((code) => code.includes(`q${q}`));
  return `${rng.pick(options)}-${d.getUTCFullYear()}`;
}

export function seedProjects(ctx: SeedContext, ref: ReferenceIds, directory: Directory) {
  const { db, rng, today } = ctx;
  const insertProject = db.prepare(
    `INSERT INTO projects (id, title, address1, address2, city, state, zip, county, lat, lng, sector, construction_type,
       renovation_includes_addition, stage_id, minimum_value, min_unit, max_unit, details, is_demolition, negotiated_work,
       start_date, start_date_notes, end_date, end_date_notes, bidding_date, bidding_information, update_notes,
       researcher_id, active, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertType = db.prepare(
    "INSERT OR IGNORE INTO project_project_types (project_id, project_type_id, position) VALUES (?, ?, ?)",
  );
  const insertSubtype = db.prepare(
    "INSERT OR IGNORE INTO project_project_subtypes (project_id, project_subtype_id) VALUES (?, ?)",
  );
  const insertBrand = db.prepare("INSERT INTO project_brands (project_id, brand_id) VALUES (?, ?)");
  const insertMaterial = db.prepare("INSERT INTO project_materials (project_id, material_id) VALUES (?, ?)");
  const insertContact = db.prepare(
    "INSERT OR IGNORE INTO project_contacts (project_id, contact_id) VALUES (?, ?)",
  );
  const insertUpdate = db.prepare(
    "INSERT INTO project_updates (project_id, updated_at, message) VALUES (?, ?, ?)",
  );

  const typeIndexes = PROJECT_TYPES.map((_, i) => i);
  const allContacts = Array.from({ length: directory.contactCount }, (_, i) => i + 1);

  for (let id = 1; id <= ctx.projects; id++) {
    const t = rng.weighted(typeIndexes, TYPE_WEIGHTS);
    const type = PROJECT_TYPES[t];
    const place = randomPlace(ctx);
    const address1 = streetAddress(ctx);
    const subIndex = type.subtypes.length > 0 && rng.chance(0.85) ? rng.int(0, type.subtypes.length - 1) : -1;
    const brandChance = type.name === "Hotel" ? 0.85 : 0.3;
    const brandIndex = type.brands && rng.chance(brandChance) ? rng.int(0, type.brands.length - 1) : -1;
    const subtype = subIndex >= 0 ? type.subtypes[subIndex] : null;
    const brand = brandIndex >= 0 && type.brands ? type.brands[brandIndex] : null;
    const construction = rng.weighted(CONSTRUCTION_TYPES, CONSTRUCTION_WEIGHTS);

    let minUnit: number | null = null;
    let maxUnit: number | null = null;
    if (type.units && rng.chance(0.85)) {
      const [lo, hi] = type.units;
      const step = hi > 10_000 ? 1000 : 1;
      minUnit = Math.round((lo + rng.float() ** 2 * (hi - lo)) / step) * step;
      maxUnit = rng.chance(0.3) ? Math.round((minUnit * (1 + rng.float() * 0.4)) / step) * step : minUnit;
      if (rng.chance(0.1)) maxUnit = null;
    }
    const value = round2(Math.max(0.15, type.value * Math.exp(rng.gauss() * 0.85)));

    const created = pastInstant(ctx, 3 * 365);
    const updateCount = rng.weighted([0, 1, 2, 3, 4], [30, 30, 20, 12, 8]);
    const updateTimes: number[] = [];
    for (let u = 0; u < updateCount; u++)
      updateTimes.push(created + Math.floor(rng.float() * (today - created)));
    updateTimes.sort((a, b) => a - b);
    const updated =
      updateTimes.length > 0
        ? updateTimes[updateTimes.length - 1]
        : created + Math.floor(rng.float() * Math.min(today - created, 7 * DAY_MS));
    const legacyNotes =
      today - created > 2 * 365 * DAY_MS && rng.chance(0.25)
        ? rng
            .sample(UPDATE_MESSAGES, rng.int(1, 3))
            .map((m) => `${isoDate(created + rng.int(1, 200) * DAY_MS)}: ${m}`)
            .join("\n")
        : null;

    const start = created + rng.int(-60, 720) * DAY_MS;
    const end = start + rng.int(180, 900) * DAY_MS;
    const hasBidding = rng.chance(0.25);
    const biddingDate = hasBidding && rng.chance(0.85) ? isoDate(start - rng.int(14, 120) * DAY_MS) : null;
    const biddingInfo = hasBidding && rng.chance(0.8) ? rng.pick(BIDDING_TEXTS) : null;

    insertProject.run(
      id,
      `${projectTitle(rng, type, subtype, brand, place)}${construction === "New" ? "" : ` ${construction}`}`,
      address1,
      rng.chance(0.08) ? `Lot ${rng.int(1, 40)}` : null,
      place.city,
      place.state,
      place.zip ?? canadianPostalCode(ctx, POSTAL_LETTERS[place.state] ?? "K"),
      place.county,
      jitter(ctx, place.lat),
      jitter(ctx, place.lng),
      rng.chance(type.publicShare) ? "Public" : "Private",
      construction,
      construction === "Renovation" && rng.chance(0.15) ? 1 : 0,
      ref.stageIds[STAGES.indexOf(rng.weighted(STAGES, STAGE_WEIGHTS))],
      value,
      minUnit,
      maxUnit,
      projectDetails(rng, type, subtype, brand, construction, minUnit, address1, place),
      rng.weighted(["Yes", "No", null], [8, 52, 40]),
      rng.weighted(["Yes", "Bidding", null], [25, 35, 40]),
      rng.chance(0.9) ? isoDate(start) : null,
      rng.chance(0.4) ? quarterNote(rng, start) : null,
      rng.chance(0.75) ? isoDate(end) : null,
      rng.chance(0.3) ? quarterNote(rng, end) : null,
      biddingDate,
      biddingInfo,
      legacyNotes,
      rng.pick(ref.researcherIds),
      rng.chance(0.97) ? 1 : 0,
      isoDateTime(created),
      isoDateTime(updated),
    );

    insertType.run(id, ref.typeIds[t], 0);
    // Mixed-use: a second type, e.g. a hotel with retail.
    if (rng.chance(0.1)) insertType.run(id, ref.typeIds[rng.weighted(typeIndexes, TYPE_WEIGHTS)], 1);
    if (subIndex >= 0) insertSubtype.run(id, ref.subtypeIds[t][subIndex]);
    if (subIndex >= 0 && rng.chance(0.1)) insertSubtype.run(id, rng.pick(ref.subtypeIds[t]));
    if (brandIndex >= 0) insertBrand.run(id, ref.brandIds[t][brandIndex]);
    if (rng.chance(0.7))
      for (const m of rng.sample(ref.materialIds, rng.int(1, 5))) insertMaterial.run(id, m);

    const nearby = directory.contactsByState.get(place.state);
    const contactCount = rng.weighted([0, 1, 2, 3, 4], [10, 25, 30, 20, 15]);
    for (let k = 0; k < contactCount; k++) {
      const pool = nearby && nearby.length > 0 && rng.chance(0.85) ? nearby : allContacts;
      insertContact.run(id, rng.pick(pool));
    }
    for (const time of updateTimes) insertUpdate.run(id, isoDateTime(time), rng.pick(UPDATE_MESSAGES));
  }
}
