/**
 * Members made as the product makes them (a sign-up, what the trial does, an activation with a plan's coverage,
 * time passing), an oracle of what each may open written from the rules of decisions 013, 031, 074 and 104 (not
 * from the API's code), and every list the API derives for a member, as the project ids (and contact and
 * company ids) it names. Shared by tests/upstream/rights-lists*.test.ts.
 */
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { expect } from "vitest";
import { type RegisterOptions, RegisterOptionsAnswer } from "../../contract/register";
import type { Db } from "../../upstream/db/index";
import { mailDigests } from "../../upstream/mail/digests";
import { localTime } from "../../upstream/mail/zones";
import { API_BASE_PATH } from "../../upstream/server";
import type { testApi } from "./helpers";

export type TestApi = ReturnType<typeof testApi>;

const GOOD_CARD = { card_number: "4242424242424242", expiration_date: "12/39", cvv: "123" };
const BILL = {
  first_name: "Pat",
  last_name: "Lee",
  address: "1 Main St",
  city: "Austin",
  state: "TX",
  zip: "78701",
};
const PASSWORD = "secret-pass";
const DAY_MS = 86_400_000;

/** What becomes of the trial once it has done its part: a plan, nothing, its days or reports run out. */
export type Fate =
  | {
      kind: "paid";
      plan: "state" | "county" | "vertical" | "regional-edition" | "national";
      pick: number[];
      /** Counties chosen by name instead of drawn (a county plan). */
      counties?: { state_abbr: string; name: string }[];
    }
  | { kind: "trial" }
  | { kind: "trial-days-over" }
  | { kind: "trial-reports-over" };

/** One member's story; indexes pick from the database's own lists (projects, states, counties, types). */
export interface MemberSpec {
  fate: Fate;
  /** Projects the trial opens (a report each), then saves some of them and one more. */
  opened: number[];
  saved: number[];
  /** Projects the trial writes a note on, with a reminder on the day the digests run. */
  noted: number[];
  /** Alert settings chosen as a trial: states and project types (indexes), the value filter. */
  alertStates: number[];
  alertTypes: number[];
  alertValue: string | null;
  directory: boolean;
  /** Projects that change after the trial ends (research updates): the weekly alert mail's matter. */
  changed: number[];
}

/** An index into a generated member's lists (projects, plans' choices), taken modulo their length. */
export const indexArb = fc.nat({ max: 100_000 });

/** What becomes of a generated member: a paid plan with picked coverage, or a trial (running, out of days, of reports). */
export const fateArb: fc.Arbitrary<Fate> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("paid" as const),
      plan: fc.constantFrom(
        "state" as const,
        "county" as const,
        "vertical" as const,
        "regional-edition" as const,
        "national" as const,
      ),
      pick: fc.array(indexArb, { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "trial" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "trial-days-over" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "trial-reports-over" as const }) },
);

export interface Member {
  id: number;
  email: string;
  token: string;
  spec: MemberSpec;
  /** The first outbox row written after the member's fate (earlier mail told the trial what it could open then). */
  mailFrom: number;
}

