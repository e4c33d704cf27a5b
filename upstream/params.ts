/**
 * Request values as both kinds of client send them: JSON carries numbers and booleans, a plain form post (the
 * CSV downloads, a browser without the app) carries the same values as text. Every body and query reader of the
 * reference API builds on these, so a form post and a JSON call are read alike.
 */
import { z } from "zod";

/** A digit string ("12", " 12 ") as its number; any other value unchanged, for the schema to judge. */
export const numeric = (v: unknown) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v);

/** A row id: a positive integer, as a number or digit text. */
export const Id = z.preprocess(numeric, z.number().int().positive());

/** An id that may be cleared: null, "" and "null" all mean none. The field itself is still required. */
export const NullableId = z.preprocess((v) => (v === "" || v === "null" ? null : v), Id.nullable());

const TRUTHY = new Set(["1", "true", "yes", "on"]);

/** A flag that is on: true, 1, or the text 1 / true / yes / on (any case). */
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
