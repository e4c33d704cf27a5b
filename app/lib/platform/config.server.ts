import { z } from "zod";
import { parseTrustedProxies } from "./client-address.server";

const DEV_SECRET = "development-only-secret-do-not-use-in-production";

const booleanish = z
  .enum(["1", "0", "true", "false", "yes", "no"])
  .transform((v) => v === "1" || v === "true" || v === "yes");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  API_BASE_URL: z.url().default("http://127.0.0.1:3001/api/frontend/V1"),
  SESSION_SECRET: z.string().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  TRUSTED_PROXIES: z.string().default(""),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MARKETING_SITE_URL: z.url().default("http://localhost:3000/Login"),
  STAFF_APP_URL: z.url().default("http://localhost:3000/Subscribers"),
  DEMO_SCHEDULING_URL: z.url().default("http://localhost:3000/Help"),
  CONTENT_API_URL: z.string().default(""),
  MAP_TILE_URL: z.string().trim().default(""),
  SUPPORT_PHONE: z.string().default("(800) 555-0142"),
  VIDEO_CHANNEL_URL: z.url().default("https://www.youtube.com/"),
  COOKIE_SECURE: booleanish.optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(8000),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  LOGIN_MAX_FAILURES_PER_EMAIL: z
    .undefined({
      error:
        "replaced by LOGIN_DELAY_AFTER_FAILURES (failures per e-mail are slowed down, not locked out): see README",
    })
    .optional(),
  LOGIN_DELAY_AFTER_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  LOGIN_MAX_FAILURES_PER_CLIENT: z.coerce.number().int().min(1).default(50),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  LOGIN_DEVICE_COOKIE_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  PUBLIC_FORM_DELAY_AFTER: z.coerce.number().int().min(1).default(3),
  PUBLIC_FORM_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  PUBLIC_FORM_MAX_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  PAYMENT_MAX_FAILED_CARDS_PER_CLIENT: z.coerce.number().int().min(1).default(5),
  PROMO_MAX_FAILURES_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_MEMORY_KEYS: z.coerce.number().int().min(100).default(100_000),
  MAX_BODY_KB: z.coerce.number().int().min(1).max(100_000).default(256),
  MAX_FIELDS: z.coerce.number().int().min(10).max(100_000).default(1000),
  MAX_FIELD_REPEATS: z.coerce.number().int().min(10).max(100_000).default(500),
  MAX_QUERY_LENGTH: z.coerce.number().int().min(256).max(16_000).default(8192),
});

function loadConfig() {
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  let trustedProxies: ReturnType<typeof parseTrustedProxies>;
  try {
    trustedProxies = parseTrustedProxies(env.TRUSTED_PROXIES);
  } catch (error) {
    throw new Error(`Invalid configuration:\n  TRUSTED_PROXIES: ${(error as Error).message}`);
  }
  const production = env.NODE_ENV === "production";
  let secrets = (env.SESSION_SECRET ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets.length === 0) {
    if (production) throw new Error("Invalid configuration:\n  SESSION_SECRET: required in production");
    console.warn("[config] SESSION_SECRET is not set: using a fixed development secret.");
    secrets = [DEV_SECRET];
  }
  return {
    production,
    apiBaseUrl: env.API_BASE_URL.replace(/\/+$/, ""),
    sessionSecrets: secrets,
    port: env.PORT,
    host: env.HOST,
    /** Addresses and ranges whose X-Forwarded-For is believed (client-address.server.ts); null: none. */
    trustedProxies,
    redisUrl: env.REDIS_URL ?? null,
    marketingSiteUrl: env.MARKETING_SITE_URL,
    staffAppUrl: env.STAFF_APP_URL,
    demoSchedulingUrl: env.DEMO_SCHEDULING_URL,
    contentApiUrl: env.CONTENT_API_URL,
    mapTileUrl: env.MAP_TILE_URL,
    supportPhone: env.SUPPORT_PHONE,
    videoChannelUrl: env.VIDEO_CHANNEL_URL,
    cookieSecure: env.COOKIE_SECURE ?? production,
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: env.SESSION_MAX_HOURS * 3_600_000,
    /** Failed logins: a progressive delay per e-mail, a limit per client (rate-limit.server.ts). */
    loginRateLimit: {
      delayAfter: env.LOGIN_DELAY_AFTER_FAILURES,
      maxDelaySeconds: env.LOGIN_MAX_DELAY_SECONDS,
      perClient: env.LOGIN_MAX_FAILURES_PER_CLIENT,
      windowSeconds: env.LOGIN_FAILURE_WINDOW_MINUTES * 60,
    },
    /** How long a browser that logged in stays a known device of the account (device-cookie.server.ts). */
    loginDeviceCookieMs: env.LOGIN_DEVICE_COOKIE_DAYS * 86_400_000,
    /** Public forms that send mail or create something (ForgotPassword, sign-up): each use counts. */
    publicFormRateLimit: {
      delayAfter: env.PUBLIC_FORM_DELAY_AFTER,
      maxDelaySeconds: env.PUBLIC_FORM_MAX_DELAY_SECONDS,
      perClient: env.PUBLIC_FORM_MAX_PER_CLIENT_PER_HOUR,
      windowSeconds: 3600,
    },
    /** Declined or refused cards per client address per hour (payment-limit.server.ts); per member it is 5. */
    paymentFailuresPerClient: env.PAYMENT_MAX_FAILED_CARDS_PER_CLIENT,
    /** Promo-code lookups that do not apply, per client (rate-limit.server.ts promoLookupLimiter). */
    promoRateLimit: { perClient: env.PROMO_MAX_FAILURES_PER_CLIENT_PER_HOUR, windowSeconds: 3600 },
    rateLimitMemoryKeys: env.RATE_LIMIT_MEMORY_KEYS,
    /** What the app server checks before a request reaches the router (server/limits.ts). */
    requestLimits: {
      maxBodyBytes: env.MAX_BODY_KB * 1024,
      maxFields: env.MAX_FIELDS,
      maxRepeats: env.MAX_FIELD_REPEATS,
      maxQueryLength: env.MAX_QUERY_LENGTH,
    },
  };
}

export type Config = ReturnType<typeof loadConfig>;
export const config: Config = loadConfig();

/** The help content site's base (…/wp-json) when CONTENT_API_URL is an http(s) address, else null. */
export function contentBase(url = config.contentApiUrl): URL | null {
  if (!url.trim()) return null;
  try {
    const base = new URL(url.trim().replace(/\/*$/, "/"));
    return base.protocol === "http:" || base.protocol === "https:" ? base : null;
  } catch {
    return null;
  }
}

/** The help content site's origin, for the page's img-src (its thumbnails), or null. */
export function contentOrigin(): string | null {
  return contentBase()?.origin ?? null;
}

/** The subset of configuration the browser may see (links only, never secrets). */
export function publicConfig() {
  return {
    marketingSiteUrl: config.marketingSiteUrl,
    demoSchedulingUrl: config.demoSchedulingUrl,
    supportPhone: config.supportPhone,
    videoChannelUrl: config.videoChannelUrl,
    staffAppUrl: config.staffAppUrl,
    mapTileUrl: config.mapTileUrl,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
