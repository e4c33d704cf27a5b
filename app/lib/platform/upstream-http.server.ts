/**
 * The transport of the API client's JSON calls: node:http(s) with kept-alive connections, the whole answer read
 * into memory. Node's fetch costs about twice the CPU per call (measured in docs/decisions/066-less-work-per-page.md),
 * and a member page makes three or four calls; downloads, which are streamed through, still use fetch
 * (api.server.ts).
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

/** What the client needs of an answer: its status, and its body as JSON (a SyntaxError when it is not). */
export type UpstreamAnswer = { status: number; ok: boolean; json: () => Promise<unknown> };

/** A JSON answer larger than this is refused rather than held in memory (the largest are a few hundred KB). */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** An answer that began but cannot be read whole: cut off mid-way, or larger than MAX_ANSWER_BYTES. */
export class UnreadableAnswerError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "UnreadableAnswerError";
  }
}

// Idle connections close after 4 s (as fetch's did), before a server's usual 5 s keep-alive timeout.
const agents = {
  "http:": new HttpAgent({ keepAlive: true, timeout: 4000 }),
  "https:": new HttpsAgent({ keepAlive: true, timeout: 4000 }),
};

type Init = { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal };

/**
 * One call, resolved once the whole answer has arrived. A GET sent on a kept-alive connection that the server
 * had just closed is sent once more on a new one (Node's documented `reusedSocket` case); anything else that
 * fails rejects, an abort through `signal` included (its reason is the signal's).
 */
export function requestJson(url: URL, init: Init): Promise<UpstreamAnswer> {
  return send(url, init).catch((error: unknown) => {
    if (init.method === "GET" && !init.signal.aborted && (error as { retry?: boolean }).retry) {
      return send(url, init);
    }
    throw error;
  });
}

function send(url: URL, init: Init): Promise<UpstreamAnswer> {
  const transport = url.protocol === "https:" ? httpsRequest : httpRequest;
  const agent = url.protocol === "https:" ? agents["https:"] : agents["http:"];
  const headers = { ...init.headers };
  if (init.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(init.body));
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    const req = transport(url, { method: init.method, headers, agent, signal: init.signal }, (res) => {
      readAll(res).then((body) => {
        if (settled) return;
        settled = true;
        const status = res.statusCode ?? 0;
        resolve({
          status,
          ok: status >= 200 && status < 300,
          json: async () => JSON.parse(body.toString("utf8")) as unknown,
        });
      }, fail);
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      // The server closed a kept-alive connection as this request went out on it: safe to send a GET again.
      const stale = req.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE");
      fail(init.signal.aborted ? (init.signal.reason ?? error) : Object.assign(error, { retry: stale }));
    });
    req.end(init.body);
  });
}

function readAll(res: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) {
        res.destroy(new UnreadableAnswerError(`larger than ${MAX_ANSWER_BYTES} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    res.once("end", () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size)));
    // The socket's own error (a reset mid-answer) says the same as 'close' below: the answer is cut off.
    res.on("error", (error) =>
      reject(error instanceof UnreadableAnswerError ? error : new UnreadableAnswerError("cut off")),
    );
    // Cut off mid-answer (the connection dropped, or the call was aborted): no 'end' follows.
    res.once("close", () => {
      if (!res.complete) reject(new UnreadableAnswerError("cut off"));
    });
  });
}
