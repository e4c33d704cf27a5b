import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, MessageAnswer } from "../../contract/common";
import { ContactAnswer, ContactListAnswer, ContactProjectsAnswer } from "../../contract/contacts";
import { Tag } from "../../contract/user";
import { memberRights } from "../../upstream/rights";
import { createTestApi, type TestApi, userId } from "./contacts-support";

let t: TestApi;
let member: string;
let basic: string;
let memberId: number;

beforeAll(async () => {
  t = createTestApi();
  member = await t.login("member@example.com");
  basic = await t.login("basic@example.com");
  memberId = userId(t.db, "member@example.com");
}, 120_000);
afterAll(() => t?.close());

async function list(params: Record<string, string | number>, token = member) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const res = await t.call(`Contacts?${qs}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return ContactListAnswer.parse(await res.json());
}

const contactTags = () =>
  t.db
    .prepare("SELECT id, name, color, tag_type FROM tags WHERE user_id = ? AND tag_type = 2 ORDER BY id")
    .all(memberId)
    .map((r) => Tag.parse(r));

describe("GET Contacts", () => {
  it("needs a token", async () => {
    const res = await t.call("Contacts");
    expect(res.status).toBe(401);
    ApiError.parse(await res.json());
  });

  it("lists the directory, 15 per page, with both totals", async () => {
    const all = (t.db.prepare("SELECT count(*) AS n FROM contacts").get() as { n: number }).n;
    const body = await list({});
    expect(body.data.data).toHaveLength(15);
    expect(body.data.total).toBe(all);
    expect(body.total).toBe(all);
    const page2 = await list({ page: 2 });
    expect(page2.data.data.map((r) => r.id)).not.toEqual(body.data.data.map((r) => r.id));
    const five = await list({ perPage: 5, page: 3 });
    expect(five.data.data).toHaveLength(5);
  });

  it("answers the directory 403 for a member without allow_directory, but lists their saved contacts", async () => {
    const res = await t.call("Contacts", { token: basic });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      message: "Your subscription does not include the contact directory.",
    });
    const mine = await list({ mine: 1 }, basic);
    expect(mine.data.total).toBe(0);
  });

  it("searches keywords with FTS5 prefix matching, safely quoted", async () => {
    const sample = t.db
      .prepare(
        "SELECT c.id, c.last_name, c.first_name FROM contacts c WHERE length(c.last_name) > 4 ORDER BY c.id LIMIT 1",
      )
      .get() as { id: number; last_name: string; first_name: string };
    const prefix = sample.last_name.slice(0, 4);
    const body = await list({ query: prefix, perPage: 100 });
    expect(body.data.total).toBeGreaterThan(0);
    for (const row of body.data.data) {
      const hay = [row.first_name, row.last_name, row.title, row.company_name, row.email, row.city]
        .join(" ")
        .toLowerCase();
      expect(hay).toContain(prefix.toLowerCase());
    }
    const both = await list({ query: `${sample.first_name} ${sample.last_name}`, perPage: 100 });
    expect(both.data.data.map((r) => r.id)).toContain(sample.id);
    for (const q of ['"', "a OR b", "NEAR(x y)", "*", "col:umn", "-", "' ; DROP TABLE contacts"]) {
      const res = await t.call(`Contacts?query=${encodeURIComponent(q)}`, { token: member });
      expect(res.status, q).toBe(200);
      ContactListAnswer.parse(await res.json());
    }
    const none = await list({ query: "zzzqqqxxx" });
    expect(none.data.total).toBe(0);
    expect(none.data.data).toEqual([]);
  });

  it("sorts by each column in both directions", async () => {
    for (const orderBy of [
      "first_name",
      "last_name",
      "title",
      "company_name",
      "company_type",
      "email",
      "city",
      "state",
      "created_at",
      "updated_at",
      "tag",
    ]) {
      const res = await t.call(`Contacts?orderBy=${orderBy}&orderDirection=desc`, { token: member });
      expect(res.status, orderBy).toBe(200);
      ContactListAnswer.parse(await res.json());
    }
    const asc = await list({ orderBy: "first_name", orderDirection: "asc", perPage: 50 });
    const names = asc.data.data.map((r) => r.first_name ?? "");
    expect(names).toEqual([...names].sort());
    const desc = await list({ orderBy: "created_at", orderDirection: "desc", perPage: 50 });
    const dates = desc.data.data.map((r) => r.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    // an unknown orderBy falls back to the default
    const bad = await list({ orderBy: "password_hash" });
    expect(bad.data.data).toHaveLength(15);
  });

  it("applies the advanced search (JSON) and plain advanced params", async () => {
    const tx = await list({ advanced: JSON.stringify({ state: "TX" }), perPage: 100 });
    expect(tx.data.total).toBeGreaterThan(0);
    expect(tx.data.data.every((r) => r.state === "TX")).toBe(true);

    const sample = t.db
      .prepare(
        `SELECT c.city, c.state, ct.name AS type_name, ct.id AS type_id FROM contacts c
         JOIN company_company_types cct ON cct.company_id = c.company_id JOIN company_types ct ON ct.id = cct.company_type_id
         WHERE c.city IS NOT NULL LIMIT 1`,
      )
      .get() as { city: string; state: string; type_name: string; type_id: number };
    const byType = await list({
      advanced: JSON.stringify({ companyType: sample.type_name, city: sample.city }),
      perPage: 100,
    });
    expect(byType.data.total).toBeGreaterThan(0);
    for (const r of byType.data.data)
      expect(r.city?.toLowerCase()).toContain(sample.city.split(" ")[0].toLowerCase());
    const byTypeId = await list({ companyType: sample.type_id, city: sample.city, perPage: 100 });
    expect(byTypeId.data.total).toBe(byType.data.total);

    const person = t.db
      .prepare(
        "SELECT first_name, last_name, email, phone FROM contacts WHERE email IS NOT NULL AND phone IS NOT NULL LIMIT 1",
      )
      .get() as { first_name: string; last_name: string; email: string; phone: string };
    const byName = await list({
      advanced: JSON.stringify({ firstName: person.first_name, lastName: person.last_name }),
    });
    expect(byName.data.data.some((r) => r.email === person.email)).toBe(true);
    const byEmail = await list({ advanced: JSON.stringify({ email: person.email }) });
    expect(byEmail.data.data.some((r) => r.email === person.email)).toBe(true);
    const byPhone = await list({
      advanced: JSON.stringify({ phone: person.phone.replace(/\D/g, "").slice(-7) }),
    });
    expect(byPhone.data.total).toBeGreaterThan(0);
    // broken JSON is ignored, not an error
    const broken = await list({ advanced: "{not json" });
    expect(broken.data.data).toHaveLength(15);
  });

  it("lists the member's saved contacts (mine) and a folder (tag)", async () => {
    const saved = (
      t.db.prepare("SELECT count(*) AS n FROM user_contacts WHERE user_id = ?").get(memberId) as { n: number }
    ).n;
    const mine = await list({ mine: 1, perPage: 100 });
    expect(mine.data.total).toBe(saved);
    expect(mine.total).toBe(saved);
    expect(mine.data.data.every((r) => r.user !== null)).toBe(true);

    const tagged = t.db
      .prepare(
        "SELECT tag_id, count(*) AS n FROM user_contacts WHERE user_id = ? AND tag_id IS NOT NULL GROUP BY tag_id ORDER BY n DESC",
      )
      .get(memberId) as { tag_id: number; n: number };
    const folder = await list({ tag: tagged.tag_id, perPage: 100 });
    expect(folder.data.total).toBe(tagged.n);
    for (const r of folder.data.data) {
      expect(r.user?.tag_id).toBe(tagged.tag_id);
      expect(r.tag.map((x) => x.id)).toEqual([tagged.tag_id]);
    }
    const byTag = await list({ mine: 1, orderBy: "tag", orderDirection: "asc", perPage: 100 });
    expect(byTag.data.total).toBe(saved);
  });
});

describe("GET Contacts/{id} and AdvancedOptions", () => {
  it("answers a contact with every field, and 404 for a missing one", async () => {
    const res = await t.call("Contacts/1", { token: member });
    expect(res.status).toBe(200);
    const { data } = ContactAnswer.parse(await res.json());
    expect(data.id).toBe(1);
    const missing = await t.call("Contacts/99999999", { token: member });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "A contact with this ID could not be found." });
  });

  it("answers the advanced options", async () => {
    const res = await t.call("Contacts/AdvancedOptions", { token: member });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: {
        states: { abbr: string }[];
        provinces: { abbr: string }[];
        companyTypes: { id: number; name: string }[];
      };
    };
    expect(body.data.states.some((s) => s.abbr === "TX")).toBe(true);
    expect(body.data.provinces.some((s) => s.abbr === "ON")).toBe(true);
    expect(body.data.companyTypes.length).toBeGreaterThan(0);
  });
});

describe("GET Contacts/{id}/Projects", () => {
  /** A contact on the 40 lowest-numbered active projects (and whatever the seed gave it). */
  const busyContact = () => {
    const id = t.db.prepare("SELECT id FROM contacts ORDER BY id LIMIT 1 OFFSET 7").pluck().get() as number;
    t.db
      .prepare(
        "INSERT OR IGNORE INTO project_contacts (project_id, contact_id) SELECT id, ? FROM projects WHERE active = 1 ORDER BY id LIMIT 40",
      )
      .run(id);
    return id;
  };
  const page = async (contactId: number, n: number, token = member) => {
    const res = await t.call(`Contacts/${contactId}/Projects?page=${n}`, { token });
    expect(res.status, await res.clone().text()).toBe(200);
    return ContactProjectsAnswer.parse(await res.json()).data;
  };

  it("pages through the contact's active projects, 15 a page, newest update first", async () => {
    const id = busyContact();
    const expected = t.db
      .prepare(
        "SELECT count(*) FROM project_contacts pc JOIN projects p ON p.id = pc.project_id WHERE pc.contact_id = ? AND p.active = 1",
      )
      .pluck()
      .get(id) as number;
    const seen: number[] = [];
    let updated: string[] = [];
    for (let n = 1; n <= Math.ceil(expected / 15); n++) {
      const answer = await page(id, n);
      expect(answer.total).toBe(expected);
      expect(answer.data.length).toBe(Math.min(15, expected - seen.length));
      seen.push(...answer.data.map((r) => r.id));
      updated = [...updated, ...answer.data.map((r) => r.updated_at)];
    }
    expect(new Set(seen).size).toBe(expected);
    expect([...updated].sort().reverse()).toEqual(updated);
    expect((await page(id, 99)).data).toEqual([]);
    const missing = await t.call("Contacts/99999999/Projects", { token: member });
    expect(missing.status).toBe(404);
  });

  it("names only the projects the member may open, and refuses a contact the member may not read", async () => {
    const id = busyContact();
    const basicId = userId(t.db, "basic@example.com");
    // basic@ has no directory: the contact is theirs to read once saved.
    t.db
      .prepare(
        "INSERT OR IGNORE INTO user_contacts (user_id, contact_id, created_at, updated_at) VALUES (?, ?, ?, ?)",
      )
      .run(basicId, id, "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z");
    const all = (await page(id, 1)).total;
    const answer = await page(id, 1, basic);
    const rights = memberRights({ db: t.db, now: () => new Date() });
    const all40 = t.db
      .prepare(
        "SELECT project_id FROM project_contacts pc JOIN projects p ON p.id = pc.project_id WHERE pc.contact_id = ? AND p.active = 1",
      )
      .pluck()
      .all(id) as number[];
    expect(answer.total).toBe(rights.openableIds(basicId, all40).length);
    expect(answer.total).toBeLessThan(all);
    expect(
      rights.openableIds(
        basicId,
        answer.data.map((r) => r.id),
      ),
    ).toEqual(answer.data.map((r) => r.id));

    t.db.prepare("DELETE FROM user_contacts WHERE user_id = ? AND contact_id = ?").run(basicId, id);
    const unreadable = t.db
      .prepare(
        "SELECT c.id FROM contacts c WHERE NOT EXISTS (SELECT 1 FROM project_contacts pc WHERE pc.contact_id = c.id) ORDER BY c.id LIMIT 1",
      )
      .pluck()
      .get() as number;
    const refused = await t.call(`Contacts/${unreadable}/Projects`, { token: basic });
    expect(refused.status).toBe(403);
  });
});

describe("saving, notes and folders", () => {
  const unsavedId = () =>
    (
      t.db
        .prepare(
          "SELECT id FROM contacts WHERE id NOT IN (SELECT contact_id FROM user_contacts WHERE user_id = ?) ORDER BY id LIMIT 1",
        )
        .get(memberId) as { id: number }
    ).id;
  const get = async (id: number) =>
    ContactAnswer.parse(await (await t.call(`Contacts/${id}`, { token: member })).json()).data;

  it("saves and unsaves a contact", async () => {
    const id = unsavedId();
    expect((await get(id)).user).toBeNull();
    const save = await t.call("Contacts/Save", { method: "POST", token: member, json: { contact_id: id } });
    expect(save.status).toBe(200);
    MessageAnswer.parse(await save.json());
    expect((await get(id)).user?.id).toBeTypeOf("number");
    // saving twice is harmless
    expect(
      (await t.call("Contacts/Save", { method: "POST", token: member, json: { contact_id: id } })).status,
    ).toBe(200);
    const del = await t.call(`Contacts/${id}`, { method: "DELETE", token: member });
    expect(del.status).toBe(200);
    expect((await get(id)).user).toBeNull();
    const bad = await t.call("Contacts/Save", {
      method: "POST",
      token: member,
      json: { contact_id: 99999999 },
    });
    expect(bad.status).toBe(404);
    const invalid = await t.call("Contacts/Save", { method: "POST", token: member, json: {} });
    expect(invalid.status).toBe(422);
    expect(ApiError.parse(await invalid.json()).errors?.contact_id).toBeDefined();
  });

  it("adds a note, saving the contact if needed (JSON and form posts)", async () => {
    const id = unsavedId();
    const res = await t.call("Contacts/AddNote", {
      method: "POST",
      token: member,
      json: { contact_id: id, note: "  Call on Monday.  " },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; data: { note: string } };
    expect(body.data.note).toBe("Call on Monday.");
    const contact = await get(id);
    expect(contact.user?.note).toBe("Call on Monday.");
    const form = await t.call("Contacts/AddNote", {
      method: "POST",
      token: member,
      body: new URLSearchParams({ contact_id: String(id), note: "Changed." }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(200);
    expect((await get(id)).user?.note).toBe("Changed.");
  });

  it("sets and clears a contact folder, refusing project folders and others' folders", async () => {
    const id = unsavedId();
    const folder = contactTags()[0];
    const res = await t.call("Contacts/AddTag", {
      method: "POST",
      token: member,
      json: { contact_id: id, tag_id: folder.id },
    });
    expect(res.status).toBe(200);
    const c1 = await get(id);
    expect(c1.user?.tag_id).toBe(folder.id);
    expect(c1.tag.map((x) => x.id)).toEqual([folder.id]);
    const projectFolder = t.db
      .prepare("SELECT id FROM tags WHERE user_id = ? AND tag_type = 1 LIMIT 1")
      .get(memberId) as { id: number };
    const wrongType = await t.call("Contacts/AddTag", {
      method: "POST",
      token: member,
      json: { contact_id: id, tag_id: projectFolder.id },
    });
    expect(wrongType.status).toBe(422);
    const othersFolder = t.db
      .prepare("SELECT id FROM tags WHERE user_id = ? AND tag_type = 2 LIMIT 1")
      .get(userId(t.db, "basic@example.com")) as { id: number };
    const others = await t.call("Contacts/AddTag", {
      method: "POST",
      token: member,
      json: { contact_id: id, tag_id: othersFolder.id },
    });
    expect(others.status).toBe(422);
    const clear = await t.call("Contacts/AddTag", {
      method: "POST",
      token: member,
      json: { contact_id: id, tag_id: null },
    });
    expect(clear.status).toBe(200);
    const c2 = await get(id);
    expect(c2.user?.tag_id).toBeNull();
    expect(c2.tag).toEqual([]);
  });
});

/** The contact list's columns, the folder by name. */
const CSV_COLUMNS = [
  "First Name",
  "Last Name",
  "Title",
  "Company",
  "Company Type",
  "Email",
  "Phone",
  "City",
  "State",
  "Created",
  "Updated",
  "Folder",
];

describe("POST Contacts/Download", () => {
  const download = (init: {
    token?: string;
    json?: unknown;
    body?: BodyInit;
    headers?: Record<string, string>;
  }) => t.call("Contacts/Download", { method: "POST", ...init });

  it("streams the list as CSV with the list's columns", async () => {
    const res = await download({
      token: member,
      json: { advanced: JSON.stringify({ state: "TX" }), orderBy: "last_name" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // As Excel expects: a UTF-8 byte-order mark ("Lebel-sur-Quévillon" arrives intact), CRLF line ends.
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split("\r\n").length).toBeGreaterThan(2);
    const records = parse(text, { bom: true }) as string[][];
    expect(records[0]).toEqual(CSV_COLUMNS);
    // The phone is the contact's own.
    const phoneOf = t.db.prepare("SELECT phone FROM contacts WHERE email = ?").pluck();
    const withEmail = records.slice(1).filter((r) => r[CSV_COLUMNS.indexOf("Email")]);
    expect(withEmail.length).toBeGreaterThan(0);
    for (const r of withEmail.slice(0, 20))
      expect(r[CSV_COLUMNS.indexOf("Phone")]).toBe(phoneOf.get(r[CSV_COLUMNS.indexOf("Email")]) ?? "");
    expect(records.slice(1).some((r) => r[CSV_COLUMNS.indexOf("Phone")] !== "")).toBe(true);
    const tx = (t.db.prepare("SELECT count(*) AS n FROM contacts WHERE state = 'TX'").get() as { n: number })
      .n;
    expect(records.length - 1).toBe(Math.min(tx, 10_000));
    expect(records.slice(1).every((r) => r[CSV_COLUMNS.indexOf("State")] === "TX")).toBe(true);
  });

  it("takes the token and list params as form fields", async () => {
    const res = await download({
      body: new URLSearchParams({ token: member, mine: "1" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    const records = parse(await res.text(), { columns: true }) as Record<string, string>[];
    const saved = (
      t.db.prepare("SELECT count(*) AS n FROM user_contacts WHERE user_id = ?").get(memberId) as { n: number }
    ).n;
    expect(records).toHaveLength(saved);
  });

  it("refuses without a token, and without allow_download", async () => {
    expect((await download({ json: {} })).status).toBe(401);
    const res = await download({ token: basic, json: { mine: 1 } });
    expect(res.status).toBe(403);
    ApiError.parse(await res.json());
  });

  it("escapes formulas and quotes, and reads back with a CSV parser", async () => {
    const company = t.db
      .prepare("INSERT INTO companies (name, created_at, updated_at) VALUES (?, ?, ?)")
      .run('Acme, "Builders"\nInc', "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z");
    const contact = t.db
      .prepare(
        `INSERT INTO contacts (first_name, last_name, title, company_id, email, phone, city, state, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        '=HYPERLINK("http://evil.example","x")',
        "+SUM(A1)",
        "-2+3",
        company.lastInsertRowid,
        "@evil",
        "\t555",
        "\rCity",
        "TX",
        "2026-01-01T00:00:00.000Z",
        "2026-01-02T00:00:00.000Z",
      );
    const id = Number(contact.lastInsertRowid);
    const folder = contactTags()[1];
    await t.call("Contacts/AddTag", {
      method: "POST",
      token: member,
      json: { contact_id: id, tag_id: folder.id },
    });
    const res = await download({
      token: member,
      json: { mine: 1, orderBy: "created_at", orderDirection: "asc" },
    });
    const raw = await res.text();
    const records = parse(raw, { columns: true }) as Record<string, string>[];
    const row = records.find((r) => r.Company.startsWith("Acme"));
    expect(row).toBeDefined();
    expect(row).toMatchObject({
      "First Name": `'=HYPERLINK("http://evil.example","x")`,
      "Last Name": "'+SUM(A1)",
      Title: "'-2+3",
      Company: 'Acme, "Builders"\nInc',
      Email: "'@evil",
      City: "'\rCity",
      State: "TX",
      Created: "2026-01-01",
      Updated: "2026-01-02",
      Folder: folder.name,
    });
    expect(raw).toContain('"Acme, ""Builders""\nInc"');
  });
});
