import { data, Link, useLocation } from "react-router";
import { EditCompanyDialog } from "~/components/company/lazy-dialogs";
import {
  DetailHeader,
  DialogAction,
  PrintLink,
  PrintNotice,
  ShareByMailLink,
} from "~/components/detail/detail-header";
import { type DetailTab, DetailTable, DetailTabs } from "~/components/detail/detail-tabs";
import { DialogLink } from "~/components/detail/dialog-link";
import { ConfirmDialog } from "~/components/detail/lazy-dialogs";
import { DetailNotFound } from "~/components/detail/not-found";
import { useDetailScreen, useDialogForm } from "~/components/detail/use-detail-screen";
import { ErrorPage } from "~/components/error-page";
import { ApiRequestError, apiContext } from "~/lib/api.server";
import {
  COMPANY_NOT_FOUND,
  COMPANY_SEARCH_NOT_INCLUDED,
  type CompanyDialog,
  type CompanyTabId,
  carriedCompanyList,
  companyBreadcrumb,
  companyHref,
  readCompanyState,
  visibleCompanyTabs,
  websiteHref,
} from "~/lib/company-detail";
import { companyIntents } from "~/lib/company-forms.server";
import { formatShortDate } from "~/lib/dates";
import { detailAction } from "~/lib/detail/actions.server";
import { isMissingEntity } from "~/lib/detail/loaders.server";
import { detailShouldRevalidate, parseEntityId } from "~/lib/detail/url-state";
import { fullName } from "~/lib/format";
import { formatMillions } from "~/lib/project-format";
import { publicOrigin } from "~/lib/request-url";
import { settle } from "~/lib/settle";
import { useRootData } from "~/root-data";
import type { Company, CompanyDuplicate, CompanyPartner, CompanyProject } from "../../contract/companies";
import { mayEditCompanies, mayMergeCompanies } from "../../contract/constants";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/company";

export const handle = { title: "Company" };

const linkClass = "font-medium text-brand-700 underline hover:text-brand-900";

