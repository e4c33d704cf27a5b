import { Form } from "react-router";
import { AppLink } from "~/components/app-link";
import { type ExtraParams, type ListParams, listSearch, pageWindow } from "~/lib/search/list-params";
import { formatCount } from "../../contract/plural";

/**
 * Page links (first, two either side of the current page, last) and a page-jump number field in a GET form.
 * Hidden when there is one page or less.
 */
export function Pagination({
  params,
  total,
  extra = {},
}: {
  params: ListParams;
  total: number;
  /** Other URL state to keep (for example map=1). */
  extra?: ExtraParams;
}) {
  const totalPages = Math.ceil(total / params.perPage);
  const pages = pageWindow(Math.min(params.page, Math.max(totalPages, 1)), totalPages);
  if (pages.length === 0) return null;
  const linkClass =
    "inline-flex min-h-6 min-w-9 items-center justify-center max-sm:min-h-11 max-sm:min-w-11 rounded-md border px-3 py-1.5 text-center text-sm";
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center gap-2">
      <PageLinks
        pages={pages}
        current={params.page}
        currentClassName={`${linkClass} border-brand-700 bg-brand-700 font-semibold text-white`}
        link={(page) => (
          <AppLink
            to={listSearch({ ...params, page }, extra)}
            className={`${linkClass} border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}
            aria-label={`Page ${page}`}
          >
            {page}
          </AppLink>
        )}
      />
      {/* The page jump reaches any page: a number field (any page from 1 to the last), its suggestions the pages
          near the current one and round steps between; a GET form, so it works without JavaScript too. */}
      <Form method="get" className="flex items-center gap-2">
        {hiddenListParams(params, extra).map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor="page-jump" className="text-sm text-slate-700">
          Go to page
        </label>
        <input
          id="page-jump"
          name="page"
          type="number"
          inputMode="numeric"
          min={1}
          max={totalPages}
          step={1}
          required
          defaultValue={Math.min(params.page, totalPages)}
          key={params.page}
          list="page-jump-pages"
          aria-describedby="page-jump-of"
          className="w-24 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
        />
        <span id="page-jump-of" className="text-sm text-slate-700">
          of {formatCount(totalPages)}
        </span>
        <datalist id="page-jump-pages">
          {pageOptions(totalPages, params.page).map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm">
          Go
        </button>
      </Form>
    </nav>
  );
}

/**
 * The pages of a page window (pageWindow) as a list: the current page as text, the others as the links
 * `link` makes, and an ellipsis where the window skips pages.
 */
export function PageLinks({
  pages,
  current,
  currentClassName,
  link,
}: {
  pages: readonly number[];
  current: number;
  currentClassName: string;
  link: (page: number) => React.ReactNode;
}) {
  return (
    <ul className="flex flex-wrap items-center gap-1">
      {pages.map((page, i) => (
        <li key={page} className="flex items-center gap-1">
          {i > 0 && page - pages[i - 1] > 1 ? (
            <span aria-hidden="true" className="px-1 text-slate-500">
              …
            </span>
          ) : null}
          {page === current ? (
            <span aria-current="page" className={currentClassName}>
              {page}
            </span>
          ) : (
            link(page)
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The page-jump suggestions (its datalist): every page of a short list; for a long one (1,000 matches is 67 pages, the whole
 * database thousands) the pages near the current one and the ends, and round steps between, so the select
 * stays a few dozen options instead of thousands (each one is HTML on every list page).
 */
export function pageOptions(totalPages: number, current: number): number[] {
  if (totalPages <= 100) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const pages = new Set<number>();
  const add = (p: number) => {
    if (p >= 1 && p <= totalPages) pages.add(p);
  };
  for (let p = 1; p <= 10; p++) add(p);
  for (let step = 10; step < totalPages; step *= 10) {
    for (let p = step; p <= Math.min(totalPages, step * 10); p += step) add(p);
  }
  for (let p = current - 5; p <= current + 5; p++) add(p);
  add(totalPages);
  return [...pages].sort((a, b) => a - b);
}

/** The list params other than page, as hidden inputs of a GET form. */
function hiddenListParams(params: ListParams, extra: ExtraParams = {}): [string, string][] {
  const sp = new URLSearchParams(listSearch({ ...params, page: 1 }, extra));
  sp.delete("page");
  return [...sp];
}
