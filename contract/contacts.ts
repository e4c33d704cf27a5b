import { z } from "zod";
import { IsoDateTime } from "./common";
import { listAnswer } from "./lists";
import { StateOption } from "./options";
import { Named, ProjectRow, SavedLink } from "./projects";
import { Tag } from "./user";

export { CONTACT_ORDER_BY } from "./constants";

export const ContactRow = z.object({
  id: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  title: z.string().nullable(),
  company_id: z.number().int().nullable().optional(),
  company_name: z.string().nullable(),
  company_type: Named.nullable(),
  email: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  tag: z.array(Tag),
  user: SavedLink.nullable(),
});
export type ContactRow = z.infer<typeof ContactRow>;
export const ContactListAnswer = listAnswer(ContactRow);

/** The member's link to a saved contact also holds the contact note. */
const ContactLink = SavedLink.extend({
  note: z.string().nullable(),
  created_at: IsoDateTime.nullable(),
});

export const Contact = ContactRow.extend({
  company_url: z.string().nullable(),
  phone: z.string().nullable(),
  phone2: z.string().nullable(),
  phone3: z.string().nullable(),
  fax: z.string().nullable(),
  location_number: z.string().nullable(),
  location_fax: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  zip: z.string().nullable(),
  url: z.string().nullable(),
  user: ContactLink.nullable(),
});
export type Contact = z.infer<typeof Contact>;
export const ContactAnswer = z.object({ data: Contact });

/** GET Contacts/AdvancedOptions: the choices of the advanced contact search. */
export const ContactAdvancedOptionsAnswer = z.object({
  data: z.object({
    states: z.array(StateOption),
    provinces: z.array(StateOption).optional(),
    companyTypes: z.array(Named),
  }),
});

export const SaveContactRequest = z.object({ contact_id: z.number().int() });
export const AddContactNoteRequest = z.object({ contact_id: z.number().int(), note: z.string() });
export const AddContactTagRequest = z.object({
  contact_id: z.number().int(),
  tag_id: z.number().int().nullable(),
});

/** GET Contacts/{id}/Projects?page: the contact's projects the member may open, newest update first, PER_PAGE a page. */
export const ContactProjectsQuery = z.object({ page: z.number().int().positive().optional() });
export const ContactProjectsAnswer = z.object({
  data: z.object({ total: z.number().int(), data: z.array(ProjectRow) }),
});
