/** Reading a project list's parameters: the common list parameters and the advanced project search. */
import { z } from "zod";
import { BIDS_DUE_DAYS, PROJECT_ORDER_BY } from "../../../contract/constants";
import { many, text, truthy } from "../../params";
import { listInput, listParamsSchema } from "../list-params";

const num = z
  .preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v === "" ? undefined : v),
    z.number().finite(),
  )
  .optional()
  .catch(undefined);

const date = z
  .preprocess(
    (v) => (typeof v === "string" ? v.trim().slice(0, 10) : v),
    z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  )
  .optional()
  .catch(undefined);

/** A value or a list of values (ids, names or codes), from JSON or repeated params. */
const manyValues = many(200);

/** The estimated-value bands of the advanced search, in millions: [from, below). */
export const VALUE_BANDS: Record<string, [number, number]> = {
  under_one_million: [0, 1],
  "1_5_million": [1, 5],
  "5_25_million": [5, 25],
  "25_100_million": [25, 100],
  over_100_million: [100, Number.POSITIVE_INFINITY],
};

/**
 * The advanced project search: sector, bid stages, project types with their subtypes and brands, materials,
 * construction types, a company on the project, the unit range, estimated-value bands compared by `operator`
 * ("<", "=" or ">"), one project id, city, states, counties, the bid date (from a date, or due within `bidsDue` days)
 * and the entered-date range, researchers,
 * inactive projects included, demolition, a general contractor already on the project (gc_selected). A bad value leaves its filter out.
 */
const ProjectAdvanced = z.object({
  sector: text,
  bidStage: manyValues,
  projectType: manyValues,
  projectSubtype: manyValues,
  projectBrand: manyValues,
  materials: manyValues,
  constructionType: manyValues,
  company: text,
  min_unit: num,
  max_unit: num,
  operator: z.enum(["<", "=", ">"]).catch("="),
  value: manyValues,
  projectId: num,
  city: text,
  state: manyValues,
  county: manyValues,
  bidDate: date,
  /** Bids due within the next 7, 30 or 90 days, today included (issue 45). */
  bidsDue: z
    .preprocess((v) => (typeof v === "number" ? String(v) : v), z.enum(BIDS_DUE_DAYS))
    .transform(Number)
    .optional()
    .catch(undefined),
  enterStartDate: date,
  enterEndDate: date,
  researcher: manyValues,
  showInactive: z.preprocess(truthy, z.boolean()).catch(false),
  gc_selected: z.preprocess(truthy, z.boolean()).catch(false),
  is_demolition: z.enum(["Yes", "No"]).optional().catch(undefined),
});
export type ProjectAdvanced = z.infer<typeof ProjectAdvanced>;

const ProjectListParams = listParamsSchema(PROJECT_ORDER_BY, ProjectAdvanced);
export type ProjectListParams = z.infer<typeof ProjectListParams>;

/**
 * Reads project list parameters from a query string or a body; bad values become the defaults. The advanced search
 * comes as `advanced` (JSON text or an object).
 */
export function parseProjectListParams(raw: Record<string, unknown>): ProjectListParams {
  return ProjectListParams.parse(listInput(raw));
}
