/**
 * The coverage a member's subscription promises (docs/decisions/031-coverage.md): the projects a member can find
 * in the search and open. Only an activated subscription restricts, and only along the dimensions its plan sells
 * and its coverage rows name: states (state plans with a limit), counties (county plans with a limit), project
 * types (vertical-market plans). A coverage_limit of -1 means all states and counties.
 */
import type { Db } from "../db/index";

export interface Coverage {
  states: string[] | null;
  counties: { state_abbr: string; name: string }[] | null;
  typeIds: number[] | null;
}

export type AddCondition = (sql: string, ...values: unknown[]) => void;

export function coverageQueries(db: Db) {
  const sub = db.prepare<
    [number],
    {
      id: number;
      coverage_limit: number;
      coverage_state: number;
      coverage_county: number;
      coverage_vertical_market: number;
    }
  >(
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
    const limited = s.coverage_limit !== -1;
    const st = limited && s.coverage_state ? states.all(s.id) : [];
    const co = limited && s.coverage_county ? counties.all(s.id) : [];
    const ty = s.coverage_vertical_market ? types.all(s.id) : [];
    const coverage: Coverage = {
      states: st.length > 0 ? st : null,
      counties: co.length > 0 ? co : null,
      typeIds: ty.length > 0 ? ty : null,
    };
    return coverage.states || coverage.counties || coverage.typeIds ? coverage : null;
  }

  /** Adds the coverage's conditions on `p` (a projects row) to a query. */
  function restrict(userId: number, add: AddCondition) {
    const c = of(userId);
    if (!c) return;
    if (c.states) add(`p.state IN (${c.states.map(() => "?").join(", ")})`, ...c.states);
    if (c.counties) {
      add(
        `(${c.counties.map(() => "(p.state = ? AND p.county = ?)").join(" OR ")})`,
        ...c.counties.flatMap((x) => [x.state_abbr, x.name]),
      );
    }
    if (c.typeIds) {
      add(
        `EXISTS (SELECT 1 FROM project_project_types cy WHERE cy.project_id = p.id AND cy.project_type_id IN (${c.typeIds
          .map(() => "?")
          .join(", ")}))`,
        ...c.typeIds,
      );
    }
  }

  const covered = (userId: number, projectId: number) => {
    const where: string[] = ["p.id = ?"];
    const params: unknown[] = [projectId];
    restrict(userId, (sql, ...values) => {
      where.push(sql);
      params.push(...values);
    });
    if (where.length === 1) return true;
    const saved = db
      .prepare<[number, number], { x: number }>(
        "SELECT 1 AS x FROM user_projects WHERE user_id = ? AND project_id = ?",
      )
      .get(userId, projectId);
    if (saved) return true;
    return db.prepare(`SELECT 1 FROM projects p WHERE ${where.join(" AND ")}`).get(...params) !== undefined;
  };

  return { of, restrict, covered };
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
