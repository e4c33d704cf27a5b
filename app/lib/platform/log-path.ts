/**
 * The path of a request as logs may show it: never the query string (search words are member data), and with
 * the path segments that grant access on their own replaced by "[redacted]": the password-reset token of
 * /ForgotPassword/{token}, the calendar feed's secret of /Calendar/{hash} (whatever follows it, or nothing) and
 * the unsubscribe token of /Unsubscribe/{token}; and, wherever it stands, any run of 40 or more hex digits (the
 * shape of a feed secret). The patterns are matched on
 * the path normalised the way a router or a browser may read it (percent-decoding, repeated until stable;
 * backslashes as slashes; repeated slashes as one; dot segments resolved; trailing slashes dropped; any case), so
 * that no spelling of a secret path reaches a log. What is logged is that normalised path, printable ASCII only
 * (a %0A in a path cannot forge a log line), at most 300 characters.
 *
 * The secret paths also have one canonical spelling, the one the app writes (in the reset e-mail, on the calendar
 * page): any other spelling of them is answered 404 by the app server (server/app-server.ts), so a secret is
 * only ever served at the address whose redaction is certain.
 */
const SECRET_SEGMENTS: RegExp[] = [
  /^(\/forgotpassword\/)[^/]+/i,
  /^(\/calendar\/)[^/]+/i,
  /^(\/unsubscribe\/)[^/]+/i,
];

/** A feed secret (20 random bytes as hex) however it got into a path: no log shows one. */
const HEX_SECRET = /[0-9a-f]{40,}/gi;

/**
 * The secret routes as the router matches them (any case; `.data` for a client navigation's data request, `/_.data`
 * for one from the path with a trailing slash). Every path under /Calendar/{hash} is one: the feed lives at
 * /Calendar/{hash}/Ical only, and anything else there (the secret alone, "/.", "/x", "/Ical/..") is a mistyped feed
 * address, a 404 rather than a redirect to the home page.
 */
const SECRET_ROUTES: RegExp[] = [
  /^\/forgotpassword\/[^/]+(\/_)?(\.data)?$/i,
  /^\/calendar\/[^/]+(\/.*)?$/i,
  /^\/unsubscribe\/[^/]+(\/_)?(\.data)?$/i,
];

/** The one spelling of each secret path the app writes, and serves. */
const CANONICAL: RegExp[] = [
  /^\/ForgotPassword\/[A-Za-z0-9_-]+(\.data)?$/,
  /^\/Calendar\/[0-9a-f]{40}\/Ical$/,
  /^\/Unsubscribe\/[A-Za-z0-9_-]+(\.data)?$/,
];

const MAX_LOGGED = 300;

function decode(path: string): string {
  let current = path;
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

function printable(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    out +=
      code > 0x20 && code < 0x7f ? char : Buffer.from(char, "utf8").toString("hex").replace(/../g, "%$&");
    if (out.length > MAX_LOGGED) return `${out.slice(0, MAX_LOGGED)}…`;
  }
  return out;
}

/** The path of a request target or URL, without its query string and fragment (null when it cannot be read). */
function pathOf(pathOrUrl: string): string | null {
  let path = pathOrUrl;
  if (!path.startsWith("/")) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  const query = path.search(/[?#]/);
  return query >= 0 ? path.slice(0, query) : path;
}

/**
 * A path as the router (or a browser's URL parser) may read it: decoded, backslashes as slashes, one slash at a
 * time, dot segments resolved, no trailing slash.
 */
function normalisedPath(path: string): string {
  let normal = decode(path)
    .replace(/\\/g, "/")
    .replace(/\/{2,}/g, "/");
  if (/(^|\/)\.\.?(\/|$)/.test(normal)) {
    try {
      normal = new URL(normal.replace(/^\/*/, "/"), "http://x").pathname;
      normal = decode(normal).replace(/\/{2,}/g, "/");
    } catch {
      // not a path a router could read either: it stays as it is
    }
  }
  return normal.length > 1 ? normal.replace(/\/+$/, "") || "/" : normal;
}

/** `pathOrUrl` is a request target ("/ForgotPassword/abc?x=1") or a full URL. */
export function logPath(pathOrUrl: string): string {
  const path = pathOf(pathOrUrl);
  if (path === null) return "[unparsable]";
  let logged = normalisedPath(path);
  for (const pattern of SECRET_SEGMENTS) logged = logged.replace(pattern, "$1[redacted]");
  return printable(logged.replace(HEX_SECRET, "[redacted]"));
}

/**
 * Whether a request path (without its query) is another spelling of a secret path than the canonical one: a
 * trailing or doubled slash, another case, a percent-encoded character, a backslash, a dot segment. The app server
 * answers these 404.
 */
export function nonCanonicalSecretPath(path: string): boolean {
  if (CANONICAL.some((pattern) => pattern.test(path))) return false;
  const normal = normalisedPath(path);
  return SECRET_ROUTES.some((pattern) => pattern.test(normal));
}
