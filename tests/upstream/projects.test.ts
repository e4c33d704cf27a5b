import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, MessageAnswer } from "../../contract/common";
import {
  CountMineAnswer,
  GeocodeAnswer,
  PROJECT_ORDER_BY,
  ProjectAnswer,
  ProjectListAnswer,
  ProjectNotesAnswer,
  type ProjectRow,
  SaveProjectNoteAnswer,
  SimilarProjectsAnswer,
} from "../../contract/projects";
import { UserAnswer } from "../../contract/user";
import {
  parseProjectListParams,
  projectMatchExpression,
  projectQueries,
} from "../../upstream/models/projects";
import { API_BASE_PATH } from "../../upstream/server";
import { projectsByCoverage, testApi } from "./helpers";

let t: ReturnType<typeof testApi>;
let member: string;
let basic: string;
let memberId: number;

const uid = (email: string) =>
  (t.db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number }).id;

beforeAll(async () => {
  t = testApi({ projects: 400 });
  member = await t.login("member@example.com");
  basic = await t.login("basic@example.com");
  memberId = uid("member@example.com");
}, 120_000);
afterAll(() => t?.cleanup());

async function list(params: Record<string, string | number>, token = member) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const res = await t.call("GET", `/Projects?${qs}`, undefined, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ProjectListAnswer.parse(res.body);
}

const activeCount = () =>
  t.db.prepare("SELECT count(*) FROM projects WHERE active = 1").pluck().get() as number;
const projectTags = (userId = memberId) =>
  t.db
    .prepare("SELECT id, name, color FROM tags WHERE user_id = ? AND tag_type = 1 ORDER BY id")
    .all(userId) as {
    id: number;
    name: string;
    color: string;
  }[];

