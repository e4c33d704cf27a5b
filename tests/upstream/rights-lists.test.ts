/**
 * Issue 42, decision 104: every list the API derives names only projects the member may open. Properties over
 * members made as the product makes them (sign-up, the trial's opens, saves, notes and alert settings, then a
 * plan with its coverage, or the trial's end) × alert settings × research changes, checked against an oracle
 * written from the decisions: the one rule (memberRights.openableProjects / openableIds) agrees with
 * requireProject(…, "open") and with the oracle, and every list (alerts, alert and reminder e-mails, search,
 * saved list, saved searches, calendar, feed, notes, similar, a company's projects, people and partners, the CSV
 * download) keeps to it. Migration 090 removes exactly the stored alerts and alert settings outside it.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadMigrations, migrate } from "../../upstream/db/index";
import { memberRights } from "../../upstream/rights";
import { testApi } from "./helpers";
import {
  derivedLists,
  fateArb,
  indexArb,
  type MemberSpec,
  oracle,
  projectsOfRow,
  rightsWorld,
} from "./rights-support";

let t: ReturnType<typeof testApi>;
let world: ReturnType<typeof rightsWorld>;

beforeAll(async () => {
  t = testApi({ projects: 300 });
  world = rightsWorld(t);
  await world.load();
}, 120_000);
afterAll(() => t?.cleanup());

const specArb: fc.Arbitrary<MemberSpec> = fc.record({
  fate: fateArb,
  opened: fc.array(indexArb, { maxLength: 4 }),
  saved: fc.array(indexArb, { maxLength: 2 }),
  noted: fc.array(indexArb, { maxLength: 4 }),
  alertStates: fc.array(indexArb, { maxLength: 3 }),
  alertTypes: fc.array(indexArb, { maxLength: 3 }),
  alertValue: fc.constantFrom(null, "1", "10"),
  directory: fc.boolean(),
  changed: fc.array(indexArb, { minLength: 10, maxLength: 60 }),
});

/** Whether requireProject(…, "open") lets the member open the project: tried, then rolled back (nothing spent). */
function opens(rights: ReturnType<typeof memberRights>, userId: number, projectId: number): boolean {
  t.db.exec("BEGIN");
  try {
    rights.requireProject(userId, projectId, "open");
    return true;
  } catch {
    return false;
  } finally {
    t.db.exec("ROLLBACK");
  }
}

describe("property: one rule decides what a member may open", () => {
  it("openableIds agrees with requireProject(…, 'open') and with the decisions' rule, for every project", async () => {
    await fc.assert(
      fc.asyncProperty(specArb, async (spec) => {
        const member = await world.make(spec);
        const rights = memberRights({ db: t.db, now: () => t.clock.now });
        const expected = oracle(t.db, member.id, t.clock.now);
        const openable = new Set(rights.openableIds(member.id, world.projectIds));
        const sqlCount = t.db
          .prepare(`SELECT count(*) FROM projects p WHERE ${rights.openableProjects(member.id).sql}`)
          .pluck()
          .get(...rights.openableProjects(member.id).values);
        expect(sqlCount).toBe(openable.size);
        for (const id of world.projectIds) {
          const label = `${JSON.stringify(spec.fate)} project ${id}`;
          expect(openable.has(id), label).toBe(expected.may(id));
          expect(opens(rights, member.id, id), label).toBe(openable.has(id));
        }
      }),
      { numRuns: 15 },
    );
  }, 600_000);

  it("holds for the seeded members: staff, a paid plan, a trial, a trial that is over", () => {
    const rights = memberRights({ db: t.db, now: () => t.clock.now });
    for (const email of [
      "admin@example.com",
      "basic@example.com",
      "trial@example.com",
      "expired@example.com",
    ]) {
      const id = t.db.prepare("SELECT id FROM users WHERE email = ?").pluck().get(email) as number;
      const expected = oracle(t.db, id, t.clock.now);
      const openable = new Set(rights.openableIds(id, world.projectIds));
      for (const projectId of world.projectIds) {
        expect(openable.has(projectId), `${email} ${projectId}`).toBe(expected.may(projectId));
        expect(opens(rights, id, projectId), `${email} ${projectId}`).toBe(openable.has(projectId));
      }
    }
  });
});

describe("property: every list the API derives names only what the member may open", () => {
  it("alerts, e-mails, search, saved list and searches, calendar, feed, notes, similar, company tabs, CSV", async () => {
    await fc.assert(
      fc.asyncProperty(specArb, async (spec) => {
        const member = await world.make(spec);
        const { lists, contacts, partners, csvRows } = await derivedLists(t, member);
        const rule = oracle(t.db, member.id, t.clock.now);
        for (const [list, ids] of Object.entries(lists)) {
          const outside = ids.filter((id) => !rule.may(id));
          expect(outside, `${list} of ${JSON.stringify(spec.fate)}`).toEqual([]);
        }
        expect(
          contacts.filter((id) => !rule.mayReadContact(id)),
          "company people",
        ).toEqual([]);
        expect(
          partners.filter((id) => !rule.mayListPartner(id)),
          "company partners",
        ).toEqual([]);
        for (const row of csvRows)
          expect(
            projectsOfRow(t.db, row).some((id) => rule.may(id)),
            `CSV row ${row.Name}`,
          ).toBe(true);
      }),
      { numRuns: 15 },
    );
  }, 600_000);
});

