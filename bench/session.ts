/** Logging in: to the app (form POST, session cookie) and to the reference API (bearer token). */

export interface Account {
  email: string;
  password: string;
}

export const MEMBER = { email: "member@example.com", password: "demo-password" } as const;
/** The seeded free-trial member (upstream/seed/accounts.ts): its /Me/Subscription shows the activation form. */
export const TRIAL_MEMBER = { email: "trial@example.com", password: "demo-password" } as const;

/** The form body the login page posts. */
export function loginFormBody(account: Account = MEMBER): string {
  return new URLSearchParams({ email: account.email, password: account.password, redirect: "" }).toString();
}

/** Headers of a same-origin form post: the app's CSRF guard wants Origin (or Sec-Fetch-Site) to match. */
export function loginFormHeaders(appUrl: string): Record<string, string> {
  return { "Content-Type": "application/x-www-form-urlencoded", Origin: appUrl };
}

/** Logs in through the app's own login form and returns the session cookie ("name=value"). */
export async function appSessionCookie(appUrl: string, account: Account = MEMBER): Promise<string> {
  const res = await fetch(`${appUrl}/Login`, {
    method: "POST",
    redirect: "manual",
    headers: loginFormHeaders(appUrl),
    body: loginFormBody(account),
  });
  await res.body?.cancel();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => /^(__Host-)?session=./.test(c));
  if (res.status !== 302 || !cookie) {
    throw new Error(`login to the app as ${account.email} failed (HTTP ${res.status})`);
  }
  return cookie;
}

/** Logs in to the reference API and returns the member's access token. */
export async function apiToken(apiUrl: string): Promise<string> {
  const res = await fetch(`${apiUrl}/Login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(MEMBER),
  });
  const body = (await res.json()) as { data?: { accessToken?: string } };
  const token = body.data?.accessToken;
  if (!res.ok || !token) throw new Error(`login to the reference API failed (HTTP ${res.status})`);
  return token;
}
