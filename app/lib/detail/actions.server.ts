/**
 * The action of a detail screen. Every form of the screen posts to its route with an `intent`; the route's
 * action calls `detailAction` with one handler per intent, built here from the entity's own API calls:
 *
 *   export async function action({ request, params, context }: Route.ActionArgs) {
 *     const api = context.get(apiContext);
 *     return detailAction(request, parseEntityId(params.companyId), NOT_FOUND, {
 *       edit: formIntent(EditSchema, (v, id) => api.call(endpoints.editCompany, { params: { id }, body: v })),
 *     });
 *   }
 *
 * A success answers `{ intent, ok: true }` to a fetcher (the form carried `js=1`) and otherwise redirects to
 * the same page without its dialog (Post/Redirect/Get). A failure answers the form's Conform reply with the
 * message (status 400, or the API's status) so the dialog shows it with what was typed, or an `error` for
 * the header's forms (save, folder).
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import { ApiRequestError, GENERIC_API_MESSAGE, upstreamFailureMessage } from "../platform/api.server";
import { type ErrorBody, errorResponse } from "../platform/invariant";
import { visiblePath } from "../platform/request-url";
import { type FormSubmission, readSubmission } from "../platform/submission.server";
import { DeleteNoteSchema, FolderSchema, NOTE_REQUEST_FAILED, NoteSchema, SaveSchema } from "./forms.server";
import type { ActionResult } from "./types";

/** What an action answers (React Router's typegen reads `ActionResult` from it for the component). */
type ActionAnswer = ReturnType<typeof data<ActionResult>>;

type IntentArgs = {
  /** The post, read by the handler's own schema (its branch of the action's discriminated union). */
  submission: FormSubmission<unknown>;
  intent: string;
  /** The route's entity id, already known to be a positive integer. */
  id: number;
  /** The answer of a success: data for a fetcher (`js` set), else the redirect of Post/Redirect/Get. */
  done: (js: string | undefined) => ActionAnswer;
};
/** One intent of a detail screen: the schema of its form and what it does with it. */
export type IntentHandler = {
  schema: z.ZodObject;
  run: (args: IntentArgs) => Promise<ActionAnswer>;
};

/**
 * Reads the posted form with `readSubmission` (one discriminated union on `intent` built from the handlers'
 * schemas) and dispatches it once, to the handler of its intent. An id that cannot exist answers `missing` (the
 * 404 page, as the loader says it); an intent without a handler is readSubmission's 'Unknown action.' (400).
 */
export async function detailAction(
  request: Request,
  id: number | null,
  missing: ErrorBody | (() => Promise<ErrorBody>),
  intents: Record<string, IntentHandler>,
): Promise<ActionAnswer> {
  const branches = Object.entries(intents).map(([name, handler]) =>
    handler.schema.extend({ intent: z.literal(name) }),
  ) as unknown as [z.ZodObject, ...z.ZodObject[]];
  const submission = await readSubmission(request, z.discriminatedUnion("intent", branches));
  const intent = String(submission.payload.intent);
  if (!id) throw errorResponse(typeof missing === "function" ? await missing() : missing);
  const done = (js: string | undefined) => {
    if (js) return data<ActionResult>({ intent, ok: true });
    throw redirect(pageAfterPost(request));
  };
  // An intent the schema refused (repeated, or none of these): the same 400 as the form helper's, never a throw.
  const handler = Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  if (!handler) throw errorResponse({ message: "Unknown action." }, { status: 400 });
  return handler.run({ submission, intent, id, done });
}

/** After a successful post the same page without its dialog (Post/Redirect/Get). */
function pageAfterPost(request: Request): string {
  const url = new URL(visiblePath(request), "http://x");
  url.searchParams.delete("dialog");
  url.searchParams.delete("noteId");
  url.searchParams.delete("mergeWithId");
  return `${url.pathname}${url.search}`;
}

type Failure = { message: string; status: number };

/** An upstream failure (5xx, timeout) or an API refusal as a message and status; null for anything else. */
function failureMessage(error: unknown): Failure | null {
  const upstream = upstreamFailureMessage(error);
  if (upstream) return { message: upstream, status: 503 };
  if (error instanceof ApiRequestError) return { message: error.message, status: error.status };
  return null;
}

