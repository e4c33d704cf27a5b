/**
 * The login device cookie of OWASP's "Slow Down Online Guessing Attacks with Device Cookies"
 * (docs/decisions/079-login-device-cookies.md): a browser that has logged in to an account carries a signed cookie
 * naming it a known device of that account, with a random id that the password checks' limiter counts failures
 * against (app/lib/platform/rate-limit.server.ts). It survives logout (it names the browser, not a session) and is
 * renewed, with a new id, at every success; it holds up to five accounts (a shared family or office browser).
 *
 * The cookie is signed with SESSION_SECRET (react-router's cookie signing; a list rotates): a forged or altered one
 * is no cookie. It holds no e-mail address, only its hash (the limiter's key for the account), and the ids.
 */
import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { config } from "./config.server";
import { emailKey } from "./rate-limit.server";

const MAX_ACCOUNTS = 5;

type Entry = { a: string; d: string };

const cookie = createCookie(config.cookieSecure ? "__Host-device" : "device", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: config.cookieSecure,
  secrets: config.sessionSecrets,
  maxAge: Math.floor(config.loginDeviceCookieMs / 1000),
});

async function entries(request: Request): Promise<Entry[]> {
  let value: unknown;
  try {
    value = await cookie.parse(request.headers.get("Cookie"));
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (e): e is Entry =>
        Boolean(e) && typeof e.a === "string" && typeof e.d === "string" && /^[\w-]{16,64}$/.test(e.d),
    )
    .slice(0, MAX_ACCOUNTS);
}

/** The device id this browser has for `email`'s account, or null: an unknown device. */
export async function knownDevice(request: Request, email: string): Promise<string | null> {
  const account = emailKey(email);
  return (await entries(request)).find((e) => e.a === account)?.d ?? null;
}

/**
 * The Set-Cookie header that makes this browser a known device of `email`'s account, under a new id (after a
 * successful password check); the other accounts it knows stay, the most recent first.
 */
export async function rememberDevice(request: Request, email: string): Promise<string> {
  const account = emailKey(email);
  const others = (await entries(request)).filter((e) => e.a !== account);
  const id = randomBytes(16).toString("base64url");
  return cookie.serialize([{ a: account, d: id }, ...others].slice(0, MAX_ACCOUNTS));
}
