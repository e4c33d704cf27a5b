import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import { type AppEnv, type Deps, notFound, requireAuth } from "../http";
import { userQueries } from "../models/user";
import { truthy } from "../params";

/** GET Users/Me: the member, with the account edit fields when `withSettings` is on. */
export function userRoutes(deps: Deps) {
  const users = userQueries(deps);
  const app = new Hono<AppEnv>();
  const { me } = endpoints;

  app.on(me.method, me.route, requireAuth(deps), (c) => {
    const withSettings = truthy(c.req.query("withSettings") ?? "");
    const member = withSettings ? users.load(c.get("userId"), true) : users.load(c.get("userId"));
    if (!member) throw notFound("User not found.");
    return c.json({ data: member });
  });

  return app;
}
