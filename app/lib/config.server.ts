import { z } from "zod";

const DEV_SECRET = "development-only-secret-do-not-use-in-production";

const booleanish = z
  .enum(["1", "0", "true", "false", "yes", "no"])
  .transform((v) => v === "1" || v === "true" || v === "yes");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  API_BASE_URL: z.url().default("http://127.0.0.1:3001/api/frontend/V1"),
  SESSION_SECRET: z.string().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  MARKETING_SITE_URL: z.url().default("http://localhost:3000/Login"),
  STAFF_APP_URL: z.url().default("http://localhost:3000/Subscribers"),
  DEMO_SCHEDULING_URL: z.url().default("http://localhost:3000/Help"),
  CONTENT_API_URL: z.string().default(""),
  MAP_TILE_URL: z.string().default("/tiles/{z}/{x}/{y}.png"),
  SUPPORT_PHONE: z.string().default("(800) 555-0142"),
  VIDEO_CHANNEL_URL: z.url().default("https://www.youtube.com/"),
  COOKIE_SECURE: booleanish.optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(8000),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_FAILURES_PER_CLIENT: z.coerce.number().int().min(1).default(50),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
});

function loadConfig() {
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
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
    loginRateLimit: {
      perEmail: env.LOGIN_MAX_FAILURES_PER_EMAIL,
      perClient: env.LOGIN_MAX_FAILURES_PER_CLIENT,
      windowMs: env.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
    },
  };
}

export type Config = ReturnType<typeof loadConfig>;
export const config: Config = loadConfig();

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
