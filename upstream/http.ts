import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import type { Db } from "./db/index";
import type { PublicCallLimits } from "./limits/config";
import type { CounterStore } from "./limits/store";
import type { CardProcessor } from "./payments/processor";
import { hashToken } from "./security";

export interface ApiOptions {
  /** The app's public address, the base of every link sent by e-mail. Default APP_PUBLIC_URL, http://localhost:3000. */
  appBaseUrl?: string;
  /** Lifetime of an access token in milliseconds. Default 12 hours. */
  tokenTtlMs?: number;
  /** The clock; tests move it. */
  now?: () => Date;
  /** Called once a message is queued in the outbox (the mail worker sends it at once; upstream/mail/). */
  onMail?: () => void;
  /** The limits of the public calls (upstream/limits/); default: the app's defaults (DEFAULT_LIMITS). */
  limits?: PublicCallLimits;
  /** Where those limits count: default this instance's memory; startUpstream's `redisUrl` puts them in Redis. */
  counters?: CounterStore;
  /**
   * The addresses (and CIDR ranges, comma-separated) whose X-Forwarded-For and X-Login-Device the limits believe:
   * the app's. Default loopback (DEFAULT_TRUSTED); "" believes nobody.
   */
  trustedProxies?: string;
  /** The card processor: the fake one (upstream/payments/processor.ts) unless a test passes another. */
  cardProcessor?: CardProcessor;
}

export interface Deps {
  db: Db;
  appBaseUrl: string;
  tokenTtlMs: number;
  now: () => Date;
  onMail?: () => void;
}

export type AppEnv = { Variables: { userId: number; tokenHash: string } };

export type FieldErrors = Record<string, string[]>;

/** An error answered as JSON `{ message, errors? }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

const unauthenticated = () => new ApiError(401, "Unauthenticated.");
export const notFound = (message = "Not found.") => new ApiError(404, message);

export function errorBody(err: ApiError) {
  return err.errors ? { message: err.message, errors: err.errors } : { message: err.message };
}

export function resolveDeps(db: Db, options: ApiOptions = {}): Deps {
  return {
    db,
    appBaseUrl: (
      options.appBaseUrl ??
      process.env.APP_PUBLIC_URL ??
      process.env.RESET_LINK_BASE ??
      "http://localhost:3000"
    ).replace(/\/+$/, ""),
    tokenTtlMs: options.tokenTtlMs ?? 12 * 60 * 60 * 1000,
    now: options.now ?? (() => new Date()),
    onMail: options.onMail,
  };
}

/** Reads a JSON or form-encoded body (`name[]` keys become arrays) and validates it. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return validate(schema, await readRaw(c));
}

/** The request body as a plain value, from JSON or a form post. */
export async function readRaw(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  let raw: unknown;
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const form = await c.req.parseBody({ all: true });
    raw = Object.fromEntries(
      Object.entries(form).map(([key, value]) =>
        key.endsWith("[]") ? [key.slice(0, -2), Array.isArray(value) ? value : [value]] : [key, value],
      ),
    );
  } else {
    const text = await c.req.text();
    try {
      raw = text.trim() === "" ? {} : JSON.parse(text);
    } catch {
      throw new ApiError(400, "The request body is not valid JSON.");
    }
  }
  return raw;
}

export function validate<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  const messages = result.error.issues.map((issue) => {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    const message = issueMessage(issue);
    errors[key] ??= [];
    errors[key].push(message);
    return message;
  });
  throw new ApiError(422, messages[0] ?? "The given data was invalid.", errors);
}

/** zod's default texts for a missing or empty field become "The X field is required."; custom messages stay. */
function issueMessage(issue: z.core.$ZodIssue): string {
  const last = issue.path.at(-1);
  const missing =
    (issue.code === "invalid_type" && issue.message.endsWith("received undefined")) ||
    (issue.code === "too_small" &&
      issue.origin === "string" &&
      issue.minimum === 1 &&
      issue.message.startsWith("Too small"));
  if (!missing || typeof last !== "string") return issue.message;
  const label = last
    .replace(/_/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return `The ${label} field is required.`;
}

/** The member of a live (unexpired, unrevoked) access token, or undefined. */
export function tokenOwner(deps: Deps) {
  const find = deps.db.prepare<[string, string], { user_id: number }>(
    "SELECT user_id FROM access_tokens WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?",
  );
  return (tokenHash: string) => find.get(tokenHash, deps.now().toISOString())?.user_id;
}

/** The token of an `Authorization: Bearer <token>` header. */
export const bearerToken = (c: Context) =>
  /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1];

/** Requires `Authorization: Bearer <token>` naming a live access token. */
export function requireAuth(deps: Deps): MiddlewareHandler<AppEnv> {
  const ownerOf = tokenOwner(deps);
  return async (c, next) => {
    const token = bearerToken(c);
    if (!token) throw unauthenticated();
    const tokenHash = hashToken(token);
    const userId = ownerOf(tokenHash);
    if (userId === undefined) throw unauthenticated();
    c.set("userId", userId);
    c.set("tokenHash", tokenHash);
    await next();
  };
}

/**
 * For the Download calls, which a browser may also post as a plain form: the member from
 * `Authorization: Bearer <token>` or, failing that, the body's `token` field, and the body as list params.
 */
export function downloadRequestReader(deps: Deps) {
  const ownerOf = tokenOwner(deps);
  return async (c: Context): Promise<{ userId: number; body: Record<string, unknown> }> => {
    const raw = await readRaw(c);
    const body =
      raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    const token = bearerToken(c) ?? (typeof body.token === "string" ? body.token : undefined);
    if (!token) throw unauthenticated();
    const userId = ownerOf(hashToken(token));
    if (userId === undefined) throw unauthenticated();
    return { userId, body };
  };
}

/** The integer a route's `{[0-9]+}` parameter matched. */
export const idParam = (c: Context, name = "id") => Number(c.req.param(name));
