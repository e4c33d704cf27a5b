import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { formatDate } from "~/lib/format/dates";
import { TRIAL_EXPIRED_TITLE, TRIAL_REPORTS_USED_TITLE } from "~/lib/platform/trial";
import { CurrentSearchFields } from "./current-search-fields";
import { buttonSecondaryClass } from "./forms";
import { Modal } from "./modal";

const primaryClass =
  "inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-2";

/**
 * The blocking dialog of a Free Trial that is over. It cannot be closed; it is not shown on
 * profile pages, so the member can still reach the subscription page. A trial whose reports are used while its
 * date still runs is told so: "expired" is kept for the date (issue 43).
 */
export function TrialExpiredDialog({
  demoSchedulingUrl,
  reason = "expired",
  endDate = null,
}: {
  demoSchedulingUrl?: string;
  reason?: "expired" | "reports-used";
  endDate?: string | null;
}) {
  const used = reason === "reports-used";
  return (
    <Modal open title={used ? TRIAL_REPORTS_USED_TITLE : TRIAL_EXPIRED_TITLE} dismissible={false}>
      {used ? (
        <p className="mb-2 text-slate-700">
          Your Free Trial's reports are all used
          {endDate ? ` (the trial itself runs until ${formatDate(endDate)})` : ""}.
        </p>
      ) : null}
      <p className="text-slate-700">Sign up for a full subscription to continue using the product.</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Link to="/Me/Subscription" className={primaryClass}>
          Sign Up
        </Link>
        {demoSchedulingUrl ? (
          <a
            href={demoSchedulingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonSecondaryClass}
          >
            Schedule a demo<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
        {/* Logs out, then the logout action sends the member to the company site. */}
        <form method="post" action="/Logout">
          <input type="hidden" name="to" value="home" />
          <button type="submit" className={buttonSecondaryClass}>
            Home page
          </button>
        </form>
      </div>
    </Modal>
  );
}

/**
 * 'Subscribe to unlock more reports.' A strip above the screen, in the page's flow, so it never covers a
 * control. Shown when the root data says so (once per login); dismissed by
 * Later and by any route change. It is a non-modal dialog: the page stays usable, so a click on a sidebar
 * link both navigates and dismisses it. Without JavaScript Later reloads this page, whose next load no
 * longer carries the nudge.
 */
export function SubscribeNudge({ show }: { show: boolean }) {
  const location = useLocation();
  const titleId = useId();
  const [shownAt, setShownAt] = useState<string | null>(() => (show ? location.key : null));
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (show) {
      setShownAt((key) => key ?? location.key);
    } else {
      setShownAt(null);
      setDismissed(false);
    }
  }, [show, location.key]);

  const open = show && !dismissed && (shownAt === null || shownAt === location.key);
  if (!open) return null;
  return (
    <section
      role="dialog"
      aria-labelledby={titleId}
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 no-print"
    >
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        Subscribe to unlock more reports.
      </h2>
      <div className="flex flex-wrap justify-end gap-3">
        <form method="get" action={location.pathname}>
          <CurrentSearchFields search={location.search} />
          <button
            type="submit"
            className={buttonSecondaryClass}
            onClick={(event) => {
              event.preventDefault();
              setDismissed(true);
            }}
          >
            Later
          </button>
        </form>
        <Link to="/Me/Subscription" className={primaryClass}>
          Sign Up
        </Link>
      </div>
    </section>
  );
}