describe("GET Projects", () => {
  it("needs a token", async () => {
    const res = await t.call("GET", "/Projects");
    expect(res.status).toBe(401);
    ApiError.parse(res.body);
  });

  it("lists 15 active projects newest first with both totals", async () => {
    const answer = await list({});
    expect(answer.data.data).toHaveLength(15);
    expect(answer.data.total).toBe(activeCount());
    expect(answer.total).toBe(activeCount());
    const dates = answer.data.data.map((r) => r.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const row = answer.data.data[0];
    expect(row.types.length).toBeGreaterThan(0);
    expect(row.stage).not.toBeNull();
  });

  it("showInactive (Clear all fields) counts its matches against every project, never more than the database", async () => {
    const every = t.db.prepare("SELECT count(*) FROM projects").pluck().get() as number;
    expect(every).toBeGreaterThan(activeCount());
    const answer = await list({ advanced: JSON.stringify({ showInactive: true }) });
    expect(answer.data.total).toBe(every);
    expect(answer.total).toBe(every);
    // Without it, both stay the active count.
    expect((await list({})).total).toBe(activeCount());
  });

  it("pages through every match exactly once", async () => {
    const total = (await list({ perPage: 100 })).data.total;
    const seen = new Set<number>();
    for (let page = 1; page <= Math.ceil(total / 100); page++)
      for (const r of (await list({ perPage: 100, page })).data.data) seen.add(r.id);
    expect(seen.size).toBe(total);
    expect((await list({ page: 999 })).data.data).toHaveLength(0);
  });

  it("turns bad parameters into defaults", async () => {
    const answer = await list({
      page: -3,
      perPage: 5000,
      orderBy: "drop table",
      orderDirection: "sideways",
      mine: "x",
    });
    expect(answer.data.data).toHaveLength(15);
    expect(answer.data.total).toBe(activeCount());
  });

  it("sorts by every column, both ways", async () => {
    const key: Record<(typeof PROJECT_ORDER_BY)[number], (r: ProjectRow) => string | number | null> = {
      title: (r) => r.title,
      city: (r) => r.city,
      state: (r) => r.state,
      project_type: (r) => r.types[0]?.name ?? null,
      construction_type: (r) => r.construction_type,
      stage: (r) => r.stage?.name ?? null,
      minimum_value: (r) => r.minimum_value,
      created_at: (r) => r.created_at,
      updated_at: (r) => r.updated_at,
      tag: (r) => r.tag[0]?.name ?? null,
      // Without a bid date last both ways: compared as the latest date ascending, the earliest descending.
      bidding_date: (r) => r.bidding_date ?? null,
    };
    const cmp = (a: string | number | null, b: string | number | null) =>
      a === b
        ? 0
        : a === null
          ? -1
          : b === null
            ? 1
            : typeof a === "number" && typeof b === "number"
              ? a - b
              : String(a) < String(b)
                ? -1
                : 1;
    for (const orderBy of PROJECT_ORDER_BY) {
      for (const dir of ["asc", "desc"] as const) {
        for (const extra of [{}, { mine: 1 }, { query: "the" }] as Record<string, string | number>[]) {
          const rows = (await list({ orderBy, orderDirection: dir, perPage: 100, ...extra })).data.data;
          const values = rows.map(key[orderBy]);
          if (orderBy === "bidding_date")
            for (let i = 0; i < values.length; i++) values[i] ??= dir === "asc" ? "9999-12-31" : "0000-01-01";
          for (let i = 1; i < values.length; i++) {
            const c = cmp(values[i - 1], values[i]);
            expect(
              dir === "asc" ? c <= 0 : c >= 0,
              `${orderBy} ${dir} ${JSON.stringify(extra)} at ${i}`,
            ).toBe(true);
          }
        }
      }
    }
  });

  it("finds projects by keyword (title, city, zip, details, updates) with prefixes and all terms required", async () => {
    const p = t.db
      .prepare("SELECT id, title, city, zip FROM projects WHERE active = 1 ORDER BY id LIMIT 1")
      .get() as {
      id: number;
      title: string;
      city: string;
      zip: string;
    };
    const word = p.title.split(" ").find((w) => w.length > 3)!;
    const byTitle = await list({ query: word.slice(0, 4).toLowerCase(), perPage: 100 });
    expect(byTitle.data.total).toBeGreaterThan(0);
    expect(byTitle.total).toBe(activeCount());
    const prefix = word.slice(0, 4).toLowerCase();
    for (const r of byTitle.data.data) {
      const text = Object.values(
        t.db
          .prepare(
            `SELECT p.title, p.address1, p.city, p.state, p.zip, p.county, p.details, p.update_notes,
               (SELECT group_concat(message, ' ') FROM project_updates WHERE project_id = p.id) FROM projects p WHERE p.id = ?`,
          )
          .get(r.id) as object,
      )
        .join(" ")
        .toLowerCase()
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "");
      expect(text, prefix).toContain(prefix);
    }

    const both = await list({ query: `${word} ${p.city}`, perPage: 100 });
    expect(both.data.data.map((r) => r.id)).toContain(p.id);
    expect(both.data.data.every((r) => r.city === p.city || r.title.includes(p.city) || true)).toBe(true);
    expect((await list({ query: p.zip })).data.data.map((r) => r.id)).toContain(p.id);

    const update = t.db
      .prepare(
        "SELECT u.project_id, u.message FROM project_updates u JOIN projects p ON p.id = u.project_id WHERE p.active = 1 LIMIT 1",
      )
      .get() as { project_id: number; message: string };
    const updateWords = update.message
      .split(/\W+/)
      .filter((w) => w.length > 4)
      .slice(0, 2)
      .join(" ");
    expect((await list({ query: updateWords, perPage: 100 })).data.total).toBeGreaterThan(0);

    const none = await list({ query: "zzqqxxnothing" });
    expect(none.data.total).toBe(0);
    expect(none.data.data).toEqual([]);
  });

  it("is safe against FTS syntax", async () => {
    for (const query of [
      '"',
      "NEAR(",
      "a OR b",
      "*",
      "title:foo",
      "-x",
      "(((",
      "'; DROP TABLE projects; --",
      "^foo",
    ]) {
      await list({ query });
    }
    expect(projectMatchExpression('say "hi" OR x')).toBe('"say"* AND """hi"""* AND "OR" AND "x"');
  });

  it("keyword counts and pages agree with a plain SQL count, whichever strategy serves them", async () => {
    const walk = projectQueries(t.db, { walkThreshold: 0 });
    const sortAll = projectQueries(t.db, { walkThreshold: 1e9 });
    for (const query of ["the", "hotel", "apartments", "center"]) {
      for (const orderBy of [null, "title", "stage", "project_type", "tag", "minimum_value"]) {
        const p = parseProjectListParams({ query, orderBy, orderDirection: "asc", perPage: "20", page: "2" });
        const a = walk.list(memberId, p);
        const b = sortAll.list(memberId, p);
        expect(a.data.total).toBe(b.data.total);
        expect(
          a.data.data.map((r) => r.id),
          `${query} ${orderBy}`,
        ).toEqual(b.data.data.map((r) => r.id));
      }
      const sql = t.db
        .prepare(
          "SELECT count(*) FROM projects WHERE active = 1 AND id IN (SELECT rowid FROM projects_fts WHERE projects_fts MATCH ?)",
        )
        .pluck()
        .get(projectMatchExpression(query)!);
      expect((await list({ query })).data.total).toBe(sql);
    }
  });

  it("a keyword with advanced filters counts and pages alike from the FTS rowids or from the keyword's set", async () => {
    const fromRowids = projectQueries(t.db, { keywordSetMin: 1e9 });
    const fromSet = projectQueries(t.db, { keywordSetMin: 0 });
    const filters = [
      { sector: "Public" },
      { state: ["TX", "CA", "FL"], value: ["5_25_million", "25_100_million"] },
      { constructionType: ["Renovation"], showInactive: true },
    ];
    let found = 0;
    for (const query of ["the", "school", "renovation"]) {
      for (const advanced of filters) {
        for (const orderBy of [null, "title", "stage"]) {
          const p = parseProjectListParams({
            query,
            orderBy,
            perPage: "10",
            page: "2",
            advanced: JSON.stringify(advanced),
          });
          const a = fromRowids.list(memberId, p);
          const b = fromSet.list(memberId, p);
          expect(b.data.total, `${query} ${JSON.stringify(advanced)}`).toBe(a.data.total);
          expect(b.data.data.map((r) => r.id)).toEqual(a.data.data.map((r) => r.id));
          found += a.data.total;
        }
      }
    }
    expect(found).toBeGreaterThan(0);
  });

  it("filters to the member's saved projects (mine) and to one folder (tag)", async () => {
    const saved = t.db
      .prepare("SELECT count(*) FROM user_projects WHERE user_id = ?")
      .pluck()
      .get(memberId) as number;
    expect(saved).toBeGreaterThan(0);
    const mine = await list({ mine: 1, perPage: 100 });
    expect(mine.data.total).toBe(saved);
    expect(mine.data.data.every((r) => r.user !== null)).toBe(true);

    const folder = projectTags()[0];
    const inFolder = t.db
      .prepare("SELECT count(*) FROM user_projects WHERE user_id = ? AND tag_id = ?")
      .pluck()
      .get(memberId, folder.id);
    const tagged = await list({ tag: folder.id, perPage: 100 });
    expect(tagged.data.total).toBe(inFolder);
    expect(tagged.data.data.every((r) => r.user?.tag_id === folder.id && r.tag[0]?.id === folder.id)).toBe(
      true,
    );

    const count = await t.call("GET", "/Projects/CountMine", undefined, member);
    expect(CountMineAnswer.parse(count.body).data).toBe(saved);
  });

  it("applies advanced filters given as URL-encoded JSON", async () => {
    const state = (
      t.db
        .prepare("SELECT state FROM projects WHERE active = 1 GROUP BY state ORDER BY count(*) DESC LIMIT 1")
        .get() as { state: string }
    ).state;
    const byState = await list({ advanced: JSON.stringify({ state: [state] }), perPage: 100 });
    expect(byState.data.total).toBe(
      t.db.prepare("SELECT count(*) FROM projects WHERE active = 1 AND state = ?").pluck().get(state),
    );
    expect(byState.data.data.every((r) => r.state === state)).toBe(true);

    const typeId = (t.db.prepare("SELECT id FROM project_types ORDER BY id LIMIT 1").get() as { id: number })
      .id;
    const byType = await list({
      advanced: JSON.stringify({ projectType: [typeId], value: ["1_5_million", "5_25_million"] }),
      perPage: 100,
    });
    expect(
      byType.data.data.every(
        (r) => r.types.some((x) => x.id === typeId) && r.minimum_value! >= 1 && r.minimum_value! < 25,
      ),
    ).toBe(true);

    const one = await list({ advanced: JSON.stringify({ projectId: 5 }) });
    expect(one.data.data.map((r) => r.id)).toEqual(
      t.db.prepare("SELECT id FROM projects WHERE id = 5 AND active = 1").pluck().all(),
    );
    await list({ advanced: "{not json" });
  });

  it("lists the bids due in the next 7, 30 or 90 days, counted from the API clock's day, soonest first", async () => {
    const day = (offset: number) =>
      new Date(t.clock.now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const [soon, later] = t.db
      .prepare("SELECT id FROM projects WHERE active = 1 ORDER BY id LIMIT 2 OFFSET 40")
      .pluck()
      .all() as number[];
    const setBid = t.db.prepare("UPDATE projects SET bidding_date = ? WHERE id = ?");
    setBid.run(day(3), soon);
    setBid.run(day(15), later);
    const due = (days: string, token = member) =>
      list(
        {
          advanced: JSON.stringify({ bidsDue: days }),
          orderBy: "bidding_date",
          orderDirection: "asc",
          perPage: 100,
        },
        token,
      );
    for (const days of ["7", "30", "90"]) {
      const answer = await due(days);
      const expected = t.db
        .prepare("SELECT count(*) FROM projects WHERE active = 1 AND bidding_date BETWEEN ? AND ?")
        .pluck()
        .get(day(0), day(Number(days)));
      expect(answer.data.total, days).toBe(expected);
      const dates = answer.data.data.map((r) => r.bidding_date ?? "");
      expect(dates.every((d) => d >= day(0) && d <= day(Number(days)))).toBe(true);
      expect([...dates].sort()).toEqual(dates);
    }
    expect((await due("7")).data.data.map((r) => r.id)).toContain(soon);
    expect((await due("7")).data.data.map((r) => r.id)).not.toContain(later);
    expect((await due("30")).data.data.map((r) => r.id)).toContain(later);
    // Ten days on, the first bid is past and the second falls inside the week.
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 10 * 86_400_000);
    try {
      const week = (await due("7", await t.login("member@example.com"))).data.data.map((r) => r.id);
      expect(week).not.toContain(soon);
      expect(week).toContain(later);
    } finally {
      t.clock.now = saved;
    }
    // Any other window is no filter.
    expect((await list({ advanced: JSON.stringify({ bidsDue: "8" }) })).data.total).toBe(activeCount());
  });
});

