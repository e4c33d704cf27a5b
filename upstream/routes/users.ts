import { Hono } from "hono";
import { type AppEnv, type Deps, notFound, requireAuth } from "../http";
import { userQueries } from "../models/user";

const TRUTHY = new Set(["1", "true", "yes", "on"]);

export function userRoutes(deps: Deps) {
  const users = userQueries(deps.db);
  const app = new Hono<AppEnv>();
  app.use("/Users/*", requireAuth(deps));

  app.get("/Users/Me", (c) => {
    const withSettings = TRUTHY.has((c.req.query("withSettings") ?? "").toLowerCase());
    const me = withSettings ? users.load(c.get("userId"), true) : users.load(c.get("userId"));
    if (!me) throw notFound("User not found.");
    return c.json({ data: me });
  });

  return app;
}
