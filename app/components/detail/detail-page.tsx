import { NotIncluded } from "~/components/not-included";
import type { Refusal } from "~/lib/detail/types";
import { DetailNotFound } from "./not-found";

/** A detail loader's answer (see detailData): its outcome, and where 'Back' leads when it is not `found`. */
type Answer = { outcome: "found" | "missing" | Refusal; backHref: string };
type Found<A> = Extract<A, { outcome: "found" }>;

/**
 * A detail screen's page for each outcome of its loader: `children` renders the entity found; a missing one
 * gets the 'Error' dialog leading back to the list; a refused one the notice saying why, with the way back to
 * the list when the list itself is included (`locked`: only this entity is out of reach).
 */
export function DetailPage<A extends Answer>({
  detail,
  noun,
  notFoundMessage,
  backLabel,
  children,
}: {
  detail: A;
  /** The screen's heading when there is no entity to title it: 'Project', 'Company'. */
  noun: string;
  notFoundMessage: string;
  backLabel: string;
  children: (found: Found<A>) => React.ReactNode;
}) {
  if (detail.outcome === "found") return children(detail as Found<A>);
  if (detail.outcome === "missing")
    return (
      <DetailNotFound
        title={`${noun} not found`}
        message={notFoundMessage}
        backHref={detail.backHref}
        backLabel={backLabel}
      />
    );
  const { message } = detail as A & { message: string };
  const wayOn = detail.outcome === "locked" ? { href: detail.backHref, label: backLabel } : null;
  return <NotIncluded title={noun} message={message} wayOn={wayOn} />;
}

/** The document title of a detail screen: the entity's (`titleOf`), else what the page says instead. */
export function detailPageTitle<A extends Answer>(
  detail: A | undefined,
  noun: string,
  titleOf: (found: Found<A>) => string,
): string {
  const title =
    detail?.outcome === "found"
      ? titleOf(detail as Found<A>)
      : detail?.outcome === "missing"
        ? `${noun} not found`
        : noun;
  return `${title} | Project Leads`;
}
