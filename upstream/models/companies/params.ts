/** Reading a company list's parameters: the common list parameters and the advanced company search. */
import { z } from "zod";
import { COMPANY_ORDER_BY } from "../../../contract/constants";
import { many, text } from "../../params";
import { listInput, listParamsSchema } from "../list-params";

/** The advanced company search (spec §3): name, address1, address2, city, states, zip, company types. */
const CompanyAdvanced = z.object({
  name: text,
  address1: text,
  address2: text,
  city: text,
  state: many(100),
  zip: text,
  companyType: many(100),
});
export type CompanyAdvanced = z.infer<typeof CompanyAdvanced>;

const CompanyListParams = listParamsSchema(COMPANY_ORDER_BY, CompanyAdvanced);
export type CompanyListParams = z.infer<typeof CompanyListParams>;

const ADVANCED_KEYS = Object.keys(CompanyAdvanced.shape);

/** Reads company list parameters from a query string or a body; bad values become the defaults. */
export function parseCompanyListParams(raw: Record<string, unknown>): CompanyListParams {
  return CompanyListParams.parse(listInput(raw, ADVANCED_KEYS));
}
