/**
 * Requests at the HTTP level, with what fetch cannot do: any method (TRACE), a chosen source address
 * (127.0.0.x: another client for the rate limits), a body sent in chunks without Content-Length, and a body the
 * client is still sending when the answer arrives.
 */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { createServer } from "node:net";

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: string; ms: number };

export type RawOptions = {
  method?: string;
  headers?: Record<string, string>;
  /** Sent with Content-Length (unless `chunked`). */
  body?: string | Buffer;
  /** Send the body with Transfer-Encoding: chunked, in pieces of this size. */
  chunked?: number;
  /**
   * Keep sending chunks of `chunked` bytes until the answer arrives (or this many bytes are sent): for a server
   * that must answer before the client is done.
   */
  endless?: number;
  /** The client's own address: 127.0.0.2, 127.0.0.3, … are other clients on loopback. */
  localAddress?: string;
  timeoutMs?: number;
};

export function rawRequest(url: string, options: RawOptions = {}): Promise<RawAnswer> {
  const target = new URL(url);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let answered = false;
    // Connected on 127.0.0.1, but named as the browser names it (the CSRF check compares Origin with Host).
    const headers: Record<string, string> = { Host: target.host, ...options.headers };
    const body = typeof options.body === "string" ? Buffer.from(options.body) : options.body;
    if (body && !options.chunked) headers["Content-Length"] = String(body.length);
    if (options.chunked) headers["Transfer-Encoding"] = "chunked";
    const req = httpRequest(
      {
        host: target.hostname === "localhost" ? "127.0.0.1" : target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? "GET",
        headers,
        agent: false,
        localAddress: options.localAddress,
        timeout: options.timeoutMs ?? 15_000,
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            ms: performance.now() - started,
          });
          req.destroy();
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () =>
      req.destroy(new Error(`no answer from ${options.method ?? "GET"} ${url} in time`)),
    );
    // Writing after the server has answered and closed may fail: the answer is what counts.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (options.endless && options.chunked) {
      const piece = Buffer.alloc(options.chunked, "a");
      let sent = 0;
      const pump = () => {
        if (answered || req.destroyed) return;
        if (sent >= (options.endless ?? 0)) return req.end();
        sent += piece.length;
        req.write(piece, () => setTimeout(pump, 5));
      };
      if (body) req.write(body);
      pump();
      return;
    }
    if (body && options.chunked) {
      for (let i = 0; i < body.length; i += options.chunked) req.write(body.subarray(i, i + options.chunked));
      req.end();
      return;
    }
    req.end(body);
  });
}

/** A port nobody listens on right now (for side apps and redis-server). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
