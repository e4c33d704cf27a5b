/**
 * A small HTTP server for the production build, on node:http (docs/decisions/011-app-server.md):
 *
 * - static files of build/client from memory, compressed once (server/static.ts);
 * - the request limits, before React Router sees the request (server/limits.ts, docs/decisions/012-...):
 *   methods a route does not serve (405 with Allow), the query string (414/400), the body's size while it
 *   is read (413, Content-Length or not) and the form's shape (400). A refused request reaches the app only to
 *   render its error page for a browser (requestInfoContext.refusal); other clients get a short text;
 * - the body is read once, into memory, up to the limit: the app gets a Request whose body is that buffer;
 * - the client's address (socket, or the rightmost untrusted X-Forwarded-For hop behind TRUSTED_PROXIES)
 *   through requestInfoContext;
 * - compressed answers (server/compression.ts) and one access-log line per request: method, path without its
 *   query and with secrets redacted (app/lib/platform/log-path.ts), status, time.
 *
 * The configuration is the app's own (app/lib/platform/config.server.ts), validated when the build loads: the server
 * reads it, and the context key, from the build's server entry (app/entry.server.tsx re-exports them).
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { dirname, join, resolve } from "node:path";
import type { Writable } from "node:stream";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  createRequestHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { sharedCacheable } from "../app/lib/platform/cache-control";
import { clientAddressOf } from "../app/lib/platform/client-address.server";
import type { Config } from "../app/lib/platform/config.server";
import { logPath, nonCanonicalSecretPath } from "../app/lib/platform/log-path";
import type { RequestInfo, RequestRefusal } from "../app/lib/platform/request-info.server";
import { compressible, compressor, preferredEncoding } from "./compression";
import { gracefulStop } from "./graceful-stop";
import { checkFormBody, checkQuery, REFUSALS } from "./limits";
import { methodTable } from "./methods";
import { staticFiles } from "./static";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** What the server needs from the build's server entry (app/entry.server.tsx). */
type AppEntry = { config: Config; requestInfoContext: RouterContext<RequestInfo> };

/** Whole requests (headers and body) must arrive within this time; a slow-drip client is cut off. */
const REQUEST_TIMEOUT_MS = 30_000;
const HEADERS_TIMEOUT_MS = 15_000;
/**
 * How long an idle keep-alive connection stays open: longer than a load balancer's own idle timeout (60 s for
 * the common ones), so that the balancer, not the app, closes it; otherwise it may send a request on a
 * connection the app is closing at that moment, and answer 502.
 */
const KEEP_ALIVE_MS = 65_000;

const PLAIN = {
  "Content-Type": "text/plain; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
};

type ReadResult = { kind: "ok"; body: Buffer } | { kind: "too-large"; prefix: Buffer } | { kind: "aborted" };

/** Reads the body into memory, stopping (and pausing the socket) as soon as it passes `max` bytes. */
function readBody(req: IncomingMessage, max: number): Promise<ReadResult> {
  return new Promise((resolveRead) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: ReadResult) => {
      if (settled) return;
      settled = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("close", onClose);
      req.off("error", onClose);
      resolveRead(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.pause();
        chunks.push(chunk.subarray(0, chunk.length - (size - max)));
        settle({ kind: "too-large", prefix: Buffer.concat(chunks, max) });
      } else chunks.push(chunk);
    };
    const onEnd = () =>
      settle({ kind: "ok", body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size) });
    const onClose = () => settle({ kind: "aborted" });
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("close", onClose);
    req.once("error", onClose);
  });
}

/** How much of a refused body is still read and dropped after the answer, and for how long, before the cut. */
const LINGER_BYTES = 16 * 1024 * 1024;
const LINGER_MS = 5_000;

/**
 * A refused request whose body has not all arrived is answered and then closed, as nginx does ("lingering
 * close"): the answer says `Connection: close` and goes out at once; after it the server ends its side of the
 * connection (FIN) and keeps reading and dropping what the client still sends, up to LINGER_BYTES or LINGER_MS,
 * whichever comes first, or until the client closes. Closing at once with the client's bytes still arriving makes
 * the kernel reset the connection, and the client then loses the answer it has not read yet (what a body
 * declared over 16 MiB got before: a reset instead of its 413).
 */
function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete) return;
  res.shouldKeepAlive = false;
  const socket = req.socket;
  let dropped = 0;
  const cut = () => socket.destroy();
  const timer = setTimeout(cut, LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) cut();
  });
  req.resume();
  // Node ends a connection that closes after its answer with socket.destroySoon(): the FIN, then the socket's
  // destruction as soon as the answer is flushed. Only the FIN here; the caps above (or the client) end the rest.
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
  };
}

