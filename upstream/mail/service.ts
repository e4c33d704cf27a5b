/**
 * The reference API's mail, running in its own process: the delivery worker sending the outbox through
 * Nodemailer to SMTP_URL, and the schedules (croner) of the delivery, the daily reminder digests, the weekly
 * alert e-mails and the saved searches' new matches. Decisions 084, 156 and 125.
 */
import { Cron } from "croner";
import { Hono } from "hono";
import { createTransport } from "nodemailer";
import { z } from "zod";
import type { Deps } from "../http";
import { createDelivery, type MailTransport } from "./delivery";
import { type DigestJob, mailDigests } from "./digests";

export const DEFAULT_MAIL_FROM = "Project Leads <no-reply@project-leads.example>";

export interface MailOptions {
  /** smtp://user:pass@host:port or smtps://… (Nodemailer's connection URL; query options allowed). */
  smtpUrl: string;
  /** The sender of every message (MAIL_FROM). */
  from?: string;
  /** Run the reminder and alert schedules (default true). The browser tests trigger them through the test hook. */
  digests?: boolean;
  log?: (line: string) => void;
}

/** Checks an SMTP URL; the message never repeats the URL's password. */
export function parseSmtpUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error("SMTP_URL must be a URL such as smtp://user:password@smtp.example.com:587");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:")
    throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got ${url.protocol}//)`);
  if (!url.hostname) throw new Error("SMTP_URL has no host name");
  return url;
}

/** The URL without its password, for a log line. */
export function smtpUrlForLog(value: string): string {
  const url = parseSmtpUrl(value);
  if (url.password) url.password = "***";
  url.search = "";
  return url.toString();
}

export function smtpTransport(smtpUrl: string): MailTransport & { close(): void } {
  parseSmtpUrl(smtpUrl);
  return createTransport({
    url: smtpUrl,
    // Every exchange bounded: a server that does not answer costs a worker at most these, well inside its lease.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    dnsTimeout: 10_000,
    // Messages are built here from text; nothing is read from files or URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
    debug: false,
  });
}

/** Starts the worker and the schedules. Pass deps whose onMail calls the returned delivery's kick(). */
export function startMail(deps: Deps, options: MailOptions) {
  const log = options.log ?? ((line: string) => console.log(line));
  const transport = smtpTransport(options.smtpUrl);
  const delivery = createDelivery({
    db: deps.db,
    transport,
    from: options.from ?? DEFAULT_MAIL_FROM,
    log,
  });
  const digests = mailDigests(deps);
  const onError = (name: string) => (error: unknown) =>
    log(`[mail] ${name} failed: ${(error as Error).name}: ${(error as Error).message}`);

  const runDigests = (job: DigestJob) => {
    const at = deps.now();
    const summary = runJob(digests, job, at);
    if (summary.mailed > 0) log(`[mail] ${job}: ${summary.mailed} message(s) written`);
  };

  const jobs: Cron[] = [
    // What is queued is sent at once (kick); this picks up retries and what another process queued.
    new Cron(
      "*/5 * * * * *",
      { name: "mail-delivery", protect: true, catch: onError("delivery") },
      async () => {
        await delivery.run();
      },
    ),
  ];
  if (options.digests !== false) {
    jobs.push(
      new Cron("*/5 * * * *", { name: "mail-reminders", protect: true, catch: onError("reminders") }, () =>
        runDigests("reminders"),
      ),
      new Cron("*/15 * * * *", { name: "mail-alerts", protect: true, catch: onError("alerts") }, () =>
        runDigests("alerts"),
      ),
      new Cron("*/15 * * * *", { name: "mail-searches", protect: true, catch: onError("searches") }, () =>
        runDigests("searches"),
      ),
    );
    // A start catches up on what is due now (the week's alerts, the day's reminders) without waiting.
    setImmediate(() => {
      for (const job of ["reminders", "alerts", "searches"] as const) {
        try {
          runDigests(job);
        } catch (error) {
          onError(job)(error);
        }
      }
    });
  }
  delivery.kick();

  return {
    digests,
    delivery,
    async stop() {
      for (const job of jobs) job.stop();
      await delivery.stop();
      transport.close();
    },
  };
}

export type RunningMail = ReturnType<typeof startMail>;

/** One run of a scheduled job, as if the clock said `at`. */
function runJob(
  digests: ReturnType<typeof mailDigests>,
  job: DigestJob,
  at: Date,
  options: { userIds?: number[] } = {},
) {
  if (job === "alerts") return digests.runAlerts(at, options);
  if (job === "searches") return digests.runSearches(at, options);
  return digests.runReminders(at, options);
}

const HookBody = z.object({
  job: z.enum(["alerts", "reminders", "searches"]),
  /** The instant the run takes as now (the test-only clock). */
  at: z.iso.datetime({ offset: true }).optional(),
  /** Only this member. */
  email: z.string().email(),
});

/**
 * Test-only hooks, mounted at /__test/mail only when the browser-test harness asks for them
 * (UPSTREAM_TEST_HOOKS=1, never with NODE_ENV=production): POST /__test/mail/run {job, at?, email} runs one
 * member's reminder digest, alert e-mail or saved-search e-mails as if the clock said `at`, then sends what it wrote.
 */
export function mailTestHooks(deps: Deps, mail: RunningMail) {
  const app = new Hono();
  const idOf = deps.db.prepare<[string], { id: number }>("SELECT id FROM users WHERE email = ?");
  app.post("/run", async (c) => {
    const parsed = HookBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ message: "job, email and an optional ISO `at` are needed." }, 422);
    const user = idOf.get(parsed.data.email);
    if (!user) return c.json({ message: "No such member." }, 404);
    const at = parsed.data.at ? new Date(parsed.data.at) : deps.now();
    const options = { userIds: [user.id] };
    const summary = runJob(mail.digests, parsed.data.job, at, options);
    await mail.delivery.run();
    return c.json({ data: summary });
  });
  return app;
}
