import { AppLink } from "~/components/app-link";

/**
 * The one "not included in your plan" notice: a screen the member's subscription does not reach ("… is not part
 * of your subscription": the company search, the contact directory, a project outside the coverage, a trial with
 * no report left): the screen's heading, the notice saying why, and the way on.
 */
export function NotIncluded({
  title,
  message,
  wayOn,
}: {
  title: string;
  message: string;
  wayOn?: { href: string; label: string } | null;
}) {
  return (
    <div className="max-w-2xl space-y-3">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">{message}</p>
      {wayOn ? (
        <p>
          <AppLink to={wayOn.href} className="text-brand-700 underline">
            {wayOn.label}
          </AppLink>
        </p>
      ) : null}
    </div>
  );
}
