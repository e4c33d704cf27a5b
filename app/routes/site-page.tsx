import { BrandHeader } from "~/components/shell/guest-frame";
import { loadSitePage, SITE_PAGES, type SitePageSlug } from "~/lib/pages/content.server";
import { invariantResponse } from "~/lib/platform/invariant";
import { pageUrl } from "~/lib/platform/request-url";
import { screenMeta } from "~/screen-titles";
import type { Route } from "./+types/site-page";

/**
 * The company's pages (About Us, News, Terms of Service, Privacy Policy): read from the content site, as the
 * manuals are (the reference API's stand-in offline), open to anyone, so that the footer's links and the terms
 * checkbox of the checkout lead to real pages (issue 43), not back to the project search.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const slug = pageUrl(request).pathname.replace(/^\//, "").toLowerCase() as SitePageSlug;
  const fallbackTitle = SITE_PAGES[slug];
  invariantResponse(fallbackTitle);
  const page = await loadSitePage(slug, request.signal);
  return page.status === "ok"
    ? { title: page.title, html: page.html, status: "ok" as const }
    : { title: fallbackTitle, html: "", status: page.status };
}

export default function SitePage({ loaderData }: Route.ComponentProps) {
  const { title, html, status } = loaderData;
  return (
    <div className="flex min-h-full flex-col">
      <BrandHeader home="/" widthClass="max-w-3xl" />
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
        <h1 className="mb-6 text-3xl font-bold text-slate-900">{title}</h1>
        {status === "ok" ? (
          <div
            className="site-page space-y-4 text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900"
            // Sanitised in loadSitePage (content.server.ts): a few text tags, http(s) and mailto links only.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML of the content site
            dangerouslySetInnerHTML={{ __html: html }}
          />
        ) : (
          <p className="text-slate-700">This page cannot be loaded right now. Please try again shortly.</p>
        )}
      </main>
    </div>
  );
}

export const meta: Route.MetaFunction = screenMeta;
