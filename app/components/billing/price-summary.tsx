/**
 * The itemized total of a plan with its coverage (§2.5, §9): each part of the price (plan, additional states,
 * additional vertical markets, discount), then the total with its period ('per year', 'per 6 months'). The form
 * around it posts the same total as `shown_total`: the only amount that may be charged.
 */
import { money, type PriceResult, perPeriodText } from "~/lib/billing/pricing";

export function PriceSummary({
  price,
  months,
  trial = false,
}: {
  price: PriceResult;
  months: number;
  trial?: boolean;
}) {
  const components = price.components;
  return (
    <div aria-live="polite">
      {components ? (
        <ItemizedPrice
          parts={components}
          className="space-y-1 text-sm"
          totalLabel="Total"
          totalTestId="price-total"
        >
          {money(components.Total)}
          {trial ? null : (
            <span className="text-sm font-normal text-slate-600"> {perPeriodText(months)}</span>
          )}
        </ItemizedPrice>
      ) : (
        <p className="text-sm text-red-700">{price.error}</p>
      )}
    </div>
  );
}

/** A price's parts but its total (plan, additional states, discount, …), one row each, then the total (children). */
export function ItemizedPrice({
  parts,
  className,
  totalLabel,
  totalTestId,
  children,
}: {
  parts: Record<string, number>;
  className: string;
  totalLabel: string;
  totalTestId?: string;
  children: React.ReactNode;
}) {
  return (
    <dl className={className}>
      {Object.entries(parts)
        .filter(([key]) => key !== "Total")
        .map(([key, value]) => (
          <div key={key} className="flex justify-between gap-2">
            <dt className="text-slate-600">{key}</dt>
            <dd className="text-slate-900">{money(value)}</dd>
          </div>
        ))}
      <div className="flex justify-between gap-2 border-t border-slate-200 pt-1 text-base font-semibold">
        <dt>{totalLabel}</dt>
        <dd data-testid={totalTestId}>{children}</dd>
      </div>
    </dl>
  );
}

/** The total the form showed, posted with it. */
export function ShownTotal({ price }: { price: PriceResult }) {
  return <input type="hidden" name="shown_total" value={price.components?.Total ?? ""} />;
}
