/** readSubmission: the one way an action reads a form (decision 088). */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  FORM_TOO_LARGE,
  readSubmission,
  readSubmittedValue,
  UNKNOWN_INTENT,
} from "../../app/lib/platform/submission.server";

const post = (fields: Record<string, string> | string, headers: Record<string, string> = {}) =>
  new Request("http://app.test/Notes", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: typeof fields === "string" ? fields : new URLSearchParams(fields),
  });

/** The status and body of an answer thrown with `data()`. */
async function thrown(pending: Promise<unknown>) {
  try {
    await pending;
  } catch (error) {
    const answer = error as { data?: unknown; init?: ResponseInit | null };
    return { status: answer.init?.status, data: answer.data };
  }
  throw new Error("nothing was thrown");
}

const Schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), name: z.string({ error: "Please enter a name." }).trim().min(1) }),
  z.object({ intent: z.literal("delete"), id: z.coerce.number().int().positive() }),
]);

describe("readSubmission", () => {
  it("reads a known intent into its branch of the union", async () => {
    const submission = await readSubmission(post({ intent: "delete", id: "7" }), Schema);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({ intent: "delete", id: 7 });
  });

  it("refuses an oversized body with 413, by its declared length or by what arrives", async () => {
    const big = `intent=rename&name=${"x".repeat(2000)}`;
    expect(await thrown(readSubmission(post(big), Schema, { maxBytes: 1000 }))).toEqual({
      status: 413,
      data: FORM_TOO_LARGE,
    });
    // No Content-Length (a chunked body): counted as it is read.
    const chunked = new Request("http://app.test/Notes", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 5; i++)
            controller.enqueue(new TextEncoder().encode(big.slice(i * 400, i * 400 + 400)));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(await thrown(readSubmission(chunked, Schema, { maxBytes: 1000 }))).toEqual({
      status: 413,
      data: FORM_TOO_LARGE,
    });
    // Within the limit, the same form reads.
    expect((await readSubmission(post(big), Schema, { maxBytes: 4000 })).status).toBe("success");
  });

  it("refuses an intent the schema does not know, and a post without one, with 400", async () => {
    const posts: Record<string, string>[] = [{ intent: "merge", id: "7" }, { id: "7" }, { intent: "" }];
    for (const fields of posts)
      expect(await thrown(readSubmission(post(fields), Schema))).toEqual({
        status: 400,
        data: UNKNOWN_INTENT,
      });
  });

  it("a missing field is the field's message, as Conform's reply says it", async () => {
    const submission = await readSubmission(post({ intent: "rename" }), Schema);
    expect(submission.status).toBe("error");
    if (submission.status !== "error") return;
    expect(submission.error?.name).toEqual(["Please enter a name."]);
    const reply = submission.reply();
    expect(reply.status).toBe("error");
    expect(reply.error).toEqual({ name: ["Please enter a name."] });
    expect(reply.initialValue).toEqual({ intent: "rename" });
  });

  it("a conform reply carries the API's words as the form's message, with what was typed", async () => {
    const submission = await readSubmission(post({ intent: "rename", name: "Acme" }), Schema);
    expect(submission.status).toBe("success");
    const reply = submission.reply({ formErrors: ["That name is taken."] });
    expect(reply.error).toEqual({ "": ["That name is taken."] });
    expect(reply.initialValue).toEqual({ intent: "rename", name: "Acme" });
    // A form reset after a success.
    expect(submission.reply({ resetForm: true }).initialValue).toBeNull();
  });

  it("a form without intents reads as one schema; one that refuses nothing gives its value", async () => {
    const Switch = z.object({ lite: z.enum(["on", "off"]).catch("off") });
    expect(await readSubmittedValue(post({ lite: "on" }), Switch)).toEqual({ lite: "on" });
    expect(await readSubmittedValue(post({ lite: "sideways" }), Switch)).toEqual({ lite: "off" });
  });

  it("a body that is not a form is a 400", async () => {
    const broken = post("--x\r\nnot multipart", { "Content-Type": "multipart/form-data; boundary=zz" });
    expect((await thrown(readSubmission(broken, Schema))).status).toBe(400);
  });
});
