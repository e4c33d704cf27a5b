import { Link, useLocation } from "react-router";
import { AppLink } from "~/components/app-link";
import { hrefWithDialog } from "~/lib/platform/dialog-url";

/** The company behind the product: the footer and the receipts name it. */
export const COMPANY = {
  name: "Project Leads, Inc.",
  address: ["1200 Commerce Street, Suite 400", "Dallas, TX 75202"],
  email: "support@projectleads.example",
};

const SOCIAL = [
  { name: "LinkedIn", href: "https://www.linkedin.com/company/project-leads" },
  { name: "Facebook", href: "https://www.facebook.com/projectleads" },
  { name: "X", href: "https://x.com/projectleads" },
  { name: "YouTube", href: "https://www.youtube.com/@projectleads" },
] as const;

/** A page of the company site (marketing site origin + path). */
function siteUrl(base: string | undefined, path: string) {
  if (!base) return path;
  try {
    return new URL(path, base).href;
  } catch {
    return path;
  }
}

/** The page footer: company links, social links, copyright with the current year, address, phone, e-mail. */
export function Footer({
  marketingSiteUrl,
  supportPhone,
  year,
  contactHref,
}: {
  marketingSiteUrl?: string;
  supportPhone?: string;
  year: number;
  /** Where "Contact Us" goes: the Ask A Question dialog in the member shell, the company site elsewhere. */
  contactHref?: string;
}) {
  const linkClass =
    "inline-flex min-h-6 min-w-6 items-center text-slate-200 underline-offset-2 hover:text-white hover:underline";
  const site = (path: string) => siteUrl(marketingSiteUrl, path);
  return (
    <footer className="no-print mt-auto bg-slate-900 text-sm text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-6 px-6 py-8 md:grid-cols-3">
        <nav aria-label="Company">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2">
            <li>
              <AppLink className={linkClass} to="/about-us">
                About Us
              </AppLink>
            </li>
            <li>
              {contactHref ? (
                <Link className={linkClass} to={contactHref} preventScrollReset>
                  Contact Us
                </Link>
              ) : (
                <a className={linkClass} href={site("/contact-us")}>
                  Contact Us
                </a>
              )}
            </li>
            <li>
              <AppLink className={linkClass} to="/Help">
                Help
              </AppLink>
            </li>
            <li>
              <AppLink className={linkClass} to="/news">
                News
              </AppLink>
            </li>
            <li>
              <AppLink className={linkClass} to="/terms-of-service">
                Terms of Service
              </AppLink>
            </li>
            <li>
              <AppLink className={linkClass} to="/privacy-policy">
                Privacy Policy
              </AppLink>
            </li>
          </ul>
        </nav>
        <div>
          <p className="mb-2 font-semibold text-white">Follow us</p>
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {SOCIAL.map((s) => (
              <li key={s.name}>
                <a className={linkClass} href={s.href} target="_blank" rel="noopener noreferrer">
                  {s.name}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <address className="not-italic">
          <p className="font-semibold text-white">{COMPANY.name}</p>
          {COMPANY.address.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {supportPhone ? (
            <p>
              Phone:{" "}
              <a className={linkClass} href={`tel:${supportPhone.replace(/[^\d+]/g, "")}`}>
                {supportPhone}
              </a>
            </p>
          ) : null}
          <p>
            E-mail:{" "}
            <a className={linkClass} href={`mailto:${COMPANY.email}`}>
              {COMPANY.email}
            </a>
          </p>
        </address>
      </div>
      <div className="border-t border-slate-800 px-6 py-4 text-center text-slate-300">
        © {year} {COMPANY.name}
      </div>
    </footer>
  );
}

/** The footer's Contact Us target inside the member shell: the Ask A Question dialog on the current page. */
export function useContactHref() {
  return hrefWithDialog(useLocation(), "ask");
}
