import { DEFAULT_TRUSTED, parseTrusted } from "./limits/client";
import { DEFAULT_LIMITS, limitsFromEnv, type PublicCallLimits } from "./limits/config";
import { parseSmtpUrl, smtpUrlForLog } from "./mail/service";
import { startUpstream } from "./server";

const port = Number(process.env.UPSTREAM_PORT ?? 3001);
const dbPath = process.env.UPSTREAM_DB ?? "data/reference.sqlite";
const seedProjects = Number(process.env.SEED_PROJECTS ?? 20_000);
const smtpUrl = process.env.SMTP_URL?.trim() || undefined;
// The research simulator (upstream/changes/simulator.ts): on by default, SIMULATED_CHANGES_PER_DAY=0 turns it off.
const changesPerDay = Number(process.env.SIMULATED_CHANGES_PER_DAY ?? 24);
// The launcher (npm start) runs this as its embedded API; without SMTP_URL it keeps mail in the outbox (MAIL_HOLD=1).
const hold = process.env.MAIL_HOLD === "1";

function stop(message: string): never {
  console.error(`[upstream] ${message}`);
  process.exit(1);
}

if (!Number.isInteger(port) || port < 0 || port > 65535)
  stop(`UPSTREAM_PORT must be a port number, got ${process.env.UPSTREAM_PORT}`);
if (!Number.isFinite(changesPerDay) || changesPerDay < 0)
  stop(`SIMULATED_CHANGES_PER_DAY must be a number of changes, got ${process.env.SIMULATED_CHANGES_PER_DAY}`);
if (!Number.isInteger(seedProjects) || seedProjects < 0)
  stop(`SEED_PROJECTS must be a whole number, got ${process.env.SEED_PROJECTS}`);
// The limits of the public calls: the app's variables and defaults (decision 105).
let limits: PublicCallLimits = DEFAULT_LIMITS;
try {
  limits = limitsFromEnv();
} catch (error) {
  stop((error as Error).message);
}
const trustedProxies = process.env.UPSTREAM_TRUSTED_PROXIES ?? DEFAULT_TRUSTED;
try {
  parseTrusted(trustedProxies);
} catch (error) {
  stop(`UPSTREAM_TRUSTED_PROXIES: ${(error as Error).message}`);
}
const redisUrl = process.env.REDIS_URL?.trim() || null;
if (redisUrl && !/^rediss?:\/\/./.test(redisUrl)) stop("REDIS_URL must be a redis:// or rediss:// URL");
if (smtpUrl) {
  try {
    parseSmtpUrl(smtpUrl);
  } catch (error) {
    stop((error as Error).message);
  }
} else if (process.env.NODE_ENV === "production" && !hold) {
  stop(
    "SMTP_URL is required in production: the reference API sends its mail through it (smtp://user:password@host:587 or smtps://user:password@host:465).",
  );
}

const upstream = await startUpstream({
  dbPath,
  port,
  host: process.env.UPSTREAM_HOST ?? "127.0.0.1",
  seedProjects,
  appBaseUrl: process.env.APP_PUBLIC_URL ?? process.env.RESET_LINK_BASE ?? process.env.APP_BASE_URL,
  log: (line) => console.log(line),
  limits,
  trustedProxies,
  redisUrl,
  mail: smtpUrl ? { smtpUrl, from: process.env.MAIL_FROM?.trim() || undefined } : undefined,
  simulatedChangesPerDay: changesPerDay,
});
console.log(`Reference API listening on ${upstream.apiBaseUrl} (database ${dbPath})`);
if (smtpUrl) console.log(`[mail] sending through ${smtpUrlForLog(smtpUrl)}`);
else
  console.log("[mail] SMTP_URL is not set: mail is kept in the outbox and sent once a start has SMTP_URL.");

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    upstream.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