function declaredTooLarge(req: IncomingMessage, max: number): boolean {
  return Number(req.headers["content-length"] ?? Number.NaN) > max;
}

function expectsContinue(req: IncomingMessage): boolean {
  return /^\s*100-continue\s*$/i.test(req.headers.expect ?? "");
}

function plainAnswer(
  res: ServerResponse,
  status: number,
  message: string,
  extra: Record<string, string> = {},
) {
  res.writeHead(status, { ...PLAIN, ...extra });
  res.end(`${message}\n`);
}

/** Browsers (a page or a client navigation's data request) get the app's error page; other clients a text. */
function wantsPage(req: IncomingMessage, pathname: string) {
  return pathname.endsWith(".data") || /\btext\/html\b/i.test(req.headers.accept ?? "");
}

/**
 * The Fetch API headers of the request (Node has checked their syntax already). An empty header counts as
 * absent, as in React Router's Express adapter: React Router refuses an action whose Origin is "" with a bare 400
 * before the app's CSRF guard can answer it (decision 006).
 */
function fetchHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i + 1] === "") continue;
    try {
      headers.append(raw[i], raw[i + 1]);
    } catch {
      // a value the Fetch API refuses: the app does not need it
    }
  }
  return headers;
}

const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

async function writeBody(
  body: ReadableStream<Uint8Array>,
  res: ServerResponse,
  encoding: "br" | "gzip" | null,
): Promise<void> {
  let sink: Writable = res;
  let flushSoon = () => {};
  if (encoding) {
    const zip = compressor(encoding);
    zip.stream.on("error", () => res.destroy());
    zip.stream.pipe(res);
    sink = zip.stream;
    flushSoon = zip.flushSoon;
  }
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) break;
      const more = sink.write(value);
      flushSoon();
      if (!more) {
        // Wait for drain or close, then remove the loser's listeners: a long download meets backpressure many
        // times, and listeners left behind on the response pile up (Node's MaxListenersExceededWarning).
        const settled = new AbortController();
        const drained = once(sink, "drain", { signal: settled.signal }).then(
          () => true,
          () => true,
        );
        const closed = once(res, "close", { signal: settled.signal }).then(
          () => false,
          () => false,
        );
        const writable = await Promise.race([drained, closed]);
        settled.abort();
        if (!writable) break;
      }
    }
    if (res.destroyed) await reader.cancel();
    else sink.end();
  } catch {
    // The app's stream failed mid-answer (the client went away, or a render broke): the answer cannot be
    // completed, so the connection is cut rather than left with a truncated body that looks complete.
    res.destroy();
    await reader.cancel().catch(() => {});
  }
}

function summary(error: unknown) {
  return error instanceof Error ? `${error.name}: ${error.message}` : "non-Error value thrown";
}

/** The build, and what the server reads from its server entry. */
interface LoadedApp {
  build: ServerBuild;
  buildPath: string;
  config: Config;
  requestInfoContext: RouterContext<RequestInfo>;
}

