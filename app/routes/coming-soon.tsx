import { useMatches } from "react-router";
import { titleForRouteId } from "~/lib/screen-titles";
import type { Route } from "./+types/coming-soon";

/** One module for the screens that are not built yet; the route id names the screen. */
export const handle = {};

export default function ComingSoon() {
  const matches = useMatches();
  return <ComingSoonNotice title={titleForRouteId(matches.at(-1)?.id) ?? "Coming soon"} />;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const title = titleForRouteId(matches.at(-1)?.id) ?? "Project Leads";
  return [{ title: `${title} | Project Leads` }];
};

function ComingSoonNotice({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-700">This screen is not available yet.</p>
    </div>
  );
}
