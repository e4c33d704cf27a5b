/**
 * A member's alert settings as far as their plan allows (issue 42, decision 104): the states and project types
 * an alert may be about are those of the member's coverage. What Users/Me answers and what the matcher uses is
 * the stored choice kept to that coverage, so a choice left from an earlier plan neither shows nor matches.
 */
import { type AlertChoices, memberRights, type RightsDeps } from "../rights";

export interface CoveredAlertSettings {
  states: number[];
  projectTypes: number[];
}

/** "A", "A and B", "A, B and C". */
const listed = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

const within = (ids: number[], allowed: number[] | null) =>
  allowed === null ? ids : ids.filter((id) => allowed.includes(id));

export function alertSettings(deps: RightsDeps) {
  const { db } = deps;
  const rights = memberRights(deps);
  const typesOf = db
    .prepare<[number], number>(
      "SELECT project_type_id FROM user_alert_project_types WHERE user_id = ? ORDER BY project_type_id",
    )
    .pluck();
  const statesOf = db
    .prepare<[number], number>("SELECT state_id FROM user_alert_states WHERE user_id = ? ORDER BY state_id")
    .pluck();
  const namesOf = (table: "states" | "project_types", ids: number[]) =>
    db
      .prepare<[string], string>(
        `SELECT name FROM ${table} WHERE id IN (SELECT value FROM json_each(?)) ORDER BY name`,
      )
      .pluck()
      .all(JSON.stringify(ids));

  return {
    /** What the member's alerts may be about, or null when nothing limits them. */
    choices(userId: number): AlertChoices | null {
      return rights.alertChoices(userId);
    },

    /** The member's stored alert states and project types that their coverage allows. */
    of(userId: number, choices = rights.alertChoices(userId)): CoveredAlertSettings {
      return {
        states: within(statesOf.all(userId), choices?.states ?? null),
        projectTypes: within(typesOf.all(userId), choices?.projectTypes ?? null),
      };
    },

    /**
     * The PUT Users/Me refusals of alert choices outside the member's coverage, by field (none when all are
     * inside): each names what the plan does not cover.
     */
    refusals(userId: number, chosen: { states?: number[]; projectTypes?: number[] }) {
      const choices = rights.alertChoices(userId);
      const errors: { alert_states?: string[]; alert_project_types?: string[] } = {};
      if (!choices) return errors;
      const outside = (ids: number[] | undefined, allowed: number[] | null) =>
        !ids || !allowed ? [] : ids.filter((id) => !allowed.includes(id));
      const states = outside(chosen.states, choices.states);
      if (states.length > 0)
        errors.alert_states = [
          `Your plan does not cover ${listed(namesOf("states", states))}. Alerts can only be for the states your plan covers.`,
        ];
      const types = outside(chosen.projectTypes, choices.projectTypes);
      if (types.length > 0)
        errors.alert_project_types = [
          `Your plan does not cover ${listed(namesOf("project_types", types))} projects. Alerts can only be for the project types your plan covers.`,
        ];
      return errors;
    },
  };
}