describe("GET Projects/{id}", () => {
  it("answers the project with everything attached", async () => {
    const id = t.db
      .prepare(
        `SELECT p.id FROM projects p WHERE EXISTS (SELECT 1 FROM project_updates u WHERE u.project_id = p.id)
         AND EXISTS (SELECT 1 FROM project_contacts c WHERE c.project_id = p.id) AND EXISTS (SELECT 1 FROM project_materials m WHERE m.project_id = p.id) LIMIT 1`,
      )
      .pluck()
      .get() as number;
    const res = await t.call("GET", `/Projects/${id}`, undefined, member);
    expect(res.status).toBe(200);
    const p = ProjectAnswer.parse(res.body).data;
    expect(p.id).toBe(id);
    expect(p.types.length).toBeGreaterThan(0);
    expect(p.updates.length).toBeGreaterThan(0);
    const times = p.updates.map((u) => u.updated_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(p.contacts.length).toBeGreaterThan(0);
    // Each contact names its company's id, for the company's page.
    const companyOf = t.db.prepare("SELECT company_id FROM contacts WHERE id = ?").pluck();
    for (const c of p.contacts) expect(c.company_id ?? null).toBe(companyOf.get(c.id));
    expect(p.materials.length).toBeGreaterThan(0);
    expect(typeof p.lat).toBe("number");
  });

  it("shows the saved link and folder", async () => {
    const link = t.db
      .prepare(
        "SELECT id, project_id, tag_id FROM user_projects WHERE user_id = ? AND tag_id IS NOT NULL LIMIT 1",
      )
      .get(memberId) as {
      id: number;
      project_id: number;
      tag_id: number;
    };
    const p = ProjectAnswer.parse(
      (await t.call("GET", `/Projects/${link.project_id}`, undefined, member)).body,
    ).data;
    expect(p.user).toEqual({ id: link.id, tag_id: link.tag_id });
    expect(p.tag.map((x) => x.id)).toEqual([link.tag_id]);
  });

  it("answers 404 for a missing project", async () => {
    const res = await t.call("GET", "/Projects/99999999", undefined, member);
    expect(res.status).toBe(404);
    expect(ApiError.parse(res.body).message).toBe("A project with this ID could not be found.");
  });

  it("spends a trial report on each new project, and refuses new ones at 0", async () => {
    const trial = await t.login("trial@example.com");
    const remaining = async () =>
      UserAnswer.parse((await t.call("GET", "/Users/Me", undefined, trial)).body).data.remaining_projects;
    const start = (await remaining())!;
    expect(start).toBe(5);
    const ids = t.db.prepare("SELECT id FROM projects ORDER BY id LIMIT 7").pluck().all() as number[];
    expect((await t.call("GET", `/Projects/${ids[0]}`, undefined, trial)).status).toBe(200);
    expect(await remaining()).toBe(4);
    expect((await t.call("GET", `/Projects/${ids[0]}`, undefined, trial)).status).toBe(200);
    expect(await remaining()).toBe(4);
    for (const id of ids.slice(1, 5)) {
      t.advance(1000);
      expect((await t.call("GET", `/Projects/${id}`, undefined, trial)).status).toBe(200);
    }
    expect(await remaining()).toBe(0);
    const blocked = await t.call("GET", `/Projects/${ids[5]}`, undefined, trial);
    expect(blocked.status).toBe(403);
    expect(ApiError.parse(blocked.body).message).toBe("Your free trial has expired.");
    // The project that spent the last report stays open (its screen is shown); an earlier one no longer
    // (decision 105).
    expect((await t.call("GET", `/Projects/${ids[4]}`, undefined, trial)).status).toBe(200);
    expect((await t.call("GET", `/Projects/${ids[2]}`, undefined, trial)).status).toBe(403);
    expect(await remaining()).toBe(0);
    // Paid members are never counted.
    expect((await t.call("GET", `/Projects/${ids[6]}`, undefined, member)).status).toBe(200);
  });

  it("refuses new projects once the trial has ended", async () => {
    const expired = await t.login("expired@example.com");
    const id = t.db.prepare("SELECT id FROM projects ORDER BY id DESC LIMIT 1").pluck().get() as number;
    const res = await t.call("GET", `/Projects/${id}`, undefined, expired);
    expect(res.status).toBe(403);
  });
});

describe("Notes on a project", () => {
  it("creates, lists newest first, updates, flags an empty note and deletes", async () => {
    // A project both members may open (member@ is national; basic@ covers Texas hotels and apartments).
    const pid = projectsByCoverage(t.db, "basic@example.com", true, 1)[0];
    const first = await t.call(
      "POST",
      `/Projects/${pid}/Notes`,
      { note: "Call the architect", notification_date: "2030-01-15" },
      member,
    );
    expect(first.status).toBe(201);
    const a = SaveProjectNoteAnswer.parse(first.body).data!;
    expect(a.note).toBe("Call the architect");
    expect(a.notification_date).toBe("2030-01-15");
    t.advance(1000);
    const b = SaveProjectNoteAnswer.parse(
      (await t.call("POST", `/Projects/${pid}/Notes`, { note: "Second", notification_date: null }, member))
        .body,
    ).data!;
    const listed = ProjectNotesAnswer.parse(
      (await t.call("GET", `/Projects/${pid}/Notes`, undefined, member)).body,
    ).data;
    expect(listed.map((n) => n.id)).toEqual([b.id, a.id]);

    const updated = await t.call(
      "POST",
      `/Projects/${pid}/Notes`,
      { id: a.id, note: "Call the owner", notification_date: "2030-02-01" },
      member,
    );
    expect(updated.status).toBe(200);
    expect(SaveProjectNoteAnswer.parse(updated.body).data).toMatchObject({
      id: a.id,
      note: "Call the owner",
      notification_date: "2030-02-01",
    });

    const empty = await t.call("POST", `/Projects/${pid}/Notes`, { note: "   " }, member);
    expect(empty.status).toBe(200);
    expect(SaveProjectNoteAnswer.parse(empty.body)).toEqual({
      error: true,
      message: "The note field is required.",
    });

    const badDate = await t.call(
      "POST",
      `/Projects/${pid}/Notes`,
      { note: "x", notification_date: "2030-13-45" },
      member,
    );
    expect(badDate.status).toBe(422);
    ApiError.parse(badDate.body);

    // Another member can neither see, edit nor delete these notes.
    expect(
      ProjectNotesAnswer.parse((await t.call("GET", `/Projects/${pid}/Notes`, undefined, basic)).body).data,
    ).toEqual([]);
    expect((await t.call("POST", `/Projects/${pid}/Notes`, { id: a.id, note: "hijack" }, basic)).status).toBe(
      404,
    );
    expect((await t.call("DELETE", `/Projects/${pid}/Notes/${a.id}`, undefined, basic)).status).toBe(404);

    const del = await t.call("DELETE", `/Projects/${pid}/Notes/${a.id}`, undefined, member);
    expect(del.status).toBe(200);
    MessageAnswer.parse(del.body);
    expect(
      ProjectNotesAnswer.parse(
        (await t.call("GET", `/Projects/${pid}/Notes`, undefined, member)).body,
      ).data.map((n) => n.id),
    ).toEqual([b.id]);
    expect((await t.call("DELETE", `/Projects/${pid}/Notes/${a.id}`, undefined, member)).status).toBe(404);
    expect((await t.call("GET", "/Projects/99999999/Notes", undefined, member)).status).toBe(404);
  });
});

describe("Saving and folders", () => {
  // Projects basic@ (State Edition: Texas, Hotel and Multifamily) may open: keeping one needs that right.
  const inside = () => {
    const ids = projectsByCoverage(t.db, "basic@example.com", true, 2);
    expect(ids.length).toBe(2);
    return ids;
  };
  // Projects member@ (National) has not saved, for the saving mechanics.
  const unsaved = (n: number) =>
    t.db
      .prepare(
        "SELECT id FROM projects p WHERE active = 1 AND NOT EXISTS (SELECT 1 FROM user_projects u WHERE u.project_id = p.id) ORDER BY id LIMIT ?",
      )
      .pluck()
      .all(n) as number[];
  const link = (pid: number, userId: number) =>
    t.db
      .prepare("SELECT id, tag_id FROM user_projects WHERE user_id = ? AND project_id = ?")
      .get(userId, pid) as { id: number; tag_id: number | null } | undefined;

  it("saves (idempotently) and unsaves", async () => {
    const basicId = uid("basic@example.com");
    const pid = inside()[0];
    for (let i = 0; i < 2; i++) {
      const res = await t.call("POST", "/Projects/Save", { project_id: pid }, basic);
      expect(res.status).toBe(200);
      expect(MessageAnswer.parse(res.body).message).toBe("Project saved.");
    }
    expect(link(pid, basicId)).toBeDefined();
    const row = (await list({ mine: 1 }, basic)).data.data.find((r) => r.id === pid);
    expect(row?.user?.id).toBe(link(pid, basicId)?.id);
    const del = await t.call("DELETE", `/Projects/${pid}`, undefined, basic);
    expect(del.status).toBe(200);
    expect(link(pid, basicId)).toBeUndefined();
    expect((await t.call("POST", "/Projects/Save", { project_id: 99999999 }, basic)).status).toBe(404);
    expect((await t.call("POST", "/Projects/Save", { project_id: "x" }, basic)).status).toBe(422);
  });

  it("files a project in a folder (saving it first) and clears it with null", async () => {
    const basicId = uid("basic@example.com");
    const folder = projectTags(basicId)[1];
    const pid = inside()[1];
    const res = await t.call("POST", "/Projects/AddTag", { project_id: pid, tag_id: folder.id }, basic);
    expect(res.status).toBe(200);
    expect(link(pid, basicId)?.tag_id).toBe(folder.id);
    const p = ProjectAnswer.parse((await t.call("GET", `/Projects/${pid}`, undefined, basic)).body).data;
    expect(p.tag[0]?.id).toBe(folder.id);
    expect((await t.call("POST", "/Projects/AddTag", { project_id: pid, tag_id: null }, basic)).status).toBe(
      200,
    );
    expect(link(pid, basicId)?.tag_id).toBeNull();
    // Someone else's folder, or a contact folder, is refused.
    const othersFolder = projectTags()[0];
    expect(
      (await t.call("POST", "/Projects/AddTag", { project_id: pid, tag_id: othersFolder.id }, basic)).status,
    ).toBe(422);
    const contactFolder = t.db
      .prepare("SELECT id FROM tags WHERE user_id = ? AND tag_type = 2 LIMIT 1")
      .pluck()
      .get(basicId);
    expect(
      (await t.call("POST", "/Projects/AddTag", { project_id: pid, tag_id: contactFolder }, basic)).status,
    ).toBe(422);
    // Clearing is said with null (or an empty form field); a call without tag_id changes nothing.
    await t.call("POST", "/Projects/AddTag", { project_id: pid, tag_id: folder.id }, basic);
    const missing = await t.call("POST", "/Projects/AddTag", { project_id: pid }, basic);
    expect(missing.status).toBe(422);
    expect(missing.body.errors.tag_id).toEqual(["The tag id field is required."]);
    expect(link(pid, basicId)?.tag_id).toBe(folder.id);
  });

  it("removes saved projects in bulk", async () => {
    const [a, b, c] = unsaved(3);
    for (const pid of [a, b, c]) await t.call("POST", "/Projects/Save", { project_id: pid }, member);
    const res = await t.call("DELETE", "/SavedProjects", { ids: [a, b] }, member);
    expect(res.status).toBe(200);
    MessageAnswer.parse(res.body);
    expect(link(a, memberId)).toBeUndefined();
    expect(link(b, memberId)).toBeUndefined();
    expect(link(c, memberId)).toBeDefined();
    expect((await t.call("DELETE", "/SavedProjects", { ids: [] }, member)).status).toBe(422);
  });
});

describe("Similar projects", () => {
  it("answers 5 a page of the same primary type, without the project itself", async () => {
    const id = 7;
    const typeOf = (pid: number) =>
      t.db
        .prepare(
          "SELECT project_type_id FROM project_project_types WHERE project_id = ? ORDER BY position LIMIT 1",
        )
        .pluck()
        .get(pid);
    const first = SimilarProjectsAnswer.parse(
      (await t.call("GET", `/Projects/${id}/Similar`, undefined, member)).body,
    ).data;
    expect(first.data.length).toBeLessThanOrEqual(5);
    expect(first.total).toBeGreaterThan(0);
    for (const r of first.data) {
      expect(r.id).not.toBe(id);
      expect(typeOf(r.id)).toBe(typeOf(id));
    }
    if (first.total > 5) {
      const second = SimilarProjectsAnswer.parse(
        (await t.call("GET", `/Projects/${id}/Similar?page=2`, undefined, member)).body,
      ).data;
      expect(second.data.map((r) => r.id).some((x) => first.data.some((r) => r.id === x))).toBe(false);
    }
  });
});

/** The project list's columns with the project ID, address, county and bid date; the folder by name. */
const CSV_COLUMNS = [
  "Project ID",
  "Name",
  "Address",
  "City",
  "State",
  "Zip",
  "County",
  "Project Type",
  "Const Type",
  "Projected Project Stage",
  "Estimated Value (M)",
  "Bid Date",
  "Entered",
  "Updated",
  "Folder",
];

describe("POST Projects/Download", () => {
  async function download(body: string, headers: Record<string, string>) {
    return t.app.request(`${API_BASE_PATH}/Projects/Download`, { method: "POST", body, headers });
  }

  it("streams the list as CSV, with the token as a form field", async () => {
    const form = new URLSearchParams({ token: member, orderBy: "title", orderDirection: "asc", mine: "1" });
    const res = await download(form.toString(), { "content-type": "application/x-www-form-urlencoded" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="projects-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // As Excel expects: a UTF-8 byte-order mark, then CRLF line ends (issue 43).
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split("\r\n").length).toBeGreaterThan(2);
    expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n](?=")/);
    const rows: string[][] = parse(text, { bom: true });
    expect(rows[0]).toEqual(CSV_COLUMNS);
    const saved = t.db.prepare("SELECT count(*) FROM user_projects WHERE user_id = ?").pluck().get(memberId);
    expect(rows.length - 1).toBe(saved);
    // Each row carries its project's ID, address, county and bid date.
    const col = (name: string) => CSV_COLUMNS.indexOf(name);
    for (const r of rows.slice(1)) {
      const p = t.db
        .prepare("SELECT title, address1, county, bidding_date FROM projects WHERE id = ?")
        .get(Number(r[col("Project ID")])) as
        | { title: string; address1: string | null; county: string | null; bidding_date: string | null }
        | undefined;
      expect(p?.title).toBe(r[col("Name")]);
      expect(r[col("Address")].startsWith(p?.address1 ?? "")).toBe(true);
      expect(r[col("County")]).toBe(p?.county ?? "");
      expect(r[col("Bid Date")]).toBe(p?.bidding_date?.slice(0, 10) ?? "");
    }
    expect(rows.slice(1).some((r) => r[col("County")] !== "")).toBe(true);
    const titles = rows.slice(1).map((r) => r[col("Name")]);
    expect([...titles].sort()).toEqual(titles);
  });

  it("accepts JSON with a bearer token, and escapes formula-looking cells", async () => {
    const pid = t.db
      .prepare("SELECT id FROM projects WHERE active = 1 ORDER BY id LIMIT 1 OFFSET 29")
      .pluck()
      .get() as number;
    t.db
      .prepare("UPDATE projects SET title = ?, city = ? WHERE id = ?")
      .run('=HYPERLINK("http://evil")', '+1 Main, "Suite" 2', pid);
    const res = await download(JSON.stringify({ advanced: JSON.stringify({ projectId: pid }) }), {
      "content-type": "application/json",
      authorization: `Bearer ${member}`,
    });
    expect(res.status).toBe(200);
    const rows: string[][] = parse(await res.text(), { bom: true });
    expect(rows).toHaveLength(2);
    expect(rows[1][CSV_COLUMNS.indexOf("Name")]).toBe('\'=HYPERLINK("http://evil")');
    expect(rows[1][CSV_COLUMNS.indexOf("City")]).toBe('\'+1 Main, "Suite" 2');
  });

  it("refuses members without downloads and requests without a token", async () => {
    const form = new URLSearchParams({ token: basic });
    const res = await download(form.toString(), { "content-type": "application/x-www-form-urlencoded" });
    expect(res.status).toBe(403);
    expect((await download("", {})).status).toBe(401);
  });
});

describe("GET Projects/AdvancedOptions", () => {
  it("lists the search options", async () => {
    const res = await t.call("GET", "/Projects/AdvancedOptions", undefined, member);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.isAdmin).toBe(false);
    expect(d.bidStages.length).toBeGreaterThan(0);
    expect(d.states.every((s: { abbr: string }) => s.abbr.length === 2)).toBe(true);
    expect(d.provinces.length).toBeGreaterThan(0);
    expect(d.materials.length).toBeGreaterThan(0);
    expect(d.projectTypes[0]).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      subtypes: expect.any(Array),
      brands: expect.any(Array),
    });
    expect(typeof d.projectTypes[0].has_units).toBe("boolean");
    const admin = await t.login("admin@example.com");
    const adminOptions = (await t.call("GET", "/Projects/AdvancedOptions", undefined, admin)).body.data;
    expect(adminOptions.isAdmin).toBe(true);
    expect(adminOptions.researchers.length).toBeGreaterThan(0);
  });
});

