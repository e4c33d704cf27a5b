/**
 * The alert settings within the member's plan (issue 42, decision 104): the API's Users/Me says what alerts may
 * be about (`alert_coverage`: state, project type ids and a county plan's counties; null where nothing limits
 * them). The settings page offers only those choices and says so in one sentence.
 */
import type { AlertCoverage } from "../../../contract/user";

type Option = { value: string; label: string };
type Place = { abbr: string; name: string };

/** "A", "A and B", "A, B and C". */
export function listed(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The options a plan allows: all of them where nothing limits the member. */
export function coveredOptions(
  options: readonly Option[],
  allowed: readonly number[] | null | undefined,
): Option[] {
  if (!allowed) return [...options];
  return options.filter((o) => allowed.includes(Number(o.value)));
}

/** The places of a coverage in words: its counties by state, or its states; null when places are not limited. */
function placesOf(coverage: AlertCoverage, stateName: (abbr: string) => string, states: readonly Option[]) {
  if (coverage.counties) {
    const byState = new Map<string, string[]>();
    for (const county of coverage.counties) {
      byState.set(county.state_abbr, [...(byState.get(county.state_abbr) ?? []), county.name]);
    }
    return listed(
      [...byState].map(
        ([abbr, names]) =>
          `${listed(names)} ${names.length === 1 ? "County" : "counties"} in ${stateName(abbr)}`,
      ),
    );
  }
  if (coverage.states) return listed(coveredOptions(states, coverage.states).map((o) => o.label));
  return null;
}

export const COVERAGE_NOT_CHOSEN =
  "Your plan's coverage is not chosen yet, so no project can match an alert. Choose it on your subscription page.";

/**
 * The sentence above the choices, e.g. "Your plan covers Hotel and Multifamily projects in Texas: alerts can
 * only be for the states and project types it covers." Null when nothing limits the member.
 */
export function alertCoverageNote(
  coverage: AlertCoverage | null | undefined,
  choices: { states: readonly Option[]; projectTypes: readonly Option[]; places: readonly Place[] },
): string | null {
  if (!coverage) return null;
  if (
    coverage.states?.length === 0 ||
    coverage.project_types?.length === 0 ||
    coverage.counties?.length === 0
  )
    return COVERAGE_NOT_CHOSEN;
  const stateName = (abbr: string) => choices.places.find((p) => p.abbr === abbr)?.name ?? abbr;
  const places = placesOf(coverage, stateName, choices.states);
  const types = coverage.project_types
    ? `${listed(coveredOptions(choices.projectTypes, coverage.project_types).map((o) => o.label))} projects`
    : null;
  const covered = types && places ? `${types} in ${places}` : (types ?? places);
  if (!covered) return null;
  return `Your plan covers ${covered}: alerts can only be for the states and project types it covers.`;
}

export const ALERT_STATES_OUTSIDE = "Alerts can only be for the states your plan covers.";
export const ALERT_TYPES_OUTSIDE = "Alerts can only be for the project types your plan covers.";

/** The form's choices outside the plan, as field errors (the page never offers them: a forged post). */
export function alertChoicesOutside(
  chosen: { alert_states: readonly number[]; alert_project_types: readonly number[] },
  coverage: AlertCoverage | null | undefined,
): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const outside = (ids: readonly number[], allowed: readonly number[] | null | undefined) =>
    Boolean(allowed) && ids.some((id) => !allowed?.includes(id));
  if (outside(chosen.alert_states, coverage?.states)) errors.alert_states = [ALERT_STATES_OUTSIDE];
  if (outside(chosen.alert_project_types, coverage?.project_types))
    errors.alert_project_types = [ALERT_TYPES_OUTSIDE];
  return Object.keys(errors).length > 0 ? errors : null;
}
