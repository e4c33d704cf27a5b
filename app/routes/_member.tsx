import { Outlet, redirect } from "react-router";
import { GeneralErrorBoundary } from "~/components/error-page";
import { AppShell, sidebarCollapsedFromCookie } from "~/components/shell/app-shell";
import { trialGate } from "~/lib/account/member.server";
import { isoDay } from "~/lib/format/dates";
import { memberSessionContext } from "~/lib/platform/contexts";
import { loginUrlFor } from "~/lib/platform/request-url";
import { useRootData } from "~/root-data";
import type { Route } from "./+types/_member";

/** An expired trial is stopped here, before any screen's loader or action runs (see trialGate). */
export const middleware: Route.MiddlewareFunction[] = [trialGate];

/** Every screen of the logged-in layout needs a session: without one, the login page, back here afterwards. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.get(memberSessionContext).isLoggedIn) throw redirect(loginUrlFor(request));
  return {
    sidebarCollapsed: sidebarCollapsedFromCookie(request.headers.get("Cookie")),
    today: isoDay(new Date()),
  };
}

export default function MemberLayout({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <AppShell root={root} sidebarCollapsed={loaderData.sidebarCollapsed} today={loaderData.today}>
      <Outlet />
    </AppShell>
  );
}

/** A screen that fails renders the one error page inside the shell (header, sidebar and footer stay usable). */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
