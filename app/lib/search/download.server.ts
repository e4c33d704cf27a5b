import { data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import type { endpoints } from "../../../contract/endpoints";
import { currentMember } from "../account/member.server";
import type { UpstreamFailureBody } from "../platform/api.server";
import { apiContext, memberSessionContext } from "../platform/contexts";
import { formFailure } from "../platform/form-failure.server";
import { safeRedirectPath } from "../platform/safe-redirect";
import { readSubmission } from "../platform/submission.server";
import { isTrialExpiredBody } from "../platform/trial";
import { readListParams } from "./list-params";

const NO_DOWNLOAD = "Your subscription does not include downloads.";

/**
 * The Download CSV post: the list's own parameters (its URL state, read by the list's schema below) and where to
 * go back. Nothing is refused here: a field that is not text (an empty one, a file) is left out.
 */
const DownloadPost = z.record(z.string(), z.unknown());

/** The table's list downloads: a list's parameters in, a CSV file out. */
type ListDownloadEndpoint =
  | typeof endpoints.downloadProjects
  | typeof endpoints.downloadContacts
  | typeof endpoints.downloadCompanies;

/**
 * Download CSV: the list form POSTs here (never a GET); the app forwards the list parameters to the
 * API's download call and streams the file back as an attachment. A failure goes back to the list
 * with a message.
 */
export async function downloadList(
  request: Request,
  context: Readonly<RouterContextProvider>,
  options: {
    endpoint: ListDownloadEndpoint;
    orderColumns: readonly [string, ...string[]];
    fallback: string;
    filename: string;
    /** The list's advanced search, read from the posted fields, as the API's `advanced` JSON. */
    advanced?: (fields: URLSearchParams) => string | undefined;
  },
) {
  const submission = await readSubmission(request, DownloadPost);
  if (submission.status !== "success") throw data("This form could not be read.", { status: 400 });
  // The list's parameters are read as its URL reads them (readListParams), repeated keys included.
  const fields = new URLSearchParams();
  for (const [key, value] of Object.entries(submission.value))
    for (const one of Array.isArray(value) ? value : [value])
      if (typeof one === "string") fields.append(key, one);
  const { page: _page, perPage: _perPage, ...list } = readListParams(fields, options.orderColumns);
  const back = safeRedirectPath(fields.get("returnTo"), options.fallback);
  try {
    // The button shows only with allow_download; a post without it is refused here too, before the API is asked.
    const member = await currentMember(context);
    if (!member?.allow_download) {
      context
        .get(memberSessionContext)
        .flashToast({ title: "Error", description: NO_DOWNLOAD, kind: "error" });
      throw redirect(back);
    }
    const upstream = await context.get(apiContext).call(options.endpoint, {
      body: {
        ...list,
        mine: fields.get("mine") === "1" ? 1 : undefined,
        advanced: options.advanced?.(fields),
      },
    });
    // The contract is a CSV file: anything else (an error page, JSON) is not handed to the member as one.
    const type = upstream.headers.get("Content-Type") ?? "";
    if (!/^text\/csv\b/i.test(type)) {
      await upstream.body?.cancel().catch(() => {});
      console.warn(
        `[api] ${options.endpoint.method} /${options.endpoint.path()} → ${upstream.status}: answer is not CSV (${type || "no type"})`,
      );
      throw data<UpstreamFailureBody>(
        {
          upstreamFailure: true,
          title: "The service is unavailable",
          message: "The service sent an answer we could not read. Please try again shortly.",
        },
        { status: 502 },
      );
    }
    return new Response(upstream.body, {
      headers: {
        "Content-Type": type,
        "Content-Disposition":
          upstream.headers.get("Content-Disposition") ?? `attachment; filename="${options.filename}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    // The trial ended meanwhile (another tab spent the last report): the page it goes back to shows the dialog.
    if (isTrialExpiredBody((error as { data?: unknown } | null)?.data)) throw redirect(back);
    const failure = formFailure(error);
    if (!failure) throw error;
    // A refusal (403) is the subscription's: said in the app's words.
    const message = failure.refused && failure.status === 403 ? NO_DOWNLOAD : failure.message;
    context.get(memberSessionContext).flashToast({ title: "Error", description: message, kind: "error" });
    throw redirect(back);
  }
}
