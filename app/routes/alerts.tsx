import { Link } from "react-router";
import { SubjectLink } from "~/components/subject-link";
import { formatShortDate } from "~/lib/format/dates";
import { subjectOf } from "~/lib/format/notes-format";
import { apiContext } from "~/lib/platform/contexts";
import { screenMeta } from "~/screen-titles";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/alerts";

export const meta: Route.MetaFunction = screenMeta;

const NO_ALERTS = "You have no alerts currently!";

export async function loader({ context }: Route.LoaderArgs) {
  const answer = await context.get(apiContext).call(endpoints.alerts);
  return { alerts: answer.data };
}

/** The member's alerts, each linking to its project or contact, and the way to the alert preferences. */
export default function Alerts({ loaderData }: Route.ComponentProps) {
  const { alerts } = loaderData;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Alerts</h1>
        <Link
          to="/Me/Settings"
          className="inline-flex min-h-6 items-center rounded-md bg-brand-700 max-sm:min-h-11 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          Alert preferences
        </Link>
      </div>
      {alerts.length === 0 ? (
        <p className="rounded-md border border-slate-200 bg-white px-4 py-6 text-center text-slate-600">
          {NO_ALERTS}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {alerts.map((alert) => {
            const subject = subjectOf(alert);
            return (
              <li
                key={alert.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3"
              >
                <div className="min-w-0 space-y-0.5">
                  <SubjectLink href={subject?.href} className="font-medium" plainClassName="text-slate-800">
                    {alert.message}
                  </SubjectLink>
                  {subject ? (
                    <p className="text-sm text-slate-600">
                      {subject.kind === "project" ? "Project" : "Contact"}: {subject.label}
                    </p>
                  ) : null}
                </div>
                <time dateTime={alert.created_at} className="text-sm text-slate-600">
                  {formatShortDate(alert.created_at)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
