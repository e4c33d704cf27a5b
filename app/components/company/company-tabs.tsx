import { Link } from "react-router";
import {
  type DetailTab,
  DetailTable,
  DetailTabs,
  detailLinkClass,
  EmptyTab,
} from "~/components/detail/detail-tabs";
import { DialogLink } from "~/components/detail/dialog-link";
import { LINK_CELL, LINKED_ROW } from "~/components/results-table";
import {
  type CompanyDialog,
  type CompanyTabId,
  companyHref,
  visibleCompanyTabs,
  websiteHref,
} from "~/lib/detail/company-detail";
import { fullName } from "~/lib/format/format";
import { formatMillions } from "~/lib/format/project-format";
import type { Company, CompanyDuplicate, CompanyPartner, CompanyProject } from "../../../contract/companies";

/**
 * The tabs of the company detail screen (spec §2.12): Company Locations, People, Projects, Companies worked
 * with, and Merge & fix for the merging roles only, in the detail screens' DetailTabs.
 */
export function CompanyTabs({
  company,
  projects,
  partners,
  duplicates,
  active,
  expanded,
  hrefFor,
  mergeHref,
  onOpenMerge,
}: {
  company: Company;
  projects: CompanyProject[];
  partners: CompanyPartner[];
  /** The possible duplicates; null for a member who may not merge (no Merge & fix tab). */
  duplicates: CompanyDuplicate[] | null;
  active: CompanyTabId;
  expanded: boolean;
  hrefFor: (tab: CompanyTabId) => string;
  mergeHref: (duplicate: CompanyDuplicate) => string;
  onOpenMerge?: (dialog: CompanyDialog) => void;
}) {
  const panels: Record<CompanyTabId, React.ReactNode> = {
    locations: <Locations company={company} />,
    people: <People company={company} />,
    projects: <Projects projects={projects} />,
    partners: <Partners partners={partners} />,
    merge: <Duplicates rows={duplicates ?? []} hrefFor={mergeHref} onOpen={onOpenMerge} />,
  };
  const tabs: DetailTab<CompanyTabId>[] = visibleCompanyTabs(duplicates !== null).map((t) => ({
    ...t,
    panel: panels[t.id],
  }));
  return (
    <DetailTabs label="Company details" tabs={tabs} active={active} expanded={expanded} hrefFor={hrefFor} />
  );
}

const td = "px-3 py-2";
/** §2.12: clicking a person, a project or a partner company opens it (the whole row, one link). */
const linkedRow = `hover:bg-brand-50/60 ${LINKED_ROW}`;
const linkCell = `${td} ${LINK_CELL}`;

function Locations({ company }: { company: Company }) {
  if (company.locations.length === 0) return <EmptyTab>No locations</EmptyTab>;
  return (
    <DetailTable caption="Company locations" headers={["Address", "City", "State", "Zip", "Phone"]}>
      {company.locations.map((l) => (
        <tr key={l.id}>
          <td className={td}>{[l.address1, l.address2].filter(Boolean).join(", ") || "-"}</td>
          <td className={td}>{l.city || "-"}</td>
          <td className={td}>{l.state || "-"}</td>
          <td className={td}>{l.zip || "-"}</td>
          <td className={`${td} whitespace-nowrap`}>
            {l.phone ? (
              <a href={`tel:${l.phone}`} className={detailLinkClass}>
                {l.phone}
              </a>
            ) : (
              "-"
            )}
          </td>
        </tr>
      ))}
    </DetailTable>
  );
}

