import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { isTrialExpiredBody } from "~/lib/platform/trial";
import { TrialExpiredPage } from "./shell/trial-expired-page";
import { TrialExpiredDialog } from "./trial-dialogs";

type Described = { status: number; title: string; message: string };

function describe(error: unknown): Described {
  if (isRouteErrorResponse(error)) {
    const body = error.data as { title?: string; message?: string } | string | undefined;
    if (body && typeof body === "object" && body.message) {
      return { status: error.status, title: body.title ?? "Something went wrong", message: body.message };
    }
    if (error.status === 404) {
      return { status: 404, title: "Page not found", message: "We could not find the page you asked for." };
    }
    if (error.status === 403) {
      return {
        status: 403,
        title: "Not allowed",
        message: "Your account does not give access to this page.",
      };
    }
    return { status: error.status, title: "Something went wrong", message: "Please try again in a moment." };
  }
  // Unexpected errors: never show their message or stack to the member.
  return {
    status: 500,
    title: "Something went wrong",
    message: "An unexpected error occurred. Please try again in a moment.",
  };
}

/**
 * The friendly page every error boundary shows: a title, a plain message, a way back. No stack, no token. A
 * refusal because the member's free trial is over (app/lib/platform/api.server.ts) is the trial-expired dialog instead.
 */
export function ErrorPage({ error, compact = false }: { error: unknown; compact?: boolean }) {
  const location = useLocation();
  if (isRouteErrorResponse(error) && isTrialExpiredBody(error.data)) {
    return compact ? (
      <TrialExpiredDialog demoSchedulingUrl={error.data.demoSchedulingUrl} />
    ) : (
      <TrialExpiredPage body={error.data} />
    );
  }
  const { status, title, message } = describe(error);
  const body = (
    <div
      role="alert"
      className="mx-auto max-w-lg rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm"
    >
      <p className="text-sm font-semibold text-brand-700">Error {status}</p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-700">{message}</p>
      <div className="mt-6 flex justify-center gap-3">
        {/* A plain link on purpose: a full reload retries the loaders from scratch. */}
        <a
          href={`${location.pathname}${location.search}`}
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Try again
        </a>
        <Link
          to="/"
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
        >
          Go to the home page
        </Link>
      </div>
    </div>
  );
  if (compact) return <div className="p-6">{body}</div>;
  return (
    <main className="flex min-h-full items-center justify-center p-6">
      <title>{`${title} | Project Leads`}</title>
      {body}
    </main>
  );
}
