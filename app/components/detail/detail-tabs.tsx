import { useRef } from "react";
import { Link, useNavigate } from "react-router";
import { useHydrated } from "~/components/hydrated";

export type DetailTab<T extends string> = { id: T; label: string; panel: React.ReactNode };

/**
 * The tabs of a detail screen (the project's and the company's). Without
 * JavaScript they are links (`?tab=…`) and the server renders the chosen panel; once hydrated they follow the ARIA
 * tabs pattern (arrow keys, Home, End). Every panel is in the page: the inactive ones are hidden on screen and
 * printed (print shows all tabs); `expanded` (?print=1) shows them all on screen too.
 */
export function DetailTabs<T extends string>({
  label,
  tabs,
  active,
  hrefFor,
  expanded,
}: {
  label: string;
  tabs: readonly DetailTab<T>[];
  active: T;
  hrefFor: (tab: T) => string;
  expanded: boolean;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const current: T = tabs.some((t) => t.id === active) ? active : tabs[0].id;
  const tabRefs = useRef(new Map<T, HTMLAnchorElement>());
  const aria = hydrated && !expanded;

  function onKeyDown(event: React.KeyboardEvent) {
    const index = tabs.findIndex((t) => t.id === current);
    let next = -1;
    if (event.key === "ArrowRight") next = (index + 1) % tabs.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = tabs.length - 1;
    else return;
    event.preventDefault();
    const tab = tabs[next];
    navigate(hrefFor(tab.id), { replace: true, preventScrollReset: true });
    requestAnimationFrame(() => tabRefs.current.get(tab.id)?.focus());
  }

  return (
    <section className="rounded-lg border border-slate-200 bg-white" aria-label={label}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a tablist once hydrated (the arrow keys), plain links before */}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label goes with the tablist role, set once hydrated */}
      <div
        role={aria ? "tablist" : undefined}
        aria-label={aria ? label : undefined}
        onKeyDown={aria ? onKeyDown : undefined}
        className={`flex flex-wrap gap-1 border-b border-slate-200 px-2 pt-2 print:hidden ${expanded ? "hidden" : ""}`}
      >
        {tabs.map((tab) => {
          const selected = tab.id === current;
          return (
            <Link
              key={tab.id}
              ref={(el) => {
                if (el) tabRefs.current.set(tab.id, el);
                else tabRefs.current.delete(tab.id);
              }}
              to={hrefFor(tab.id)}
              replace
              preventScrollReset
              id={`tab-${tab.id}`}
              role={aria ? "tab" : undefined}
              aria-selected={aria ? selected : undefined}
              aria-controls={aria ? `panel-${tab.id}` : undefined}
              aria-current={!aria && selected ? "page" : undefined}
              tabIndex={aria && !selected ? -1 : undefined}
              className={`-mb-px rounded-t-md border px-4 py-2 text-sm font-medium ${
                selected
                  ? "border-slate-200 border-b-white bg-white text-brand-800"
                  : "border-transparent text-slate-700 hover:bg-slate-50 hover:text-slate-900"
              }`}
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
      {tabs.map((tab) => {
        const shown = expanded || tab.id === current;
        return (
          // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a tabpanel once hydrated, labelled by its tab
          <div
            key={tab.id}
            id={`panel-${tab.id}`}
            role={aria ? "tabpanel" : undefined}
            aria-labelledby={aria ? `tab-${tab.id}` : undefined}
            tabIndex={aria && shown ? 0 : undefined}
            className={`p-4 ${shown ? "" : "hidden print:block"} print:break-inside-avoid`}
          >
            <h2
              className={
                expanded
                  ? "mb-3 text-lg font-semibold text-slate-900"
                  : "sr-only print:not-sr-only print:mb-3 print:text-lg print:font-semibold"
              }
            >
              {tab.label}
            </h2>
            {tab.panel}
          </div>
        );
      })}
    </section>
  );
}

/** A link in a detail screen's content (a person, a project, a website, a phone number). */
export const detailLinkClass = "font-medium text-brand-700 underline hover:text-brand-900";

/** A tab with nothing to show: 'No locations', 'No Associated Contacts', … */
export function EmptyTab({ children }: { children: string }) {
  return <p className="text-sm text-slate-700">{children}</p>;
}

/** A plain table of a tab: a caption for screen readers, header cells, rows. */
export function DetailTable({
  caption,
  headers,
  children,
}: {
  caption: string;
  headers: readonly string[];
  children: React.ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {headers.map((h) => (
              <th
                key={h}
                scope="col"
                className="whitespace-nowrap px-3 py-2 text-left font-semibold text-slate-700"
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
