/**
 * Compression of the app's own answers (pages, data requests, CSV): brotli at quality 4 with a 256 KB window
 * when the client takes it (about as fast as gzip's default level, and smaller), else gzip at level 6. What the
 * app writes in one go is flushed together once it has all been written (flushing each of React's many small
 * chunks made brotli cost several milliseconds a page), so a streamed answer still arrives in pieces.
 */
import type { Transform } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";

export type Encoding = "br" | "gzip";

/** The client's preferred encoding among those offered (brotli first on a tie), or null for none. */
export function preferredEncoding(
  header: string | string[] | undefined,
  offered: Encoding[],
): Encoding | null {
  if (!header || offered.length === 0) return null;
  const text = Array.isArray(header) ? header.join(",") : header;
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const part of text.split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    const candidates: Encoding[] = token === "*" ? offered : offered.filter((e) => e === token);
    for (const encoding of candidates) {
      const better = q > bestQ || (q === bestQ && encoding === "br" && best !== "br");
      if (better) {
        best = encoding;
        bestQ = q;
      }
    }
  }
  return best;
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

/** Whether an answer of this type and length is worth compressing. */
export function compressible(contentType: string | null, contentLength: string | null): boolean {
  if (!contentType || !COMPRESSIBLE.test(contentType)) return false;
  return contentLength === null || Number(contentLength) >= 1024;
}

export type Compressor = {
  stream: Transform;
  /** Flushes what was written so far, once the current burst of writes is over. */
  flushSoon: () => void;
};

export function compressor(encoding: Encoding): Compressor {
  const stream =
    encoding === "br"
      ? createBrotliCompress({
          params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 },
        })
      : createGzip({ level: 6 });
  const kind = encoding === "br" ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  let scheduled = false;
  return {
    stream,
    flushSoon() {
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        if (!stream.destroyed && !stream.writableEnded) stream.flush(kind);
      });
    },
  };
}
