import { useRootData } from "~/root-data";
import { screenMeta } from "~/screen-titles";
import type { Route } from "./+types/subscribers";

export const meta: Route.MetaFunction = screenMeta;

/** Where staff with the sales role land after login: the subscriber tools live in the staff application. */
export default function Subscribers() {
  const root = useRootData();
  const staffAppUrl = root?.config.staffAppUrl;
  return (
    <div className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold text-slate-900">Subscribers</h1>
      <p className="mt-3 text-slate-700">Subscriber accounts are managed in the staff application.</p>
      {staffAppUrl ? (
        <p className="mt-4">
          <a
            href={staffAppUrl}
            className="inline-flex rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Open the staff application
          </a>
        </p>
      ) : null}
    </div>
  );
}
