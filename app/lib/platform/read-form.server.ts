/**
 * Reading a form post with Conform (parseWithZod), for the actions whose schema refuses nothing: every field
 * has its fallback (`.catch`), so what was typed is always there to render the form again, and the rules of a
 * final submit are a second schema (app/lib/billing/form.server.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";

/** The value of a form read by a schema whose every field has a fallback. */
export function readForm<S extends z.ZodType>(form: FormData, schema: S): z.output<S> {
  const submission = parseWithZod(form, { schema });
  // Unreachable with such a schema; a schema that refuses says so as a plain 400.
  if (submission.status !== "success") throw data("The form could not be read.", { status: 400 });
  return submission.value;
}

/** A submission's messages by field (none for one that passed), as the billing forms' fields show them. */
export function messagesOf(submission: { status?: string; error?: Record<string, string[] | null> | null }) {
  const messages: Record<string, string[]> = {};
  for (const [name, list] of Object.entries(submission.error ?? {})) if (list?.length) messages[name] = list;
  return messages;
}
