/**
 * The coverage a member's subscription promises (docs/decisions/031-coverage.md, 074): the projects a member can
 * find in the search and open. An activated subscription restricts along every dimension its plan is limited by:
 * states (`coverage_state` with a limit other than -1), counties (`coverage_county` with a limit other than -1) and
 * project types (`coverage_vertical_market`). A limited dimension without rows covers nothing: only a plan with a
 * coverage_limit of -1 and no vertical limit is national. Trials and members without a subscription (staff) are
 * not restricted by coverage (a trial's limit is its report count: upstream/rights.ts).
 */
import type { Db } from "../db/index";

/** Each non-null dimension restricts; an empty list covers nothing. */
export interface Coverage {
  states: string[] | null;
  counties: { state_abbr: string; name: string }[] | null;
  typeIds: number[] | null;
}

export interface PlanLimits {
  coverage_limit: number;
  coverage_state: number;
  coverage_county: number;
  coverage_vertical_market: number;
}

/** The dimensions a plan is limited by: each needs at least one choice. */
export function limitedDimensions(plan: PlanLimits) {
  const limited = plan.coverage_limit !== -1;
  return {
    states: limited && plan.coverage_state === 1,
    counties: limited && plan.coverage_county === 1,
    verticals: plan.coverage_vertical_market === 1,
  };
}

type AddCondition = (sql: string, ...values: unknown[]) => void;

export function coverageQueries(db: Db) {
  const sub = db.prepare<[number], PlanLimits & { id: number }>(
    `SELECT s.id, p.coverage_limit, p.coverage_state, p.coverage_county, p.coverage_vertical_market
     FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE s.user_id = ? AND s.activated = 1`,
  );
  const states = db
    .prepare<[number], string>(
      "SELECT st.abbr FROM subscription_states x JOIN states st ON st.id = x.state_id WHERE x.subscription_id = ?",
    )
    .pluck();
  const counties = db.prepare<[number], { state_abbr: string; name: string }>(
    "SELECT c.state_abbr, c.name FROM subscription_counties x JOIN counties c ON c.id = x.county_id WHERE x.subscription_id = ?",
  );
  const types = db
    .prepare<[number], number>(
      "SELECT project_type_id FROM subscription_project_types WHERE subscription_id = ?",
    )
    .pluck();

  /** The member's coverage, or null when nothing restricts them. */
  function of(userId: number): Coverage | null {
    const s = sub.get(userId);
    if (!s) return null;
    const dims = limitedDimensions(s);
    if (!dims.states && !dims.counties && !dims.verticals) return null;
    return {
      states: dims.states ? states.all(s.id) : null,
      counties: dims.counties ? counties.all(s.id) : null,
      typeIds: dims.verticals ? types.all(s.id) : null,
    };
  }

  /** The conditions of a coverage on `p` (a projects row). */
  function conditions(c: Coverage, add: AddCondition) {
    if (c.states) {
      if (c.states.length === 0) add("0");
      else add(`p.state IN (${c.states.map(() => "?").join(", ")})`, ...c.states);
    }
    if (c.counties) {
      if (c.counties.length === 0) add("0");
      else
        add(
          `(${c.counties.map(() => "(p.state = ? AND p.county = ?)").join(" OR ")})`,
          ...c.counties.flatMap((x) => [x.state_abbr, x.name]),
        );
    }
    if (c.typeIds) {
      if (c.typeIds.length === 0) add("0");
      else
        add(
          `EXISTS (SELECT 1 FROM project_project_types cy WHERE cy.project_id = p.id AND cy.project_type_id IN (${c.typeIds
            .map(() => "?")
            .join(", ")}))`,
          ...c.typeIds,
        );
    }
  }

  /** A coverage as one SQL condition on `p` (a projects row) with its values. */
  function conditionOf(c: Coverage): { sql: string; values: unknown[] } {
    const where: string[] = [];
    const values: unknown[] = [];
    conditions(c, (sql, ...v) => {
      where.push(sql);
      values.push(...v);
    });
    return { sql: where.length === 0 ? "1" : where.join(" AND "), values };
  }

  /**
   * The member's coverage as one SQL condition on `p` ("1" when nothing restricts them). What a member may open
   * is the rights' business (upstream/rights.ts: saved projects too, trials): lists ask `openableProjects`.
   */
  function condition(userId: number): { sql: string; values: unknown[] } {
    const c = of(userId);
    return c ? conditionOf(c) : { sql: "1", values: [] };
  }

  return { of, conditionOf, condition };
}

const perDatabase = new WeakMap<Db, ReturnType<typeof coverageQueries>>();

/** The coverage queries of a database, prepared once. */
export function coverageFor(db: Db) {
  let queries = perDatabase.get(db);
  if (!queries) {
    queries = coverageQueries(db);
    perDatabase.set(db, queries);
  }
  return queries;
}
