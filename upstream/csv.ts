/**
 * The CSV downloads (Projects/Download, Contacts/Download, Companies/Download): csv-stringify writes them,
 * streamed, as Excel expects them: a UTF-8 byte-order mark first (accented names arrive intact) and CRLF line ends. Every cell is
 * quoted, and text a spreadsheet would run as a formula is neutralised with a leading apostrophe: a cell starting
 * with =, +, -, @, a tab or a carriage return (csv-stringify's `escape_formulas`), and the same after a semicolon
 * inside a cell, which a spreadsheet reading semicolon-separated files would start a new cell at.
 */
import { stringify } from "csv-stringify/sync";
import type { Context } from "hono";
import { DOWNLOAD_LIMIT } from "../contract/constants";
import { formatCount } from "../contract/plural";
import { ApiError, type Deps, downloadRequestReader } from "./http";

/** Rows are loaded and written this many at a time, as the client reads. */
export const DOWNLOAD_BATCH = 500;

export type CsvCell = string | number | null | undefined;

export interface CsvColumn<R> {
  header: string;
  cell: (row: R) => CsvCell;
}

/** Formula starters (and their full-width forms) after a semicolon and optional spaces. */
const FORMULA_AFTER_SEMICOLON = /;(\s*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;

/** Text cells: a formula after a semicolon gets the apostrophe a leading one gets. */
const neutraliseSeparatedFormulas = (value: string) => value.replace(FORMULA_AFTER_SEMICOLON, ";$1'");

const OPTIONS = {
  quoted: true,
  quoted_empty: true,
  escape_formulas: true,
  record_delimiter: "windows",
  cast: { string: neutraliseSeparatedFormulas },
} as const;

/**
 * The CSV of `columns` over rows that come in batches, as a stream: each time the client is ready for more, the
 * next batch is loaded and written, so a download holds a batch or two of rows at a time, never the whole list. Records end with CRLF;
 * `bom` starts the file with a UTF-8 byte-order mark (spreadsheets then read accented names right).
 */
export function csvStream<R>(
  columns: readonly CsvColumn<R>[],
  batches: Iterable<readonly R[]>,
  options: { bom?: boolean } = {},
): ReadableStream<Uint8Array> {
  const iterator = batches[Symbol.iterator]();
  const encoder = new TextEncoder();
  let first = true;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const records: CsvCell[][] = first ? [columns.map((c) => c.header)] : [];
      const next = iterator.next();
      if (!next.done) for (const row of next.value) records.push(columns.map((c) => c.cell(row) ?? ""));
      if (records.length > 0)
        controller.enqueue(encoder.encode(stringify(records, { ...OPTIONS, bom: first && options.bom })));
      first = false;
      if (next.done) controller.close();
    },
    cancel() {
      iterator.return?.();
    },
  });
}

/** Ids in batches, each turned into rows by `load` only when the stream asks for it. */
export function* inBatches<R>(ids: readonly number[], load: (batch: number[]) => R[]): Generator<R[]> {
  for (let i = 0; i < ids.length; i += DOWNLOAD_BATCH) yield load(ids.slice(i, i + DOWNLOAD_BATCH));
}

/** A CSV attachment, streamed, never cached. */
function csvAttachment(stream: ReadableStream<Uint8Array>, filename: string): Response {
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

const NO_DOWNLOAD = "Your subscription does not include downloads.";

interface ListDownload<P, R> {
  /** The file's name before its date: "projects" → projects-2026-01-31.csv. */
  name: string;
  /** The list's parameters from the body. */
  params: (body: Record<string, unknown>) => P;
  /** Refuses (throws) a list the member may not see. */
  check?: (userId: number, params: P) => void;
  /** The matching ids in list order, at most `limit`. */
  ids: (userId: number, params: P, limit: number) => Iterable<number>;
  /** The rows of some ids, in their order. */
  rows: (userId: number, ids: number[]) => R[];
  columns: readonly CsvColumn<R>[];
  /** Every match, for a file cut at DOWNLOAD_LIMIT: its name says "first 10,000 of 19,433". */
  count: (userId: number, params: P) => number;
}

/**
 * The file's name: "projects-2026-01-31.csv", or, cut at the limit, "projects-first-10,000-of-19,433-2026-01-31.csv"
 * (issue 43: a download over the limit says so in its name too).
 */
export function downloadFileName(name: string, date: string, rows: number, total: number): string {
  if (total <= rows) return `${name}-${date}.csv`;
  return `${name}-first-${formatCount(rows)}-of-${formatCount(total)}-${date}.csv`;
}

/**
 * The handler of a list's Download call: the member (bearer header or the form's token), refused without the
 * download right; the body read as the list's parameters; every matching row, at most DOWNLOAD_LIMIT, as a CSV
 * attachment. The ordered ids are read at once (a statement left open across the stream would hold the connection);
 * the rows are loaded a batch at a time as the client reads.
 */
export function listDownload<P, R>(deps: Deps, list: ListDownload<P, R>) {
  const readRequest = downloadRequestReader(deps);
  const mayDownload = deps.db
    .prepare<[number], number>("SELECT allow_download FROM users WHERE id = ?")
    .pluck();
  return async (c: Context) => {
    const { userId, body } = await readRequest(c);
    if (!mayDownload.get(userId)) throw new ApiError(403, NO_DOWNLOAD);
    const params = list.params(body);
    list.check?.(userId, params);
    const ids = [...list.ids(userId, params, DOWNLOAD_LIMIT)];
    const rows = inBatches(ids, (batch) => list.rows(userId, batch));
    const date = deps.now().toISOString().slice(0, 10);
    // Counted only when the file is full: below the limit it holds every match.
    const total =
      ids.length >= DOWNLOAD_LIMIT ? Math.max(ids.length, list.count(userId, params)) : ids.length;
    const filename = downloadFileName(list.name, date, ids.length, total);
    return csvAttachment(csvStream(list.columns, rows, { bom: true }), filename);
  };
}
