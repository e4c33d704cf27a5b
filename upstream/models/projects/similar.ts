import { SIMILAR_PER_PAGE } from "../../../contract/constants";
import type { Db } from "../../db/index";

const SIMILAR_MAX = 200;

/**
 * Similar projects: active, same primary project type, inside a bounding box around the project (widened until
 * enough candidates are found), ordered by a score of distance (km) and value closeness.
 */
export function similarQueries(db: Db) {
  const base = db.prepare<
    [number],
    { lat: number | null; lng: number | null; minimum_value: number | null; type_id: number | null }
  >(
    `SELECT p.lat, p.lng, p.minimum_value,
       (SELECT x.project_type_id FROM project_project_types x WHERE x.project_id = p.id ORDER BY x.position LIMIT 1) AS type_id
     FROM projects p WHERE p.id = ?`,
  );
  const inBox = db.prepare<
    [number, number, number, number, number, number],
    { id: number; lat: number; lng: number; minimum_value: number | null }
  >(
    `SELECT p.id, p.lat, p.lng, p.minimum_value FROM projects p
     WHERE p.lat BETWEEN ? AND ? AND p.lng BETWEEN ? AND ? AND p.id <> ? AND p.active = 1
       AND (SELECT x.project_type_id FROM project_project_types x WHERE x.project_id = p.id ORDER BY x.position LIMIT 1) = ?
     LIMIT 2000`,
  );
  const sameType = db
    .prepare<[number, number], number>(
      `SELECT x.project_id FROM project_project_types x JOIN projects p ON p.id = x.project_id
     WHERE x.project_type_id = ? AND x.position = 0 AND p.active = 1 AND p.id <> ? ORDER BY p.created_at DESC LIMIT ${SIMILAR_MAX}`,
    )
    .pluck();

  /** `allowed` keeps the candidate ids the member may see (their coverage), in their order. */
  return (
    id: number,
    page: number,
    allowed: (ids: number[]) => number[] = (ids) => ids,
  ): { total: number; ids: number[] } => {
    const b = base.get(id);
    if (!b || b.type_id === null) return { total: 0, ids: [] };
    let candidates: { id: number; score: number }[] = [];
    if (b.lat !== null && b.lng !== null) {
      const cos = Math.max(0.2, Math.cos((b.lat * Math.PI) / 180));
      for (const half of [0.1, 0.4, 1.5, 6]) {
        const rows = inBox.all(
          b.lat - half,
          b.lat + half,
          b.lng - half / cos,
          b.lng + half / cos,
          id,
          b.type_id,
        );
        if (rows.length >= 20 || half === 6) {
          candidates = rows.map((r) => {
            const km = 111 * Math.hypot(r.lat - b.lat!, (r.lng - b.lng!) * cos);
            const value =
              b.minimum_value && r.minimum_value ? Math.abs(Math.log(r.minimum_value / b.minimum_value)) : 1;
            return { id: r.id, score: km + 50 * value };
          });
          break;
        }
      }
    }
    if (candidates.length === 0)
      candidates = sameType.all(b.type_id, id).map((pid, i) => ({ id: pid, score: i }));
    candidates.sort((x, y) => x.score - y.score || x.id - y.id);
    const kept = new Set(allowed(candidates.map((c) => c.id)));
    candidates = candidates.filter((c) => kept.has(c.id)).slice(0, SIMILAR_MAX);
    const start = (page - 1) * SIMILAR_PER_PAGE;
    return {
      total: candidates.length,
      ids: candidates.slice(start, start + SIMILAR_PER_PAGE).map((c) => c.id),
    };
  };
}
