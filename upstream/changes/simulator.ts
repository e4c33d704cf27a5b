/**
 * The research simulator (issue 45): the provider's research team keeps revising projects, and members watch
 * those revisions. This applies a few realistic changes a day to random active projects, through the change
 * writer (record.ts), so each lands in the data and in project_changes at once:
 *
 * - an update note (the Updates tab), from the catalogue's research messages;
 * - the stage moves one step on (Conceptual → Planning → … → Under Construction; On Hold resumes at Design);
 * - the bid date moves out one to four weeks (a bid date is set 2 to 8 weeks out where there was none);
 * - the estimated value is revised by −15% to +25%;
 * - a contact is put on the project (and its company, when new to the project);
 * - now and then a project is made inactive (cancelled or gone quiet).
 *
 * `npm start` runs it (upstream/main.ts: `SIMULATED_CHANGES_PER_DAY`, default 24 changes a day spread over the
 * hours; 0 turns it off). The tests do not start it: they call `simulateChanges` with the test clock's time and a
 * seed, which makes the same changes every run.
 */

import type { Db } from "../db/index";
import { UPDATE_MESSAGES } from "../seed/catalog";
import { Random } from "../seed/prng";
import { type ChangeWriter, changeWriter, STAGE_ORDER } from "./record";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

type Kind = "update_note" | "stage" | "bid_date" | "estimated_value" | "contact_added" | "status";
const KINDS: Kind[] = ["update_note", "stage", "bid_date", "estimated_value", "contact_added", "status"];
const WEIGHTS = [30, 20, 20, 12, 14, 4];

export interface SimulatedChange {
  projectId: number;
  kind: Kind;
}

/** What the simulator reads and writes over one database, with its own random source. */
export function researchSimulator(db: Db, seed = Date.now()) {
  const rng = new Random(seed);
  const write: ChangeWriter = changeWriter(db);
  const idRange = db.prepare<[], { lo: number | null; hi: number | null }>(
    "SELECT min(id) AS lo, max(id) AS hi FROM projects",
  );
  const activeFrom = db
    .prepare<[number], number>("SELECT id FROM projects WHERE active = 1 AND id >= ? ORDER BY id LIMIT 1")
    .pluck();
  const projectOf = db.prepare<
    [number],
    { stage: string | null; bidding_date: string | null; minimum_value: number | null }
  >(
    "SELECT s.name AS stage, p.bidding_date, p.minimum_value FROM projects p LEFT JOIN stages s ON s.id = p.stage_id WHERE p.id = ?",
  );
  const contactRange = db.prepare<[], { lo: number | null; hi: number | null }>(
    "SELECT min(id) AS lo, max(id) AS hi FROM contacts",
  );
  const contactFrom = db
    .prepare<[number], number>("SELECT id FROM contacts WHERE id >= ? ORDER BY id LIMIT 1")
    .pluck();

  const randomActive = (): number | null => {
    const { lo, hi } = idRange.get() ?? { lo: null, hi: null };
    if (lo === null || hi === null) return null;
    return activeFrom.get(rng.int(lo, hi)) ?? activeFrom.get(lo) ?? null;
  };
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  /** One change of `kind` to project `id` at `at`; false when it does not apply (the stage is the last one). */
  function apply(id: number, kind: Kind, at: Date): boolean {
    const iso = at.toISOString();
    const p = projectOf.get(id);
    if (!p) return false;
    switch (kind) {
      case "update_note":
        return write.updateNote(id, rng.pick(UPDATE_MESSAGES), iso);
      case "stage": {
        const i = STAGE_ORDER.indexOf((p.stage ?? "") as (typeof STAGE_ORDER)[number]);
        const next = p.stage === "On Hold" ? "Design" : STAGE_ORDER[i + 1];
        return next ? write.stage(id, next, iso) : false;
      }
      case "bid_date": {
        const from = p.bidding_date ? Date.parse(`${p.bidding_date}T00:00:00Z`) : at.getTime();
        const weeks = p.bidding_date ? rng.int(1, 4) : rng.int(2, 8);
        return write.bidDate(id, day(Math.max(from, at.getTime()) + weeks * 7 * DAY_MS), iso);
      }
      case "estimated_value": {
        const value = p.minimum_value ?? 1;
        const revised = Math.max(0.15, Math.round(value * (0.85 + rng.float() * 0.4) * 100) / 100);
        return write.value(id, revised, iso);
      }
      case "contact_added": {
        const { lo, hi } = contactRange.get() ?? { lo: null, hi: null };
        if (lo === null || hi === null) return false;
        const contactId = contactFrom.get(rng.int(lo, hi));
        return contactId !== undefined && write.addContact(id, contactId, iso);
      }
      case "status":
        return write.status(id, false, iso);
    }
  }

  return {
    /** Applies `count` changes at `at` (the test clock's now) to random active projects; returns what changed. */
    simulateChanges(count: number, at: Date): SimulatedChange[] {
      const done: SimulatedChange[] = [];
      for (let tries = 0; done.length < count && tries < count * 5; tries++) {
        const projectId = randomActive();
        if (projectId === null) break;
        const kind = rng.weighted(KINDS, WEIGHTS);
        if (apply(projectId, kind, at)) done.push({ projectId, kind });
      }
      return done;
    },
  };
}

/**
 * Runs the simulator on the clock: once an hour, the hour's share of `changesPerDay` (a fraction left over is a
 * chance of one more). The timer does not keep the process alive; `stop` ends it.
 */
export function startSimulator(
  db: Db,
  options: { changesPerDay: number; now?: () => Date; log?: (line: string) => void; everyMs?: number },
) {
  const simulator = researchSimulator(db);
  const now = options.now ?? (() => new Date());
  const perRun = options.changesPerDay / (DAY_MS / (options.everyMs ?? HOUR_MS));
  const timer = setInterval(() => {
    const count = Math.floor(perRun) + (Math.random() < perRun % 1 ? 1 : 0);
    if (count === 0) return;
    try {
      const done = simulator.simulateChanges(count, now());
      options.log?.(
        `[research] ${done.length} project change(s): ${done.map((d) => `${d.projectId} ${d.kind}`).join(", ")}`,
      );
    } catch (error) {
      options.log?.(`[research] the simulated changes failed: ${(error as Error).message}`);
    }
  }, options.everyMs ?? HOUR_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
