/**
 * The path of a request as logs may show it: never the query string (search words are member data), and with
 * the path segments that grant access on their own replaced by "[redacted]": the password-reset token of
 * /ForgotPassword/{token}, the calendar feed's secret of /Calendar/{hash}/Ical and the unsubscribe token of
 * /Unsubscribe/{token}. Routes match case-insensitively and after percent-decoding, so the patterns are checked
 * on the decoded path; what is logged is printable ASCII only (a %0A in a path cannot forge a log line) and at
 * most 300 characters.
 */
const SECRET_SEGMENTS: RegExp[] = [
  /^(\/forgotpassword\/)[^/]+/i,
  /^(\/calendar\/)[^/]+(?=\/ical(?:\.data)?\/?$)/i,
  /^(\/unsubscribe\/)[^/]+/i,
];

const MAX_LOGGED = 300;

function decode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
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

/** `pathOrUrl` is a request target ("/ForgotPassword/abc?x=1") or a full URL. */
export function logPath(pathOrUrl: string): string {
  let path = pathOrUrl;
  if (!path.startsWith("/")) {
    try {
      path = new URL(path).pathname;
    } catch {
      return "[unparsable]";
    }
  }
  const query = path.search(/[?#]/);
  if (query >= 0) path = path.slice(0, query);
  let decoded = decode(path);
  // A dot segment resolves before the routes see it ("/x/../ForgotPassword/t"): fold it the same way here.
  if (/(^|\/)\.\.?(\/|$)/.test(decoded)) decoded = new URL(decoded.replace(/^\/+/, "/"), "http://x").pathname;
  for (const pattern of SECRET_SEGMENTS) decoded = decoded.replace(pattern, "$1[redacted]");
  return printable(decoded);
}
