import { Form, useLocation } from "react-router";

/** Where the lite-pages switch posts (routes/lite-pages.tsx); `lite` is "on" or "off", `redirectTo` the page. */
const LITE_PAGES_PATH = "/LitePages";

/**
 * The switch between lite and full pages, as a plain form post. `reloadDocument`: turning lite pages on from
 * a page that runs the app's script must load the next page from the server, without the client router.
 */
export function LitePagesSwitch({
  turnOn,
  className,
  children,
}: {
  turnOn: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  const location = useLocation();
  return (
    <Form method="post" action={LITE_PAGES_PATH} reloadDocument className="inline">
      <input type="hidden" name="lite" value={turnOn ? "on" : "off"} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}

/** Shown at the top of every lite page: what it is, and the way back to full pages. */
export function LiteBanner() {
  return (
    <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-slate-800 px-4 py-2 text-sm text-white print:hidden">
      <span>Lite pages: no scripts, for slow connections.</span>
      <LitePagesSwitch
        turnOn={false}
        className="min-h-6 rounded px-2 py-1 font-medium underline underline-offset-2 hover:bg-slate-700 focus:outline-none focus:ring-2 focus:ring-white"
      >
        Switch to full pages
      </LitePagesSwitch>
    </div>
  );
}
