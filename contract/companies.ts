/**
 * The Companies calls (spec §3 company row and detail, §7 Companies): the list and its download, one company with
 * its locations and people, its projects, the companies it worked with, its duplicates, the merge and the edit.
 */
import { z } from "zod";
import { IsoDateTime } from "./common";
import { MAX_COMPANY_LOCATIONS } from "./constants";
import { listAnswer } from "./lists";
import { StateOption } from "./options";
import { Named } from "./projects";

export {
  COMPANY_EDIT_ROLES,
  COMPANY_MERGE_ROLES,
  COMPANY_ORDER_BY,
  MAX_COMPANY_LOCATIONS,
  mayEditCompanies,
  mayMergeCompanies,
} from "./constants";

/** A row of the companies list: its types each with a name. */
export const CompanyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string().nullable(),
  types: z.array(Named),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
export type CompanyRow = z.infer<typeof CompanyRow>;
export const CompanyListAnswer = listAnswer(CompanyRow);

export const CompanyLocation = z.object({
  id: z.number().int(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  phone: z.string().nullable(),
});
export type CompanyLocation = z.infer<typeof CompanyLocation>;

/** A person of the company (a contact whose company it is). */
export const CompanyPerson = z.object({
  id: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  title: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type CompanyPerson = z.infer<typeof CompanyPerson>;

/** A company it worked with (on the same projects, as the research recorded it). */
export const CompanyPartner = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string().nullable(),
  types: z.array(Named),
});
export type CompanyPartner = z.infer<typeof CompanyPartner>;

/** GET Companies/{id} → data: the company, its locations, people and partners. */
export const Company = CompanyRow.extend({
  phone: z.string().nullable(),
  locations: z.array(CompanyLocation),
  contacts: z.array(CompanyPerson),
  partners: z.array(CompanyPartner),
});
export type Company = z.infer<typeof Company>;
export const CompanyAnswer = z.object({ data: Company });

/** GET Companies/{id}/Projects → data: items, each with a project (the spec's columns). */
export const CompanyProject = z.object({
  id: z.number().int(),
  title: z.string(),
  minimum_value: z.number().nullable(),
  sector: z.string().nullable(),
  construction_type: z.string().nullable(),
  address1: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
});
export type CompanyProject = z.infer<typeof CompanyProject>;
export const CompanyProjectsAnswer = z.object({
  data: z.array(z.object({ id: z.number().int(), project: CompanyProject })),
});

/** GET Companies/{id}/Partners → data: the companies it worked with. */
export const CompanyPartnersAnswer = z.object({ data: z.array(CompanyPartner) });

/** GET Companies/{id}/Duplicates → data: the likely duplicates of the company. */
export const CompanyDuplicate = z.object({
  id: z.number().int(),
  name: z.string(),
  types: z.array(Named),
  url: z.string().nullable(),
  contacts_count: z.number().int(),
  locations_count: z.number().int(),
});
export type CompanyDuplicate = z.infer<typeof CompanyDuplicate>;
export const CompanyDuplicatesAnswer = z.object({ data: z.array(CompanyDuplicate) });

/** POST Companies/{id}/Merge: the company merged into this one (and then deleted). */
export const MergeCompanyRequest = z.object({ mergeWithId: z.number().int().positive() });
export const MergeCompanyAnswer = z.object({ message: z.string(), data: Company });

/** GET Companies/AdvancedOptions → data: the states and company types. */
export const CompanyAdvancedOptionsAnswer = z.object({
  data: z.object({ states: z.array(StateOption), companyTypes: z.array(Named) }),
});

/** One location of an edit: an id keeps (and updates) an existing location, none adds one. */
export const EditCompanyLocation = z.object({
  id: z.number().int().positive().optional(),
  address1: z.string().max(255).nullable(),
  address2: z.string().max(255).nullable(),
  city: z.string().max(100).nullable(),
  state: z.string().max(50).nullable(),
  zip: z.string().max(20).nullable(),
  phone: z.string().max(50).nullable(),
});

/**
 * PUT Companies/{id}: the company's name, URL, phone, types (company type ids) and its whole list of locations
 * (those left out are removed).
 */
export const EditCompanyRequest = z.object({
  name: z.string().trim().min(1).max(255),
  url: z.string().max(255).nullable(),
  phone: z.string().max(50).nullable(),
  types: z.array(z.number().int().positive()).max(20),
  locations: z.array(EditCompanyLocation).max(MAX_COMPANY_LOCATIONS),
});
export type EditCompanyRequest = z.infer<typeof EditCompanyRequest>;
export const EditCompanyAnswer = z.object({ message: z.string(), data: Company });
