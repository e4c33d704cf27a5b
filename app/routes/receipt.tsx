import { AppLink } from "~/components/app-link";
import { ItemizedPrice } from "~/components/billing/price-summary";
import { useHydrated } from "~/components/hydrated";
import { COMPANY } from "~/components/shell/footer";
import { signedInMember } from "~/lib/account/member.server";
import { durationText, money } from "~/lib/billing/pricing";
import { formatDate } from "~/lib/format/dates";
import { ApiRequestError } from "~/lib/platform/api.server";
import { apiContext } from "~/lib/platform/contexts";
import { errorResponse, invariantResponse } from "~/lib/platform/invariant";
import { screenMeta } from "~/screen-titles";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/receipt";

export const meta: Route.MetaFunction = screenMeta;

/** As the receipt mail numbers it. */
const receiptNumber = (id: number) => `PL-${String(id).padStart(6, "0")}`;

/** The 404 page of a receipt that is not the member's (or not one), with the way back to the subscription. */
const RECEIPT_MISSING = {
  title: "Receipt not found",
  message: "We could not find this receipt among your charges.",
  back: { href: "/Me/Subscription", label: "Back to Subscription" },
};

const KIND = { "sign-up": "Sign-up", activation: "Subscription activation" } as const;

/** One of the member's charges (GET Users/Me/Charges/{id}); another member's, or none, is not found. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  invariantResponse(/^\d{1,12}$/.test(params.chargeId), RECEIPT_MISSING);
  try {
    const [charge, me] = await Promise.all([
      api.call(endpoints.charge, { params: { id: params.chargeId } }),
      signedInMember(context, request),
    ]);
    return {
      charge: charge.data,
      member: { name: `${me.first_name} ${me.last_name}`.trim(), email: me.email },
    };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) throw errorResponse(RECEIPT_MISSING);
    throw error;
  }
}

/** A printable receipt: who sold what to whom, when, for how much, paid with which card. */
export default function Receipt({ loaderData }: Route.ComponentProps) {
  const { charge, member } = loaderData;
  const hydrated = useHydrated();
  const coverage = [...charge.coverage.states, ...charge.coverage.counties, ...charge.coverage.verticals];
  return (
    <article aria-labelledby="receipt-heading" className="max-w-2xl space-y-6">
      <p className="no-print text-sm">
        <AppLink to="/Me/Subscription" className="font-medium text-brand-700 underline">
          Back to Subscription
        </AppLink>
      </p>
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm print:border-0 print:shadow-none">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 id="receipt-heading" className="text-2xl font-bold text-slate-900">
              Receipt
            </h1>
            <p className="text-sm text-slate-600">No. {receiptNumber(charge.id)}</p>
          </div>
          <address className="text-sm text-slate-700 not-italic">
            <span className="font-semibold text-slate-900">{COMPANY.name}</span>
            {COMPANY.address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            <span className="block">{COMPANY.email}</span>
          </address>
        </div>
        <dl className="mt-6 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-slate-600">Date</dt>
          <dd className="text-slate-900">{formatDate(charge.local_date)}</dd>
          <dt className="text-slate-600">Billed to</dt>
          <dd className="text-slate-900">
            {member.name}, {member.email}
          </dd>
          <dt className="text-slate-600">For</dt>
          <dd className="text-slate-900">
            {KIND[charge.kind]}: {charge.plan_name}, {durationText(charge.months)}
          </dd>
          {coverage.length > 0 ? (
            <>
              <dt className="text-slate-600">Coverage</dt>
              <dd className="text-slate-900">{coverage.join(", ")}</dd>
            </>
          ) : null}
          {charge.promo_code ? (
            <>
              <dt className="text-slate-600">Promo code</dt>
              <dd className="text-slate-900">{charge.promo_code}</dd>
            </>
          ) : null}
          <dt className="text-slate-600">Paid with</dt>
          <dd className="text-slate-900">Card ending {charge.card_last4}</dd>
        </dl>
        <ItemizedPrice
          parts={charge.components}
          className="mt-6 space-y-1 border-t border-slate-200 pt-4 text-sm"
          totalLabel="Total paid"
        >
          {money(charge.amount)}
        </ItemizedPrice>
        <p className="mt-4 text-xs text-slate-600">A one-time charge in US dollars.</p>
      </div>
      <p className="no-print text-sm text-slate-700">
        {hydrated ? (
          <button
            type="button"
            onClick={() => window.print()}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-800 shadow-sm hover:bg-slate-50"
          >
            Print
          </button>
        ) : (
          "To print this receipt, use your browser's Print command."
        )}
      </p>
    </article>
  );
}
