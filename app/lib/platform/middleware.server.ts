import { randomBytes } from "node:crypto";
import { data, type MiddlewareFunction } from "react-router";
import { ApiClient } from "./api.server";
import { sharedCacheable } from "./cache-control";
import { config, contentOrigin } from "./config.server";
import {
  apiContext,
  litePagesContext,
  memberSessionContext,
  nonceContext,
  requestInfoContext,
} from "./contexts";
import { litePagesFrom } from "./lite-pages";
import { logPath } from "./log-path";
import { pageUrl } from "./request-url";
import { MemberSession } from "./session.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The Content-Security-Policy around its nonce: everything else depends only on the configuration. */
function cspParts(): [string, string] {
  const marketing = new URL(config.marketingSiteUrl).origin;
  const tiles = /^https?:\/\//.test(config.mapTileUrl)
    ? new URL(config.mapTileUrl.replace(/\{.*?\}/g, "0")).origin
    : "";
  const devConnect = config.production ? "" : " ws: wss:";
  const NONCE = "\u0000";
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${NONCE}'`,
    "style-src 'self' 'unsafe-inline'",
    // The help content site's thumbnails (/Manual, /TrainingVideos) come from its own origin.
    `img-src 'self' data: blob: ${tiles} ${contentOrigin() ?? ""}`.trim().replace(/ +/g, " "),
    "font-src 'self'",
    `connect-src 'self'${devConnect}`,
    "frame-src https://www.youtube.com https://player.vimeo.com",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${marketing}`,
    "frame-ancestors 'none'",
  ].join("; ");
  const [before, after] = policy.split(NONCE);
  return [before, after];
}
const [CSP_BEFORE_NONCE, CSP_AFTER_NONCE] = cspParts();

function cspFor(nonce: string, lite: boolean) {
  const policy = `${CSP_BEFORE_NONCE}${nonce}${CSP_AFTER_NONCE}`;
  // A lite page has no script: the policy says so, so that nothing could run even if some slipped in.
  return lite ? policy.replace(/script-src [^;]*/, "script-src 'none'") : policy;
}

/** Security headers on every response the router makes, with a fresh CSP nonce each request. */
export const securityHeaders: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const nonce = randomBytes(16).toString("base64");
  context.set(nonceContext, nonce);
  const lite = litePagesFrom(request);
  context.set(litePagesContext, lite);
  const response = await next();
  const headers = response.headers;
  try {
    headers.set("Content-Security-Policy", cspFor(nonce, lite));
    // The same URL is a full or a lite page depending on these two request headers.
    headers.append("Vary", "Save-Data, Cookie");
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (config.production && config.cookieSecure) {
      headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    // Every page of this app carries a member's data or a form: nothing may be stored by caches.
    if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  } catch {
    // immutable headers (a redirect made by Response.redirect): leave them as they are
  }
  return response;
};

/**
 * A request the app server refused before reading it (too large, too many fields, a reserved field name, a
 * query string past its limits: server/limits.ts) reaches the app only so that a browser gets the app's own
 * error page with the status: it is answered here, before any session, form or loader work.
 */
export const requestLimits: MiddlewareFunction<Response> = async ({ context }, next) => {
  const { refusal } = context.get(requestInfoContext);
  if (refusal) throw data({ title: refusal.title, message: refusal.message }, { status: refusal.status });
  return next();
};

/** Hosts this app answers to: the Host header, and the one a TLS-terminating proxy forwarded. */
function ownHosts(request: Request): Set<string> {
  const hosts = new Set<string>([pageUrl(request).host.toLowerCase()]);
  const host = request.headers.get("Host");
  if (host) hosts.add(host.toLowerCase());
  const forwarded = request.headers.get("X-Forwarded-Host");
  if (forwarded) hosts.add(forwarded.split(",")[0].trim().toLowerCase());
  return hosts;
}

function originHost(value: string | null): string | null {
  if (!value || value === "null") return null;
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Refuses cross-site form posts on every route, UI and resource alike, without needing JavaScript.
 * Browsers send Sec-Fetch-Site on secure origins and Origin on every POST; either must say "this site".
 * Only the host is compared: behind a TLS-terminating proxy the scheme the app sees differs.
 */
export const csrfGuard: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return next();
  // RFC 8058's one-click unsubscribe is posted by mail programs, without Origin; its token is the authority.
  if (/^\/unsubscribe\/[^/]+\/?$/i.test(pageUrl(request).pathname)) return formBodyGuard(request, next);
  const site = request.headers.get("Sec-Fetch-Site");
  const hosts = ownHosts(request);
  const sender = originHost(request.headers.get("Origin")) ?? originHost(request.headers.get("Referer"));
  if (site === "same-origin" || (sender !== null && hosts.has(sender))) return formBodyGuard(request, next);
  console.warn(`[csrf] refused ${request.method} ${logPath(request.url)} (site=${site ?? "-"})`);
  await drainBody(request);
  return new Response("This form was sent from another site and has been refused.", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
};

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
const MULTIPART = /^multipart\/form-data\b/i;

/**
 * Reads and drops a refused request's body. Answering without reading it leaves the rest of the body on a
 * keep-alive connection, which Node then closes: the client's next request on it fails with ECONNRESET.
 */
async function drainBody(request: Request) {
  try {
    await request.arrayBuffer();
  } catch {
    // An aborted or broken body: nothing left to drain.
  }
}

/**
 * Every action of this app reads an HTML form body (`request.formData()`), which throws on any other body: a
 * POST without a form Content-Type, or with a multipart body that does not parse, is answered 415 or 400 here
 * instead of failing as a 500 inside the action. (Called by csrfGuard once the post is known to be same-site.)
 */
async function formBodyGuard(request: Request, next: () => Promise<Response>): Promise<Response> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!FORM_TYPES.test(type)) {
    await drainBody(request);
    return plainAnswer(415, "This request must be sent as a form.");
  }
  // An urlencoded body always parses; only a multipart one can be broken. It is tried on a copy (the app
  // server has read the body into memory once, within its limits), so the action's own read cannot fail.
  if (MULTIPART.test(type)) {
    try {
      await request.clone().formData();
    } catch {
      return plainAnswer(400, "This form could not be read. Please try again.");
    }
  }
  return next();
}

function plainAnswer(status: number, message: string) {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * Loads the member session and the API client for the request, and writes the session cookie once. Never on an
 * answer a shared cache may keep (`public`): a refreshed last-seen time waits for the next private
 * or no-store answer, so that no cache hands one member's cookie to others.
 */
export const memberSession: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = await MemberSession.fromRequest(request);
  context.set(memberSessionContext, session);
  context.set(apiContext, new ApiClient(request, session, context.get(requestInfoContext).clientAddress));
  const response = await next();
  if (sharedCacheable(response.headers.get("Cache-Control"))) return response;
  const cookie = await session.setCookieHeader();
  if (cookie) {
    try {
      response.headers.append("Set-Cookie", cookie);
    } catch {
      const copy = new Response(response.body, response);
      copy.headers.append("Set-Cookie", cookie);
      return copy;
    }
  }
  return response;
};