function People({ company }: { company: Company }) {
  if (company.contacts.length === 0) return <EmptyTab>No Associated Contacts</EmptyTab>;
  return (
    <DetailTable caption="People" headers={["Name", "Title", "Email", "Phone"]}>
      {company.contacts.map((c) => (
        <tr key={c.id} className={linkedRow}>
          <td className={linkCell}>
            <Link to={`/Contacts/${c.id}`} className={detailLinkClass}>
              {fullName(c.first_name, c.last_name) || "View contact"}
            </Link>
          </td>
          <td className={td}>{c.title || "-"}</td>
          <td className={td}>
            {c.email ? (
              <a href={`mailto:${c.email}`} className={detailLinkClass}>
                {c.email}
              </a>
            ) : (
              "-"
            )}
          </td>
          <td className={`${td} whitespace-nowrap`}>{c.phone || "-"}</td>
        </tr>
      ))}
    </DetailTable>
  );
}

function Projects({ projects }: { projects: CompanyProject[] }) {
  if (projects.length === 0) return <EmptyTab>No Associated Projects</EmptyTab>;
  return (
    <DetailTable
      caption="Projects"
      headers={["Title", "Value", "Sector", "Construction Type", "Address", "City", "State", "Zip"]}
    >
      {projects.map((p) => (
        <tr key={p.id} className={linkedRow}>
          <td className={linkCell}>
            <Link to={`/Projects/${p.id}`} className={detailLinkClass}>
              {p.title}
            </Link>
          </td>
          <td className={`${td} whitespace-nowrap`}>{formatMillions(p.minimum_value) || "-"}</td>
          <td className={td}>{p.sector || "-"}</td>
          <td className={td}>{p.construction_type || "-"}</td>
          <td className={td}>{p.address1 || "-"}</td>
          <td className={td}>{p.city || "-"}</td>
          <td className={td}>{p.state || "-"}</td>
          <td className={td}>{p.zip || "-"}</td>
        </tr>
      ))}
    </DetailTable>
  );
}

function Partners({ partners }: { partners: CompanyPartner[] }) {
  if (partners.length === 0) return <EmptyTab>No Associated Companies</EmptyTab>;
  return (
    <DetailTable caption="Companies worked with" headers={["Name", "Website", "Company Type"]}>
      {partners.map((p) => {
        const href = websiteHref(p.url);
        return (
          <tr key={p.id} className={linkedRow}>
            <td className={linkCell}>
              <Link to={companyHref(p.id)} className={detailLinkClass}>
                {p.name}
              </Link>
            </td>
            <td className={`${td} break-all`}>
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer" className={detailLinkClass}>
                  {p.url}
                </a>
              ) : (
                "-"
              )}
            </td>
            <td className={td}>{p.types.map((t) => t.name).join(", ") || "-"}</td>
          </tr>
        );
      })}
    </DetailTable>
  );
}

function Duplicates({
  rows,
  hrefFor,
  onOpen,
}: {
  rows: CompanyDuplicate[];
  hrefFor: (d: CompanyDuplicate) => string;
  onOpen?: (dialog: CompanyDialog) => void;
}) {
  if (rows.length === 0) return <EmptyTab>No duplicates found</EmptyTab>;
  return (
    <DetailTable
      caption="Possible duplicates"
      headers={["ID", "Name", "Types", "Website", "Contacts", "Locations", "Merge"]}
    >
      {rows.map((d) => (
        <tr key={d.id}>
          <td className={td}>{d.id}</td>
          <td className={td}>
            <Link to={companyHref(d.id)} className={detailLinkClass}>
              {d.name}
            </Link>
          </td>
          <td className={td}>{d.types.map((t) => t.name).join(", ") || "-"}</td>
          <td className={`${td} break-all`}>{d.url || "-"}</td>
          <td className={td}>{d.contacts_count}</td>
          <td className={td}>{d.locations_count}</td>
          <td className={td}>
            <DialogLink
              href={hrefFor(d)}
              dialog={{ kind: "merge", mergeWithId: d.id }}
              onOpen={onOpen}
              className={detailLinkClass}
              aria-label={`Merge ${d.name} into this company`}
            >
              Merge
            </DialogLink>
          </td>
        </tr>
      ))}
    </DetailTable>
  );
}
