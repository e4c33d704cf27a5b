/**
 * A fault-injecting HTTP proxy on loopback, in front of the reference API. The test switches its mode at run
 * time (in-process: `proxy.set(mode)`). Fault answers are made up by the proxy itself: a faulted request never
 * reaches the API, so a failed save cannot have saved anything upstream.
 *
 * Held answers are the other way round (`proxy.hold(...)`): the request reaches the API, which does what it asks,
 * and the proxy keeps the API's answer until `proxy.release()`. An app that gives up first never gets it: a
 * charge made, its answer lost (decision 138).
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export const FAULT_MODES = ["down", "error500", "malformed", "contract", "timeout", "drop"] as const;
export type FaultMode = "pass" | (typeof FAULT_MODES)[number];

/** What each fault looks like to the app (for test titles and reports). */
export const FAULT_DESCRIPTIONS: Record<FaultMode, string> = {
  pass: "pass-through",
  down: "API down (connection refused / closed socket)",
  error500: "API answers 500 (with a leaky stack trace in its body)",
  malformed: "API answers malformed JSON",
  contract: "API answers valid JSON of the wrong shape",
  timeout: "API answers only after the app's timeout",
  drop: "API drops the connection mid-answer",
};

/** A body an API that leaks its internals might send with a 500: none of it may reach a page. */
export const LEAKY_500_BODY = JSON.stringify({
  message: "SQLITE_BUSY: database is locked",
  stack: "Error: SQLITE_BUSY\n    at Statement.run (/srv/upstream/db/index.ts:42:13)\n    at secret-internal",
});

export class FaultProxy {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  private port = 0;
  private mode: FaultMode = "pass";
  private methods: Set<string> | null = null;
  private path: RegExp | null = null;
  /** Bearer tokens the app sent upstream: they must never show up in a page, a cookie, a URL or a log. */
  readonly tokens = new Set<string>();
  /** Requests seen since the last `resetCount()`, and how many of them were faulted. */
  seen = 0;
  faulted = 0;
  /** Which requests have their answers held, and the release they wait for. */
  private holding: { matches: HoldRule[]; released: Promise<void>; release: () => void } | null = null;
  /** Requests whose answers were held since the last hold(), by "METHOD /path". */
  readonly held: string[] = [];

  constructor(
    private readonly target: string, // e.g. http://127.0.0.1:3101 (origin of the reference API)
    private readonly holdMs = 15_000,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<string> {
    await this.listen();
    return this.url;
  }

  /**
   * Switches the mode. With `methods`, only requests of those methods are faulted (the others pass through):
   * `["POST", "PUT", "DELETE"]` lets a form page load, then fails its save. With `path`, only requests whose path
   * matches it (one call: the charge, not the price before it).
   */
  async set(mode: FaultMode, options: { methods?: string[]; path?: RegExp } = {}) {
    this.mode = mode;
    this.methods = options.methods ? new Set(options.methods.map((m) => m.toUpperCase())) : null;
    this.path = options.path ?? null;
    const refuse = mode === "down" && this.methods === null && this.path === null;
    if (refuse && this.server) {
      // A real "connection refused": stop listening and cut the keep-alive connections the app holds.
      const server = this.server;
      this.server = null;
      for (const socket of this.sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    } else if (!refuse && !this.server) {
      await this.listen();
    }
  }

  /**
   * Holds the answers of the requests that match any of `rules` (a method and a path pattern below the API base)
   * until release(): they reach the API, which acts on them; the app waits for their answers in vain, and gives
   * up after its timeout.
   */
  hold(...rules: HoldRule[]) {
    this.holding?.release();
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.held.length = 0;
    this.holding = { matches: rules, released, release };
  }

  /** Lets the held answers go (to an app that gave up on them, they are lost), and holds no more. */
  release() {
    this.holding?.release();
    this.holding = null;
  }

  resetCount() {
    this.seen = 0;
    this.faulted = 0;
  }

  async close() {
    this.mode = "pass";
    this.release();
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async listen() {
    const server = createServer((req, res) => this.handle(req, res));
    server.keepAliveTimeout = 2_000;
    server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  private handle(req: IncomingMessage, res: import("node:http").ServerResponse) {
    this.seen++;
    const auth = req.headers.authorization;
    if (auth?.startsWith("Bearer ")) this.tokens.add(auth.slice(7));
    const path = new URL(req.url ?? "/", "http://proxy").pathname;
    const spared =
      (this.methods && !this.methods.has((req.method ?? "GET").toUpperCase())) ||
      (this.path && !this.path.test(path));
    const mode = spared ? "pass" : this.mode;
    const holding = this.holding;
    if (mode === "pass" && holding?.matches.some((rule) => ruleMatches(rule, req.method ?? "GET", path))) {
      this.held.push(`${req.method} ${path}`);
      return this.forward(req, res, holding.released);
    }
    if (mode === "pass") return this.forward(req, res);
    this.faulted++;
    // The request body is drained and dropped: nothing reaches the API.
    req.resume();
    const json = { "Content-Type": "application/json" };
    switch (mode) {
      case "down":
        req.socket.destroy();
        return;
      case "error500":
        res.writeHead(500, json).end(LEAKY_500_BODY);
        return;
      case "malformed":
        res.writeHead(200, json).end('{"data": {"id": 1, "title": "Half a JSON docum');
        return;
      case "contract":
        res
          .writeHead(200, json)
          .end(JSON.stringify({ unexpected: true, data: "not the answer", message: 42 }));
        return;
      case "timeout": {
        // Never answers in the app's time; gives up (closes) when the app does, or after holdMs.
        const timer = setTimeout(() => req.socket.destroy(), this.holdMs);
        req.socket.once("close", () => clearTimeout(timer));
        return;
      }
      case "drop": {
        const partial = '{"data": {"id": 1, "title": "A project whose answer is cut';
        res.writeHead(200, { ...json, "Content-Length": String(partial.length * 4) });
        res.write(partial);
        setTimeout(() => req.socket.destroy(), 20);
        return;
      }
    }
  }

  private forward(req: IncomingMessage, res: import("node:http").ServerResponse, heldUntil?: Promise<void>) {
    const target = new URL(req.url ?? "/", this.target);
    const upstream = httpRequest(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        // Hop-by-hop headers are the proxy's own: the API's "Keep-Alive: timeout=5" passed on would tell the app
        // to reuse a connection this proxy closes after 2 s, and the app's next call could land on it as it closes.
        const { connection: _c, "keep-alive": _k, ...headers } = answer.headers;
        if (!heldUntil) {
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
          return;
        }
        // Read whole now (the API is done with it), passed on once released, if anyone still waits for it.
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          void heldUntil.then(() => {
            if (res.destroyed || res.writableEnded) return;
            res.writeHead(answer.statusCode ?? 502, headers);
            res.end(Buffer.concat(chunks));
          });
        });
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  }
}

/** A request whose answer the proxy holds: its method, and a pattern of its path (below the API base). */
export type HoldRule = { method: string; path: RegExp };

const ruleMatches = (rule: HoldRule, method: string, path: string) =>
  rule.method.toUpperCase() === method.toUpperCase() && rule.path.test(path);
