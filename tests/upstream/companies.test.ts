import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../contract/common";
import {
  CompanyAnswer,
  CompanyDuplicatesAnswer,
  CompanyListAnswer,
  CompanyPartnersAnswer,
  CompanyProjectsAnswer,
  EditCompanyAnswer,
  MergeCompanyAnswer,
} from "../../contract/companies";
import { domainKey, nameKey } from "../../upstream/models/companies/duplicates";
import { createTestApi, type TestApi } from "./contacts-support";

let t: TestApi;
let member: string;
let basic: string;
let admin: string;
let researcher: string;

beforeAll(async () => {
  t = createTestApi(600);
  [member, basic, admin, researcher] = await Promise.all(
    ["member", "basic", "admin", "researcher"].map((n) => t.login(`${n}@example.com`)),
  );
}, 120_000);
afterAll(() => t?.close());

const count = (sql: string, ...params: unknown[]) =>
  t.db
    .prepare(sql)
    .pluck()
    .get(...params) as number;

async function list(params: Record<string, string | number>, token = member) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const res = await t.call(`Companies?${qs}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return CompanyListAnswer.parse(await res.json());
}

describe("GET Companies", () => {
  it("lists 15 a page with the matching and the database totals", async () => {
    const all = count("SELECT count(*) FROM companies");
    const body = await list({});
    expect(body.data.data).toHaveLength(15);
    expect(body.data.total).toBe(all);
    expect(body.total).toBe(all);
    const names = body.data.data.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(body.data.data.every((r) => r.types.length > 0)).toBe(true);
  });

  it("searches by keyword and sorts by each column both ways", async () => {
    const name = t.db.prepare("SELECT name FROM companies WHERE id = 5").pluck().get() as string;
    const word = name.split(/\s+/)[0];
    const found = await list({ query: word });
    expect(found.data.total).toBeGreaterThan(0);
    expect(found.data.total).toBeLessThan(found.total ?? 0);
    expect(found.data.data.map((r) => r.id)).toContain(5);
    const desc = await list({ orderBy: "created_at", orderDirection: "desc" });
    const asc = await list({ orderBy: "created_at", orderDirection: "asc" });
    expect(desc.data.data[0].created_at >= desc.data.data[14].created_at).toBe(true);
    expect(asc.data.data[0].created_at <= asc.data.data[14].created_at).toBe(true);
    expect(desc.data.data[0].id).not.toBe(asc.data.data[0].id);
    for (const orderBy of ["name", "url", "company_type", "updated_at"])
      expect((await list({ orderBy, orderDirection: "asc" })).data.data).toHaveLength(15);
  });

  it("refuses a member without the company search, and needs a token", async () => {
    const res = await t.call("Companies", { token: basic });
    expect(res.status).toBe(403);
    expect(ApiError.parse(await res.json()).message).toBe(
      "Your subscription does not include the company search.",
    );
    expect((await t.call("Companies/1", { token: basic })).status).toBe(403);
    expect((await t.call("Companies")).status).toBe(401);
  });
});

describe("POST Companies/Download", () => {
  it("writes every matching row as CSV, with the list's columns", async () => {
    const res = await t.call("Companies/Download", {
      method: "POST",
      token: member,
      json: { query: "", orderBy: "name", orderDirection: "asc" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    // As Excel expects: a UTF-8 byte-order mark, CRLF line ends (issue 43).
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split("\r\n").length).toBeGreaterThan(2);
    const rows = parse(text, { bom: true }) as string[][];
    expect(rows[0]).toEqual(["Name", "Website", "Company Type", "Entered", "Updated"]);
    expect(rows).toHaveLength(count("SELECT count(*) FROM companies") + 1);
  });

  it("refuses a member without downloads or the company search", async () => {
    const res = await t.call("Companies/Download", { method: "POST", token: basic, json: {} });
    expect(res.status).toBe(403);
  });
});

describe("GET Companies/{id} and its Projects and Partners", () => {
  it("answers the company with its locations, people and partners", async () => {
    const id = count(
      `SELECT co.id FROM companies co WHERE EXISTS (SELECT 1 FROM contacts c WHERE c.company_id = co.id)
       AND EXISTS (SELECT 1 FROM company_partners p WHERE p.company_id = co.id) ORDER BY co.id LIMIT 1`,
    );
    const res = await t.call(`Companies/${id}`, { token: member });
    const { data } = CompanyAnswer.parse(await res.json());
    expect(data.id).toBe(id);
    expect(data.locations.length).toBe(
      count("SELECT count(*) FROM company_locations WHERE company_id = ?", id),
    );
    expect(data.contacts.length).toBe(count("SELECT count(*) FROM contacts WHERE company_id = ?", id));
    expect(data.partners.length).toBeGreaterThan(0);
    const partners = CompanyPartnersAnswer.parse(
      await (await t.call(`Companies/${id}/Partners`, { token: member })).json(),
    );
    expect(partners.data.map((p) => p.id).sort()).toEqual(data.partners.map((p) => p.id).sort());
  });

  it("answers the projects its people work on", async () => {
    const id = count(
      `SELECT c.company_id FROM project_contacts pc JOIN contacts c ON c.id = pc.contact_id
       JOIN projects p ON p.id = pc.project_id WHERE p.active = 1 AND c.company_id IS NOT NULL LIMIT 1`,
    );
    const body = CompanyProjectsAnswer.parse(
      await (await t.call(`Companies/${id}/Projects`, { token: member })).json(),
    );
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data[0].project.title).toBeTruthy();
  });

  it("answers 404 with the message for an unknown company", async () => {
    for (const path of ["Companies/999999", "Companies/999999/Projects", "Companies/999999/Partners"]) {
      const res = await t.call(path, { token: member });
      expect(res.status, path).toBe(404);
      expect(ApiError.parse(await res.json()).message).toBe("A company with this ID could not be found.");
    }
  });
});

describe("duplicates and merge", () => {
  it("compares names without case, punctuation and legal forms, and websites by domain", () => {
    expect(nameKey("Smith & Jones, Inc.")).toBe(nameKey("SMITH AND JONES LLC"));
    expect(nameKey("Acme Co.")).toBe("acme");
    expect(nameKey("Acme Builders")).not.toBe(nameKey("Acme Design"));
    expect(domainKey("https://www.acme.com/about")).toBe("acme.com");
    expect(domainKey("www.acme.com")).toBe("acme.com");
    expect(domainKey("not a url")).toBeNull();
  });

  it("finds the seeded near-duplicates, for merging roles only", async () => {
    const last = count("SELECT max(id) FROM companies");
    const res = await t.call("Companies/1/Duplicates", { token: admin });
    const { data } = CompanyDuplicatesAnswer.parse(await res.json());
    expect(data.map((d) => d.id)).toContain(last);
    const dup = data.find((d) => d.id === last);
    expect(dup?.locations_count).toBeGreaterThan(0);
    for (const token of [member, researcher]) {
      expect((await t.call("Companies/1/Duplicates", { token })).status).toBe(403);
      const merge = await t.call("Companies/1/Merge", { method: "POST", token, json: { mergeWithId: last } });
      expect(merge.status).toBe(403);
    }
    expect(count("SELECT count(*) FROM companies WHERE id = ?", last)).toBe(1);
  });

  it("merges a duplicate: people, locations, types and partners move, the duplicate is gone", async () => {
    const other = count("SELECT max(id) FROM companies") - 1; // the seed's copy of company 2
    const people = count("SELECT count(*) FROM contacts WHERE company_id IN (2, ?)", other);
    const res = await t.call("Companies/2/Merge", {
      method: "POST",
      token: admin,
      json: { mergeWithId: other },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { data } = MergeCompanyAnswer.parse(await res.json());
    expect(data.contacts).toHaveLength(people);
    expect(count("SELECT count(*) FROM companies WHERE id = ?", other)).toBe(0);
    expect(count("SELECT count(*) FROM company_partners WHERE partner_id = ?", other)).toBe(0);
    expect((await t.call(`Companies/${other}`, { token: admin })).status).toBe(404);
    const again = await t.call("Companies/2/Merge", {
      method: "POST",
      token: admin,
      json: { mergeWithId: other },
    });
    expect(again.status).toBe(422);
    const self = await t.call("Companies/2/Merge", {
      method: "POST",
      token: admin,
      json: { mergeWithId: 2 },
    });
    expect(self.status).toBe(422);
    // The merged company's people are found by its name.
    const contacts = await t.call(`Contacts?query=${encodeURIComponent(data.name.split(" ")[0])}`, {
      token: member,
    });
    expect(contacts.status).toBe(200);
  });
});

describe("PUT Companies/{id}", () => {
  const id = 7;
  const current = async () =>
    CompanyAnswer.parse(await (await t.call(`Companies/${id}`, { token: admin })).json()).data;

  it("saves name, website, phone, types and locations for the editing roles", async () => {
    const before = await current();
    const types = count("SELECT id FROM company_types ORDER BY id DESC LIMIT 1");
    const kept = before.locations[0];
    const res = await t.call(`Companies/${id}`, {
      method: "PUT",
      token: researcher,
      json: {
        name: "Zephyr Renamed Builders",
        url: "zephyr.example",
        phone: "(512) 555-0100",
        types: [types],
        locations: [
          { ...kept, city: "Round Rock" },
          { address1: "1 New St", address2: null, city: "Austin", state: "TX", zip: "78701", phone: null },
        ],
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { data } = EditCompanyAnswer.parse(await res.json());
    expect(data.name).toBe("Zephyr Renamed Builders");
    expect(data.url).toBe("zephyr.example");
    expect(data.types.map((x) => x.id)).toEqual([types]);
    expect(data.locations).toHaveLength(2);
    expect(data.locations.find((l) => l.id === kept.id)?.city).toBe("Round Rock");
    // The keyword search finds the new name.
    const found = await list({ query: "Zephyr" });
    expect(found.data.data.map((r) => r.id)).toContain(id);
  });

  it("accepts a plain form post's empty fields as none, and checks what it saves", async () => {
    const bad = await t.call(`Companies/${id}`, {
      method: "PUT",
      token: admin,
      json: { name: " ", url: "", phone: "", types: [], locations: [] },
    });
    expect(bad.status).toBe(422);
    const foreign = count("SELECT id FROM company_locations WHERE company_id <> ? LIMIT 1", id);
    const stolen = await t.call(`Companies/${id}`, {
      method: "PUT",
      token: admin,
      json: {
        name: "X",
        url: "",
        phone: "",
        types: [],
        locations: [{ id: foreign, address1: "", address2: "", city: "", state: "", zip: "", phone: "" }],
      },
    });
    expect(stolen.status).toBe(422);
  });

  it("refuses members without an editing role", async () => {
    const res = await t.call(`Companies/${id}`, {
      method: "PUT",
      token: member,
      json: { name: "Nope", url: null, phone: null, types: [], locations: [] },
    });
    expect(res.status).toBe(403);
    expect((await current()).name).not.toBe("Nope");
  });
});
