import { Link, Outlet, redirect } from "react-router";
import { ResultDialog } from "~/components/result-dialog";
import { GuestFrame } from "~/components/shell/guest-frame";
import { memberSessionContext } from "~/lib/platform/contexts";
import { useRootData } from "~/root-data";
import type { Route } from "./+types/_guest";

/** Guest routes (login, password recovery) are for visitors: a logged-in member goes to the projects page. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = context.get(memberSessionContext);
  // A member who has just reset the password is logged in and still sees the 'Success!' dialog here.
  if (session.isLoggedIn && !session.hasPendingToast()) throw redirect("/Projects");
  return null;
}

export default function GuestLayout() {
  const toast = useRootData()?.toast;
  return (
    <GuestFrame
      after={
        toast?.kind === "reset-done" ? (
          <ResultDialog result={toast}>
            <Link
              to="/Projects"
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Go to Dashboard
            </Link>
          </ResultDialog>
        ) : (
          <ResultDialog result={toast} />
        )
      }
    >
      <Outlet />
    </GuestFrame>
  );
}
