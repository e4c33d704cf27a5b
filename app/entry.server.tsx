import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { litePagesContext, nonceContext } from "./lib/platform/contexts";
import { LitePagesProvider } from "./lib/platform/lite-pages";
import { logPath } from "./lib/platform/log-path";
import { NonceProvider } from "./lib/platform/nonce";
import { paintBeforeScriptBytes } from "./lib/platform/paint-first.server";

// The app server (server/app-server.ts) reads the validated configuration and the context key it hands the
// client address and refusals over with from here: the build's server entry is the one module both share.
export { config } from "./lib/platform/config.server";
export { requestInfoContext } from "./lib/platform/contexts";

export const streamTimeout = 10_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(nonceContext);
  const lite = loadContext.get(litePagesContext);
  // A lite page hydrates nothing: without the data stream for the client router, no script is written at all
  // (the document itself leaves out <Scripts> and <ScrollRestoration>, root.tsx).
  if (lite) routerContext.serverHandoffStream?.cancel().catch(() => {});
  const context = lite ? { ...routerContext, serverHandoffStream: undefined } : routerContext;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Abort a render that outlives the stream timeout; cleared once the document is complete.
    let abortTimer: NodeJS.Timeout | undefined;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <LitePagesProvider value={lite}>
          <ServerRouter context={context} url={request.url} nonce={nonce} />
        </LitePagesProvider>
      </NonceProvider>,
      {
        nonce,
        // A Suspense boundary that completed before the document was written is written in place, however
        // large (React's default moves boundaries over 12 KB to the end, filled in by a script): a lazy part
        // (lazy-part.tsx) must be whole in the HTML, without JavaScript too.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // The whole document at once, for every client: the loaders defer nothing, so streaming would only
        // split the same bytes into pieces, and a page without JavaScript could not fill in a streamed part.
        // Having it whole also lets its scripts be set to run after the first paint (paint-first.server.ts).
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(abortTimer);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              // Bytes, not a string: a string body is decoded and checked character by character again.
              const html = Buffer.concat(chunks);
              const body = lite ? html : paintBeforeScriptBytes(html);
              resolve(
                new Response(body as Uint8Array<ArrayBuffer>, {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              );
              done();
            },
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error("[render]", (error as Error)?.message ?? error);
        },
      },
    );
    abortTimer = setTimeout(abort, streamTimeout + 1000);
    abortTimer.unref();
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // The error's name and message only: no stack trace in logs (house rule), no request data.
  const summary = error instanceof Error ? `${error.name}: ${error.message}` : "non-Error value thrown";
  console.error(`[route] ${request.method} ${logPath(request.url)}: ${summary}`);
}