export function rightsWorld(t: TestApi) {
  const db = t.db;
  let n = 0;
  let options: RegisterOptions;
  const projectIds = db.prepare("SELECT id FROM projects ORDER BY id").pluck().all() as number[];
  const places = db
    .prepare(
      `SELECT DISTINCT p.state AS state_abbr, p.county AS name FROM projects p
       JOIN counties c ON c.state_abbr = p.state AND c.name = p.county ORDER BY p.state, p.county`,
    )
    .all() as { state_abbr: string; name: string }[];
  const projectStates = [...new Set(places.map((p) => p.state_abbr))];
  const pick = <T>(list: readonly T[], i: number) => list[Math.abs(i) % list.length] as T;

  async function load() {
    options = RegisterOptionsAnswer.parse((await t.call("GET", "/Register/Options")).body).data;
  }

  const stateId = (abbr: string) => options.states.find((s) => s.abbr === abbr)?.id as number;
  const plan = (slug: string) =>
    options.plans.find((p) => p.slug === slug) as RegisterOptions["plans"][number];

  /** The coverage choices of an activation, valid for the plan, drawn from `pick`. */
  function coverageOf(slug: string, picks: number[]) {
    const p = plan(slug);
    const first = picks[0] ?? 0;
    const states = [...new Set(picks.slice(0, 1 + (Math.abs(first) % 2)).map((i) => pick(projectStates, i)))];
    const counties = [...new Map(picks.slice(0, 3).map((i) => [i, pick(places, i * 7)])).values()];
    const verticals = [
      ...new Set(picks.slice(0, 1 + (Math.abs(first) % 3)).map((i) => pick(options.verticals, i).id)),
    ];
    const limited = p.coverage_limit !== -1;
    return {
      plan: p.id,
      plan_states: limited && p.coverage_state ? states.map(stateId) : [],
      plan_counties: limited && p.coverage_county ? [...new Set(counties)] : [],
      plan_verticals: p.coverage_vertical_market ? verticals : [],
    };
  }

  const call = (method: string, path: string, body: unknown, token: string) =>
    t.call(method, path, body, token);

  /** Makes the member: sign-up, the trial's opens, saves, notes and alert settings, then its fate. */
  async function make(spec: MemberSpec): Promise<Member> {
    n += 1;
    const email = `rights${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const reg = await t.call("POST", "/Register", {
      first_name: "Pat",
      last_name: "Lee",
      phone_number: "5125550100",
      email,
      company: "Lee Builders",
      state: "TX",
      password: PASSWORD,
      confirm_password: PASSWORD,
      idempotency_key: `rights-${n}-${Math.random().toString(36).slice(2, 12)}-key`,
      plan: plan("free-trial").id,
      plan_states: [stateId("TX")],
      plan_verticals: options.verticals.map((v) => v.id),
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    let token = await t.login(email, PASSWORD);
    const id = db.prepare("SELECT id FROM users WHERE email = ?").pluck().get(email) as number;

    for (const i of spec.opened.slice(0, 4))
      await call("GET", `/Projects/${pick(projectIds, i)}`, undefined, token);
    for (const i of spec.saved.slice(0, 2))
      await call("POST", "/Projects/Save", { project_id: pick(projectIds, i) }, token);
    const day = localTime(t.clock.now, "America/Chicago").date;
    for (const i of spec.noted)
      await call(
        "POST",
        `/Projects/${pick(projectIds, i)}/Notes`,
        { note: `call them ${i}`, notification_date: day },
        token,
      );
    const settings = await call(
      "PUT",
      "/Users/Me",
      {
        alert_weekly: true,
        alert_operator: 1,
        alert_value: spec.alertValue,
        alert_states: spec.alertStates.map((i) => pick(options.states, i).id),
        alert_project_types: spec.alertTypes.map((i) => pick(options.verticals, i).id),
      },
      token,
    );
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    // The trial's alerts, as the weekly run made them while it could open anything.
    db.prepare("UPDATE projects SET updated_at = ? WHERE id IN (SELECT value FROM json_each(?))").run(
      t.clock.now.toISOString(),
      JSON.stringify(spec.changed.map((i) => pick(projectIds, i * 3))),
    );
    digests().runAlerts(middayInChicago(), { userIds: [id] });

    const fate = spec.fate;
    if (fate.kind === "paid") {
      const choices = coverageOf(fate.plan, fate.pick);
      if (fate.counties) choices.plan_counties = fate.counties;
      const shown = await t.call("POST", "/Register/Price", choices);
      expect(shown.status, JSON.stringify(shown.body)).toBe(200);
      const res = await call(
        "POST",
        "/Users/Me/Subscription",
        { ...choices, card: GOOD_CARD, bill_to: BILL, expected_total: shown.body.data.components.Total },
        token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    } else if (fate.kind === "trial-days-over") {
      t.advance(15 * DAY_MS);
      token = await t.login(email, PASSWORD);
    } else if (fate.kind === "trial-reports-over") {
      for (const pid of projectIds.slice(-6)) await call("GET", `/Projects/${pid}`, undefined, token);
    }
    db.prepare(
      "UPDATE users SET allow_directory = ?, allow_companysearch = 1, allow_download = 1 WHERE id = ?",
    ).run(spec.directory ? 1 : 0, id);

    // A week on, what research changed: the weekly alert mail and the day's reminders.
    const mailFrom = ((db.prepare("SELECT max(id) FROM outbox").pluck().get() as number | null) ?? 0) + 1;
    t.advance(7 * DAY_MS + 60_000);
    token = await t.login(email, PASSWORD);
    db.prepare("UPDATE projects SET updated_at = ? WHERE id IN (SELECT value FROM json_each(?))").run(
      t.clock.now.toISOString(),
      JSON.stringify(spec.changed.map((i) => pick(projectIds, i))),
    );
    db.prepare("UPDATE project_notes SET notification_date = ? WHERE user_id = ?").run(
      localTime(t.clock.now, "America/Chicago").date,
      id,
    );
    digests().runAlerts(middayInChicago(), { userIds: [id] });
    digests().runReminders(middayInChicago(), { userIds: [id] });
    return { id, email, token, spec, mailFrom };
  }

  /** The digests send from SEND_HOUR in the member's zone (US Central) on: a run at midday there sends whatever
   * hour the suite runs at. */
  const middayInChicago = () => new Date(`${localTime(t.clock.now, "America/Chicago").date}T18:00:00Z`);

  const digests = () =>
    mailDigests({ db, appBaseUrl: "http://app.test", tokenTtlMs: 12 * 3600_000, now: () => t.clock.now });

  return { load, make, projectIds, plan: (slug: string) => plan(slug) };
}

/* ------------------------------------------------------------------------------------------------ oracle */

interface ProjectFacts {
  id: number;
  state: string | null;
  county: string | null;
  types: number[];
}

/**
 * What a member may open, from the rules as the decisions state them: staff and members without a plan limit,
 * everything; a Free Trial with days and reports left, everything (a report each); a trial that is over, what it
 * opened; anyone else, what they saved and what their plan's coverage holds (every limited dimension; a limited
 * dimension without rows holds nothing). Null stands for every project.
 */
export function oracle(db: Db, userId: number, now: Date) {
  const u = db
    .prepare(
      `SELECT u.member_type, s.id AS sub, s.start_date, s.trial_end_date, s.remaining_projects, s.activated,
         pl.coverage_limit, pl.coverage_state, pl.coverage_county, pl.coverage_vertical_market
       FROM users u LEFT JOIN subscriptions s ON s.user_id = u.id LEFT JOIN plans pl ON pl.id = s.plan_id
       WHERE u.id = ?`,
    )
    .get(userId) as Record<string, number | string | null>;
  const ids = (sql: string, ...args: unknown[]) =>
    new Set(
      db
        .prepare(sql)
        .pluck()
        .all(...args) as number[],
    );
  const viewed = ids("SELECT project_id FROM project_views WHERE user_id = ?", userId);
  const saved = ids("SELECT project_id FROM user_projects WHERE user_id = ?", userId);
  const today = now.toISOString().slice(0, 10);
  const trial = u.member_type === "Free Trial" && u.start_date === null;
  const trialActive =
    trial &&
    u.sub !== null &&
    Number(u.remaining_projects ?? 0) > 0 &&
    (u.trial_end_date === null || String(u.trial_end_date).slice(0, 10) >= today);
  const open = (() => {
    if (trial) return trialActive ? null : viewed;
    if (u.activated !== 1) return null;
    const limited = u.coverage_limit !== -1;
    const byState = limited && u.coverage_state === 1;
    const byCounty = limited && u.coverage_county === 1;
    const byType = u.coverage_vertical_market === 1;
    if (!byState && !byCounty && !byType) return null;
    const states = db
      .prepare(
        "SELECT st.abbr FROM subscription_states x JOIN states st ON st.id = x.state_id WHERE x.subscription_id = ?",
      )
      .pluck()
      .all(u.sub) as string[];
    const counties = (
      db
        .prepare(
          "SELECT c.state_abbr || '|' || c.name FROM subscription_counties x JOIN counties c ON c.id = x.county_id WHERE x.subscription_id = ?",
        )
        .pluck()
        .all(u.sub) as string[]
    ).map(String);
    const types = db
      .prepare("SELECT project_type_id FROM subscription_project_types WHERE subscription_id = ?")
      .pluck()
      .all(u.sub) as number[];
    const inside = (p: ProjectFacts) =>
      (!byState || (p.state !== null && states.includes(p.state))) &&
      (!byCounty || counties.includes(`${p.state}|${p.county}`)) &&
      (!byType || p.types.some((x) => types.includes(x)));
    return new Set([
      ...saved,
      ...allProjects(db)
        .filter(inside)
        .map((p) => p.id),
    ]);
  })();
  /** Projects open without spending a report: a trial's own, else the same as `open`. */
  const reached = trial ? viewed : open;
  const directory =
    (db.prepare("SELECT allow_directory FROM users WHERE id = ?").pluck().get(userId) as number) === 1 &&
    !(trial && !trialActive);
  return {
    open,
    may: (projectId: number) => open === null || open.has(projectId),
    /** A contact the member may read (decision 013 as amended by 074). */
    mayReadContact(contactId: number) {
      if (directory) return true;
      if (
        db.prepare("SELECT 1 FROM user_contacts WHERE user_id = ? AND contact_id = ?").get(userId, contactId)
      )
        return true;
      const naming = db
        .prepare("SELECT project_id FROM project_contacts WHERE contact_id = ?")
        .pluck()
        .all(contactId);
      return (naming as number[]).some((p) => reached === null || reached.has(p));
    },
    /** A partner company the member's plan reaches (decision 104): one of its people on a project they may open. */
    mayListPartner(companyId: number) {
      if (open === null) return true;
      const projects = db
        .prepare(
          "SELECT pc.project_id FROM project_contacts pc JOIN contacts c ON c.id = pc.contact_id WHERE c.company_id = ?",
        )
        .pluck()
        .all(companyId) as number[];
      return projects.some((p) => open.has(p));
    },
  };
}

const factsCache = new WeakMap<Db, ProjectFacts[]>();
function allProjects(db: Db): ProjectFacts[] {
  let facts = factsCache.get(db);
  if (!facts) {
    const types = new Map<number, number[]>();
    for (const r of db.prepare("SELECT project_id, project_type_id FROM project_project_types").all() as {
      project_id: number;
      project_type_id: number;
    }[])
      types.set(r.project_id, [...(types.get(r.project_id) ?? []), r.project_type_id]);
    facts = (db.prepare("SELECT id, state, county FROM projects").all() as Omit<ProjectFacts, "types">[]).map(
      (p) => ({ ...p, types: types.get(p.id) ?? [] }),
    );
    factsCache.set(db, facts);
  }
  return facts;
}

/* ------------------------------------------------------------------------------------------------- lists */

/** Every list the API derives for the member, each as the ids it names (a refused call names nothing). */
export async function derivedLists(t: TestApi, member: Member) {
  const get = async (path: string) => {
    const res = await t.call("GET", path, undefined, member.token);
    return res.status === 200 ? res.body : null;
  };
  const rowIds = (body: { data?: { data?: { id: number }[] } } | null) =>
    body?.data?.data?.map((r) => r.id) ?? [];
  const lists: Record<string, number[]> = {};
  const contacts: number[] = [];
  const partners: number[] = [];

  lists.alerts = ((await get("/Alerts"))?.data ?? []).flatMap((a: { project_id: number | null }) =>
    a.project_id === null ? [] : [a.project_id],
  );
  const mail = t.db
    .prepare(
      "SELECT kind, body FROM outbox WHERE user_id = ? AND kind IN ('alerts', 'reminders') AND id >= ?",
    )
    .all(member.id, member.mailFrom) as { kind: string; body: string }[];
  for (const m of mail)
    lists[`${m.kind} e-mail`] = [...m.body.matchAll(/\/Projects\/(\d+)/g)].map((x) => Number(x[1]));
  lists.search = rowIds(await get("/Projects?perPage=100"));
  lists.saved = rowIds(await get("/Projects?mine=1&perPage=100"));
  lists["bids due"] = rowIds(
    await get(`/Projects?perPage=100&advanced=${encodeURIComponent(JSON.stringify({ bidsDue: "90" }))}`),
  );
  const saved = await t.call(
    "POST",
    "/Users/Me/SavedSearches",
    {
      name: `s${member.id}`,
      search: JSON.stringify({ value: ["over_100_million", "25_100_million"], operator: "=" }),
    },
    member.token,
  );
  const searches = ((await get("/Users/Me/SavedSearches"))?.data ?? []) as { search: string }[];
  lists["saved searches"] = (
    await Promise.all(
      searches.map(async (s) =>
        rowIds(await get(`/Projects?perPage=100&advanced=${encodeURIComponent(s.search)}`)),
      ),
    )
  ).flat();
  expect([201, 422, 403]).toContain(saved.status);
  lists.calendar = ((await get("/UserProjects/NoteNotifications"))?.data ?? []).map(
    (r: { project_id: number }) => r.project_id,
  );
  const hash = (await get("/Users/Me/iCalHash"))?.hash;
  const feed = hash ? await t.call("GET", `/Calendar/Feed?hash=${hash}`) : null;
  lists.feed =
    feed?.status === 200 ? feed.body.data.notes.map((r: { project_id: number }) => r.project_id) : [];
  // The changes of the member's saved projects (issue 45), since long ago.
  lists["saved project changes"] = (
    (await get("/Users/Me/Changes?since=2000-01-01T00:00:00.000Z"))?.data ?? []
  ).map((r: { project_id: number }) => r.project_id);
  // The bid dates of saved projects beside them (issue 45).
  lists["calendar bids"] = ((await get("/UserProjects/NoteNotifications"))?.bids ?? []).map(
    (r: { project_id: number }) => r.project_id,
  );
  lists["feed bids"] =
    feed?.status === 200 ? (feed.body.data.bids ?? []).map((r: { project_id: number }) => r.project_id) : [];
  lists.notes = ((await get("/Notes/Projects?perPage=100"))?.data?.data ?? []).map(
    (r: { project: { id: number } }) => r.project.id,
  );

  // Similar projects and company tabs, around the projects the member dealt with.
  const around = [
    ...new Set(
      t.db
        .prepare(
          `SELECT project_id FROM project_views WHERE user_id = ? UNION SELECT project_id FROM project_notes WHERE user_id = ?
           UNION SELECT project_id FROM alerts WHERE user_id = ? AND project_id IS NOT NULL LIMIT 6`,
        )
        .pluck()
        .all(member.id, member.id, member.id) as number[],
    ),
  ];
  lists.similar = [];
  lists["company projects"] = [];
  lists["contact projects"] = [];
  for (const projectId of around) {
    lists.similar.push(...rowIds(await get(`/Projects/${projectId}/Similar`)));
    const people = t.db
      .prepare("SELECT contact_id FROM project_contacts WHERE project_id = ? ORDER BY contact_id LIMIT 2")
      .pluck()
      .all(projectId) as number[];
    for (const contactId of people)
      lists["contact projects"].push(...rowIds(await get(`/Contacts/${contactId}/Projects`)));
    const companies = t.db
      .prepare(
        "SELECT DISTINCT c.company_id FROM project_contacts pc JOIN contacts c ON c.id = pc.contact_id WHERE pc.project_id = ? AND c.company_id IS NOT NULL LIMIT 2",
      )
      .pluck()
      .all(projectId) as number[];
    for (const companyId of companies) {
      const company = await get(`/Companies/${companyId}`);
      contacts.push(...(company?.data.contacts ?? []).map((c: { id: number }) => c.id));
      partners.push(...(company?.data.partners ?? []).map((c: { id: number }) => c.id));
      lists["company projects"].push(
        ...((await get(`/Companies/${companyId}/Projects`))?.data ?? []).map((r: { id: number }) => r.id),
      );
      partners.push(
        ...((await get(`/Companies/${companyId}/Partners`))?.data ?? []).map((c: { id: number }) => c.id),
      );
    }
  }

  // The download of the member's search: each row a project (name, city, state) the member may open.
  const csv = await t.app.request(`${API_BASE_PATH}/Projects/Download`, {
    method: "POST",
    headers: { authorization: `Bearer ${member.token}`, "content-type": "application/json" },
    body: "{}",
  });
  const csvRows =
    csv.status === 200
      ? (parse((await csv.text()).replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[])
      : [];
  return { lists, contacts, partners, csvRows };
}

/** The projects a CSV row (Name, City, State) can be. */
export function projectsOfRow(db: Db, row: Record<string, string>): number[] {
  return db
    .prepare("SELECT id FROM projects WHERE title = ? AND coalesce(city, '') = ? AND coalesce(state, '') = ?")
    .pluck()
    .all(row.Name, row.City, row.State) as number[];
}