describe("migration 090", () => {
  it("removes exactly the stored alerts and alert settings outside each member's rights", async () => {
    // Members of every kind, made as the product makes them, and the seeded ones. The migration reads the real
    // date, so the rule it is compared with does too (the world's clock moved on while the members were made).
    const specs: MemberSpec["fate"][] = [
      { kind: "paid", plan: "state", pick: [1, 2] },
      { kind: "paid", plan: "county", pick: [3, 4, 5] },
      { kind: "paid", plan: "vertical", pick: [6] },
      { kind: "paid", plan: "national", pick: [7] },
      { kind: "trial" },
      { kind: "trial-reports-over" },
    ];
    const made = [];
    for (const fate of specs)
      made.push(
        await world.make({
          fate,
          opened: [11, 12],
          saved: [13],
          noted: [],
          alertStates: [],
          alertTypes: [],
          alertValue: null,
          directory: false,
          changed: [],
        }),
      );
    const seeded = [
      "basic@example.com",
      "expired@example.com",
      "trial@example.com",
      "member@example.com",
    ].map((email) => t.db.prepare("SELECT id FROM users WHERE email = ?").pluck().get(email) as number);
    const users = [...made.map((m) => m.id), ...seeded];
    const stateIds = t.db.prepare("SELECT id FROM states ORDER BY id").pluck().all() as number[];
    const typeIds = t.db.prepare("SELECT id FROM project_types ORDER BY id").pluck().all() as number[];
    const rights = memberRights({ db: t.db, now: () => new Date() });

    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.tuple(fc.constantFrom(...users), fc.constantFrom(...world.projectIds)), {
          maxLength: 80,
          selector: ([u, p]) => `${u}:${p}`,
        }),
        fc.array(fc.tuple(fc.constantFrom(...users), fc.constantFrom(...stateIds)), { maxLength: 30 }),
        fc.array(fc.tuple(fc.constantFrom(...users), fc.constantFrom(...typeIds)), { maxLength: 30 }),
        async (alerts, states, types) => {
          // What the earlier code stored: alerts and settings whatever the plan.
          t.db.exec(
            "DELETE FROM alerts; DELETE FROM user_alert_states; DELETE FROM user_alert_project_types",
          );
          const addAlert = t.db.prepare(
            "INSERT INTO alerts (user_id, message, project_id, contact_id, created_at) VALUES (?, 'planted', ?, NULL, ?)",
          );
          for (const [user, project] of alerts) addAlert.run(user, project, new Date().toISOString());
          for (const [user, state] of states)
            t.db
              .prepare("INSERT OR IGNORE INTO user_alert_states (user_id, state_id) VALUES (?, ?)")
              .run(user, state);
          for (const [user, type] of types)
            t.db
              .prepare(
                "INSERT OR IGNORE INTO user_alert_project_types (user_id, project_type_id) VALUES (?, ?)",
              )
              .run(user, type);

          t.db.pragma("user_version = 89");
          expect(
            migrate(
              t.db,
              loadMigrations().filter((m) => m.version <= 90),
            ),
          ).toEqual([90]);

          for (const user of users) {
            const planted = alerts.filter(([u]) => u === user).map(([, p]) => p);
            const kept = t.db
              .prepare("SELECT project_id FROM alerts WHERE user_id = ? ORDER BY id")
              .pluck()
              .all(user) as number[];
            expect(kept, `alerts of user ${user}`).toEqual(rights.openableIds(user, planted));
            const choices = rights.alertChoices(user);
            const within = (ids: number[], allowed: number[] | null | undefined) =>
              [...new Set(ids)].filter((id) => !allowed || allowed.includes(id)).sort((a, b) => a - b);
            const keptStates = t.db
              .prepare("SELECT state_id FROM user_alert_states WHERE user_id = ? ORDER BY state_id")
              .pluck()
              .all(user);
            expect(keptStates, `alert states of user ${user}`).toEqual(
              within(
                states.filter(([u]) => u === user).map(([, s]) => s),
                choices?.states,
              ),
            );
            const keptTypes = t.db
              .prepare(
                "SELECT project_type_id FROM user_alert_project_types WHERE user_id = ? ORDER BY project_type_id",
              )
              .pluck()
              .all(user);
            expect(keptTypes, `alert types of user ${user}`).toEqual(
              within(
                types.filter(([u]) => u === user).map(([, s]) => s),
                choices?.projectTypes,
              ),
            );
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 600_000);
});
