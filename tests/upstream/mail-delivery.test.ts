/**
 * Sending the outbox over SMTP against a real SMTP server (smtp-server on a free port): what a member receives,
 * what the outbox keeps, and the faults: a server down for a while, a permanent refusal, a crash between the send
 * and the mark.
 */
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Deps, resolveDeps } from "../../upstream/http";
import { createDelivery } from "../../upstream/mail/delivery";
import { mailOutbox } from "../../upstream/mail/outbox";
import { smtpTransport } from "../../upstream/mail/service";
import { tempDatabase } from "./helpers";
import { bodyOf, headersOf, type Received, smtpError, startSmtp, type TestSmtp } from "./mail-support";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "../..");
const FROM = "Project Leads <no-reply@leads.test>";
const APP = "http://app.test";

let temp: ReturnType<typeof tempDatabase>;
let clock: { now: Date };
let deps: Deps;
let smtp: TestSmtp | null;

beforeEach(() => {
  temp = tempDatabase(100);
  clock = { now: new Date() };
  deps = resolveDeps(temp.db, { appBaseUrl: APP, now: () => clock.now });
  smtp = null;
});
afterEach(async () => {
  await smtp?.close();
  temp.cleanup();
});

const memberId = (email: string) =>
  temp.db.prepare("SELECT id FROM users WHERE email = ?").pluck().get(email) as number;

type Row = {
  id: number;
  status: string;
  attempts: number;
  body: string;
  html: string | null;
  secrets: string | null;
  last_error: string | null;
  message_id: string | null;
  next_attempt_at: string | null;
};
const row = (id: number) => temp.db.prepare("SELECT * FROM outbox WHERE id = ?").get(id) as Row;

function worker(url: string, extra: Partial<Parameters<typeof createDelivery>[0]> = {}) {
  return createDelivery({
    db: temp.db,
    transport: smtpTransport(url),
    from: FROM,
    now: () => clock.now,
    ...extra,
  });
}

/** A reset link mailed through the outbox, as POST ForgotPassword writes it. */
function queueReset(email = "trial@example.com", token = "reset-token-abcdefghijklmnopqrstuvwxyz012345") {
  const id = mailOutbox(deps).passwordReset(
    memberId(email),
    token,
    new Date(clock.now.getTime() + 60 * 60_000),
    60,
  );
  return { id: id as number, token };
}

const advance = (ms: number) => {
  clock.now = new Date(clock.now.getTime() + ms);
};

