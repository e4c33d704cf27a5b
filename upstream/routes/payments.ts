import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import { ApiError, type AppEnv, type Deps, requireAuth } from "../http";
import { paymentRequests } from "../payments/requests";

/** 16 to 100 of the key's characters: anything else was never a key (the route already took the characters). */
const isKey = (key: string) => key.length >= 16 && key.length <= 100;

/**
 * What happened to a charging request whose answer the app did not get (decision 138), by its idempotency key:
 * GET Users/Me/Payments/{key}, the member's own activation (anyone else's key reads 'unknown'); GET
 * Register/Payments/{key}, a sign-up, answered to whoever holds the key (the app made it and keeps it in the
 * member's session) with what the completion page needs and nothing that names the member. Neither charges.
 */
export function paymentRoutes(deps: Deps) {
  const requests = paymentRequests(deps.db, deps.now);
  const app = new Hono<AppEnv>();
  const { paymentState, signupPaymentState } = endpoints;

  const keyOf = (raw: string) => {
    if (!isKey(raw)) throw new ApiError(404, "Not found.");
    return raw;
  };

  app.on(paymentState.method, paymentState.route, requireAuth(deps), (c) =>
    c.json({
      data: requests.lookup(keyOf(c.req.param("key")), { kind: "activation", userId: c.get("userId") }),
    }),
  );

  app.on(signupPaymentState.method, signupPaymentState.route, (c) =>
    c.json({ data: requests.lookup(keyOf(c.req.param("key")), { kind: "registration", userId: null }) }),
  );

  return app;
}