/** Imports the server build; an invalid configuration or an old build ends the process with one line, no stack. */
async function loadApp(buildPath: string): Promise<LoadedApp> {
  let build: ServerBuild;
  try {
    build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  } catch (error) {
    // An invalid configuration throws here, with its message: print it without a stack trace.
    console.error(`[server] cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const entry = build.entry.module as unknown as Partial<AppEntry>;
  if (!entry.config || !entry.requestInfoContext) {
    console.error("[server] the build does not export config and requestInfoContext: run `npm run build`.");
    process.exit(1);
  }
  return { build, buildPath, config: entry.config, requestInfoContext: entry.requestInfoContext };
}

function accessLog(method: string, target: string, res: ServerResponse, started: number) {
  const ms = (performance.now() - started).toFixed(1);
  const status = res.writableFinished
    ? String(res.statusCode)
    : `${res.headersSent ? res.statusCode : "-"} aborted`;
  process.stdout.write(`${method} ${logPath(target)} ${status} ${ms} ms\n`);
}

/** The Fetch API request React Router gets: the node request's headers, its body (read already), its abort. */
function fetchRequest(req: IncomingMessage, res: ServerResponse, host: string, body: Buffer | null): Request {
  const method = req.method === "HEAD" ? "HEAD" : req.method === "POST" ? "POST" : "GET";
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = fetchHeaders(req);
  let init: RequestInit = { method, headers, signal: controller.signal };
  if (method === "POST") {
    headers.delete("transfer-encoding");
    headers.set("content-length", String(body?.length ?? 0));
    // A Buffer is a Uint8Array; TypeScript's DOM types want one over a plain ArrayBuffer.
    init = { ...init, body: (body ?? new Uint8Array(0)) as Uint8Array<ArrayBuffer> };
  }
  return new Request(`http://${host}${req.url}`, init);
}

/** Writes the app's answer: status, headers (cookies held back from shared-cacheable answers), compressed body. */
async function sendResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  allowed: () => string,
): Promise<void> {
  const method = req.method ?? "GET";
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  // Never a cookie on an answer a shared cache may keep and hand to others (the app already holds it back:
  // app/lib/platform/middleware.server.ts; this is the last line).
  if (cookies.length && sharedCacheable(response.headers.get("cache-control"))) {
    console.warn(
      `[server] ${method} ${logPath(req.url ?? "/")}: Set-Cookie dropped from a shared-cacheable answer`,
    );
  } else if (cookies.length) res.setHeader("Set-Cookie", cookies);
  if (response.status === 405 && !res.hasHeader("allow")) res.setHeader("Allow", allowed());
  const noBody = method === "HEAD" || response.status === 204 || response.status === 304;
  if (!response.body || noBody) {
    await response.body?.cancel();
    res.end();
    return;
  }
  let encoding: "br" | "gzip" | null = null;
  if (
    !response.headers.has("content-encoding") &&
    compressible(response.headers.get("content-type"), response.headers.get("content-length"))
  ) {
    encoding = preferredEncoding(req.headers["accept-encoding"], ["br", "gzip"]);
    const vary = response.headers.get("vary");
    res.setHeader("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  }
  if (encoding) {
    res.setHeader("Content-Encoding", encoding);
    res.removeHeader("Content-Length");
  }
  await writeBody(response.body, res, encoding);
}

/**
 * The request pipeline: static files, secret paths, methods, the query, the body's size and shape, and then the
 * app. Each refusal is answered before React Router parses anything.
 */
function requestPipeline(app: LoadedApp) {
  const { config, requestInfoContext } = app;
  const limits = config.requestLimits;
  const trusted = config.trustedProxies?.blockList ?? null;
  const handleRequest = createRequestHandler(app.build, "production");
  const statics = staticFiles(resolve(dirname(app.buildPath), "..", "client"));
  const methods = methodTable(app.build);

  /** A refusal of a request whose body may be partly unread: answered, then closed (closeAfterAnswer). */
  async function refuse(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    refusal: RequestRefusal,
    allow?: string,
  ) {
    closeAfterAnswer(req, res);
    const extra: Record<string, string> = allow ? { Allow: allow } : {};
    if (refusal.status === 405 || !wantsPage(req, pathname)) {
      plainAnswer(res, refusal.status, refusal.message, extra);
      return;
    }
    await answerFromApp(req, res, pathname, null, refusal);
  }

  async function answerFromApp(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    body: Buffer | null,
    refusal: RequestRefusal | null,
  ) {
    const host = req.headers.host ?? "localhost";
    if (!HOST.test(host)) return plainAnswer(res, 400, "Bad request.");
    const context = new RouterContextProvider();
    context.set(requestInfoContext, {
      clientAddress: clientAddressOf(
        req.socket.remoteAddress,
        req.headers["x-forwarded-for"] as string | undefined,
        trusted,
      ),
      refusal,
    });
    const response = await handleRequest(fetchRequest(req, res, host, body), context);
    await sendResponse(req, res, response, () => methods.allowed(pathname));
  }

  return async function handle(req: IncomingMessage, res: ServerResponse) {
    const started = performance.now();
    const method = req.method ?? "GET";
    const target = req.url ?? "/";
    res.once("close", () => accessLog(method, target, res, started));
    if (!target.startsWith("/")) return plainAnswer(res, 400, "Bad request.");
    const q = target.indexOf("?");
    const pathname = q < 0 ? target : target.slice(0, q);
    const search = q < 0 ? "" : target.slice(q + 1);

    if ((method === "GET" || method === "HEAD") && (await statics.serve(pathname, req, res))) return;
    // A secret path (a reset token, a calendar feed) is served at its one canonical spelling only, whose
    // redaction in the logs is certain; any other spelling of it is a 404 (app/lib/platform/log-path.ts).
    if (nonCanonicalSecretPath(pathname)) return refuse(req, res, pathname, REFUSALS.notFound);

    if (method === "OPTIONS") {
      res.writeHead(204, { Allow: `${methods.allowed(pathname)}, OPTIONS`, "Cache-Control": "no-store" });
      res.end();
      return;
    }
    const get = method === "GET" || method === "HEAD";
    if (!get && !(method === "POST" && methods.allowed(pathname).includes("POST"))) {
      return refuse(req, res, pathname, REFUSALS.methodNotAllowed, methods.allowed(pathname));
    }
    const queryRefusal = checkQuery(search, limits);
    if (queryRefusal) return refuse(req, res, pathname, queryRefusal);
    if (get) return answerFromApp(req, res, pathname, null, null);

    // A client waiting for "100 Continue" has sent nothing yet: a declared size over the limit is refused before it
    // sends any of it (listenFor's checkContinue holds the 100 back).
    if (declaredTooLarge(req, limits.maxBodyBytes) && expectsContinue(req)) {
      return refuse(req, res, pathname, REFUSALS.bodyTooLarge);
    }
    // Otherwise read up to the limit even when Content-Length already says more: a body whose first part breaks the
    // form limits is answered as such (400), a merely large one 413.
    const read = await readBody(req, limits.maxBodyBytes);
    if (read.kind === "aborted") return;
    if (read.kind === "too-large") {
      // A body that is already malformed within the limit (a field repeated thousands of times) says so first.
      const shape = checkFormBody(req.headers["content-type"], read.prefix, limits);
      return refuse(req, res, pathname, shape ?? REFUSALS.bodyTooLarge);
    }
    const formRefusal = checkFormBody(req.headers["content-type"], read.body, limits);
    if (formRefusal) return refuse(req, res, pathname, formRefusal);
    return answerFromApp(req, res, pathname, read.body, null);
  };
}

/** The node:http server around the pipeline: its timeouts, "100 Continue", CONNECT, and a graceful stop. */
function createAppServer(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  maxBodyBytes: number,
) {
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    stopper.track(req, res);
    handle(req, res).catch((error) => {
      console.error(`[server] ${req.method} ${logPath(req.url ?? "/")}: ${summary(error)}`);
      if (!res.headersSent) plainAnswer(res, 500, "Something went wrong. Please try again in a moment.");
      else res.destroy();
    });
  };
  const server = createServer(
    {
      requestTimeout: REQUEST_TIMEOUT_MS,
      headersTimeout: HEADERS_TIMEOUT_MS,
      keepAliveTimeout: KEEP_ALIVE_MS,
    },
    onRequest,
  );
  const stopper = gracefulStop(server);
  // "Expect: 100-continue": the client is told to go on unless the size it declares is already too large, which
  // the pipeline then refuses at once (413), before the client has sent a byte of it.
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    if (!declaredTooLarge(req, maxBodyBytes)) res.writeContinue();
    onRequest(req, res);
  });
  // CONNECT never becomes a request event: answer it here, like the other methods no route serves.
  server.on("connect", (req: IncomingMessage, socket: Socket) => {
    process.stdout.write(`CONNECT ${logPath(req.url ?? "/")} 405 0.0 ms\n`);
    socket.end(
      "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    );
  });
  return { server, stopper };
}

/** Listens on the configured address; a port in use ends the process with one line. */
async function listen(server: Server, config: Config): Promise<void> {
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once("error", rejectListen);
    server.listen(config.port, config.host, () => resolveListen());
  }).catch((error: NodeJS.ErrnoException) => {
    console.error(`[server] cannot listen on ${config.host}:${config.port}: ${error.code ?? error.message}`);
    process.exit(1);
  });
  const shown = config.host.includes(":") ? `[${config.host}]` : config.host;
  console.log(`[server] listening on http://${shown}:${config.port}`);
}

/** SIGINT/SIGTERM: running requests get a few seconds, then the process exits. */
function stopOnSignals(stopper: ReturnType<typeof gracefulStop>): void {
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stopper.stop(() => process.exit(0));
      // Requests still running get a few seconds; the rate limiter's Redis connection must not hold the exit.
      setTimeout(() => process.exit(0), 5_000).unref();
    });
  }
}

export async function startAppServer(options: { buildPath?: string } = {}) {
  const app = await loadApp(
    resolve(options.buildPath ?? process.env.APP_BUILD ?? join(ROOT, "build/server/index.js")),
  );
  const { server, stopper } = createAppServer(requestPipeline(app), app.config.requestLimits.maxBodyBytes);
  await listen(server, app.config);
  stopOnSignals(stopper);
  return server;
}
