/** Pieces both list models (projects, contacts) use to read list parameters and build their SQL. */
import { z } from "zod";
import type { Db } from "../db/index";

const TRUTHY = new Set(["1", "true", "yes", "on"]);
export const truthy = (v: unknown) =>
  v === true || v === 1 || (typeof v === "string" && TRUTHY.has(v.toLowerCase()));

/** An integer within bounds; anything else (missing, text, out of range) becomes the fallback. */
export const intOr = (fallback: number, min: number, max: number) =>
  z
    .preprocess(
      (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
      z.number().int().min(min).max(max),
    )
    .catch(fallback);

/** Free text up to 200 characters, trimmed; anything else is left out. */
export const text = z
  .preprocess((v) => (typeof v === "number" ? String(v) : v), z.string().trim().max(200))
  .optional()
  .catch(undefined);

/** A value or a list of values (ids or names), from JSON or repeated params; at most `max`. */
export const many = (max: number) =>
  z
    .preprocess(
      (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
      z.array(z.union([z.string(), z.number()])).max(max),
    )
    .catch([]);

/** Whether a keyword has anything FTS5 can match (a letter or a digit). */
export const hasToken = (s: string) => /[\p{L}\p{N}]/u.test(s);

export const placeholders = (n: number) => Array.from({ length: n }, () => "?").join(",");

/** State filter values (ids, abbreviations or names) as the abbreviations the rows store. */
export function resolveStateAbbrs(db: Db, values: (string | number)[]): string[] {
  const out = new Set<string>();
  const byId = db.prepare<[number], { abbr: string }>("SELECT abbr FROM states WHERE id = ?");
  const byName = db.prepare<[string], { abbr: string }>(
    "SELECT abbr FROM states WHERE name = ? COLLATE NOCASE",
  );
  for (const v of values) {
    const s = String(v).trim();
    if (s === "") continue;
    if (/^\d+$/.test(s)) {
      const row = byId.get(Number(s));
      if (row) out.add(row.abbr);
    } else if (s.length <= 3) {
      out.add(s.toUpperCase());
    } else {
      const row = byName.get(s);
      if (row) out.add(row.abbr);
    }
  }
  return [...out];
}
