/**
 * Whether a response with this Cache-Control may be stored by a shared cache (a proxy, a CDN) and served to
 * others: any Cache-Control that says neither `private` nor `no-store`. Such an answer must never carry a
 * Set-Cookie, or a cache could hand one member's session to everyone who asks for the same file. An answer without
 * Cache-Control is not counted here: the app gives every answer of its own one (`no-store` by default,
 * app/lib/platform/middleware.server.ts).
 */
export function sharedCacheable(cacheControl: string | null | undefined): boolean {
  if (!cacheControl) return false;
  return !/(^|[\s,])(private|no-store)\b/i.test(cacheControl);
}
