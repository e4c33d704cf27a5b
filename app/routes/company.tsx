import { useLocation } from "react-router";
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
import { DetailPage } from "~/components/detail/detail-page";
import { ConfirmDialog } from "~/components/detail/lazy-dialogs";
import { useDetailScreen, useDialogForm } from "~/components/detail/use-detail-screen";
import { signedInMember } from "~/lib/account/member.server";
import { detailAction } from "~/lib/detail/actions.server";
import {
  COMPANY_SEARCH_NOT_INCLUDED,
  type CompanyDialog,
  carriedCompanyList,
  companyBreadcrumb,
  companyMissing,
  readCompanyState,
} from "~/lib/detail/company-detail";
import { companyIntents } from "~/lib/detail/company-forms.server";
import { detailData, loadDetail } from "~/lib/detail/load-detail.server";
import { detailShouldRevalidate, parseEntityId } from "~/lib/detail/url-state";
import { formatDate } from "~/lib/format/dates";
import { apiContext } from "~/lib/platform/contexts";
import { pageUrl, publicOrigin } from "~/lib/platform/request-url";
import { useRootData } from "~/root-data";
import { screenMeta } from "~/screen-titles";
import { mayEditCompanies, mayMergeCompanies } from "../../contract/constants";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/company";

export const meta: Route.MetaFunction = screenMeta;

/**
 * The company with its projects and partners, and the member's roles (Users/Me), all at once; then its
 * duplicates for the merging roles and the company types for the editing roles' edit form.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const list = carriedCompanyList(pageUrl(request).searchParams);
  const api = context.get(apiContext);
  const detail = await loadDetail({
    id: parseEntityId(params.companyId),
    missing: companyMissing(companyBreadcrumb(list).href),
    read: (id) => api.call(endpoints.company, { params: { id } }).then((r) => r.data),
    refusal: "forbidden",
    refusalMessage: () => COMPANY_SEARCH_NOT_INCLUDED,
    load: async (read, id) => {
      const [company, projects, partners, roles] = await Promise.all([
        read,
        api.call(endpoints.companyProjects, { params: { id } }).then((r) => r.data),
        api.call(endpoints.companyPartners, { params: { id } }).then((r) => r.data),
        signedInMember(context, request).then((me) => me.roles),
      ]);
      const canEdit = mayEditCompanies(roles);
      const [duplicates, companyTypes] = await Promise.all([
        mayMergeCompanies(roles)
          ? api.call(endpoints.companyDuplicates, { params: { id } }).then((r) => r.data)
          : null,
        canEdit ? api.call(endpoints.companySearchOptions).then((r) => r.data.companyTypes) : [],
      ]);
      return {
        company,
        projects: projects.map((item) => item.project),
        partners,
        duplicates,
        companyTypes,
        canEdit,
        list,
        pageUrl: `${publicOrigin(request)}/Companies/${company.id}`,
      };
    },
  });
  return detailData(detail, companyBreadcrumb(list).href);
}

export const shouldRevalidate = detailShouldRevalidate;

/** 'edit' (editing roles) and 'merge' (merging roles): validated and their rights checked in company-forms.server.ts. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const back = companyBreadcrumb(carriedCompanyList(pageUrl(request).searchParams)).href;
  return detailAction(
    request,
    parseEntityId(params.companyId),
    companyMissing(back),
    companyIntents(context),
  );
}

export default function CompanyPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DetailPage detail={loaderData} noun="Company" backLabel="Back to companies">
      {(found) => <CompanyDetail data={found} actionData={actionData} />}
    </DetailPage>
  );
}

type LoadedData = Extract<Route.ComponentProps["loaderData"], { outcome: "found" }>;

function CompanyDetail({
  data: loaded,
  actionData,
}: {
  data: LoadedData;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { company, duplicates, canEdit, pageUrl } = loaded;
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
          <span>Entered: {formatDate(company.created_at)}</span>
          <span aria-hidden="true" className="mx-2">
            ·
          </span>
          <span>Updated: {formatDate(company.updated_at)}</span>
        </p>
      </DetailHeader>

      {view.print ? <PrintNotice screen={screen} /> : null}

      <CompanySummary company={company} />

      <CompanyTabs
        company={company}
        projects={loaded.projects}
        partners={loaded.partners}
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
