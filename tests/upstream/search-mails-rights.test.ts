/**
 * Issue 45, decision 104: a saved search's e-mail of new matches names only projects the member may open. A
 * property over members made as the product makes them (rights-support.ts: sign-up, the trial's opens and saves,
 * then a plan with its coverage or the trial's end) × a saved search (every project, or one state) × projects
 * research enters afterwards, checked against the decisions' oracle: the mail lists exactly the new matches the
 * member may open (newest first, at most 25), and nothing to a trial that is over.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailDigests, SEARCH_LISTED } from "../../upstream/mail/digests";
import { localTime } from "../../upstream/mail/zones";
import { memberRights } from "../../upstream/rights";
import { testApi } from "./helpers";
import { fateArb, indexArb, type MemberSpec, oracle, rightsWorld } from "./rights-support";

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
  noted: fc.constant([]),
  alertStates: fc.constant([]),
  alertTypes: fc.constant([]),
  alertValue: fc.constant(null),
  directory: fc.boolean(),
  changed: fc.constant([]),
});

const digests = () =>
  mailDigests({ db: t.db, appBaseUrl: "http://app.test", tokenTtlMs: 1, now: () => t.clock.now });

describe("property: a saved search's mail names only projects the member may open", () => {
  it("members × coverage × new projects: exactly the openable new matches, nothing to an expired trial", async () => {
    await fc.assert(
      fc.asyncProperty(
        specArb,
        fc.array(indexArb, { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        async (spec, entered, oneState) => {
          const member = await world.make(spec);
          const token = member.token;
          const newIds = [...new Set(entered.map((i) => world.projectIds[i % world.projectIds.length]))];
          const state = oneState
            ? (t.db.prepare("SELECT state FROM projects WHERE id = ?").pluck().get(newIds[0]) as
                | string
                | null)
            : null;
          const search = state ? { state: [state] } : {};
          const body = {
            name: `Leads ${member.id}`,
            search: JSON.stringify(search),
            mail_frequency: "daily",
          };
          const saved = await t.call("POST", "/Users/Me/SavedSearches", body, token);
          if (saved.status === 403) {
            // A trial that is over may not save a search: one it saved while it ran still has its mail on.
            const now = t.clock.now.toISOString();
            t.db
              .prepare(
                `INSERT INTO saved_searches (user_id, kind, name, search, created_at, mail_frequency, mail_since)
                 VALUES (?, 'project', ?, ?, ?, 'daily', ?)`,
              )
              .run(member.id, body.name, body.search, now, now);
          } else expect(saved.status, JSON.stringify(saved.body)).toBe(201);

          // Research enters the projects a minute after, one second apart (the last newest).
          const start = t.clock.now.getTime() + 60_000;
          newIds.forEach((id, i) => {
            const at = new Date(start + i * 1000).toISOString();
            t.db
              .prepare("UPDATE projects SET active = 1, created_at = ?, updated_at = ? WHERE id = ?")
              .run(at, at, id);
          });
          // The run, at a time the member's day is due (from 6:00 in US Central).
          let at = new Date(start + newIds.length * 1000 + 60_000);
          if (localTime(at, "America/Chicago").hour < 6) at = new Date(at.getTime() + 7 * 3600_000);
          t.clock.now = at;
          const before = (t.db.prepare("SELECT max(id) FROM outbox").pluck().get() as number | null) ?? 0;
          digests().runSearches(at, { userIds: [member.id] });
          const bodies = t.db
            .prepare("SELECT body FROM outbox WHERE kind = 'searches' AND user_id = ? AND id > ?")
            .pluck()
            .all(member.id, before) as string[];
          const mailed = bodies.flatMap((b) =>
            [...b.matchAll(/\/Projects\/(\d+)\b/g)].map((m) => Number(m[1])),
          );

          const rule = oracle(t.db, member.id, at);
          const label = `${JSON.stringify(spec.fate)} ${JSON.stringify(search)}`;
          // Nothing outside what the member may open: the property the issue asks for.
          expect(
            mailed.filter((id) => !rule.may(id)),
            label,
          ).toEqual([]);
          // And exactly the new matches inside it, newest first, at most 25 (none to a trial that is over).
          const expired = memberRights({ db: t.db, now: () => at }).trialExpired(member.id);
          const expected = expired
            ? []
            : newIds
                .filter((id) => rule.may(id))
                .filter(
                  (id) =>
                    !state ||
                    t.db.prepare("SELECT state FROM projects WHERE id = ?").pluck().get(id) === state,
                )
                .reverse()
                .slice(0, SEARCH_LISTED);
          expect(mailed, label).toEqual(expected);
          expect(bodies.length, label).toBe(expected.length > 0 ? 1 : 0);
        },
      ),
      { numRuns: 12 },
    );
  }, 600_000);
});
