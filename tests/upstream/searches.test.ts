import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CountiesAnswer,
  SAVED_SEARCH_NAME_TAKEN,
  SavedSearchAnswer,
  SavedSearchListAnswer,
} from "../../contract/searches";
import { testApi } from "./helpers";

let t: ReturnType<typeof testApi>;
let member: string;
let basic: string;

beforeAll(async () => {
  t = testApi({ projects: 50 });
  member = await t.login("member@example.com");
  basic = await t.login("basic@example.com");
}, 120_000);
afterAll(() => t?.cleanup());

describe("GET Counties", () => {
  it("answers the counties of the chosen states only, sorted by state and name", async () => {
    const res = await t.call("GET", "/Counties?states[]=TX&states[]=ri", undefined, member);
    expect(res.status).toBe(200);
    const counties = CountiesAnswer.parse(res.body).data;
    expect(new Set(counties.map((c) => c.state))).toEqual(new Set(["TX", "RI"]));
    expect(counties.some((c) => c.state === "TX" && c.name === "Travis")).toBe(true);
    const ri = counties.filter((c) => c.state === "RI").map((c) => c.name);
    expect(ri).toEqual([...ri].sort());
  });

  it("answers no counties without a state, and needs a token", async () => {
    expect(CountiesAnswer.parse((await t.call("GET", "/Counties", undefined, member)).body).data).toEqual([]);
    expect((await t.call("GET", "/Counties?states[]=TX")).status).toBe(401);
  });
});

describe.each([
  ["project", "/Users/Me/SavedSearches"],
  ["contact", "/Users/Me/SavedContactSearches"],
  ["company", "/Users/Me/SavedCompanySearches"],
])("%s saved searches", (_kind, path) => {
  it("saves, lists and deletes a member's own searches", async () => {
    const search = JSON.stringify({ query: "hospital", state: ["TX"] });
    const created = await t.call("POST", path, { name: "Texas hospitals", search }, member);
    expect(created.status).toBe(201);
    const { data } = SavedSearchAnswer.parse(created.body);
    expect(data).toMatchObject({ name: "Texas hospitals", search });
    const list = SavedSearchListAnswer.parse((await t.call("GET", path, undefined, member)).body).data;
    expect(list.map((s) => s.id)).toContain(data.id);
    expect((await t.call("DELETE", `${path}/${data.id}`, undefined, member)).status).toBe(200);
    const after = SavedSearchListAnswer.parse((await t.call("GET", path, undefined, member)).body).data;
    expect(after.map((s) => s.id)).not.toContain(data.id);
  });

  it("never shows or deletes another member's search", async () => {
    const { data } = SavedSearchAnswer.parse(
      (await t.call("POST", path, { name: "Mine", search: '{"query":"x"}' }, member)).body,
    );
    const theirs = SavedSearchListAnswer.parse((await t.call("GET", path, undefined, basic)).body).data;
    expect(theirs.map((s) => s.id)).not.toContain(data.id);
    expect((await t.call("DELETE", `${path}/${data.id}`, undefined, basic)).status).toBe(404);
    const mine = SavedSearchListAnswer.parse((await t.call("GET", path, undefined, member)).body).data;
    expect(mine.map((s) => s.id)).toContain(data.id);
  });

  it("keeps names unique per list: a name in use answers 409 until the save asks to replace it", async () => {
    const first = JSON.stringify({ query: "school" });
    const second = JSON.stringify({ query: "clinic" });
    const name = `Unique ${Date.now()}`;
    const { data: saved } = SavedSearchAnswer.parse(
      (await t.call("POST", path, { name, search: first }, member)).body,
    );
    // The same name, whatever its case and outer spaces, is in use; another member may use it.
    const taken = await t.call("POST", path, { name: ` ${name.toUpperCase()} `, search: second }, member);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: SAVED_SEARCH_NAME_TAKEN });
    expect((await t.call("POST", path, { name, search: second }, basic)).status).toBe(201);
    const replaced = await t.call("POST", path, { name, search: second, replace: true }, member);
    expect(replaced.status).toBe(200);
    expect(SavedSearchAnswer.parse(replaced.body).data).toMatchObject({ id: saved.id, name, search: second });
    const list = SavedSearchListAnswer.parse((await t.call("GET", path, undefined, member)).body).data;
    expect(list.filter((s) => s.name.toLowerCase() === name.toLowerCase())).toEqual([
      expect.objectContaining({ id: saved.id, search: second }),
    ]);
    // `replace` with a name not in use saves a new search.
    const fresh = await t.call("POST", path, { name: `${name} 2`, search: first, replace: true }, member);
    expect(fresh.status).toBe(201);
  });

  it("refuses a missing name, an over-long name and a search that is not a JSON object", async () => {
    expect((await t.call("POST", path, { name: " ", search: "{}" }, member)).status).toBe(422);
    expect((await t.call("POST", path, { name: "x".repeat(101), search: "{}" }, member)).status).toBe(422);
    expect((await t.call("POST", path, { name: "Bad", search: "[1,2]" }, member)).status).toBe(422);
    expect((await t.call("POST", path, { name: "Bad", search: "not json" }, member)).status).toBe(422);
  });
});
