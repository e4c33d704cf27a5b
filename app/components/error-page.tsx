import {
  Form,
  isRouteErrorResponse,
  Link,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { isoDay } from "~/lib/format/dates";
import { describeError } from "~/lib/platform/invariant";
import { isTrialExpiredBody } from "~/lib/platform/trial";
import { useRootData } from "~/root-data";
import { AppShell } from "./shell/app-shell";
import { TrialExpiredPage } from "./shell/trial-expired-page";

const buttonClass = "rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800";
const secondaryClass =
  "rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100";

/**
 * The one error page: a title and a plain message chosen by the status (or brought by the answer), and a way on.
 * A member inside the shell, with a project search box when the page is not found; a guest with a login link.
 * No stack, no token.
 */
export function ErrorPage({ error, member }: { error: unknown; member: boolean }) {
  const location = useLocation();
  const { status, title, message, back } = describeError(error);
  const here = `${location.pathname}${location.search}`;
  const loginHref =
    location.pathname === "/" || here.length > 2048
      ? "/Login"
      : `/Login?redirect=${encodeURIComponent(here)}`;
  return (
    <div
      role="alert"
      className="mx-auto max-w-lg rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm"
    >
      <p className="text-sm font-semibold text-brand-700">Error {status}</p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-700">{message}</p>
      {member && status === 404 ? (
        <Form method="get" action="/Projects" aria-label="Search projects" className="mt-6 flex gap-2">
          <label htmlFor="not-found-search" className="sr-only">
            Search projects
          </label>
          <input
            id="not-found-search"
            type="search"
            name="query"
            placeholder="Search projects"
            maxLength={200}
            className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          <button type="submit" className={buttonClass}>
            Search
          </button>
        </Form>
      ) : null}
      <div className="mt-6 flex justify-center gap-3">
        {status >= 500 ? (
          // A plain link on purpose: a full reload retries the loaders from scratch.
          <a href={here} className={buttonClass}>
            Try again
          </a>
        ) : null}
        {member && back ? (
          <Link to={back.href} className={buttonClass}>
            {back.label}
          </Link>
        ) : null}
        {member ? (
          <Link to="/" className={secondaryClass}>
            Go to the home page
          </Link>
        ) : (
          <a href={loginHref} className={status >= 500 ? secondaryClass : buttonClass}>
            Log in
          </a>
        )}
      </div>
    </div>
  );
}

type LayoutData = { sidebarCollapsed: boolean; today: string };

/**
 * The one error boundary (the root's and the member layout's): a refusal because the trial is over is the
 * trial-expired page; any other error is the error page, inside the member shell (header, sidebar, footer) for a
 * member, on its own for a guest.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const root = useRootData();
  const layout = useRouteLoaderData("routes/_member") as LayoutData | undefined;
  if (isRouteErrorResponse(error) && isTrialExpiredBody(error.data))
    return <TrialExpiredPage body={error.data} />;
  if (!root?.user) {
    return (
      <main id="main" className="flex min-h-full items-center justify-center p-6">
        <ErrorPage error={error} member={false} />
      </main>
    );
  }
  return (
    <AppShell
      root={root}
      sidebarCollapsed={layout?.sidebarCollapsed ?? false}
      today={layout?.today ?? isoDay(new Date())}
    >
      <div className="p-2 md:p-6">
        <ErrorPage error={error} member />
      </div>
    </AppShell>
  );
}
