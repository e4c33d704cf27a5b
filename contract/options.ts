import { z } from "zod";

/**
 * GET Projects/AdvancedOptions: the choices of the advanced project search, also used by the account
 * (states and provinces) and the alert settings (project types, states). Lenient: only the parts the
 * app reads are required; the rest is optional and loosely typed.
 */
export const StateOption = z.object({ id: z.number().int(), abbr: z.string(), name: z.string() });
export type StateOption = z.infer<typeof StateOption>;

const NamedOption = z.object({ id: z.number().int(), name: z.string() });

export const ProjectTypeOption = z.object({
  id: z.number().int(),
  name: z.string(),
  subtypes: z.array(NamedOption).optional(),
  brands: z.array(NamedOption).optional(),
  has_units: z.union([z.boolean(), z.number()]).nullable().optional(),
  units_label: z.string().nullable().optional(),
});
export type ProjectTypeOption = z.infer<typeof ProjectTypeOption>;

const AdvancedOptions = z.object({
  isAdmin: z.boolean().optional(),
  bidStages: z.array(NamedOption).optional(),
  states: z.array(StateOption),
  provinces: z.array(StateOption).optional(),
  materials: z.array(NamedOption).optional(),
  projectTypes: z.array(ProjectTypeOption),
  researchers: z.array(z.unknown()).optional(),
});
export const AdvancedOptionsAnswer = z.object({ data: AdvancedOptions });
