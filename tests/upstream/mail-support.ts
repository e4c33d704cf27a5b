/**
 * A real SMTP server for the mail tests (smtp-server, the library MailDev is built on), on a port the system
 * picks, keeping what it receives: the envelope and the raw message.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: Received[];
  close: () => Promise<void>;
}

/** The headers of a raw message, unfolded, by lower-case name (a name seen twice keeps every value). */
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

/** The body of a raw message (everything after the header block). */
export const bodyOf = (raw: string) =>
  raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join("\n\n");

/**
 * Starts a server. `onMessage` runs when a message's data has arrived, before the server answers 250 (or the
 * answer it returns: an Error with responseCode refuses the message).
 */
export async function startSmtp(
  options: {
    port?: number;
    onMessage?: (message: Received) => Promise<Error | undefined> | Error | undefined;
  } = {},
): Promise<TestSmtp> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const message: Received = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        const refusal = await options.onMessage?.(message);
        if (refusal) return callback(refusal);
        received.push(message);
        callback();
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An SMTP refusal with its reply code. */
export function smtpError(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}