describe("GET Geocode/{address}", () => {
  it("finds a project's address by zip or by city and state", async () => {
    const place = t.db
      .prepare(
        "SELECT zip, city, state_abbr, lat, lng FROM places WHERE country = 'US' AND zip IS NOT NULL LIMIT 1",
      )
      .get() as {
      zip: string;
      city: string;
      state_abbr: string;
      lat: number;
      lng: number;
    };
    const byZip = GeocodeAnswer.parse(
      (
        await t.call(
          "GET",
          `/Geocode/${encodeURIComponent(`1 Main St, Nowhere, ZZ ${place.zip}`)}`,
          undefined,
          member,
        )
      ).body,
    );
    expect(byZip.status).toBe("OK");
    expect(byZip.results[0].geometry.location).toEqual({ lat: place.lat, lng: place.lng });

    const byCity = GeocodeAnswer.parse(
      (
        await t.call(
          "GET",
          `/Geocode/${encodeURIComponent(`12 Oak Ave, ${place.city.toUpperCase()}, ${place.state_abbr}`)}`,
          undefined,
          member,
        )
      ).body,
    );
    expect(byCity.status).toBe("OK");
    expect(Math.abs(byCity.results[0].geometry.location.lat - place.lat)).toBeLessThan(3);

    const project = t.db
      .prepare("SELECT address1, city, state, zip FROM projects WHERE id = 1")
      .get() as Record<string, string>;
    const byProject = GeocodeAnswer.parse(
      (
        await t.call(
          "GET",
          `/Geocode/${encodeURIComponent(`${project.address1}, ${project.city}, ${project.state} ${project.zip}`)}`,
          undefined,
          member,
        )
      ).body,
    );
    expect(byProject.status).toBe("OK");
  });

  it("answers ZERO_RESULTS when nothing matches", async () => {
    const res = await t.call(
      "GET",
      `/Geocode/${encodeURIComponent("Atlantis, Middle of the Ocean")}`,
      undefined,
      member,
    );
    expect(res.status).toBe(200);
    expect(GeocodeAnswer.parse(res.body)).toEqual({ results: [], status: "ZERO_RESULTS" });
    expect((await t.call("GET", "/Geocode/Miami")).status).toBe(401);
  });
});