/**
 * The company, its projects and partners, and (merging roles only: Users/Me says) its duplicates, all at once.
 * The company types are read for the edit form of the editing roles.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const list = carriedCompanyList(url.searchParams);
  const backHref = companyBreadcrumb(list).href;
  const id = parseEntityId(params.companyId);
  if (!id) return data({ state: "missing" as const, backHref }, { status: 404 });

  const api = context.get(apiContext);
  const [companyR, projectsR, partnersR, meR] = await Promise.all([
    settle(api.call(endpoints.company, { params: { id } }).then((r) => r.data)),
    settle(api.call(endpoints.companyProjects, { params: { id } }).then((r) => r.data)),
    settle(api.call(endpoints.companyPartners, { params: { id } }).then((r) => r.data)),
    settle(api.call(endpoints.me).then((r) => r.data.roles)),
  ]);
  if (!companyR.ok) {
    if (isMissingEntity(companyR.error))
      return data({ state: "missing" as const, backHref }, { status: 404 });
    if (companyR.error instanceof ApiRequestError && companyR.error.status === 403)
      return data({ state: "forbidden" as const, backHref }, { status: 403 });
    throw companyR.error;
  }
  for (const r of [projectsR, partnersR, meR]) if (!r.ok) throw r.error;
  const roles = meR.ok ? meR.value : [];
  const canEdit = mayEditCompanies(roles);
  const canMerge = mayMergeCompanies(roles);
  const [duplicates, options] = await Promise.all([
    canMerge ? api.call(endpoints.companyDuplicates, { params: { id } }).then((r) => r.data) : null,
    canEdit ? api.call(endpoints.companySearchOptions).then((r) => r.data.companyTypes) : null,
  ]);
  const company = companyR.value;
  return data(
    {
      state: "found" as const,
      company,
      projects: projectsR.ok ? projectsR.value.map((item) => item.project) : [],
      partners: partnersR.ok ? partnersR.value : [],
      duplicates,
      companyTypes: options ?? [],
      canEdit,
      canMerge,
      list,
      backHref,
      pageUrl: `${publicOrigin(request)}/Companies/${company.id}`,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const shouldRevalidate = detailShouldRevalidate;

/** 'edit' (editing roles) and 'merge' (merging roles): see company-forms.server.ts. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return detailAction(
    request,
    parseEntityId(params.companyId),
    COMPANY_NOT_FOUND,
    companyIntents(context.get(apiContext)),
  );
}

export default function CompanyPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "missing")
    return (
      <DetailNotFound
        title="Company not found"
        message={COMPANY_NOT_FOUND}
        backHref={loaderData.backHref}
        backLabel="Back to companies"
      />
    );
  if (loaderData.state === "forbidden")
    return (
      <div className="max-w-2xl space-y-3">
        <h1 className="text-2xl font-bold text-slate-900">Company</h1>
        <p className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
          {COMPANY_SEARCH_NOT_INCLUDED}
        </p>
      </div>
    );
  return <CompanyDetail data={loaderData} actionData={actionData} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.state === "found" ? loaderData.company.name : loaderData?.state === "missing" ? "Company not found" : "Company"} | Project Leads`,
  },
];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} compact />;
}

type LoadedData = Extract<Route.ComponentProps["loaderData"], { state: "found" }>;

function CompanyDetail({
  data: loaded,
  actionData,
}: {
  data: LoadedData;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { company, projects, partners, duplicates, canEdit, canMerge, pageUrl } = loaded;
  const user = useRootData()?.user ?? null;
  const view = readCompanyState(new URLSearchParams(useLocation().search));
  EditCompanyDialog.usePreload();
  ConfirmDialog.usePreload();
  const screen = useDetailScreen<CompanyDialog>({
    keyPrefix: "company",
    id: company.id,
    urlDialog: view.dialog,
    dialogParams: (d) => ({
      dialog: d.kind,
      mergeWithId: d.kind === "merge" ? d.mergeWithId : null,
      tab: d.kind === "merge" ? "merge" : undefined,
      print: null,
    }),
    actionData,
  });
  const edit = useDialogForm(screen, "edit");
  const merge = useDialogForm(screen, "merge");
  const dialog = screen.dialog;
  const merging =
    dialog?.kind === "merge" ? (duplicates?.find((d) => d.id === dialog.mergeWithId) ?? null) : null;
  const website = websiteHref(company.url);

  const panels: Record<CompanyTabId, React.ReactNode> = {
    locations: <Locations company={company} />,
    people: <People company={company} />,
    projects: <Projects projects={projects} />,
    partners: <Partners partners={partners} />,
    merge: (
      <Duplicates
        rows={duplicates ?? []}
        hrefFor={(d) => screen.dialogHref({ kind: "merge", mergeWithId: d.id })}
        onOpen={screen.openDialog}
      />
    ),
  };
  const tabs: DetailTab<CompanyTabId>[] = visibleCompanyTabs(canMerge).map((t) => ({
    ...t,
    panel: panels[t.id],
  }));

  return (
    <div className="space-y-6">
      <DetailHeader
        breadcrumb={companyBreadcrumb(loaded.list)}
        title={company.name}
        actions={
          <>
            {canEdit ? (
              <DialogAction screen={screen} dialog={{ kind: "edit" }}>
                Edit
              </DialogAction>
            ) : null}
            {user?.allow_share ? (
              <ShareByMailLink title={company.name} url={pageUrl}>
                Email company
              </ShareByMailLink>
            ) : null}
            <PrintLink screen={screen} />
          </>
        }
      >
        <p className="text-sm text-slate-700">
          <span>Entered: {formatShortDate(company.created_at)}</span>
          <span aria-hidden="true" className="mx-2">
            ·
          </span>
          <span>Updated: {formatShortDate(company.updated_at)}</span>
        </p>
      </DetailHeader>

      {view.print ? <PrintNotice screen={screen} /> : null}

      <dl className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm font-medium text-slate-600">Company Type</dt>
          <dd className="text-sm text-slate-900">{company.types.map((t) => t.name).join(", ") || "-"}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">Phone</dt>
          <dd className="text-sm text-slate-900">
            {company.phone ? (
              <a href={`tel:${company.phone}`} className={linkClass}>
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
              <a href={website} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {company.url}
              </a>
            ) : (
              "-"
            )}
          </dd>
        </div>
      </dl>

      <DetailTabs
        label="Company details"
        tabs={tabs}
        active={view.tab}
        expanded={view.print}
        hrefFor={(tab) =>
          screen.hrefWith({
            tab: tab === "locations" ? null : tab,
            dialog: null,
            mergeWithId: null,
            print: null,
          })
        }
      />

      {canEdit && dialog?.kind === "edit" ? (
        <EditCompanyDialog
          key={`edit-${screen.formKey}`}
          open
          company={company}
          companyTypes={loaded.companyTypes}
          {...edit.props}
        />
      ) : null}
      {merging ? (
        <ConfirmDialog
          key={`merge-${screen.formKey}`}
          open
          title="Merge"
          formId="merge-company"
          intent="merge"
          fields={{ mergeWithId: merging.id }}
          confirmLabel="Yes!"
          {...merge.props}
        >
          Are you sure you want to merge {merging.name} ({merging.url ?? ""}) into this company?
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function Empty({ children }: { children: string }) {
  return <p className="text-sm text-slate-700">{children}</p>;
}

const td = "px-3 py-2";

function Locations({ company }: { company: Company }) {
  if (company.locations.length === 0) return <Empty>No locations</Empty>;
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
              <a href={`tel:${l.phone}`} className={linkClass}>
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
  if (company.contacts.length === 0) return <Empty>No Associated Contacts</Empty>;
  return (
    <DetailTable caption="People" headers={["Name", "Title", "Email", "Phone"]}>
      {company.contacts.map((c) => (
        <tr key={c.id}>
          <td className={td}>
            <Link to={`/Contacts/${c.id}`} className={linkClass}>
              {fullName(c.first_name, c.last_name) || "View contact"}
            </Link>
          </td>
          <td className={td}>{c.title || "-"}</td>
          <td className={td}>
            {c.email ? (
              <a href={`mailto:${c.email}`} className={linkClass}>
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
  if (projects.length === 0) return <Empty>No Associated Projects</Empty>;
  return (
    <DetailTable
      caption="Projects"
      headers={["Title", "Value", "Sector", "Construction Type", "Address", "City", "State", "Zip"]}
    >
      {projects.map((p) => (
        <tr key={p.id}>
          <td className={td}>
            <Link to={`/Projects/${p.id}`} className={linkClass}>
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
  if (partners.length === 0) return <Empty>No Associated Companies</Empty>;
  return (
    <DetailTable caption="Companies worked with" headers={["Name", "Website", "Company Type"]}>
      {partners.map((p) => {
        const href = websiteHref(p.url);
        return (
          <tr key={p.id}>
            <td className={td}>
              <Link to={companyHref(p.id)} className={linkClass}>
                {p.name}
              </Link>
            </td>
            <td className={`${td} break-all`}>
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
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
  if (rows.length === 0) return <Empty>No duplicates found</Empty>;
  return (
    <DetailTable
      caption="Possible duplicates"
      headers={["ID", "Name", "Types", "Website", "Contacts", "Locations", "Merge"]}
    >
      {rows.map((d) => (
        <tr key={d.id}>
          <td className={td}>{d.id}</td>
          <td className={td}>
            <Link to={companyHref(d.id)} className={linkClass}>
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
              className={linkClass}
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