/** A failed note save: the API's own message when it sent one, otherwise 'error'. */
function noteFailureMessage(error: unknown): string {
  return error instanceof ApiRequestError && error.message && error.message !== GENERIC_API_MESSAGE
    ? error.message
    : NOTE_REQUEST_FAILED;
}

/**
 * A refusal the API wrote in a successful answer (`{ error: true, message }`): a call returns one instead of
 * its answer, and the form shows its message (status 400).
 */
class Refusal {
  constructor(readonly message: string) {}
}

/**
 * The handler of a dialog's form: validates it with `schema` (the form's own messages, status 400), makes
 * the entity's `call` (its answer is not used, unless it is a Refusal), and shows a refusal or a failure as
 * the form's message (`failureText` picks it).
 */
export function formIntent<S extends z.ZodType<{ js?: "1" }>>(
  schema: S,
  call: (value: z.output<S>, id: number) => Promise<unknown>,
  failureText: (error: unknown, failure: Failure) => string = (_error, failure) => failure.message,
): IntentHandler {
  const run: IntentHandler["run"] = async ({ submission, intent, id, done }) => {
    if (submission.status !== "success")
      return data<ActionResult>({ intent, reply: submission.reply() }, { status: 400 });
    const value = submission.value as z.output<S>;
    try {
      const answer = await call(value, id);
      if (answer instanceof Refusal)
        return data<ActionResult>(
          { intent, reply: submission.reply({ formErrors: [answer.message] }) },
          { status: 400 },
        );
    } catch (error) {
      const failure = failureMessage(error);
      if (!failure) throw error;
      return data<ActionResult>(
        { intent, reply: submission.reply({ formErrors: [failureText(error, failure)] }) },
        { status: failure.status },
      );
    }
    return done(value.js);
  };
  return { schema: schema as unknown as z.ZodObject, run };
}

/** The entity's note calls: save one (a new note has no id) and delete one. */
type NoteCalls = {
  save: (
    id: number,
    note: { id: number | null; note: string; notification_date: string | null },
  ) => Promise<{ error?: boolean; message?: string }>;
  remove: (id: number, noteId: number) => Promise<unknown>;
};

/**
 * 'note' (add or edit a note) and 'delete-note'. A note saved shows in the notes area: no message (nor,
 * without JavaScript, a dialog to dismiss). A failed save says the API's own message when it sent one,
 * otherwise 'error'.
 */
export function noteIntents(calls: NoteCalls): Record<"note" | "delete-note", IntentHandler> {
  return {
    note: formIntent(
      NoteSchema,
      async (v, id) => {
        const note = { id: v.id ?? null, note: v.note, notification_date: v.notification_date ?? null };
        const answer = await calls.save(id, note);
        return answer.error ? new Refusal(answer.message || NOTE_REQUEST_FAILED) : answer;
      },
      noteFailureMessage,
    ),
    "delete-note": formIntent(DeleteNoteSchema, async (v, id) => {
      await calls.remove(id, v.noteId);
    }),
  };
}

/** The entity's saved-state calls: save it, remove it from the saved items, file it in a folder (null: none). */
type SavedStateCalls = {
  save: (id: number) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  file: (id: number, tagId: number | null) => Promise<unknown>;
};

/**
 * The header's saved-state forms: 'save' and 'unsave' (Add Saved … / Remove) and 'folder' (the folder
 * selector; an empty tag_id clears the folder). A failure shows as the header's `error`.
 */
export function savedStateIntents(
  calls: SavedStateCalls,
): Record<"save" | "unsave" | "folder", IntentHandler> {
  const run: IntentHandler["run"] = async ({ submission, intent, id, done }) => {
    if (submission.status !== "success") {
      const error = intent === "folder" ? "Please choose a folder." : "Please try again.";
      return data<ActionResult>({ intent, error }, { status: 400 });
    }
    const value = submission.value as { tag_id?: number; js?: "1" };
    try {
      if (intent === "folder") {
        const tagId = value.tag_id ?? null;
        await calls.file(id, tagId);
      } else if (intent === "save") {
        await calls.save(id);
      } else {
        await calls.remove(id);
      }
    } catch (error) {
      const failure = failureMessage(error);
      if (!failure) throw error;
      return data<ActionResult>({ intent, error: failure.message }, { status: failure.status });
    }
    return done(value.js);
  };
  return {
    save: { schema: SaveSchema, run },
    unsave: { schema: SaveSchema, run },
    folder: { schema: FolderSchema, run },
  };
}
