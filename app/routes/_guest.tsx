import { Link, Outlet, redirect } from "react-router";
import { ResultDialog } from "~/components/result-dialog";
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
    <div className="flex min-h-full flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center px-4 py-3">
          <Link to="/Login" className="flex items-center gap-2 text-lg font-bold text-brand-800">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            Project Leads
          </Link>
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-12">
        <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
          <Outlet />
        </div>
      </main>
      {toast?.kind === "reset-done" ? (
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
      )}
    </div>
  );
}
