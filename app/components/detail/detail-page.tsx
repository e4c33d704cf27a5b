import { NotIncluded } from "~/components/not-included";
import type { Refusal } from "~/lib/detail/types";

/** A detail loader's answer (see detailData): its outcome, and where 'Back' leads when it is not `found`. */
type Answer = { outcome: "found" | Refusal; backHref: string };
type Found<A> = Extract<A, { outcome: "found" }>;

/**
 * A detail screen's page for each outcome of its loader: `children` renders the entity found; a refused one the
 * notice saying why, with the way back to the list when the list itself is included (`locked`: only this entity
 * is out of reach). A missing one never gets here: its loader throws the 404 (the one error page).
 */
export function DetailPage<A extends Answer>({
  detail,
  noun,
  backLabel,
  children,
}: {
  detail: A;
  /** The screen's heading when there is no entity to title it: 'Project', 'Company'. */
  noun: string;
  backLabel: string;
  children: (found: Found<A>) => React.ReactNode;
}) {
  if (detail.outcome === "found") return children(detail as Found<A>);
  const { message } = detail as A & { message: string };
  const wayOn = detail.outcome === "locked" ? { href: detail.backHref, label: backLabel } : null;
  return <NotIncluded title={noun} message={message} wayOn={wayOn} />;
}
