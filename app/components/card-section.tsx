import type { ReactNode } from "react";

/**
 * A white card of a page, a region named by its heading (`aria-labelledby`). `className` adds the card's
 * padding and spacing; `headingClassName` replaces the heading's look where a card needs another.
 */
export function CardSection({
  id,
  title,
  className = "p-6 shadow-sm",
  headingClassName = "text-lg font-semibold text-slate-900",
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`rounded-lg border border-slate-200 bg-white ${className}`}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
