/**
 * A request's path as the API's logs show it: without the query string (search words, the feed's `hash`, an
 * unsubscribe `token`), percent-decoded until stable, with any run of 40 or more hex digits (the shape of a feed
 * secret, wherever a caller put it) replaced by "[redacted]", printable ASCII only (a %0A cannot forge a line),
 * at most 300 characters. The app's logs follow the same rule (app/lib/platform/log-path.ts).
 */
const HEX_SECRET = /[0-9a-f]{40,}/gi;
const MAX_LOGGED = 300;

function decoded(path: string): string {
  let current = path;
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

export function loggedPath(url: string): string {
  let path: string;
  try {
    path = new URL(url, "http://api.invalid").pathname;
  } catch {
    return "[unparsable]";
  }
  const clean = [...decoded(path).replace(HEX_SECRET, "[redacted]")]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      return code > 0x20 && code < 0x7f
        ? char
        : Buffer.from(char, "utf8").toString("hex").replace(/../g, "%$&");
    })
    .join("");
  return clean.length > MAX_LOGGED ? `${clean.slice(0, MAX_LOGGED)}…` : clean;
}
