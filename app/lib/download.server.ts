import { type RouterContextProvider, redirect } from "react-router";
import { ApiRequestError, apiContext, upstreamFailureMessage } from "./api.server";
import { readListParams } from "./list-params";
import { safeRedirectPath } from "./safe-redirect";
import { memberSessionContext } from "./session.server";

/**
 * Download CSV: the list form POSTs here (never a GET); the app forwards the list parameters to the
 * API's download call and streams the file back as an attachment. A failure goes back to the list
 * with a message.
 */
export async function downloadList(
  request: Request,
  context: Readonly<RouterContextProvider>,
  options: {
    apiPath: string;
    orderColumns: readonly [string, ...string[]];
    fallback: string;
    filename: string;
  },
) {
  const fields = new URLSearchParams();
  for (const [key, value] of await request.formData())
    if (typeof value === "string") fields.append(key, value);
  const { page: _page, perPage: _perPage, ...list } = readListParams(fields, options.orderColumns);
  const back = safeRedirectPath(fields.get("returnTo"), options.fallback);
  try {
    const upstream = await context.get(apiContext).stream("POST", options.apiPath, {
      body: { ...list, mine: fields.get("mine") === "1" ? 1 : undefined },
    });
    return new Response(upstream.body, {
      headers: {
        "Content-Type": upstream.headers.get("Content-Type") ?? "text/csv; charset=utf-8",
        "Content-Disposition":
          upstream.headers.get("Content-Disposition") ?? `attachment; filename="${options.filename}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    let message = upstreamFailureMessage(error);
    if (!message && error instanceof ApiRequestError) {
      message = error.status === 403 ? "Your subscription does not include downloads." : error.message;
    }
    if (!message) throw error;
    context.get(memberSessionContext).flashToast({ title: "Error", description: message, kind: "error" });
    throw redirect(back);
  }
}
