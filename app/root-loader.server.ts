import type { LoaderFunctionArgs } from "react-router";
import { currentMember, pagePath, previousRemainingFor } from "./lib/account/member.server";
import { publicConfig } from "./lib/platform/config.server";
import { memberSessionContext } from "./lib/platform/contexts";

/**
 * The root route's loader (app/root.tsx hands its requests here): the member, the flash message, the trial's
 * count and the public configuration every page's shell needs. Kept out of the route module so that the type
 * of its data (app/root-data.ts) does not import the root module, which imports the shell that uses that type.
 */
export async function rootLoader({ request, context }: LoaderFunctionArgs) {
  const session = context.get(memberSessionContext);
  // Taken before the first await: a child loader that flashes a message and redirects (a missing contact)
  // runs alongside this one, and its message belongs to the next page, not this request.
  const toast = session.takeToast();
  const user = await currentMember(context);
  return {
    user,
    // The count seen before this page, for the trial-expired rule (see MemberSession.remainingReportsBefore).
    previousRemaining: previousRemainingFor(session, user, request),
    toast,
    // The home route only redirects (to /Projects or /Subscribers): keep the nudge's turn for the page it leads to.
    showNudge: Boolean(user?.displaySubscriptionNudge) && !isHomeRequest(request) && session.takeNudgeTurn(),
    sessionExpired: session.expired,
    config: publicConfig(),
    year: new Date().getFullYear(),
  };
}

function isHomeRequest(request: Request) {
  return pagePath(request) === "/";
}
