import type { Db } from "../../db/index";

const OPTIONS_TTL_MS = 5 * 60_000;

/**
 * The choices of the advanced project search (stages, states and provinces, materials, project types with their
 * subtypes and brands, researchers for admins), cached for a few minutes: they change with the catalogue only.
 */
export function advancedOptions(db: Db) {
  const isAdmin = db.prepare<[number], { x: number }>(
    "SELECT 1 AS x FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ? AND r.name = 'admin'",
  );
  let cache: { at: number; value: Record<string, unknown> } | null = null;
  function load() {
    const subtypes = db
      .prepare<[], { id: number; type_id: number; name: string }>(
        "SELECT id, type_id, name FROM project_subtypes ORDER BY name",
      )
      .all();
    const brands = db
      .prepare<[], { id: number; type_id: number; name: string }>(
        "SELECT id, type_id, name FROM brands ORDER BY name",
      )
      .all();
    const types = db
      .prepare<[], { id: number; name: string; units_label: string | null; has_units: number }>(
        "SELECT id, name, units_label, has_units FROM project_types ORDER BY name",
      )
      .all();
    const states = db.prepare<[string], { id: number; abbr: string; name: string }>(
      "SELECT id, abbr, name FROM states WHERE country = ? ORDER BY name",
    );
    return {
      bidStages: db.prepare("SELECT id, name FROM stages ORDER BY position, id").all(),
      states: states.all("US"),
      provinces: states.all("CA"),
      materials: db.prepare("SELECT id, name FROM materials ORDER BY name").all(),
      projectTypes: types.map((t) => ({
        id: t.id,
        name: t.name,
        subtypes: subtypes.filter((s) => s.type_id === t.id).map((s) => ({ id: s.id, name: s.name })),
        brands: brands.filter((s) => s.type_id === t.id).map((s) => ({ id: s.id, name: s.name })),
        has_units: t.has_units === 1,
        units_label: t.units_label,
      })),
      researchers: db
        .prepare<[], { id: number; researcher_name: string; active: number }>(
          "SELECT id, researcher_name, active FROM researchers ORDER BY researcher_name",
        )
        .all()
        .map((r) => ({ ...r, active: r.active === 1 })),
    };
  }
  return (userId: number) => {
    const now = Date.now();
    if (!cache || now - cache.at > OPTIONS_TTL_MS) cache = { at: now, value: load() };
    const admin = isAdmin.get(userId) !== undefined;
    return { isAdmin: admin, ...cache.value, researchers: admin ? cache.value.researchers : [] };
  };
}
