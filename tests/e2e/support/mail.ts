/**
 * The run's mail catcher (MailDev, started by serve.ts): what the reference API really sent over SMTP, read from
 * the catcher's REST API (GET /email, /email/{id}/source), never from the database. And the test-only trigger of
 * the mail schedules.
 */
import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { API_URL, MAIL_INFO_FILE } from "./env";

export interface CaughtMail {
  id: string;
  subject: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
  text: string;
  html: string;
  /** Every header, by lower-case name. */
  headers: Record<string, string>;
  /** MailDev's guess of the blind copies: recipients of the SMTP envelope that no header names. */
  calculatedBcc: { address: string }[];
  time: string;
}

const inbox = () => (JSON.parse(readFileSync(MAIL_INFO_FILE, "utf8")) as { web: string }).web;

/** The catcher's web inbox (the same page a newcomer opens). */
export const inboxUrl = () => inbox();

/** Every mail caught for an address (To, or a blind copy), oldest first. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const res = await fetch(`${inbox()}/email`, { signal: AbortSignal.timeout(5000) });
  const all = (await res.json()) as CaughtMail[];
  const wanted = address.toLowerCase();
  return all
    .filter(
      (m) =>
        m.to.some((t) => t.address.toLowerCase() === wanted) ||
        m.calculatedBcc?.some((t) => t.address.toLowerCase() === wanted),
    )
    .sort((a, b) => a.time.localeCompare(b.time));
}

/** Waits until `count` mails to the address whose subject matches have arrived; returns them, oldest first. */
export async function waitForMail(address: string, subject: RegExp, count = 1): Promise<CaughtMail[]> {
  let found: CaughtMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).filter((m) => subject.test(m.subject));
        return found.length;
      },
      { message: `${count} mail(s) "${subject.source}" to ${address} in the catcher`, timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** The message as it came over SMTP. */
export async function rawSource(mail: CaughtMail): Promise<string> {
  const res = await fetch(`${inbox()}/email/${mail.id}/source`, { signal: AbortSignal.timeout(5000) });
  return res.text();
}

/** The header block of a raw message, unfolded, by lower-case name (each name with all its values). */
export function headersOf(raw: string): Map<string, string[]> {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  const headers = new Map<string, string[]>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return headers;
}

/** The http(s) links of a text. */
export const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0]);

/**
 * Runs one member's reminder digest, alert e-mail or saved-search e-mails now, as if the clock said `at` (the test-only hook that
 * serve.ts turns on), and waits until what it wrote has been sent.
 */
export async function runMailJob(
  job: "reminders" | "alerts" | "searches",
  email: string,
  at?: Date,
): Promise<{ members: number; mailed: number }> {
  const res = await fetch(`${new URL(API_URL).origin}/__test/mail/run`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ job, email, at: at?.toISOString() }),
    signal: AbortSignal.timeout(20_000),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: { members: number; mailed: number } }).data;
}

/** The local date and an instant in the member's default time zone (US Central) on that date at 08:00. */
export function centralMorning(date = new Date()): { day: string; at: Date } {
  const day = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Chicago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
  // 14:00 UTC is 08:00 CST or 09:00 CDT: past the 6:00 send hour either way, the same local day.
  return { day, at: new Date(`${day}T14:00:00Z`) };
}
