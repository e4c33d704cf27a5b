import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, MessageAnswer } from "../../contract/common";
import { DEFAULT_TAG_COLORS, MAX_FOLDERS_PER_TYPE, TAG_PALETTE, TagAnswer } from "../../contract/tags";
import { UserAnswer } from "../../contract/user";
import { projectsByCoverage, testApi } from "./helpers";

let t: ReturnType<typeof testApi>;
let basic: string;
let member: string;
let basicId: number;

const uid = (email: string) =>
  (t.db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number }).id;
const BLUE = TAG_PALETTE[4].color;
const ORANGE = TAG_PALETTE[5].color;

beforeAll(async () => {
  t = testApi({ projects: 200 });
  basic = await t.login("basic@example.com");
  member = await t.login("member@example.com");
  basicId = uid("basic@example.com");
}, 120_000);
afterAll(() => t?.cleanup());

const foldersOf = async (token: string, type: 1 | 2) => {
  const me = UserAnswer.parse((await t.call("GET", "/Users/Me", undefined, token)).body).data;
  return type === 1 ? me.projectTags : me.contactTags;
};

describe("POST Users/Me/Tags", () => {
  it("needs a token", async () => {
    expect((await t.call("POST", "/Users/Me/Tags", { tag_type: 1, name: "x", color: BLUE })).status).toBe(
      401,
    );
  });

  it("creates folders up to 8 per type", async () => {
    const start = (await foldersOf(basic, 1)).length;
    for (let i = start; i < MAX_FOLDERS_PER_TYPE; i++) {
      const res = await t.call(
        "POST",
        "/Users/Me/Tags",
        { tag_type: 1, name: `Folder ${i}`, color: BLUE },
        basic,
      );
      expect(res.status).toBe(201);
      expect(TagAnswer.parse(res.body).data).toMatchObject({ name: `Folder ${i}`, color: BLUE, tag_type: 1 });
    }
    const over = await t.call("POST", "/Users/Me/Tags", { tag_type: 1, name: "Ninth", color: BLUE }, basic);
    expect(over.status).toBe(422);
    expect(ApiError.parse(over.body).message).toBe("You can have at most 8 folders.");
    // The other type has its own limit.
    const contact = await t.call(
      "POST",
      "/Users/Me/Tags",
      { tag_type: 2, name: "Architects", color: ORANGE },
      basic,
    );
    expect(contact.status).toBe(201);
    expect((await foldersOf(basic, 2)).map((f) => f.name)).toContain("Architects");
  });

  it("requires a name and a palette colour", async () => {
    for (const body of [
      { tag_type: 2, name: "", color: BLUE },
      { tag_type: 2, name: "   ", color: BLUE },
      { tag_type: 2, name: "X", color: "" },
      { tag_type: 2, name: "X", color: "#123456" },
      { tag_type: 3, name: "X", color: BLUE },
    ]) {
      const res = await t.call("POST", "/Users/Me/Tags", body, member);
      expect(res.status, JSON.stringify(body)).toBe(422);
      ApiError.parse(res.body);
    }
  });
});

describe("PUT Users/Me/Tags", () => {
  it("renames and recolours an own folder", async () => {
    const created = TagAnswer.parse(
      (await t.call("POST", "/Users/Me/Tags", { tag_type: 2, name: "Old", color: BLUE }, basic)).body,
    ).data;
    const res = await t.call("PUT", "/Users/Me/Tags", { id: created.id, name: "New", color: ORANGE }, basic);
    expect(res.status).toBe(200);
    expect(TagAnswer.parse(res.body).data).toMatchObject({ id: created.id, name: "New", color: ORANGE });
    expect((await t.call("PUT", "/Users/Me/Tags", { id: created.id, name: "" }, basic)).status).toBe(422);
    expect(
      (await t.call("PUT", "/Users/Me/Tags", { id: created.id, name: "x", color: "#000000" }, basic)).status,
    ).toBe(422);
  });

  it("keeps a default folder's colour", async () => {
    const def = (await foldersOf(basic, 1)).find((f) => DEFAULT_TAG_COLORS.includes(f.color))!;
    const rename = await t.call(
      "PUT",
      "/Users/Me/Tags",
      { id: def.id, name: "Hot leads", color: def.color },
      basic,
    );
    expect(rename.status).toBe(200);
    expect(TagAnswer.parse(rename.body).data).toMatchObject({ name: "Hot leads", color: def.color });
    const noColour = await t.call("PUT", "/Users/Me/Tags", { id: def.id, name: "Hot" }, basic);
    expect(noColour.status).toBe(200);
    const recolour = await t.call("PUT", "/Users/Me/Tags", { id: def.id, name: "Hot", color: BLUE }, basic);
    expect(recolour.status).toBe(422);
    ApiError.parse(recolour.body);
  });

  it("refuses another member's folder", async () => {
    const mine = (await foldersOf(member, 1))[0];
    expect((await t.call("PUT", "/Users/Me/Tags", { id: mine.id, name: "Mine now" }, basic)).status).toBe(
      404,
    );
    expect((await t.call("DELETE", `/Users/Me/Tags/${mine.id}`, undefined, basic)).status).toBe(404);
  });
});

