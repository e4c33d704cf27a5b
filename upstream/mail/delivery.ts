/**
 * Sending the outbox over SMTP, at least once.
 *
 * A worker claims one due row at a time with a single UPDATE (a lease: `lease_until`, one attempt more, and the
 * row's Message-ID fixed on the first claim), sends it, and marks it sent. If the process dies between the send
 * and the mark, the lease runs out and the next worker (after a restart, or another API instance) sends it again:
 * at most one duplicate per crash, with the same Message-ID, so a mailbox can tell it apart. A failure is
 * retried with exponential backoff; an SMTP 5xx answer (a permanent refusal) or the last attempt marks the row
 * failed with the reason. A message is sent only to the account's current address (the e-mail change notice
 * alone goes to the previous one) and not after it expires (a reset link). Once a row is settled, its link
 * secrets are replaced by "[redacted]": the outbox is the send log, and it keeps no working link.
 */
import { randomBytes } from "node:crypto";
import { type Db, writeTransaction } from "../db/index";
import { headerText } from "./outbox";

/** What the worker needs of a transport (Nodemailer's Transporter has it). */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: { name: string; address: string } | string;
    subject: string;
    text: string;
    html?: string;
    headers?: Record<string, string>;
    messageId: string;
    date: Date;
    envelope: { from: string; to: string[] };
  }): Promise<{ response?: string }>;
}

export interface DeliveryOptions {
  db: Db;
  transport: MailTransport;
  /** The sender, "Name <address>" or an address. */
  from: string;
  now?: () => Date;
  log?: (line: string) => void;
  /** How long a claimed row is held before another worker may send it (longer than one send can take). */
  leaseMs?: number;
  /** Attempts before a row is marked failed. */
  maxAttempts?: number;
  /** The wait after the nth failed attempt. */
  backoffMs?: (attempt: number) => number;
  /** The domain of the Message-IDs. */
  messageIdDomain?: string;
  /** Rows sent per run at most (the next run takes the rest). */
  batch?: number;
}

export interface DeliverySummary {
  sent: number;
  retrying: number;
  failed: number;
}

interface ClaimedRow {
  id: number;
  kind: string;
  user_id: number | null;
  to: string;
  to_name: string | null;
  subject: string;
  body: string;
  html: string | null;
  headers: string | null;
  secrets: string | null;
  attempts: number;
  expires_at: string | null;
  message_id: string;
  created_at: string;
}

/** 30 s, 1, 2, 4 … minutes, at most an hour: 12 attempts span about 5 hours. */
export const defaultBackoff = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 60 * 60_000);

export const REDACTED = "[redacted]";

/** Replaces every secret in a text. */
export function redact(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join(REDACTED);
  return out;
}

/** The address inside "Name <address>". */
const addressOf = (from: string) => /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/** A short, one-line reason for the log and the row, without secrets. */
function reasonOf(error: unknown, secrets: string[]): string {
  const e = error as { code?: string; responseCode?: number; response?: string; message?: string };
  const text = e.responseCode
    ? `${e.response ?? e.message ?? e.responseCode}`
    : `${e.code ? `${e.code}: ` : ""}${e.message ?? String(error)}`;
  return headerText(redact(text, secrets), 300);
}

