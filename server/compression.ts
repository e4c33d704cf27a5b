/**
 * Compression of the app's own answers (pages, data requests, CSV): brotli at quality 4 when the client takes
 * it (faster than gzip's default level and smaller), else gzip at level 6. Each chunk is flushed as it comes,
 * so a streamed answer still arrives in pieces.
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

export function compressor(encoding: Encoding): Transform {
  return encoding === "br"
    ? createBrotliCompress({
        flush: constants.BROTLI_OPERATION_FLUSH,
        params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
      })
    : createGzip({ level: 6, flush: constants.Z_SYNC_FLUSH });
}
