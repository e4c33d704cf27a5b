import { Form, redirect } from "react-router";
import { z } from "zod";
import { SubmitButton } from "~/components/forms";
import { config } from "~/lib/platform/config.server";
import { apiContext, memberSessionContext } from "~/lib/platform/contexts";
import { pageUrl } from "~/lib/platform/request-url";
import { readSubmittedValue } from "~/lib/platform/submission.server";
import { screenMeta } from "~/screen-titles";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/logout";

export const meta: Route.MetaFunction = screenMeta;

/**
 * A GET logs out when the member asked for it: a link inside the app (same-origin) or the address typed or
 * bookmarked (`none`, which no other site can produce). A link from another site, or a client that says
 * nothing, gets the one-button confirmation instead.
 */
export async function loader(args: Route.LoaderArgs) {
  const site = args.request.headers.get("Sec-Fetch-Site");
  if (site === "same-origin" || site === "none")
    return logout(args, pageUrl(args.request).searchParams.get("to"));
  if (!args.context.get(memberSessionContext).isLoggedIn) return redirect("/Login");
  return null;
}

/** Where to go after logging out (`to`, checked by logout()). */
const LogoutPost = z.object({ to: z.string().catch("") });

export async function action(args: Route.ActionArgs) {
  const { to } = await readSubmittedValue(args.request, LogoutPost);
  return logout(args, to || null);
}

export default function Logout() {
  return (
    <main className="flex min-h-full items-center justify-center p-6">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-xl font-bold text-slate-900">Log out?</h1>
        <p className="mt-2 text-slate-700">Confirm to end your session on this device.</p>
        <Form method="post" className="mt-6">
          <SubmitButton>Log out</SubmitButton>
        </Form>
      </div>
    </main>
  );
}

/** Revokes the API token, then forgets the session. Where to go next: the login page, or the company site. */
async function logout(
  { request, context }: Pick<Route.ActionArgs, "request" | "context">,
  to: string | null,
) {
  const session = context.get(memberSessionContext);
  if (session.isLoggedIn) {
    try {
      await context.get(apiContext).call(endpoints.logout);
    } catch (error) {
      // The session ends here whatever the API says; a thrown redirect (401) means the token was gone already.
      if (!(error instanceof Response))
        console.warn("[logout] token revocation failed:", (error as Error)?.name);
    }
  }
  session.destroy();
  void request;
  return redirect(to === "home" ? config.marketingSiteUrl : "/Login");
}