/** An SMTP 5xx answer is a permanent refusal (no such mailbox, message refused): retrying will not help. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};

export function createDelivery(options: DeliveryOptions) {
  const { db, transport, from } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const leaseMs = options.leaseMs ?? 2 * 60_000;
  const maxAttempts = options.maxAttempts ?? 12;
  const backoff = options.backoffMs ?? defaultBackoff;
  const domain = options.messageIdDomain ?? (addressOf(from).split("@")[1] || "localhost");
  const batch = options.batch ?? 50;

  const claim = db.prepare<[string, string, string, string, string], ClaimedRow>(
    `UPDATE outbox SET lease_until = ?, attempts = attempts + 1,
       message_id = coalesce(message_id, '<outbox.' || id || '.' || ? || '@' || ? || '>')
     WHERE id = (SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= ?
                   AND (lease_until IS NULL OR lease_until <= ?) ORDER BY next_attempt_at, id LIMIT 1)
     RETURNING id, kind, user_id, "to", to_name, subject, body, html, headers, secrets, attempts, expires_at,
       message_id, created_at`,
  );
  const accountEmail = db.prepare<[number], { email: string }>("SELECT email FROM users WHERE id = ?");
  const markSent = db.prepare(
    `UPDATE outbox SET status = 'sent', sent_at = ?, lease_until = NULL, next_attempt_at = NULL, last_error = NULL
     WHERE id = ? AND status = 'pending'`,
  );
  const markFailed = db.prepare(
    `UPDATE outbox SET status = 'failed', lease_until = NULL, next_attempt_at = NULL, last_error = ?
     WHERE id = ? AND status = 'pending'`,
  );
  const markRetry = db.prepare(
    "UPDATE outbox SET lease_until = NULL, next_attempt_at = ?, last_error = ? WHERE id = ? AND status = 'pending'",
  );
  const scrub = db.prepare("UPDATE outbox SET body = ?, html = ?, headers = ?, secrets = NULL WHERE id = ?");

  /** Settles a row: its state, and its secrets redacted, in one transaction. */
  const settle = writeTransaction(db, (row: ClaimedRow, update: () => void) => {
    update();
    const secrets = row.secrets ? (JSON.parse(row.secrets) as string[]) : [];
    if (secrets.length > 0) {
      scrub.run(
        redact(row.body, secrets),
        row.html === null ? null : redact(row.html, secrets),
        row.headers === null ? null : redact(row.headers, secrets),
        row.id,
      );
    }
  });

  const fail = (row: ClaimedRow, reason: string) => {
    settle(row, () => markFailed.run(reason, row.id));
    log(`[mail] #${row.id} ${row.kind}: failed: ${reason}`);
  };

  /** Why a claimed row must not be sent now, if it must not. */
  function refusal(row: ClaimedRow, at: Date): string | null {
    if (row.expires_at !== null && row.expires_at <= at.toISOString())
      return "Expired before it could be sent.";
    if (row.user_id !== null && row.kind !== "email-changed") {
      const account = accountEmail.get(row.user_id);
      if (!account) return "The account no longer exists.";
      if (account.email.toLowerCase() !== row.to.toLowerCase())
        return "The account's address changed before it was sent; not sent to the old address.";
    }
    return null;
  }

  /** Sends every due row once (up to `batch`). Stops early when the server cannot be reached. */
  async function deliverDue(): Promise<DeliverySummary & { more: boolean }> {
    const summary = { sent: 0, retrying: 0, failed: 0, more: false };
    for (let i = 0; i < batch; i++) {
      const at = now();
      const row = claim.get(
        new Date(at.getTime() + leaseMs).toISOString(),
        randomBytes(6).toString("hex"),
        domain,
        at.toISOString(),
        at.toISOString(),
      );
      if (!row) return summary;
      const refused = refusal(row, at);
      if (refused) {
        fail(row, refused);
        summary.failed++;
        continue;
      }
      const secrets = row.secrets ? (JSON.parse(row.secrets) as string[]) : [];
      try {
        await transport.sendMail({
          from,
          to: row.to_name ? { name: headerText(row.to_name), address: row.to } : row.to,
          subject: headerText(row.subject, 250),
          text: row.body,
          html: row.html ?? undefined,
          headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined,
          messageId: row.message_id,
          date: new Date(row.created_at),
          // The envelope names the account's address alone, whatever the headers say.
          envelope: { from: addressOf(from), to: [row.to] },
        });
      } catch (error) {
        const reason = reasonOf(error, secrets);
        if (isPermanent(error) || row.attempts >= maxAttempts) {
          fail(
            row,
            row.attempts >= maxAttempts ? `${reason} (gave up after ${row.attempts} attempts)` : reason,
          );
          summary.failed++;
          continue;
        }
        const wait = backoff(row.attempts);
        markRetry.run(new Date(now().getTime() + wait).toISOString(), reason, row.id);
        log(
          `[mail] #${row.id} ${row.kind}: attempt ${row.attempts} failed, next in ${Math.round(wait / 1000)} s: ${reason}`,
        );
        summary.retrying++;
        // No answer from the server at all: the others would fail the same way now.
        if (!(error as { responseCode?: number }).responseCode) return summary;
        continue;
      }
      settle(row, () => markSent.run(now().toISOString(), row.id));
      log(`[mail] #${row.id} ${row.kind}: sent (attempt ${row.attempts})`);
      summary.sent++;
    }
    summary.more = true;
    return summary;
  }

  let running: Promise<DeliverySummary> | null = null;
  let again = false;
  let stopped = false;

  /** Runs deliverDue until nothing is due; a call while it runs makes it go round once more. */
  function run(): Promise<DeliverySummary> {
    if (stopped) return Promise.resolve({ sent: 0, retrying: 0, failed: 0 });
    if (running) {
      again = true;
      return running;
    }
    const total: DeliverySummary = { sent: 0, retrying: 0, failed: 0 };
    running = (async () => {
      do {
        again = false;
        const s = await deliverDue();
        total.sent += s.sent;
        total.retrying += s.retrying;
        total.failed += s.failed;
        if (s.more) again = true;
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    deliverDue,
    run,
    /** Starts a run soon, without waiting for it (errors are logged). */
    kick() {
      run().catch((error: unknown) =>
        log(`[mail] delivery run failed: ${(error as Error).name}: ${(error as Error).message}`),
      );
    },
    /** Lets the send in flight finish and marks it; no new run starts. */
    async stop() {
      stopped = true;
      await running?.catch(() => {});
    },
  };
}
