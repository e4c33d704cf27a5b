/**
 * Writing mail: every message is a row of the outbox (migration 080), written in the transaction of what it tells
 * (a reset link with its token, an account with its welcome, a charge with its receipt), and sent afterwards by
 * the delivery worker (delivery.ts). A message goes to the account's address only: callers name the member, and
 * the address is read from the account here (the e-mail change notice alone goes to the previous address).
 */
import type { Deps } from "../http";
import { memberCharges } from "../payments/charges";
import { hashToken, randomToken } from "../security";
import {
  emailChangedMessage,
  type Message,
  passwordResetMessage,
  receiptMessage,
  welcomeMessage,
} from "./templates";

export type MailKind =
  | "password-reset"
  | "email-changed"
  | "welcome"
  | "receipt"
  | "alerts"
  | "reminders"
  | "searches";
export type MailList = "alerts" | "reminders" | "searches";

export interface OutboxRow {
  kind: MailKind;
  userId: number | null;
  to: string;
  toName?: string | null;
  message: Message;
  headers?: Record<string, string>;
  /** Link secrets in the message, redacted from the row once it is sent or failed. */
  secrets?: string[];
  /** After this instant the message is not sent (it fails as expired). */
  expiresAt?: string | null;
}

/** A header value on one line, without control characters: names and subjects cannot add headers. */
export function headerText(value: string, max = 200): string {
  const clean = Array.from(value, (char) => {
    const code = char.codePointAt(0) ?? 0;
    return code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029 ? " " : char;
  })
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** The API's dependencies: the database, the app's public address (every link starts with it), the clock, and
 * onMail, called once a message is queued so that it is sent without waiting for the next scheduled run. */
export type MailDeps = Deps;

interface Member {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  time_zone: string | null;
}

export function mailOutbox(deps: MailDeps) {
  const { db } = deps;
  const insert = db.prepare(
    `INSERT INTO outbox ("to", to_name, subject, body, html, headers, secrets, kind, user_id, status, attempts,
       next_attempt_at, expires_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)`,
  );
  const member = db.prepare<[number], Member>(
    "SELECT id, email, first_name, last_name, time_zone FROM users WHERE id = ?",
  );
  const insertToken = db.prepare(
    `INSERT INTO mail_unsubscribe_tokens (token_hash, user_id, list, saved_search_id, created_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const subscription = db.prepare<
    [number],
    { plan_name: string; trial_end_date: string | null; remaining_projects: number | null; activated: number }
  >(
    `SELECT p.name AS plan_name, s.trial_end_date, s.remaining_projects, s.activated
     FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE s.user_id = ?`,
  );
  const charges = memberCharges(db);

  let kickScheduled = false;
  function kick() {
    if (!deps.onMail || kickScheduled) return;
    kickScheduled = true;
    // After the caller's transaction has committed (it is synchronous: this runs once it is over).
    setImmediate(() => {
      kickScheduled = false;
      deps.onMail?.();
    });
  }

  const ctxOf = (m: Member) => ({ appUrl: deps.appBaseUrl, firstName: m.first_name });
  const nameOf = (m: Member) => headerText(`${m.first_name} ${m.last_name}`);

  /** Queues one message; returns its outbox id. */
  function enqueue(row: OutboxRow): number {
    const now = deps.now().toISOString();
    const id = Number(
      insert.run(
        row.to,
        row.toName ? headerText(row.toName) : null,
        headerText(row.message.subject, 250),
        row.message.text,
        row.message.html,
        row.headers ? JSON.stringify(row.headers) : null,
        row.secrets && row.secrets.length > 0 ? JSON.stringify(row.secrets) : null,
        row.kind,
        row.userId,
        now,
        row.expiresAt ?? null,
        now,
      ).lastInsertRowid,
    );
    kick();
    return id;
  }

  /**
   * A fresh one-click unsubscribe link for a member and a kind of mail (the token is stored hashed); the mail of a
   * saved search names the search, whose mail alone the link turns off.
   */
  function unsubscribeLink(
    userId: number,
    list: MailList,
    savedSearchId: number | null = null,
  ): { url: string; token: string } {
    const token = randomToken();
    insertToken.run(hashToken(token), userId, list, savedSearchId, deps.now().toISOString());
    return { url: `${deps.appBaseUrl}/Unsubscribe/${token}`, token };
  }

  /** The headers of RFC 2369 and RFC 8058 for a message a member can turn off. */
  const listHeaders = (url: string) => ({
    "List-Unsubscribe": `<${url}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  });

  return {
    enqueue,
    unsubscribeLink,
    listHeaders,
    member: (userId: number) => member.get(userId),
    nameOf,

    /** The reset link, to the account's address; it expires with the token. */
    passwordReset(userId: number, token: string, expiresAt: Date, minutes: number) {
      const m = member.get(userId);
      if (!m) return null;
      const url = `${deps.appBaseUrl}/ForgotPassword/${token}`;
      return enqueue({
        kind: "password-reset",
        userId,
        to: m.email,
        toName: nameOf(m),
        message: passwordResetMessage(ctxOf(m), url, minutes),
        secrets: [token],
        expiresAt: expiresAt.toISOString(),
      });
    },

    /** The notice of an e-mail change, to the address the account had before. */
    emailChanged(userId: number, from: string, to: string) {
      const m = member.get(userId);
      if (!m) return null;
      return enqueue({
        kind: "email-changed",
        userId,
        to: from,
        toName: nameOf(m),
        message: emailChangedMessage(ctxOf(m), from, to),
      });
    },

    /** Welcome after sign-up, trial or paid. */
    welcome(userId: number) {
      const m = member.get(userId);
      const sub = subscription.get(userId);
      if (!m || !sub) return null;
      const trial =
        !sub.activated && sub.trial_end_date
          ? { endDate: sub.trial_end_date.slice(0, 10), reports: sub.remaining_projects ?? 0 }
          : null;
      return enqueue({
        kind: "welcome",
        userId,
        to: m.email,
        toName: nameOf(m),
        message: welcomeMessage(ctxOf(m), { email: m.email, planName: sub.plan_name, trial }),
      });
    },

    /** The receipt of a recorded charge (member_charges). */
    receipt(userId: number, memberChargeId: number) {
      const m = member.get(userId);
      const charge = charges.find(userId, memberChargeId);
      if (!m || !charge) return null;
      return enqueue({
        kind: "receipt",
        userId,
        to: m.email,
        toName: nameOf(m),
        message: receiptMessage(ctxOf(m), charge),
      });
    },
  };
}

export type MailOutbox = ReturnType<typeof mailOutbox>;
