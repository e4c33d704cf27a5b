import { Link } from "react-router";

/** What a note or an alert is about, as a link; the text alone when there is nothing to link to. */
export function SubjectLink({
  href,
  className,
  plainClassName,
  children,
}: {
  href: string | undefined;
  /** Classes of the text, linked or not. */
  className: string;
  /** Classes added to the text when it is not a link. */
  plainClassName: string;
  children: React.ReactNode;
}) {
  return href ? (
    <Link to={href} className={`${className} text-brand-700 underline hover:text-brand-900`}>
      {children}
    </Link>
  ) : (
    <span className={`${className} ${plainClassName}`}>{children}</span>
  );
}
