import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import {
  type CsvCell,
  type CsvColumn,
  csvStream,
  DOWNLOAD_BATCH,
  downloadFileName,
  inBatches,
} from "../../upstream/csv";

const COLUMNS: CsvColumn<CsvCell[]>[] = [
  { header: "A", cell: (r) => r[0] },
  { header: "B", cell: (r) => r[1] },
];

/** The CSV text of some rows, in one batch. */
const csvOf = (rows: CsvCell[][], bom = false) => new Response(csvStream(COLUMNS, [rows], { bom })).text();

describe("downloadFileName", () => {
  it("names a full list by its date, and a cut one 'first 10,000 of 19,433' (issue 43)", () => {
    expect(downloadFileName("projects", "2026-12-02", 120, 120)).toBe("projects-2026-12-02.csv");
    expect(downloadFileName("projects", "2026-12-02", 10_000, 10_000)).toBe("projects-2026-12-02.csv");
    expect(downloadFileName("projects", "2026-12-02", 10_000, 19_433)).toBe(
      "projects-first-10,000-of-19,433-2026-12-02.csv",
    );
  });
});

describe("csvStream", () => {
  it("quotes every cell, doubles inner quotes and ends records with CRLF", async () => {
    const text = await csvOf([
      ['a,"b"', "line\nbreak"],
      [null, 7],
    ]);
    expect(text).toBe('"A","B"\r\n"a,""b""","line\nbreak"\r\n"","7"\r\n');
  });

  it("neutralises cells a spreadsheet would run as a formula", async () => {
    const cells = ["=1+1", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx", "\uFF1Dx"];
    const records = parse(await csvOf(cells.map((c) => [c, "plain"]))) as string[][];
    expect(records.slice(1).map((r) => r[0])).toEqual(cells.map((c) => `'${c}`));
    expect(records.slice(1).every((r) => r[1] === "plain")).toBe(true);
  });

  it("neutralises a formula after a semicolon, where semicolon-separated readers start a cell", async () => {
    const records = parse(await csvOf([["Suite 2; =HYPERLINK(1)", "a;b;@x;-1"]])) as string[][];
    expect(records[1]).toEqual(["Suite 2; '=HYPERLINK(1)", "a;b;'@x;'-1"]);
  });

  it("starts with a byte-order mark only when asked", async () => {
    const bytes = async (bom: boolean) =>
      new Uint8Array(await new Response(csvStream(COLUMNS, [], { bom })).arrayBuffer());
    expect([...(await bytes(true)).slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x22]);
    expect([...(await bytes(false)).slice(0, 1)]).toEqual([0x22]);
  });

  it("loads the next batch only when the reader asks for more", async () => {
    const ids = Array.from({ length: 50 * DOWNLOAD_BATCH }, (_, i) => i);
    let loaded = 0;
    const rows = inBatches(ids, (batch) => {
      loaded += batch.length;
      return batch.map((id): CsvCell[] => [id, `row ${id}`]);
    });
    const reader = csvStream(COLUMNS, rows).getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The first chunk and at most one queued batch ahead, not the fifty batches.
    expect(loaded).toBeLessThanOrEqual(2 * DOWNLOAD_BATCH);
    await reader.cancel();
    expect(loaded).toBeLessThanOrEqual(2 * DOWNLOAD_BATCH);
  });

  it("writes every row of every batch, in order", async () => {
    const ids = Array.from({ length: 2 * DOWNLOAD_BATCH + 3 }, (_, i) => i);
    const rows = inBatches(ids, (batch) => batch.map((id): CsvCell[] => [id, null]));
    const records = parse(await new Response(csvStream(COLUMNS, rows)).text()) as string[][];
    expect(records).toHaveLength(ids.length + 1);
    expect(records.slice(1).map((r) => Number(r[0]))).toEqual(ids);
  });
});
