/**
 * The one way an action reads a form post (decision 088): `readSubmission(request, schema)` reads the body within
 * the app's body limit, refuses an `intent` the schema does not know, and parses the rest with Conform's
 * `parseWithZod`. A form with several intents has a zod discriminated union on `intent` as its schema and the
 * action dispatches once, `switch (submission.value.intent)`; a failure answers `submission.reply()` (the
 * field messages) or `submission.reply({ formErrors })` (the API's), which Conform's `useForm` shows.
 */
import { parseWithZod, type Submission } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { config } from "./config.server";

/** A submission read by `readSubmission` whose value (when it passed) is `V`. */
export type FormSubmission<V> = Submission<unknown, string[], V>;

export const FORM_TOO_LARGE = "This form is too large.";
export const FORM_UNREADABLE = "This form could not be read. Please try again.";
export const UNKNOWN_INTENT = "Unknown action.";

/**
 * The posted body as form data, never more than `maxBytes` of it (413 past it; 400 for a body that is not a form).
 * `readSubmission` reads every form with it; the checkout and the activation still hand it to their two schemas.
 */
export async function boundedFormData(
  request: Request,
  maxBytes = config.requestLimits.maxBodyBytes,
): Promise<FormData> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => {});
    throw data(FORM_TOO_LARGE, { status: 413 });
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw data(FORM_TOO_LARGE, { status: 413 });
      }
      chunks.push(value);
    }
  }
  const type = request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded";
  try {
    return await new Response(new Blob(chunks as BlobPart[]), {
      headers: { "Content-Type": type },
    }).formData();
  } catch {
    throw data(FORM_UNREADABLE, { status: 400 });
  }
}

/** The intents a schema knows: the literal values of its `intent` field (a discriminated union's, or one form's). */
function intentsOf(schema: z.ZodType): ReadonlySet<unknown> | null {
  const values = (schema as { _zod?: { propValues?: Record<string, Set<unknown>> } })._zod?.propValues
    ?.intent;
  return values && values.size > 0 ? values : null;
}

/**
 * Reads a form post: within `maxBytes` (413 past it), its `intent` one the schema knows (400 'Unknown action.'
 * otherwise), parsed by `schema` with Conform. Answers Conform's submission: `status` 'success' with `value`, or
 * the messages by field for `submission.reply()`.
 */
export async function readSubmission<S extends z.ZodType>(
  request: Request,
  schema: S,
  { maxBytes = config.requestLimits.maxBodyBytes }: { maxBytes?: number } = {},
) {
  const formData = await boundedFormData(request, maxBytes);
  const intents = intentsOf(schema);
  // A form whose intent is optional (a fallback, `.optional()`) may leave it out: the schema's values say so.
  if (intents && !intents.has(formData.get("intent") ?? undefined))
    throw data(UNKNOWN_INTENT, { status: 400 });
  return parseWithZod(formData, { schema });
}

/**
 * The value of a post whose schema refuses nothing (every field has a `.catch` fallback: a switch, a hidden
 * field): `readSubmission`'s value, or a plain 400 if the schema refused after all.
 */
export async function readSubmittedValue<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<z.output<S>> {
  const submission = await readSubmission(request, schema);
  if (submission.status !== "success") throw data(FORM_UNREADABLE, { status: 400 });
  return submission.value;
}
