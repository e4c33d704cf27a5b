/**
 * A charge whose answer was lost, while the app finds out what happened (decision 138): "We are confirming your
 * payment…", what was sent, and never "try again". Without JavaScript the page reloads itself every few seconds
 * (a refresh inside <noscript>, so that a page that runs its script never reloads) and offers 'Check again'; with
 * JavaScript it asks again in place (the loaders' revalidation), and moves on once the answer is in.
 */
import { useEffect } from "react";
import { Form, useRevalidator } from "react-router";
import { buttonSecondaryClass } from "~/components/forms";
import { useHydrated } from "~/components/hydrated";
import { confirmingText, confirmingTitle, type LateChargeView, NOT_TWICE } from "~/lib/billing/late-charge";

/** How often the page asks again: a reload without JavaScript, a revalidation with it. */
const CHECK_EVERY_SECONDS = 3;

export function ChargeConfirming({
  charge,
  supportPhone,
}: {
  charge: LateChargeView;
  supportPhone?: string;
}) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!hydrated) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, CHECK_EVERY_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [hydrated, revalidator]);
  const [pathname, search = ""] = charge.path.split("?");
  const checking = revalidator.state === "loading";

  return (
    <section
      aria-labelledby="confirming-heading"
      className="max-w-3xl rounded-lg border border-brand-100 bg-white p-6 shadow-sm"
    >
      <noscript>
        <meta httpEquiv="refresh" content={String(CHECK_EVERY_SECONDS)} />
      </noscript>
      <div role="status" aria-live="polite" className="space-y-3">
        <h2 id="confirming-heading" className="flex items-center gap-3 text-lg font-semibold text-slate-900">
          <span
            aria-hidden="true"
            className="inline-block h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
          />
          {confirmingTitle(charge)}
        </h2>
        <p className="text-slate-700">{confirmingText(charge)}</p>
        <p className="text-slate-700">{NOT_TWICE}</p>
        {charge.checked ? null : (
          <p className="text-sm text-slate-600">
            We could not reach our payment service just now; we keep asking.
          </p>
        )}
      </div>
      <Form method="get" action={pathname} className="mt-5 flex flex-wrap items-center gap-3">
        {[...new URLSearchParams(search)].map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={buttonSecondaryClass} disabled={checking}>
          {checking ? "Checking…" : "Check again"}
        </button>
        {supportPhone ? (
          <span className="text-sm text-slate-600">
            Questions? Call us at <a href={`tel:${supportPhone.replace(/[^\d+]/g, "")}`}>{supportPhone}</a>.
          </span>
        ) : null}
      </Form>
    </section>
  );
}
