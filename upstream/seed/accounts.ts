import { randomBytes } from "node:crypto";
import { TAG_PALETTE } from "../../contract/tags";
import { FREE_TRIAL } from "../../contract/user";
import { memberCharges } from "../payments/charges";
import { hashPassword } from "../security";
import { PROJECT_TYPES } from "./catalog";
import { DAY_MS, isoDate, isoDateTime, type SeedContext } from "./context";
import type { Directory } from "./directory";
import type { ReferenceIds } from "./reference";

export const DEMO_PASSWORD = "demo-password";

export interface DemoAccount {
  email: string;
  password: string;
  description: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: "member@example.com",
    description:
      "Paid member (National Edition), every capability on, saved projects and contacts in folders, notes, alerts",
  },
  {
    email: "trial@example.com",
    description: "Free trial: 5 reports left, trial ends in 14 days, subscription nudge on",
  },
  { email: "expired@example.com", description: "Free trial that ended yesterday (blocking dialog)" },
  {
    email: "basic@example.com",
    description: "Paid member (State Edition) without download, share, directory or company search",
  },
  { email: "admin@example.com", description: "Staff, role admin (edits and merges companies)" },
  { email: "researcher@example.com", description: "Staff, role researcher (edits companies, no merge)" },
  { email: "sales@example.com", description: "Staff, role sales (lands on Subscribers)" },
].map((a) => ({ ...a, password: DEMO_PASSWORD }));

const [GREEN, YELLOW, RED, BLACK, BLUE, ORANGE, PURPLE, TEAL] = TAG_PALETTE.map((c) => c.color);

interface AccountDef {
  email: string;
  first_name: string;
  last_name: string;
  member_type: string;
  flags: [download: boolean, share: boolean, directory: boolean, companysearch: boolean];
  nudge?: boolean;
  roles?: string[];
  account?: {
    company: string;
    phone: string;
    address1: string;
    city: string;
    state: string;
    county: string;
    zip: string;
  };
}

const ACCOUNTS: AccountDef[] = [
  {
    email: "member@example.com",
    first_name: "Jordan",
    last_name: "Blake",
    member_type: "Member",
    flags: [true, true, true, true],
    account: {
      company: "Blake Mechanical",
      phone: "(512) 555-0142",
      address1: "401 Congress Ave",
      city: "Austin",
      state: "TX",
      county: "Travis",
      zip: "78701",
    },
  },
  {
    email: "trial@example.com",
    first_name: "Taylor",
    last_name: "Reese",
    member_type: FREE_TRIAL,
    flags: [false, true, true, true],
    nudge: true,
  },
  {
    email: "expired@example.com",
    first_name: "Casey",
    last_name: "Morgan",
    member_type: FREE_TRIAL,
    flags: [false, true, true, true],
    nudge: true,
  },
  {
    email: "basic@example.com",
    first_name: "Sam",
    last_name: "Patel",
    member_type: "Member",
    flags: [false, false, false, false],
  },
  {
    email: "admin@example.com",
    first_name: "Dana",
    last_name: "Whitfield",
    member_type: "Staff",
    flags: [true, true, true, true],
    roles: ["admin"],
  },
  {
    email: "researcher@example.com",
    first_name: "Alicia",
    last_name: "Moreno",
    member_type: "Staff",
    flags: [true, true, true, true],
    roles: ["researcher"],
  },
  {
    email: "sales@example.com",
    first_name: "Marcus",
    last_name: "Bell",
    member_type: "Staff",
    flags: [true, true, true, true],
    roles: ["sales"],
  },
];

const typeId = (ref: ReferenceIds, name: string) =>
  ref.typeIds[PROJECT_TYPES.findIndex((t) => t.name === name)];

