import { Link } from "react-router";
import { pageUrl } from "~/lib/platform/request-url";
import { isFreeTrial } from "~/lib/platform/trial";
import { useRootData } from "~/root-data";
import { screenMeta } from "~/screen-titles";
import type { Route } from "./+types/signup.complete";

export const meta: Route.MetaFunction = screenMeta;

/**
 * §2.6: 'Welcome' and 'Go to Dashboard'; a trial (not activated) account also reads that projects cannot be
 * downloaded during the trial and gets 'Schedule a demo'. Reached right after the automatic login; when that
 * login failed (§4 lets the flow go on), or the sign-up's answer came late and was confirmed afterwards (the
 * password is never kept for a login then, decision 078), the member logs in from here, and the checkout's
 * free_trial flag in the address tells a trial.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return { trialFromCheckout: pageUrl(request).searchParams.get("free_trial") === "1" };
}

export default function SignupComplete({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const member = root?.user ?? null;
  const trial = member
    ? isFreeTrial(member) || member.subscription?.activated === false
    : loaderData.trialFromCheckout;
  return (
    <div className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm">
      <h1 className="text-3xl font-bold text-slate-900">Welcome{member ? `, ${member.first_name}` : ""}!</h1>
      <p className="mt-3 text-slate-700">Your account is ready.</p>
      {member ? null : (
        <p className="mt-3 text-slate-700">
          Please{" "}
          <Link to="/Login" className="font-semibold text-brand-700 underline hover:text-brand-900">
            log in
          </Link>{" "}
          with the e-mail and password you chose.
        </p>
      )}
      {trial ? (
        <p className="mt-3 text-slate-700">
          Projects cannot be downloaded during the free trial. Want a tour of everything the full subscription
          offers?
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-2"
        >
          Go to Dashboard
        </Link>
        {trial && root?.config.demoSchedulingUrl ? (
          <a
            href={root.config.demoSchedulingUrl}
            className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
          >
            Schedule a demo
          </a>
        ) : null}
      </div>
    </div>
  );
}
