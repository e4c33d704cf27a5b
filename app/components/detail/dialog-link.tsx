import { Link } from "react-router";

/**
 * A link that opens one of the screen's dialogs. Without JavaScript it goes to the URL that renders the
 * dialog (`?dialog=note`); with JavaScript `onOpen` opens it in place, without a navigation.
 * Shared by the detail screens (each has its own dialog type `D`).
 */
export function DialogLink<D>({
  href,
  dialog,
  onOpen,
  className,
  children,
  ...rest
}: {
  href: string;
  dialog: D;
  onOpen?: (dialog: D) => void;
  className?: string;
  children: React.ReactNode;
} & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "onClick">) {
  return (
    <Link
      {...rest}
      to={href}
      preventScrollReset
      className={className}
      onClick={(event) => {
        if (!onOpen || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onOpen(dialog);
      }}
    >
      {children}
    </Link>
  );
}