export function seedAccounts(ctx: SeedContext, ref: ReferenceIds, directory: Directory) {
  const { db, rng, today } = ctx;
  const day = (offset: number) => isoDate(today + offset * DAY_MS);
  const at = (daysAgo: number) => isoDateTime(today - daysAgo * DAY_MS + rng.int(8 * 3600, 18 * 3600) * 1000);
  // One hash for all demo accounts: scrypt is deliberately slow.
  const passwordHash = hashPassword(DEMO_PASSWORD);

  const insertUser = db.prepare(
    `INSERT INTO users (email, password_hash, first_name, last_name, company, phone, address1, city, state, county, zip, country,
       member_type, allow_download, allow_share, allow_directory, allow_companysearch, display_subscription_nudge, ical_hash,
       created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'US', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertRole = db.prepare("INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)");
  const userIds = new Map<string, number>();
  for (const a of ACCOUNTS) {
    const created = at(a.member_type === FREE_TRIAL ? 10 : 400);
    const id = Number(
      insertUser.run(
        a.email,
        passwordHash,
        a.first_name,
        a.last_name,
        a.account?.company ?? null,
        a.account?.phone ?? null,
        a.account?.address1 ?? null,
        a.account?.city ?? null,
        a.account?.state ?? null,
        a.account?.county ?? null,
        a.account?.zip ?? null,
        a.member_type,
        ...a.flags.map((f) => (f ? 1 : 0)),
        a.nudge ? 1 : 0,
        randomBytes(20).toString("hex"),
        created,
        created,
      ).lastInsertRowid,
    );
    userIds.set(a.email, id);
    for (const role of a.roles ?? []) insertRole.run(id, ref.roleIds.get(role));
  }
  const uid = (email: string) => userIds.get(email) as number;
  db.prepare("UPDATE researchers SET user_id = ? WHERE id = ?").run(
    uid("researcher@example.com"),
    ref.researcherIds[0],
  );

  // Subscriptions.
  const insertSub = db.prepare(
    `INSERT INTO subscriptions (user_id, plan_id, start_date, trial_end_date, remaining_projects, payment_total, activated, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const subscribe = (
    email: string,
    plan: string,
    start: string | null,
    trialEnd: string | null,
    remaining: number | null,
    total: number,
    activated: boolean,
  ) =>
    Number(
      insertSub.run(
        uid(email),
        ref.planIds.get(plan),
        start,
        trialEnd,
        remaining,
        total,
        activated ? 1 : 0,
        at(30),
        at(30),
      ).lastInsertRowid,
    );
  const memberSub = subscribe("member@example.com", "national", day(-200), null, null, 14990, true);
  const basicSub = subscribe("basic@example.com", "state", day(-90), null, null, 5494.95, true);
  const trialSub = subscribe("trial@example.com", "free-trial", null, day(14), 5, 0, false);
  subscribe("expired@example.com", "free-trial", null, day(-1), 2, 0, false);
  db.prepare(
    "INSERT INTO subscription_additional_services (subscription_id, additional_service_id) VALUES (?, ?)",
  ).run(memberSub, ref.serviceIds[2]);
  const subType = db.prepare(
    "INSERT INTO subscription_project_types (subscription_id, project_type_id) VALUES (?, ?)",
  );
  const subState = db.prepare("INSERT INTO subscription_states (subscription_id, state_id) VALUES (?, ?)");
  subType.run(basicSub, typeId(ref, "Hotel"));
  subType.run(basicSub, typeId(ref, "Multifamily"));
  subState.run(basicSub, ref.stateIds.get("TX"));
  subType.run(trialSub, typeId(ref, "Hotel"));
  subState.run(trialSub, ref.stateIds.get("FL"));

  // What the paid members paid, as their receipts show it (member_charges; no random draws, so the rest of the
  // seed stays the same).
  const charges = memberCharges(db);
  const paidAt = (daysAgo: number) => isoDateTime(today - daysAgo * DAY_MS + 10 * 3600 * 1000);
  const insertProcessorCharge = db.prepare(
    "INSERT INTO payment_charges (idempotency_key, amount, approved, created_at) VALUES (?, ?, 1, ?)",
  );
  const planRow = (slug: string) =>
    db.prepare("SELECT id, name, months, base_price FROM plans WHERE slug = ?").get(slug) as {
      id: number;
      name: string;
      months: number;
      base_price: number;
    };
  const servicePrice = db
    .prepare("SELECT base_price FROM additional_services WHERE id = ?")
    .pluck()
    .get(ref.serviceIds[2]) as number;
  const seedCharge = (
    email: string,
    slug: string,
    daysAgo: number,
    coverage: { states: number[]; counties: number[]; verticals: number[] },
    components: Record<string, number>,
  ) => {
    const plan = planRow(slug);
    const total = Object.entries(components).reduce((sum, [, v]) => sum + v, 0);
    const when = paidAt(daysAgo);
    const chargeId = Number(insertProcessorCharge.run(`seed:${email}`, total, when).lastInsertRowid);
    charges.record({
      user_id: uid(email),
      payment_charge_id: chargeId,
      kind: "sign-up",
      plan_id: plan.id,
      plan_name: plan.name,
      months: plan.months,
      coverage: charges.coverageLines(coverage),
      components: { "Plan Price": plan.base_price, ...components, Total: Math.round(total * 100) / 100 },
      amount: Math.round(total * 100) / 100,
      card_last4: "4242",
      promo_code: null,
      created_at: when,
    });
  };
  seedCharge(
    "member@example.com",
    "national",
    200,
    { states: [], counties: [], verticals: [] },
    {
      "Plan Price": planRow("national").base_price,
      "Additional Services": servicePrice,
    },
  );
  seedCharge(
    "basic@example.com",
    "state",
    90,
    {
      states: [ref.stateIds.get("TX") as number],
      counties: [],
      verticals: [typeId(ref, "Hotel"), typeId(ref, "Multifamily")],
    },
    { "Plan Price": planRow("state").base_price, "Additional Vertical Markets": 1999.95 },
  );

  // Alert settings of the paid member.
  db.prepare("UPDATE users SET alert_weekly = 1, alert_operator = 1, alert_value = '5' WHERE id = ?").run(
    uid("member@example.com"),
  );
  for (const name of ["Hotel", "Multifamily"]) {
    db.prepare("INSERT INTO user_alert_project_types (user_id, project_type_id) VALUES (?, ?)").run(
      uid("member@example.com"),
      typeId(ref, name),
    );
  }
  for (const abbr of ["TX", "FL"]) {
    db.prepare("INSERT INTO user_alert_states (user_id, state_id) VALUES (?, ?)").run(
      uid("member@example.com"),
      ref.stateIds.get(abbr),
    );
  }

  // Folders: every member has the four default colours; the paid member renamed them and added custom ones.
  const insertTag = db.prepare(
    "INSERT INTO tags (user_id, name, color, tag_type, created_at) VALUES (?, ?, ?, ?, ?)",
  );
  const folders = (email: string, type: 1 | 2, list: [string, string][]) =>
    list.map(([name, color]) =>
      Number(insertTag.run(uid(email), name, color, type, at(300)).lastInsertRowid),
    );
  const defaults: [string, string][] = [
    ["Green", GREEN],
    ["Yellow", YELLOW],
    ["Red", RED],
    ["Black", BLACK],
  ];
  for (const email of ["trial@example.com", "expired@example.com", "basic@example.com"]) {
    folders(email, 1, defaults);
    folders(email, 2, defaults);
  }
  const member = uid("member@example.com");
  const projectTags = folders("member@example.com", 1, [
    ["Hot Leads", GREEN],
    ["Follow Up", YELLOW],
    ["Bidding Soon", RED],
    ["Archive", BLACK],
    ["Hotels", BLUE],
    ["Texas", ORANGE],
  ]);
  const contactTags = folders("member@example.com", 2, [
    ["Key Contacts", GREEN],
    ["Call Back", YELLOW],
    ["Do Not Call", RED],
    ["Archive", BLACK],
    ["Architects", PURPLE],
    ["Developers", TEAL],
  ]);

  // Saved projects, some in folders, with notes and reminders around this month.
  const projectIds = rng.sample(
    Array.from({ length: ctx.projects }, (_, i) => i + 1),
    Math.min(40, ctx.projects),
  );
  const insertSaved = db.prepare(
    "INSERT INTO user_projects (user_id, project_id, tag_id, created_at) VALUES (?, ?, ?, ?)",
  );
  for (const pid of projectIds)
    insertSaved.run(member, pid, rng.chance(0.75) ? rng.pick(projectTags) : null, at(rng.int(1, 180)));

  const insertNote = db.prepare(
    "INSERT INTO project_notes (user_id, project_id, note, notification_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const now = new Date(today);
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const nextMonthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  const notes = [
    "Call the developer about the GC shortlist.",
    "Send our capabilities brochure to the architect.",
    "Check whether bids were extended.",
    "Follow up on the financing status.",
    "Ask about the mechanical package.",
    "Meeting with the owner's rep.",
    "Drawings should be on the plan room by now.",
    "Confirm the start date with the superintendent.",
  ];
  const reminders: (string | null)[] = [
    ...[2, 9, 16, 23].map((d) => isoDate(monthStart + (d - 1) * DAY_MS)),
    ...[3, 12, 20].map((d) => isoDate(nextMonthStart + (d - 1) * DAY_MS)),
    day(-20),
    day(-45),
    day(5),
    // Due today: in US Central time the seed's (UTC) day is today or tomorrow, so one of these two is due today
    // and a start after 6:00 mails a reminder digest (upstream/mail/digests.ts).
    day(0),
    day(-1),
    null,
    null,
  ];
  reminders.forEach((date, i) => {
    const pid = projectIds[i % projectIds.length];
    const created = at(rng.int(1, 60));
    insertNote.run(member, pid, rng.pick(notes), date, created, created);
  });
  // A second, older note on the first project, for the 'Older notes' section.
  insertNote.run(
    member,
    projectIds[0],
    "First call: they are still choosing an architect.",
    null,
    at(120),
    at(120),
  );

  // Saved contacts with notes.
  const contactIds = rng.sample(
    Array.from({ length: directory.contactCount }, (_, i) => i + 1),
    Math.min(25, directory.contactCount),
  );
  const insertContact = db.prepare(
    "INSERT INTO user_contacts (user_id, contact_id, tag_id, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const contactNotes = [
    "Prefers e-mail.",
    "Met at the state AGC conference.",
    "Decision maker for MEP packages.",
    "Left a voicemail.",
  ];
  for (const cid of contactIds) {
    const created = at(rng.int(1, 200));
    insertContact.run(
      member,
      cid,
      rng.chance(0.7) ? rng.pick(contactTags) : null,
      rng.chance(0.5) ? rng.pick(contactNotes) : null,
      created,
      created,
    );
  }

  // Alerts about saved projects and contacts.
  const insertAlert = db.prepare(
    "INSERT INTO alerts (user_id, message, project_id, contact_id, created_at) VALUES (?, ?, ?, ?, ?)",
  );
  const projectTitle = db.prepare<[number], { title: string }>("SELECT title FROM projects WHERE id = ?");
  const contactName = db.prepare<[number], { name: string }>(
    "SELECT first_name || ' ' || last_name AS name FROM contacts WHERE id = ?",
  );
  for (let i = 0; i < 8; i++) {
    const pid = projectIds[i % projectIds.length];
    const message = rng.pick([
      "has a new update",
      "moved to a new stage",
      "has a new bid date",
      "has new contacts",
    ]);
    insertAlert.run(member, `${projectTitle.get(pid)?.title} ${message}.`, pid, null, at(rng.int(0, 40)));
  }
  for (let i = 0; i < 4; i++) {
    const cid = contactIds[i % contactIds.length];
    insertAlert.run(
      member,
      `${contactName.get(cid)?.name} has new contact details.`,
      null,
      cid,
      at(rng.int(0, 40)),
    );
  }

  // Saved searches of each kind.
  const insertSearch = db.prepare(
    "INSERT INTO saved_searches (user_id, kind, name, search, created_at) VALUES (?, ?, ?, ?, ?)",
  );
  insertSearch.run(
    member,
    "project",
    "Texas hotels",
    JSON.stringify({ projectType: [typeId(ref, "Hotel")], state: ["TX"], operator: "=" }),
    at(60),
  );
  insertSearch.run(
    member,
    "project",
    "Big multifamily",
    JSON.stringify({
      projectType: [typeId(ref, "Multifamily")],
      value: ["25_100_million", "over_100_million"],
      operator: "=",
    }),
    at(50),
  );
  insertSearch.run(
    member,
    "contact",
    "Austin architects",
    JSON.stringify({ companyType: "Architect", city: "Austin", state: "TX" }),
    at(40),
  );
  insertSearch.run(
    member,
    "company",
    "Florida GCs",
    JSON.stringify({ companyType: ["General Contractor"], state: ["FL"] }),
    at(30),
  );

  // The expired trial used three reports.
  const insertView = db.prepare(
    "INSERT INTO project_views (user_id, project_id, created_at) VALUES (?, ?, ?)",
  );
  for (const pid of projectIds.slice(0, 3)) insertView.run(uid("expired@example.com"), pid, at(5));

  return userIds;
}
