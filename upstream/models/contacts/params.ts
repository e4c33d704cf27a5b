/** Reading a contact list's parameters: the common list parameters and the advanced contact search. */
import { z } from "zod";
import { CONTACT_ORDER_BY } from "../../../contract/constants";
import { many, text } from "../../params";
import { listInput, listParamsSchema } from "../list-params";

/**
 * The advanced contact search: first and last name, title, company, company types, city, states, e-mail and phone.
 * A bad value leaves its filter out.
 */
const ContactAdvanced = z.object({
  firstName: text,
  lastName: text,
  title: text,
  company: text,
  companyType: many(100),
  city: text,
  state: many(100),
  email: text,
  phone: text,
});
export type ContactAdvanced = z.infer<typeof ContactAdvanced>;

const ContactListParams = listParamsSchema(CONTACT_ORDER_BY, ContactAdvanced);
export type ContactListParams = z.infer<typeof ContactListParams>;

const ADVANCED_KEYS = Object.keys(ContactAdvanced.shape);

/**
 * Reads contact list parameters from a query string or a body; bad values become the defaults. The advanced search
 * comes as `advanced` (JSON text or an object) or as its fields given as plain params.
 */
export function parseContactListParams(raw: Record<string, unknown>): ContactListParams {
  return ContactListParams.parse(listInput(raw, ADVANCED_KEYS));
}
