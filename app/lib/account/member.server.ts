import { type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { endpoints } from "../../../contract/endpoints";
import type { User } from "../../../contract/user";
import { isoDay } from "../format/dates";
import type { ApiClient } from "../platform/api.server";
import { ApiRequestError, trialExpiredResponse } from "../platform/api.server";
import {
  apiContext,
  memberSessionContext,
  type RequestMember,
  requestMemberContext,
} from "../platform/contexts";
import { loginUrlFor, pageUrl } from "../platform/request-url";
import type { MemberSession } from "../platform/session.server";
import { isFreeTrial, isTrialExpired, remainingProjects } from "../platform/trial";

/**
 * The current member and the rights that follow from it, on the server (docs/decisions/013-rights-on-the-server.md):
 * the root loader and the member layout's trial gate read the member through here (one Users/Me per request, the
 * API client shares the answer).
 */

/**
 * The member of one request, read once (GET Users/Me) and shared by every middleware, loader and action of it.
 * The API client's read cache is where the one answer lives, so a write of this request (which empties that cache)
 * makes the next read a new one. Opening a project is the one read that changes the member: a trial member's
 * report is spent, so the project route says so and the reads after it (the root loader's) see the new count.
 * A 403 means the account may no longer use the app: the session ends and the member goes to the login page.
 */
class MemberOfRequest implements RequestMember {
  private askAgain = false;

  constructor(
    private readonly session: MemberSession,
    private readonly api: ApiClient,
  ) {}

  async read(): Promise<User | null> {
    if (!this.session.isLoggedIn) return null;
    const fresh = this.askAgain;
    this.askAgain = false;
    try {
      return (await this.api.call(endpoints.me, { fresh })).data;
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 403) {
        this.session.destroy();
        throw redirect("/Login");
      }
      throw error;
    }
  }

  async projectOpened(): Promise<void> {
    // Only a Free Trial has reports to spend (spec, Trial expired): a subscriber's member read stays.
    const before = await this.read().catch(() => null);
    if (!before || isFreeTrial(before)) this.askAgain = true;
  }
}

/** Root middleware, after the session's: sets this request's one member value (requestMemberContext). */
export const requestMember: MiddlewareFunction<Response> = ({ context }, next) => {
  context.set(
    requestMemberContext,
    new MemberOfRequest(context.get(memberSessionContext), context.get(apiContext)),
  );
  return next();
};

/** The member of this request, or null when logged out (see MemberOfRequest). */
export function currentMember(context: Readonly<RouterContextProvider>): Promise<User | null> {
  return context.get(requestMemberContext).read();
}

/** The member of a screen that is only for members (under the member layout): the login page when logged out. */
export async function signedInMember(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<User> {
  const member = await currentMember(context);
  if (!member) throw redirect(loginUrlFor(request));
  return member;
}

/** The page a request is for: a client navigation's data request (`/Projects/5.data`) counts as its page. */
export function pagePath(request: Request): string {
  return pageUrl(request).pathname;
}

/** The remaining-report count seen before this page (see MemberSession.remainingReportsBefore), for a trial member. */
export function previousRemainingFor(session: MemberSession, user: User | null, request: Request) {
  const remaining = user && isFreeTrial(user) ? remainingProjects(user) : null;
  return remaining === null ? null : session.remainingReportsBefore(remaining, pagePath(request));
}

/** The screens an expired trial keeps: the profile pages, where the member can subscribe or change the account. */
const TRIAL_OPEN_PATHS = new Set(["/me/account", "/me/subscription", "/me/settings"]);

/**
 * The member layout's gate: a Free Trial that is over gets the blocking page (403, rendered by the root error
 * boundary) on every screen but the profile pages, before any loader or action of the screen runs, so neither the
 * HTML nor a client navigation's `.data` answer carries a project or a contact. The rule is the dialog's
 * (app/lib/platform/trial.ts), with the same memory of the page where the last report was spent.
 */
export const trialGate: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = context.get(memberSessionContext);
  if (!session.isLoggedIn) return next();
  const path = pagePath(request).toLowerCase().replace(/\/+$/, "");
  if (TRIAL_OPEN_PATHS.has(path)) return next();
  // An unreadable member (the API down or failing) is left to the screen: its own loader, or the root loader
  // that shares this very answer, shows the upstream-failure page, and a resource route (a download) answers in
  // its own way. The API refuses an expired trial's data as well (upstream/rights.ts).
  const user = await currentMember(context).catch((error: unknown) => {
    if (error instanceof Response) throw error; // a 401 or 403: to the login page
    return null;
  });
  if (!user || !isFreeTrial(user)) return next();
  const previousRemaining = previousRemainingFor(session, user, request);
  if (!isTrialExpired(user, isoDay(new Date()), { previousRemaining })) return next();
  throw trialExpiredResponse(user);
};
