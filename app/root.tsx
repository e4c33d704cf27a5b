import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import appStylesHref from "./app.css?url";
import { useAppLinkNavigation } from "./components/app-link";
import { GeneralErrorBoundary } from "./components/error-page";
import { MarkHydrated } from "./components/hydrated";
import { LiteBanner } from "./components/lite-banner";
import { ProgressIndicator } from "./components/progress";
import { ScriptState } from "./components/script-state";
import { requestMember } from "./lib/account/member.server";
import { useLitePages } from "./lib/platform/lite-pages";
import { csrfGuard, memberSession, requestLimits, securityHeaders } from "./lib/platform/middleware.server";
import { useNonce } from "./lib/platform/nonce";
import { rootLoader } from "./root-loader.server";
import { screenMeta } from "./screen-titles";

export const middleware: Route.MiddlewareFunction[] = [
  securityHeaders,
  requestLimits,
  csrfGuard,
  memberSession,
  requestMember,
];

export function loader(args: Route.LoaderArgs) {
  return rootLoader(args);
}

/** The document title of an error the root's boundary shows, and of a page without a title of its own. */
export const meta: Route.MetaFunction = screenMeta;

export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // Re-read the member (remaining reports, folders) after every mutation and on every new screen.
  if (formMethod && formMethod !== "GET") return true;
  if (currentUrl.pathname !== nextUrl.pathname) return true;
  return defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const lite = useLitePages();
  return (
    // The script state marks the element before the first paint (`js`, `js-failed`): not React's to compare.
    <html lang="en" className="h-full" suppressHydrationWarning>
      <head>
        {!lite && <ScriptState nonce={nonce} />}
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* With a precedence, React puts the stylesheet ahead of the script preloads it hoists into the head:
            the one render-blocking request goes first on a slow connection. */}
        <link rel="stylesheet" href={appStylesHref} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="h-full bg-slate-50 text-slate-900 antialiased">
        {/* A lite page names its stylesheet again here, where it holds the parser until the file is in: a page
            without script reaches DOMContentLoaded before its stylesheet, and Chromium's autofill then styles and
            lays out the whole unstyled page to look at the form fields, work thrown away when the styles arrive
            (decision 072). A full page's inline scripts already wait for the stylesheet. Same file, one request. */}
        {lite && <link rel="stylesheet" href={appStylesHref} />}
        {lite && <LiteBanner />}
        <MarkHydrated>{children}</MarkHydrated>
        {!lite && <ScrollRestoration nonce={nonce} />}
        {!lite && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  useAppLinkNavigation();
  return (
    <>
      <ProgressIndicator />
      <Outlet />
    </>
  );
}

/** The one error boundary (app/components/error-page.tsx): the member layout's is the same. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
