/**
 * The build's client files (build/client: hashed assets under /assets/, and public/'s files copied next to
 * them). The list is read once at start, so a request can only ever name one of those files (no path
 * walking). Each file is read and compressed (brotli at its best quality, gzip) once, off the event loop, on
 * its first request, and then served from memory: the whole directory is about 1 MB.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { type Encoding, preferredEncoding } from "./compression";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json",
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/;

/** Hashed build output never changes under its name; public/'s files may change with a deployment. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=3600";

type Loaded = { raw: Buffer; etag: string; br: Buffer | null; gzip: Buffer | null };
type Entry = { file: string; type: string; cacheControl: string; loaded: Promise<Loaded> | null };

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

async function load(entry: Entry): Promise<Loaded> {
  const raw = readFileSync(entry.file);
  const etag = `"${createHash("sha1").update(raw).digest("base64url")}"`;
  if (!COMPRESSIBLE.test(entry.type) || raw.length < 512) return { raw, etag, br: null, gzip: null };
  const [br, gz] = await Promise.all([
    brotliAsync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { raw, etag, br: br.length < raw.length ? br : null, gzip: gz.length < raw.length ? gz : null };
}

export type StaticFiles = {
  /** Answers the request when it names a client file (true), or leaves it to the app (false). */
  serve: (pathname: string, req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
};

export function staticFiles(root: string): StaticFiles {
  const files = new Map<string, Entry>();
  for (const file of walk(root)) {
    const urlPath = `/${relative(root, file).split(sep).join("/")}`;
    files.set(urlPath, {
      file,
      type: TYPES[extname(file).toLowerCase()] ?? "application/octet-stream",
      cacheControl: urlPath.startsWith("/assets/") ? IMMUTABLE : SHORT,
      loaded: null,
    });
  }

  return {
    async serve(pathname, req, res) {
      const entry = files.get(pathname);
      if (!entry) {
        // A hashed file that no longer exists (an old page after a deployment): a 404, not the app's redirect.
        if (!pathname.startsWith("/assets/")) return false;
        res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
        res.end("Not found");
        return true;
      }
      if (req.method !== "GET" && req.method !== "HEAD") return false;
      entry.loaded ??= load(entry);
      const loaded = await entry.loaded;
      const headers: Record<string, string | number> = {
        "Content-Type": entry.type,
        "Cache-Control": entry.cacheControl,
        ETag: loaded.etag,
        "X-Content-Type-Options": "nosniff",
      };
      if (loaded.br || loaded.gzip) headers.Vary = "Accept-Encoding";
      if (req.headers["if-none-match"] === loaded.etag) {
        res.writeHead(304, headers);
        res.end();
        return true;
      }
      const offered: Encoding[] = [];
      if (loaded.br) offered.push("br");
      if (loaded.gzip) offered.push("gzip");
      const encoding = preferredEncoding(req.headers["accept-encoding"], offered);
      const body = encoding === "br" ? loaded.br : encoding === "gzip" ? loaded.gzip : loaded.raw;
      if (encoding) headers["Content-Encoding"] = encoding;
      headers["Content-Length"] = (body ?? loaded.raw).length;
      res.writeHead(200, headers);
      res.end(req.method === "HEAD" ? undefined : body);
      return true;
    },
  };
}
