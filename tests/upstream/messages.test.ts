import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../contract/common";
import { MessageCreatedAnswer } from "../../contract/messages";
import { testApi } from "./helpers";

let api: ReturnType<typeof testApi>;
let token: string;

beforeAll(async () => {
  api = testApi();
  token = await api.login("member@example.com");
});
afterAll(() => api.cleanup());

const stored = (id: number) =>
  api.db.prepare("SELECT * FROM messages WHERE id = ?").get(id) as Record<string, unknown>;

describe("POST /Messages", () => {
  it("stores a question {reason, comment}", async () => {
    const res = await api.call(
      "POST",
      "/Messages",
      { reason: "Question", comment: "How do I export?" },
      token,
    );
    expect(res.status).toBe(201);
    const body = MessageCreatedAnswer.parse(res.body);
    expect(body.message).toBe("Your message has been submitted successfully!");
    expect(stored(body.data.id)).toMatchObject({
      reason: "Question",
      comment: "How do I export?",
      project_id: null,
    });
  });

  it("stores research on a project {project_id, project_name, comment}", async () => {
    const project = api.db.prepare("SELECT id, title FROM projects LIMIT 1").get() as {
      id: number;
      title: string;
    };
    const res = await api.call(
      "POST",
      "/Messages",
      { project_id: project.id, project_name: project.title, comment: "Who is the GC?" },
      token,
    );
    expect(res.status).toBe(201);
    const { data } = MessageCreatedAnswer.parse(res.body);
    expect(stored(data.id)).toMatchObject({
      reason: "Research",
      project_id: project.id,
      project_name: project.title,
    });
  });

  it("accepts a form post", async () => {
    const res = await api.call("POST", "/Messages", "reason=Research&comment=Please+look+into+it", token, {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(201);
    MessageCreatedAnswer.parse(res.body);
  });

  it("refuses an invalid payload with 422 and field messages", async () => {
    for (const body of [
      {},
      { reason: "Question" },
      { comment: "no reason" },
      { project_id: "abc", project_name: "x", comment: "y" },
    ]) {
      const res = await api.call("POST", "/Messages", body, token);
      expect(res.status).toBe(422);
      expect(ApiError.parse(res.body).errors).toBeDefined();
    }
    const res = await api.call("POST", "/Messages", { reason: "Question" }, token);
    expect(res.body.errors.comment).toEqual(["The comment field is required."]);
  });

  it("refuses a project that does not exist", async () => {
    const res = await api.call(
      "POST",
      "/Messages",
      { project_id: 99_999_999, project_name: "x", comment: "y" },
      token,
    );
    expect(res.status).toBe(422);
  });

  it("needs a token", async () => {
    expect((await api.call("POST", "/Messages", { reason: "Question", comment: "x" })).status).toBe(401);
  });
});
