import { data, useLocation } from "react-router";
import { CompanySummary } from "~/components/company/company-summary";
import { CompanyTabs } from "~/components/company/company-tabs";
import { EditCompanyDialog } from "~/components/company/lazy-dialogs";
import {
  DetailHeader,
  DialogAction,
  PrintLink,
  PrintNotice,
  ShareByMailLink,
} from "~/components/detail/detail-header";
import { ConfirmDialog } from "~/components/detail/lazy-dialogs";
import { DetailNotFound } from "~/components/detail/not-found";
import { useDetailScreen, useDialogForm } from "~/components/detail/use-detail-screen";
import { ErrorPage } from "~/components/error-page";
import { ApiRequestError, apiContext } from "~/lib/api.server";
import {
  COMPANY_NOT_FOUND,
  COMPANY_SEARCH_NOT_INCLUDED,
  type CompanyDialog,
  carriedCompanyList,
  companyBreadcrumb,
  readCompanyState,
} from "~/lib/company-detail";
import { companyIntents } from "~/lib/company-forms.server";
import { formatShortDate } from "~/lib/dates";
import { detailAction } from "~/lib/detail/actions.server";
import { isMissingEntity } from "~/lib/detail/loaders.server";
import { detailShouldRevalidate, parseEntityId } from "~/lib/detail/url-state";
import { publicOrigin } from "~/lib/request-url";
import { settle } from "~/lib/settle";
import { useRootData } from "~/root-data";
import { mayEditCompanies, mayMergeCompanies } from "../../contract/constants";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/company";

export const handle = { title: "Company" };

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
  const { company, projects, partners, duplicates, canEdit, pageUrl } = loaded;
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

      <CompanySummary company={company} />

      <CompanyTabs
        company={company}
        projects={projects}
        partners={partners}
        duplicates={duplicates}
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
        mergeHref={(d) => screen.dialogHref({ kind: "merge", mergeWithId: d.id })}
        onOpenMerge={screen.openDialog}
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
