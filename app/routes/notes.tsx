import { Link } from "react-router";
import { ListSearchForm } from "~/components/lists/list-search-form";
import { Pagination } from "~/components/pagination";
import { SubjectLink } from "~/components/subject-link";
import { formatDate } from "~/lib/format/dates";
import { type NoteTab, noteTabFrom, subjectOf, trimNote } from "~/lib/format/notes-format";
import { apiContext } from "~/lib/platform/contexts";
import { pageUrl } from "~/lib/platform/request-url";
import { listSearch, readListParams, redirectPastLastPage } from "~/lib/search/list-params";
import { screenMeta } from "~/screen-titles";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/notes";

export const meta: Route.MetaFunction = screenMeta;

const NOTE_ORDER_BY = ["created_at"] as const;
const TABS: { tab: NoteTab; label: string }[] = [
  { tab: "projects", label: "Projects" },
  { tab: "contacts", label: "Contact" },
];

/** The member's notes: one tab per kind (`tab=projects|contacts`), searched by `query`, 15 per page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = pageUrl(request);
  const tab = noteTabFrom(url.searchParams.get("tab"));
  const list = readListParams(url.searchParams, NOTE_ORDER_BY);
  const endpoint = tab === "contacts" ? endpoints.notesOnContacts : endpoints.notesOnProjects;
  const answer = await context.get(apiContext).call(endpoint, {
    query: {
      query: list.query,
      page: list.page,
      perPage: list.perPage,
      orderBy: list.orderBy,
      orderDirection: list.orderDirection,
    },
  });
  redirectPastLastPage(url, list, answer.data.total);
  return { tab, list, rows: answer.data.data, total: answer.data.total };
}

export default function Notes({ loaderData }: Route.ComponentProps) {
  const { tab, list, rows, total } = loaderData;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Notes</h1>
      <ListSearchForm
        action="/Notes"
        params={list}
        label="Search notes"
        placeholder="Search notes"
        extra={{ tab }}
      />

      <nav aria-label="Note types">
        <ul className="flex gap-1 border-b border-slate-200">
          {TABS.map((t) => {
            const current = t.tab === tab;
            return (
              <li key={t.tab}>
                <Link
                  to={`/Notes${listSearch({ perPage: list.perPage, query: list.query, page: 1 }, { tab: t.tab })}`}
                  aria-current={current ? "page" : undefined}
                  className={`-mb-px inline-block border-b-2 px-4 py-2 text-sm font-semibold ${
                    current
                      ? "border-brand-700 text-brand-800"
                      : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                  }`}
                >
                  {t.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div>
        {rows.length === 0 ? (
          <p className="rounded-md border border-slate-200 bg-white px-4 py-6 text-center text-slate-600">
            No records
          </p>
        ) : (
          <ul
            aria-label={tab === "projects" ? "Project notes" : "Contact notes"}
            className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white"
          >
            {rows.map((row) => {
              const subject = subjectOf(
                tab === "projects" ? { project: row.project } : { contact: row.contact },
              );
              return (
                <li key={row.id} className="space-y-1 px-4 py-3">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <SubjectLink
                      href={subject?.href}
                      className="font-semibold"
                      plainClassName="text-slate-600"
                    >
                      {subject?.label ??
                        (tab === "projects" ? "Project no longer available" : "Contact no longer available")}
                    </SubjectLink>
                    <time dateTime={row.created_at} className="text-sm text-slate-600">
                      {formatDate(row.created_at)}
                    </time>
                  </div>
                  <p className="whitespace-pre-line break-words text-slate-800">{trimNote(row.note)}</p>
                </li>
              );
            })}
          </ul>
        )}
        <Pagination params={list} total={total} extra={{ tab }} />
      </div>
    </div>
  );
}
