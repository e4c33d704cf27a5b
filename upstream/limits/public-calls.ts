/**
 * The limits of the API's public calls (decision 105): Login, ForgotPassword, Register and Register/Price get
 * the app's limits of the same forms, per client and per account, whoever calls. Each is a middleware registered
 * on its entry of the endpoint table ahead of the call itself; a refusal is answered 429 with the API's error
 * body and Retry-After, before the call runs.
 */

import type { BlockList } from "node:net";
import { type Context, Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import { type AppEnv, readRaw } from "../http";
import { callerOf } from "./client";
import type { PublicCallLimits } from "./config";
import { AccountLimiter, type Attempt, ClientFailures, LookupLimiter, type Refusal } from "./limiters";
import type { CounterStore } from "./store";

export const LOGIN_LIMITED = (wait: string) => `Too many failed login attempts. Please try again in ${wait}.`;
export const FORM_LIMITED = (wait: string) =>
  `Too many requests from you or for this e-mail address. Please try again in ${wait}.`;
export const CARDS_LIMITED = (wait: string) =>
  `Too many declined card attempts. Please try again in ${wait}.`;
export const PROMO_LIMITED = (wait: string) =>
  `Too many promo codes that do not apply were tried from your address. Please try again in ${wait}, or leave the promo code empty.`;

/** The request body's fields, or {} (a body that does not parse is the call's to refuse). */
async function fields(c: Context): Promise<Record<string, unknown>> {
  try {
    const raw = await readRaw(c);
    return raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

const tooMany = (c: Context, refusal: Refusal) =>
  c.json({ message: refusal.message }, 429, { "Retry-After": String(refusal.retryAfterSeconds) });

type Outcome = "count" | "clear" | "release";

/** Runs the call and ends the attempt as its answer says (a call that threw is given back). */
async function run(
  c: Context,
  next: () => Promise<void>,
  attempt: Attempt,
  outcome: (status: number) => Outcome,
) {
  try {
    await next();
  } catch (error) {
    await attempt.release();
    throw error;
  }
  await attempt[outcome(c.res.status)]();
}

export function publicCallLimits(limits: PublicCallLimits, counters: CounterStore, trusted: BlockList) {
  const login = new AccountLimiter("login", limits.login, LOGIN_LIMITED, counters);
  const forgot = new AccountLimiter("forgot-password", limits.publicForm, FORM_LIMITED, counters);
  const signUp = new AccountLimiter("sign-up", limits.publicForm, FORM_LIMITED, counters);
  const cards = new ClientFailures("cards", limits.cardFailuresPerClientPerHour, CARDS_LIMITED, counters);
  const promo = new LookupLimiter("promo", limits.promoFailuresPerClientPerHour, PROMO_LIMITED, counters);
  const e = endpoints;
  const app = new Hono<AppEnv>();

  // Failed password checks; the right password clears the account's (or the known device's) count.
  app.on(e.login.method, e.login.route, async (c, next) => {
    const email = text((await fields(c)).email);
    if (!email) return next();
    const caller = callerOf(c, trusted);
    const decision = await login.begin(caller.client, email, caller.device);
    if (!decision.allowed) return tooMany(c, decision);
    await run(c, next, decision.attempt, (s) => (s === 401 ? "count" : s === 200 ? "clear" : "release"));
  });

  // Every reset link sent counts.
  app.on(e.forgotPassword.method, e.forgotPassword.route, async (c, next) => {
    const email = text((await fields(c)).email);
    if (!email) return next();
    const decision = await forgot.begin(callerOf(c, trusted).client, email);
    if (!decision.allowed) return tooMany(c, decision);
    await run(c, next, decision.attempt, (s) => (s === 200 ? "count" : "release"));
  });

  // Every sign-up the API answered counts (made, refused card, refused field); a declined card per client too.
  app.on(e.register.method, e.register.route, async (c, next) => {
    const body = await fields(c);
    const email = text(body.email);
    if (!email) return next();
    const { client } = callerOf(c, trusted);
    const decision = await signUp.begin(client, email);
    if (!decision.allowed) return tooMany(c, decision);
    const card = body.card ? await cards.begin(client) : null;
    if (card && !card.allowed) {
      await decision.attempt.release();
      return tooMany(c, card);
    }
    try {
      await run(c, next, decision.attempt, (s) => ([200, 402, 422].includes(s) ? "count" : "release"));
    } finally {
      await card?.end(c.res?.status === 402);
    }
  });

  // A promo or discount code that does not apply, once per code and client; a price without a code is free.
  app.on(e.registerPrice.method, e.registerPrice.route, async (c, next) => {
    const body = await fields(c);
    const promoCode = text(body.promo_code);
    const code = promoCode || text(body.discount);
    if (!code) return next();
    const lookup = await promo.begin(callerOf(c, trusted).client, code);
    if (!lookup.allowed) return tooMany(c, lookup);
    try {
      await next();
    } catch (error) {
      await lookup.release();
      throw error;
    }
    await ((await codeMissed(c, promoCode !== "")) ? lookup.failed() : lookup.release());
  });

  return app;
}

/** Whether the price's answer says the code did not apply: a refused promo code, or a discount not taken off. */
async function codeMissed(c: Context, promoCode: boolean): Promise<boolean> {
  const answer = (await c.res
    .clone()
    .json()
    .catch(() => null)) as {
    errors?: Record<string, unknown>;
    data?: { components?: { Discount?: number; Total?: number } };
  } | null;
  if (promoCode) return c.res.status === 422 && Boolean(answer?.errors?.promo_code);
  const components = answer?.data?.components;
  return c.res.status === 200 && components?.Discount === undefined && (components?.Total ?? 0) > 0;
}