describe("the four default colours (decision 040)", () => {
  it("are kept for the default folders: no new folder and no other folder takes one", async () => {
    const member2 = await t.login("trial@example.com");
    for (const color of DEFAULT_TAG_COLORS) {
      const res = await t.call("POST", "/Users/Me/Tags", { tag_type: 2, name: "Mine", color }, member2);
      expect(res.status).toBe(422);
      expect(ApiError.parse(res.body).message).toBe(
        "The four default colours are kept for the default folders.",
      );
    }
    const created = TagAnswer.parse(
      (await t.call("POST", "/Users/Me/Tags", { tag_type: 2, name: "Mine", color: BLUE }, member2)).body,
    ).data;
    const recolour = await t.call(
      "PUT",
      "/Users/Me/Tags",
      { id: created.id, name: "Mine", color: DEFAULT_TAG_COLORS[0] },
      member2,
    );
    expect(recolour.status).toBe(422);
    // So every folder a member made can still be deleted.
    expect((await t.call("DELETE", `/Users/Me/Tags/${created.id}`, undefined, member2)).status).toBe(200);
  });
});

describe("DELETE Users/Me/Tags/{id}", () => {
  it("refuses default folders", async () => {
    const def = (await foldersOf(basic, 1)).find((f) => DEFAULT_TAG_COLORS.includes(f.color))!;
    const res = await t.call("DELETE", `/Users/Me/Tags/${def.id}`, undefined, basic);
    expect(res.status).toBe(422);
    expect(ApiError.parse(res.body).message).toBe("Default folders cannot be deleted.");
  });

  it("deletes a folder and clears it from saved projects and contacts", async () => {
    const folder = (await foldersOf(basic, 1)).find((f) => !DEFAULT_TAG_COLORS.includes(f.color))!;
    // A project basic@ may open (its coverage: Texas hotels and apartments).
    const [projectId] = projectsByCoverage(t.db, "basic@example.com", true, 1);
    expect(
      (await t.call("POST", "/Projects/AddTag", { project_id: projectId, tag_id: folder.id }, basic)).status,
    ).toBe(200);
    const contactFolder = TagAnswer.parse(
      (await t.call("POST", "/Users/Me/Tags", { tag_type: 2, name: "Temp", color: BLUE }, basic)).body,
    ).data;
    const contactId = t.db.prepare("SELECT id FROM contacts ORDER BY id LIMIT 1").pluck().get() as number;
    t.db
      .prepare(
        "INSERT INTO user_contacts (user_id, contact_id, tag_id, created_at, updated_at) VALUES (?, ?, ?, 'x', 'x') ON CONFLICT DO UPDATE SET tag_id = excluded.tag_id",
      )
      .run(basicId, contactId, contactFolder.id);

    const res = await t.call("DELETE", `/Users/Me/Tags/${folder.id}`, undefined, basic);
    expect(res.status).toBe(200);
    MessageAnswer.parse(res.body);
    expect((await foldersOf(basic, 1)).some((f) => f.id === folder.id)).toBe(false);
    const link = t.db
      .prepare("SELECT tag_id FROM user_projects WHERE user_id = ? AND project_id = ?")
      .get(basicId, projectId) as { tag_id: number | null };
    expect(link.tag_id).toBeNull();

    expect((await t.call("DELETE", `/Users/Me/Tags/${contactFolder.id}`, undefined, basic)).status).toBe(200);
    expect(
      t.db
        .prepare("SELECT tag_id FROM user_contacts WHERE user_id = ? AND contact_id = ?")
        .pluck()
        .get(basicId, contactId),
    ).toBeNull();
    // Room for a new folder again.
    expect(
      (await t.call("POST", "/Users/Me/Tags", { tag_type: 1, name: "Again", color: BLUE }, basic)).status,
    ).toBe(201);
  });
});
