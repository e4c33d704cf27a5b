import { endpoints } from "../../../contract/endpoints";
import type { ProjectTypeOption, StateOption } from "../../../contract/options";
import type { ApiClient } from "../platform/api.server";

/** The member-independent part of Projects/AdvancedOptions (isAdmin and researchers are left out). */
type SharedAdvancedOptions = {
  states: StateOption[];
  provinces: StateOption[];
  projectTypes: ProjectTypeOption[];
  materials: { id: number; name: string }[];
  bidStages: { id: number; name: string }[];
};

const TTL_MS = 5 * 60_000;
let cached: { value: SharedAdvancedOptions; expires: number } | null = null;

/**
 * Projects/AdvancedOptions, cached in-process for 5 minutes (slow-changing reference lists). Each miss
 * calls with its own member's request (a failure, a 401 included, stays that member's); a failed call
 * is not cached and throws as the API client does.
 */
async function getAdvancedOptions(api: ApiClient): Promise<SharedAdvancedOptions> {
  if (cached && cached.expires > Date.now()) return cached.value;
  const { data } = await api.call(endpoints.projectSearchOptions);
  const value: SharedAdvancedOptions = {
    states: data.states,
    provinces: data.provinces ?? [],
    projectTypes: data.projectTypes,
    materials: data.materials ?? [],
    bidStages: data.bidStages ?? [],
  };
  cached = { value, expires: Date.now() + TTL_MS };
  return value;
}

/** The options, or null when the call fails for any reason other than a redirect (401 → login). */
export async function getAdvancedOptionsOrNull(api: ApiClient): Promise<SharedAdvancedOptions | null> {
  try {
    return await getAdvancedOptions(api);
  } catch (error) {
    if (error instanceof Response) throw error;
    return null;
  }
}
