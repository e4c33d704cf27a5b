import { Link } from "react-router";
import { PageLinks } from "~/components/pagination";
import { LINK_CELL, LINKED_ROW } from "~/components/results-table";
import { formatShortDate } from "~/lib/format/dates";
import { formatMillions } from "~/lib/format/project-format";
import { pageWindow } from "~/lib/search/list-params";
import type { ProjectRow } from "../../../contract/projects";

type ProjectPageProps = {
  rows: ProjectRow[];
  total: number;
  page: number;
  perPage: number;
  hrefForProject: (id: number) => string;
  hrefForPage: (page: number) => string;
};

/**
 * Similar Projects, 5 a page. Its own small table: the shared ResultsTable's sort and page links write
 * the list params (page, orderBy, …), which on this screen belong to the search the member came from;
 * here the page is `similarPage` and there is no sorting.
 */
export function SimilarProjects(props: ProjectPageProps) {
  return (
    <ProjectPageTable
      {...props}
      title="Similar Projects"
      headingId="similar-heading"
      pagesLabel="Similar projects"
      className="hidden lg:block print:hidden"
    />
  );
}

/**
 * A titled, paged table of projects on a detail screen (a project's similar projects, a contact's projects),
 * paged by its own parameter through `hrefForPage`, without sorting.
 */
export function ProjectPageTable({
  rows,
  total,
  page,
  perPage,
  hrefForProject,
  hrefForPage,
  title,
  headingId,
  pagesLabel,
  className,
}: ProjectPageProps & { title: string; headingId: string; pagesLabel: string; className?: string }) {
  const totalPages = Math.ceil(total / perPage);
  const pages = pageWindow(Math.min(page, Math.max(totalPages, 1)), totalPages);
  const th =
    "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700 whitespace-nowrap";
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="mb-2 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="bg-slate-50">
            <tr>
              {[
                "Name",
                "City",
                "State",
                "Project Type",
                "Const Type",
                "Project Stage",
                "Value",
                "Entered",
                "Updated",
              ].map((h) => (
                <th key={h} scope="col" className={th}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={9} className="px-3 py-6 text-center text-slate-600">
                  No records
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} className={`hover:bg-brand-50/60 ${LINKED_ROW}`}>
                  <td className={`px-3 py-2 ${LINK_CELL}`}>
                    <Link
                      to={hrefForProject(row.id)}
                      className="font-medium text-brand-700 underline hover:text-brand-900"
                    >
                      {row.title}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{row.city}</td>
                  <td className="px-3 py-2">{row.state}</td>
                  <td className="px-3 py-2">{row.types.map((t) => t.name).join(", ")}</td>
                  <td className="px-3 py-2">{row.construction_type}</td>
                  <td className="px-3 py-2">{row.stage?.name}</td>
                  <td className="whitespace-nowrap px-3 py-2">{formatMillions(row.minimum_value)}</td>
                  <td className="px-3 py-2">{formatShortDate(row.created_at)}</td>
                  <td className="px-3 py-2">{formatShortDate(row.updated_at)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {pages.length ? (
        <nav aria-label={`${pagesLabel} pages`} className="mt-3">
          <PageLinks
            pages={pages}
            current={page}
            currentClassName="min-w-9 rounded-md border border-brand-700 bg-brand-700 px-3 py-1.5 text-center text-sm font-semibold text-white"
            link={(p) => (
              <Link
                to={hrefForPage(p)}
                preventScrollReset
                aria-label={`${pagesLabel} page ${p}`}
                className="min-w-9 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-center text-sm text-slate-800 hover:bg-slate-100"
              >
                {p}
              </Link>
            )}
          />
        </nav>
      ) : null}
    </section>
  );
}