describe("delivery over SMTP", () => {
  it("sends a plain-text and an HTML part to the account's address alone, then keeps no link secret", async () => {
    smtp = await startSmtp();
    const { id, token } = queueReset();
    const summary = await worker(smtp.url).run();
    expect(summary).toEqual({ sent: 1, retrying: 0, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.to).toEqual(["trial@example.com"]);
    expect(mail.from).toBe("no-reply@leads.test");
    const headers = headersOf(mail.raw);
    expect(headers.get("subject")).toEqual(["Reset your password"]);
    expect(headers.get("content-type")?.[0]).toMatch(/^multipart\/alternative/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    // The link is on the app's address; the token appears in the link only.
    const body = bodyOf(mail.raw).replace(/=\r?\n/g, "");
    expect(body).toContain(`${APP}/ForgotPassword/${token}`);
    expect(body.split(token).length - 1).toBe(3); // the text part's link, the HTML button's href and its copy

    const sent = row(id);
    expect(sent.status).toBe("sent");
    expect(sent.attempts).toBe(1);
    expect(headers.get("message-id")).toEqual([sent.message_id]);
    // The outbox is the send log: the link's secret is gone from it.
    expect(sent.body).not.toContain(token);
    expect(sent.html).not.toContain(token);
    expect(sent.body).toContain(`${APP}/ForgotPassword/[redacted]`);
    expect(sent.secrets).toBeNull();
    // Nothing more to send.
    expect(await worker(smtp.url).run()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("loses nothing while the SMTP server is down and sends everything once when it is back", async () => {
    // A port that refuses connections: a server that was started there and stopped.
    const first = await startSmtp();
    const port = first.port;
    await first.close();

    const ids = [queueReset("trial@example.com").id, queueReset("basic@example.com").id];
    ids.push(mailOutbox(deps).welcome(memberId("member@example.com")) as number);
    const lines: string[] = [];
    const delivery = worker(`smtp://127.0.0.1:${port}`, { log: (l) => lines.push(l) });

    // Each run tries the next due row, finds the server down, and stops until the next run.
    for (let i = 0; i < 4; i++) {
      const s = await delivery.run();
      expect(s.sent).toBe(0);
      advance(31_000);
    }
    const waiting = ids.map(row);
    expect(waiting.every((r) => r.status === "pending")).toBe(true);
    expect(waiting.reduce((n, r) => n + r.attempts, 0)).toBe(4);
    expect(waiting.filter((r) => r.attempts > 0).every((r) => /ECONNREFUSED/.test(r.last_error ?? ""))).toBe(
      true,
    );
    // Backoff: the row tried twice waits longer than one tried once.
    const twice = waiting.find((r) => r.attempts === 2);
    expect(twice).toBeDefined();
    expect(new Date(twice?.next_attempt_at ?? 0).getTime() - clock.now.getTime()).toBeGreaterThan(20_000);
    // The log says what happened without the link or its token.
    expect(lines.join("\n")).toMatch(/attempt 1 failed, next in 30 s: .*ECONNREFUSED/);
    expect(lines.join("\n")).not.toMatch(/ForgotPassword|reset-token/);

    // The server is back (on the same port); once the waits are over, each message goes exactly once.
    smtp = await startSmtp({ port });
    advance(10 * 60_000);
    expect(await delivery.run()).toEqual({ sent: 3, retrying: 0, failed: 0 });
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([
      "basic@example.com",
      "member@example.com",
      "trial@example.com",
    ]);
    expect(ids.map((id) => row(id).status)).toEqual(["sent", "sent", "sent"]);
    advance(60 * 60_000);
    expect(await delivery.run()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(3);
  });

  it("a crash between the send and the mark sends at most one duplicate, with the same Message-ID", async () => {
    const arrived: Received[] = [];
    let child: ReturnType<typeof spawn> | null = null;
    smtp = await startSmtp({
      onMessage: async (message) => {
        arrived.push(message);
        // The first copy has reached the server; the worker dies before it hears the answer and marks the row.
        if (arrived.length === 1 && child) {
          const exited = new Promise((resolve) => child?.once("exit", resolve));
          child.kill("SIGKILL");
          await exited;
        }
        return undefined;
      },
    });
    const { id } = queueReset();
    child = spawn(
      process.execPath,
      ["--import", "tsx", join(HERE, "mail-crash-worker.ts"), temp.path, smtp.url],
      { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout?.on("data", (d) => {
      output += d;
    });
    const code = await new Promise((resolve) => child?.once("exit", (c, signal) => resolve(signal ?? c)));
    expect(code).toBe("SIGKILL");
    expect(output).toBe(""); // it never got to the end of its run
    expect(arrived).toHaveLength(1);
    const held = row(id);
    expect(held.status).toBe("pending");
    expect(held.attempts).toBe(1);

    // While the dead worker's lease runs, nobody sends the row again; once it has run out, the next worker does.
    const delivery = worker(smtp.url);
    expect(await delivery.run()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    advance(3 * 60_000);
    expect(await delivery.run()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(arrived).toHaveLength(2);
    const [a, b] = arrived.map((m) => headersOf(m.raw).get("message-id")?.[0]);
    expect(a).toBeDefined();
    expect(b).toBe(a);
    expect(row(id)).toMatchObject({ status: "sent", attempts: 2 });
    advance(60 * 60_000);
    expect(await delivery.run()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(arrived).toHaveLength(2);
  });

  it("marks a refused message failed with the server's reason, without retrying", async () => {
    smtp = await startSmtp({ onMessage: () => smtpError(550, "5.1.1 Mailbox unavailable") });
    const { id, token } = queueReset();
    expect(await worker(smtp.url).run()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const failed = row(id);
    expect(failed.status).toBe("failed");
    expect(failed.last_error).toMatch(/550 .*Mailbox unavailable/);
    expect(failed.body).not.toContain(token);
    advance(60 * 60_000);
    expect(await worker(smtp.url).run()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it("gives up after the last attempt, with the reason", async () => {
    smtp = await startSmtp({ onMessage: () => smtpError(451, "4.3.0 Try again later") });
    const id = mailOutbox(deps).welcome(memberId("trial@example.com")) as number;
    const delivery = worker(smtp.url, { maxAttempts: 3 });
    for (let i = 0; i < 3; i++) {
      await delivery.run();
      advance(60 * 60_000);
    }
    expect(row(id)).toMatchObject({ status: "failed", attempts: 3 });
    expect(row(id).last_error).toMatch(/451 .*Try again later \(gave up after 3 attempts\)/);
  });

  it("does not send a reset link after it has expired, nor to an address the account no longer has", async () => {
    smtp = await startSmtp();
    const late = queueReset("trial@example.com");
    advance(61 * 60_000);
    const moved = queueReset("basic@example.com");
    temp.db
      .prepare("UPDATE users SET email = 'basic.new@example.com' WHERE email = 'basic@example.com'")
      .run();
    expect(await worker(smtp.url).run()).toEqual({ sent: 0, retrying: 0, failed: 2 });
    expect(smtp.received).toHaveLength(0);
    expect(row(late.id).last_error).toBe("Expired before it could be sent.");
    expect(row(moved.id).last_error).toMatch(/address changed/);
  });

  it("names cannot add headers or recipients", async () => {
    smtp = await startSmtp();
    temp.db
      .prepare("UPDATE users SET first_name = ?, last_name = ? WHERE email = 'trial@example.com'")
      .run("Eve\r\nBcc: thief@evil.test", "Smith\nX-Evil: 1");
    queueReset("trial@example.com");
    await worker(smtp.url).run();
    const mail = smtp.received[0];
    expect(mail.to).toEqual(["trial@example.com"]);
    const headers = headersOf(mail.raw);
    expect(headers.has("bcc")).toBe(false);
    expect(headers.has("x-evil")).toBe(false);
    expect(headers.get("to")).toHaveLength(1);
  });
});
