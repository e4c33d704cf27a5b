import { Link } from "react-router";

/**
 * The frame of a page for someone not logged in (login, password reset, the unsubscribe link): the name that
 * leads to the login, and one card in the middle. `after` comes below the main area (a dialog).
 */
export function GuestFrame({
  cardClassName = "",
  after,
  children,
}: {
  cardClassName?: string;
  after?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-h-full flex-col">
      <BrandHeader home="/Login" />
      <main className="flex flex-1 items-start justify-center px-4 py-12">
        <div
          className={`w-full max-w-md rounded-lg border border-slate-200 bg-white p-8 shadow-sm ${cardClassName}`}
        >
          {children}
        </div>
      </main>
      {after}
    </div>
  );
}

/** The bar with the app's name over a page outside the member shell; the name leads `home`. */
export function BrandHeader({ home, widthClass = "max-w-5xl" }: { home: string; widthClass?: string }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className={`mx-auto flex ${widthClass} items-center px-4 py-3`}>
        <Link to={home} className="flex items-center gap-2 text-lg font-bold text-brand-800">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Project Leads
        </Link>
      </div>
    </header>
  );
}
