import { Outlet, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { Footer } from "~/components/shell/footer";
import { memberSessionContext } from "~/lib/platform/contexts";
import { pageUrl } from "~/lib/platform/request-url";
import { useRootData } from "~/root-data";
import type { Route } from "./+types/_signup";

/**
 * The checkout (/sign-up/{planId}) is a guest route: a logged-in member goes to the projects page. The
 * completion page is reached right after the automatic login, so it stays open to members.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const completing = /\/complete\/?$/i.test(pageUrl(request).pathname);
  if (!completing && context.get(memberSessionContext).isLoggedIn) throw redirect("/Projects");
  return null;
}

/**
 * The answer depends on the path and the login alone, so it is read again only on a new path. After the live
 * price's posts (a fetcher on the checkout) it must not be: one that ends after the sign-up has logged the new
 * member in would find a member on the checkout and send them to /Projects from the Welcome page.
 */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname;
}

/** Sign-up and public pages: a back-to-site link and a Sign up banner. */
export default function SignupLayout() {
  const root = useRootData();
  const site = root?.config.marketingSiteUrl;
  return (
    <div className="flex min-h-full flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
          <span className="flex items-center gap-2 text-lg font-bold text-brand-800">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            Project Leads
          </span>
          {site ? (
            <a href={site} className="text-sm font-medium text-brand-700 underline hover:text-brand-900">
              Back to site
            </a>
          ) : null}
        </div>
        <div className="bg-brand-800 px-4 py-3 text-center text-lg font-semibold text-white">Sign up</div>
      </header>
      <main id="main" className="flex-1 px-4 py-8">
        <Outlet />
      </main>
      <Footer
        marketingSiteUrl={site}
        supportPhone={root?.config.supportPhone}
        year={root?.year ?? new Date().getFullYear()}
      />
    </div>
  );
}
