import { AppLink } from "~/components/app-link";
import { DetailTable, DetailTabs, detailLinkClass, EmptyTab } from "~/components/detail/detail-tabs";
import { LINK_CELL, LINKED_ROW } from "~/components/results-table";
import { contactHref, type TabId, visibleTabs } from "~/lib/detail/project-detail";
import { formatDate, formatDateTime } from "~/lib/format/dates";
import { addressLine } from "~/lib/format/format";
import {
  formatConstructionType,
  formatMillions,
  formatNegotiatedWork,
  formatQuarterNote,
  unitsLine,
} from "~/lib/format/project-format";
import type { Project } from "../../../contract/projects";

/**
 * The five tabs of the project detail screen (Overview, Bidding Information, Updates, Materials, Contacts;
 * Bidding Information only when the project has bidding data), in the detail screens' DetailTabs.
 */
export function ProjectTabs({
  project,
  active,
  hrefFor,
  expanded,
  mapSlot,
  companyLinks = false,
}: {
  project: Project;
  active: TabId;
  hrefFor: (tab: TabId) => string;
  expanded: boolean;
  mapSlot?: React.ReactNode;
  /** The member has company search: each contact's company links to its page. */
  companyLinks?: boolean;
}) {
  const panels: Record<TabId, React.ReactNode> = {
    overview: <Overview project={project} mapSlot={mapSlot} />,
    bidding: <Bidding project={project} />,
    updates: <Updates project={project} />,
    materials: <Materials project={project} />,
    contacts: <Contacts project={project} companyLinks={companyLinks} />,
  };
  return (
    <DetailTabs
      label="Project details"
      tabs={visibleTabs(project).map((tab) => ({ ...tab, panel: panels[tab.id] }))}
      active={active}
      hrefFor={hrefFor}
      expanded={expanded}
    />
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

function estimatedDate(date: string | null, note: string | null) {
  const parts = [formatDate(date), formatQuarterNote(note)].filter(Boolean);
  return parts.join(" · ");
}

function Overview({ project, mapSlot }: { project: Project; mapSlot?: React.ReactNode }) {
  const units = unitsLine(project.types, project.min_unit, project.max_unit);
  const negotiated = formatNegotiatedWork(project.negotiated_work);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <dl className="divide-y divide-slate-100">
        <Row label="Estimated Value">{formatMillions(project.minimum_value) || "-"}</Row>
        <Row label="Sector">{project.sector || "-"}</Row>
        <Row label="Project Type">{project.types.map((t) => t.name).join(", ") || "-"}</Row>
        {project.subtypes.length ? (
          <Row label="Project Subtype">{project.subtypes.map((s) => s.name).join(", ")}</Row>
        ) : null}
        {project.brands.length ? (
          <Row label="Project Brand">{project.brands.map((b) => b.name).join(", ")}</Row>
        ) : null}
        {units ? <Row label={units.label}>{units.value}</Row> : null}
        <Row label="Construction Type">
          {formatConstructionType(project.construction_type, project.renovation_includes_addition) || "-"}
        </Row>
        <Row label="Projected Stage">{project.stage?.name || "-"}</Row>
        <Row label="Address">{addressLine(project) || "-"}</Row>
        <Row label="Details">
          <span className="whitespace-pre-line">{project.details || "-"}</span>
        </Row>
        {project.is_demolition ? <Row label="Is demolition?">{project.is_demolition}</Row> : null}
        {negotiated ? <Row label="Negotiated work">{negotiated}</Row> : null}
        <Row label="Est. Start Date">
          {estimatedDate(project.start_date, project.start_date_notes) || "-"}
        </Row>
        <Row label="Est. End Date">{estimatedDate(project.end_date, project.end_date_notes) || "-"}</Row>
      </dl>
      {mapSlot ? <div className="hidden lg:block print:hidden">{mapSlot}</div> : null}
    </div>
  );
}

function Bidding({ project }: { project: Project }) {
  if (!project.bidding_date && !project.bidding_information?.trim()) {
    return <EmptyTab>No bidding information at this time.</EmptyTab>;
  }
  return (
    <dl className="divide-y divide-slate-100">
      <Row label="Bid Date">{formatDate(project.bidding_date) || "-"}</Row>
      <Row label="Bidding Information">
        <span className="whitespace-pre-line">{project.bidding_information || "-"}</span>
      </Row>
    </dl>
  );
}

function Updates({ project }: { project: Project }) {
  if (project.update_notes?.trim()) {
    return <p className="whitespace-pre-line text-sm text-slate-900">{project.update_notes}</p>;
  }
  if (project.updates.length === 0) return <EmptyTab>No Associated Updates</EmptyTab>;
  return (
    <DetailTable caption="Updates" headers={["Updated At", "Message"]}>
      {project.updates.map((u) => (
        <tr key={u.id}>
          <td className="whitespace-nowrap px-3 py-2 align-top">{formatDateTime(u.updated_at)}</td>
          <td className="whitespace-pre-line px-3 py-2">{u.message}</td>
        </tr>
      ))}
    </DetailTable>
  );
}

function Materials({ project }: { project: Project }) {
  if (project.materials.length === 0) return <EmptyTab>No materials listed</EmptyTab>;
  return (
    <ul className="list-inside list-disc space-y-1 text-sm text-slate-900">
      {project.materials.map((m) => (
        <li key={m.id}>{m.name}</li>
      ))}
    </ul>
  );
}

function Contacts({ project, companyLinks }: { project: Project; companyLinks: boolean }) {
  if (project.contacts.length === 0) return <EmptyTab>No Associated Contacts</EmptyTab>;
  return (
    <DetailTable
      caption="Contacts on this project"
      headers={["First Name", "Last Name", "Title", "Company", "Company Type", "Email", "Phone"]}
    >
      {project.contacts.map((c) => (
        <tr key={c.id} className={`hover:bg-brand-50/60 ${LINKED_ROW}`}>
          <td className={`px-3 py-2 ${LINK_CELL}`}>
            <AppLink to={contactHref(c.id, project.id)} className={detailLinkClass}>
              {c.first_name || "View contact"}
            </AppLink>
          </td>
          <td className="px-3 py-2">{c.last_name || "-"}</td>
          <td className="px-3 py-2">{c.title || "-"}</td>
          <td className="px-3 py-2">
            {c.company_name && c.company_id && companyLinks ? (
              <AppLink to={`/Companies/${c.company_id}`} className={detailLinkClass}>
                {c.company_name}
              </AppLink>
            ) : (
              c.company_name || "-"
            )}
          </td>
          <td className="px-3 py-2">{c.company_type?.name || "-"}</td>
          <td className="px-3 py-2">
            {c.email ? (
              <a href={`mailto:${c.email}`} className="text-brand-700 underline">
                {c.email}
              </a>
            ) : (
              "-"
            )}
          </td>
          <td className="whitespace-nowrap px-3 py-2">
            {c.phone ? (
              <a href={`tel:${c.phone}`} className="text-brand-700 underline">
                {c.phone}
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
