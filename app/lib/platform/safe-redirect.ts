/** Longer targets are refused: they would make a Location header that clients and proxies reject (>8-16 KB). */
const MAX_REDIRECT_LENGTH = 2048;

/**
 * Returns a same-origin path for a user-supplied redirect value, or the fallback.
 * Tabs and line breaks are stripped first (browsers ignore them in URLs, so "/\t/evil" is "//evil").
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value === "" || value.length > MAX_REDIRECT_LENGTH) return fallback;
  const cleaned = value.replace(/[\t\n\r]/g, "").trim();
  if (!cleaned.startsWith("/")) return fallback;
  const origin = "http://app.invalid";
  let url: URL;
  try {
    url = new URL(cleaned, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/\\evil" and "//evil" normalise to another origin above; this guards any remaining doubled slash.
  if (path.startsWith("//") || path.length > MAX_REDIRECT_LENGTH) return fallback;
  return path;
}
