/**
 * The change history of the last 90 days (issue 45), consistent with the projects as seeded: every project updated
 * in those 90 days gets one to three changes, the last at its updated_at, each ending at the project's present
 * value (stage, bid date, estimated value, status, a contact or company on it), walked back from there; every
 * update note of those 90 days is an update_note change at its own time. Its own random source, so the rest of
 * the seed stays as it was.
 */
import type { ChangeField } from "../../contract/constants";
import { STAGE_ORDER } from "../changes/record";
import { DAY_MS, isoDate, isoDateTime, type SeedContext } from "./context";
import { Random } from "./prng";

interface ProjectNow {
  id: number;
  stage: string | null;
  bidding_date: string | null;
  minimum_value: number | null;
  active: number;
  created_at: string;
  updated_at: string;
}

export function seedChanges(ctx: SeedContext, seed: number) {
  const { db, today } = ctx;
  const rng = new Random(seed);
  const since = isoDateTime(today - 90 * DAY_MS);
  const insert = db.prepare<[number, ChangeField, string | null, string | null, string]>(
    "INSERT INTO project_changes (project_id, field, old_value, new_value, changed_at) VALUES (?, ?, ?, ?, ?)",
  );
  const people = db.prepare<[number], { name: string; company: string | null }>(
    `SELECT trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) AS name, co.name AS company
     FROM project_contacts pc JOIN contacts c ON c.id = pc.contact_id LEFT JOIN companies co ON co.id = c.company_id
     WHERE pc.project_id = ? ORDER BY c.id LIMIT 3`,
  );
  const projects = db
    .prepare<[string], ProjectNow>(
      `SELECT p.id, s.name AS stage, p.bidding_date, p.minimum_value, p.active, p.created_at, p.updated_at
       FROM projects p LEFT JOIN stages s ON s.id = p.stage_id WHERE p.updated_at >= ? ORDER BY p.id`,
    )
    .all(since);

  for (const p of projects) {
    const last = Date.parse(p.updated_at);
    const first = Math.max(Date.parse(p.created_at), today - 90 * DAY_MS);
    const times = [last];
    for (let n = rng.int(0, 2); n > 0; n--) times.push(first + Math.floor(rng.float() * (last - first)));
    times.sort((a, b) => b - a);
    // Walking back from the present: each change ends at the value the next-newer change (or today) starts from.
    let stage = p.stage;
    let bid = p.bidding_date;
    let value = p.minimum_value;
    const contacts = people.all(p.id);
    let statusDone = false;
    for (const at of times) {
      const when = isoDateTime(at);
      const options: ChangeField[] = ["estimated_value"];
      const stageIndex = STAGE_ORDER.indexOf((stage ?? "") as (typeof STAGE_ORDER)[number]);
      if (stageIndex > 0) options.push("stage", "stage");
      if (bid) options.push("bid_date", "bid_date");
      if (contacts.length > 0) options.push("contact_added");
      if (p.active === 0 && !statusDone) options.push("status", "status", "status");
      const field = rng.pick(options);
      if (field === "stage" && stage) {
        const before = STAGE_ORDER[stageIndex - 1];
        insert.run(p.id, "stage", before, stage, when);
        stage = before;
      } else if (field === "bid_date" && bid) {
        const before = isoDate(Date.parse(`${bid}T00:00:00Z`) - rng.int(1, 6) * 7 * DAY_MS);
        insert.run(p.id, "bid_date", before, bid, when);
        bid = before;
      } else if (field === "status") {
        insert.run(p.id, "status", "active", "inactive", when);
        statusDone = true;
      } else if (field === "contact_added") {
        const c = rng.pick(contacts);
        insert.run(p.id, "contact_added", null, c.name || "Unnamed contact", when);
        if (c.company && rng.chance(0.5)) insert.run(p.id, "company_added", null, c.company, when);
      } else if (value !== null) {
        const before = Math.max(0.15, Math.round((value / (0.85 + rng.float() * 0.4)) * 100) / 100);
        insert.run(p.id, "estimated_value", String(before), String(value), when);
        value = before;
      }
    }
  }
  db.prepare(
    `INSERT INTO project_changes (project_id, field, old_value, new_value, changed_at)
     SELECT project_id, 'update_note', NULL, message, updated_at FROM project_updates WHERE updated_at >= ?`,
  ).run(since);
}
