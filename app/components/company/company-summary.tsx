import { detailLinkClass } from "~/components/detail/detail-tabs";
import { websiteHref } from "~/lib/detail/company-detail";
import type { Company } from "../../../contract/companies";

/** Under the company's header: its type, phone and website (spec §2.12: 'http://' prefixed for the link). */
export function CompanySummary({ company }: { company: Company }) {
  const website = websiteHref(company.url);
  return (
    <dl className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3">
      <div>
        <dt className="text-sm font-medium text-slate-600">Company Type</dt>
        <dd className="text-sm text-slate-900">{company.types.map((t) => t.name).join(", ") || "-"}</dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-slate-600">Phone</dt>
        <dd className="text-sm text-slate-900">
          {company.phone ? (
            <a href={`tel:${company.phone}`} className={detailLinkClass}>
              {company.phone}
            </a>
          ) : (
            "-"
          )}
        </dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-slate-600">Website</dt>
        <dd className="break-all text-sm text-slate-900">
          {website ? (
            <a href={website} target="_blank" rel="noopener noreferrer" className={detailLinkClass}>
              {company.url}
            </a>
          ) : (
            "-"
          )}
        </dd>
      </div>
    </dl>
  );
}
