/**
 * Security checks over the whole route table (issue #5): hostile redirect values, cross-site posts to every
 * action, cookie flags, a fresh CSP nonce and no-store on every page and download, canary secrets that never
 * reach logs, pages, cookies or URLs, and the login rate limit. (tests/e2e/security.spec.ts has the browser
 * journeys of the same rules; this file covers every route.)
 */
import { readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Page } from "@playwright/test";
import { createCookieSessionStorage } from "react-router";
import { sharedCacheable } from "../../app/lib/platform/cache-control";
import { APP_URL, HOSTILE_PORT, ROOT, SESSION_SECRET } from "./support/env";
import {
  createMemberWithData,
  expect,
  loginAt,
  memberSnapshot,
  paramValues,
  sessionFor,
  test,
  waitForHydration,
} from "./support/fault-fixtures";
import { createMember, DEMO_PASSWORD, jsDisabled, watchFor } from "./support/fixtures";
import { ACTIONS, fillPath, SCREENS } from "./support/route-table";
import { SIDE_LOGIN_LIMIT } from "./support/side-app";

const HOSTILE_ORIGIN = `http://127.0.0.1:${HOSTILE_PORT}`;

/**
 * A session cookie of the webServer's app that is past its maximum age: signed with its secret, so the app reads
 * it, finds it over, and clears it with a Set-Cookie on the answer (wherever it may send one).
 */
async function sessionPastItsTime(): Promise<string> {
  const secure = !/^(0|false|no)$/i.test(process.env.E2E_COOKIE_SECURE ?? "true");
  const storage = createCookieSessionStorage({
    cookie: { name: secure ? "__Host-session" : "session", secrets: [SESSION_SECRET], path: "/", secure },
  });
  const session = await storage.getSession();
  session.set("token", "a-sealed-token-of-a-session-long-over");
  session.set("issuedAt", 1);
  session.set("lastSeen", 1);
  return (await storage.commitSession(session)).split(";")[0] ?? "";
}
const FORM = "application/x-www-form-urlencoded";

/** Requests at the HTTP level are the same for both browser projects: run them once. */
function httpOnly(info: Parameters<typeof jsDisabled>[0]) {
  test.skip(jsDisabled(info), "plain HTTP requests: run once");
}

const HOSTILE_REDIRECTS = [
  "//evil.example",
  "///evil.example",
  "https://evil.example",
  "https:/evil.example",
  "https:evil.example",
  "http:\\\\evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  " //evil.example",
  "\u3000//evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/..//evil.example",
  "/./..//evil.example",
  "//localhost@evil.example",
  "javascript:alert(document.cookie)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  // Encoded once more than the form field decodes: they must stay paths on this site.
  "%2F%2Fevil.example",
  "/%2F%2Fevil.example",
  "/%5Cevil.example",
  "%5C%5Cevil.example",
  "https%3A%2F%2Fevil.example",
  "javascript%3Aalert(1)",
  "/%09/evil.example",
  "/%2e%2e//evil.example",
];

function expectOnSite(location: string | null, where: string) {
  expect(location, where).toBeTruthy();
  const target = new URL(location as string, APP_URL);
  expect(target.origin, `${where}: ${location}`).toBe(APP_URL);
  expect(location, where).not.toMatch(/^(\/\/|\/\\|\\)/);
}

test.describe("hostile redirect values", () => {
  test("?redirect= on /Login never leads off the site, raw or encoded", async ({ browserName: _ }, info) => {
    httpOnly(info);
    for (const value of HOSTILE_REDIRECTS) {
      // The login page carries the value in its form; what it renders is what the browser posts back.
      const page = await fetch(`${APP_URL}/Login?redirect=${encodeURIComponent(value)}`);
      const html = await page.text();
      const carried = html.match(/name="redirect" value="([^"]*)"/)?.[1] ?? "";
      const decoded = carried
        .replace(/&amp;/g, "&")
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">");
      for (const posted of new Set([decoded, value])) {
        const res = await fetch(`${APP_URL}/Login`, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: APP_URL, "Content-Type": FORM },
          body: new URLSearchParams({
            email: "member@example.com",
            password: DEMO_PASSWORD,
            redirect: posted,
          }),
        });
        await res.text();
        expect(res.status, `login with redirect ${JSON.stringify(posted)}`).toBe(302);
        expectOnSite(res.headers.get("location"), `redirect ${JSON.stringify(posted)}`);
      }
    }
  });

  test("redirectTo / returnTo of the other forms never lead off the site", async ({
    browserName: _,
  }, info) => {
    httpOnly(info);
    const member = createMemberWithData();
    const cookie = await sessionFor(APP_URL, member.email);
    const posts: { path: string; field: string; body: Record<string, string> }[] = [
      { path: "/ContactUs", field: "redirectTo", body: { reason: "Question", comment: "Redirect check" } },
      { path: "/Folders", field: "returnTo", body: { intent: "save", tag_type: "1", name: "", color: "" } },
      {
        path: "/Me/Projects",
        field: "returnTo",
        body: { intent: "move", ids: "999999999", tag_id: "999999999" },
      },
    ];
    for (const value of HOSTILE_REDIRECTS.slice(0, 12)) {
      for (const post of posts) {
        const res = await fetch(`${APP_URL}${post.path}`, {
          method: "POST",
          redirect: "manual",
          headers: { Cookie: cookie, Origin: APP_URL, "Content-Type": FORM },
          body: new URLSearchParams({ ...post.body, [post.field]: value }),
        });
        await res.text();
        if (res.status >= 300 && res.status < 400)
          expectOnSite(res.headers.get("location"), `${post.path} ${value}`);
        else expect(res.status, `${post.path} ${value}`).toBeLessThan(500);
      }
    }
  });
});

test.describe("cross-site posts", () => {
  test("a cross-site POST to every action of the route table is refused and changes nothing", async ({
    browserName: _,
  }, info) => {
    httpOnly(info);
    const member = createMemberWithData();
    const values = paramValues(member);
    const cookie = await sessionFor(APP_URL, member.email);
    const before = memberSnapshot(member.id, member.email);
    const variants: Record<string, string>[] = [
      { Origin: HOSTILE_ORIGIN, "Sec-Fetch-Site": "cross-site" },
      { Origin: HOSTILE_ORIGIN },
      { Referer: `${HOSTILE_ORIGIN}/prize` },
      { Origin: "null" },
      {},
    ];
    // RFC 8058's one-click unsubscribe is posted by mail programs from anywhere (decision 085): its token is the
    // authority, and an unknown one changes nothing (below); mail.spec.ts covers the real link.
    const oneClick = ACTIONS.filter((r) => r.file === "routes/unsubscribe.tsx");
    expect(oneClick).toHaveLength(1);
    for (const route of ACTIONS.filter((r) => !oneClick.includes(r))) {
      const path = fillPath(route.pattern, values);
      for (const headers of variants) {
        const res = await fetch(`${APP_URL}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { ...headers, Cookie: cookie, "Content-Type": FORM },
          body: new URLSearchParams({
            intent: "remove",
            ids: String(member.projectId),
            comment: "cross-site",
            reason: "Question",
            name: "Cross-site folder",
            color: "#000000",
            email: member.email,
            password: DEMO_PASSWORD,
          }),
        });
        const text = await res.text();
        const where = `POST ${path} with ${JSON.stringify(headers)}`;
        // The app's csrfGuard answers every cross-site post (docs/decisions/006-csrf-guard.md).
        expect(res.status, where).toBe(403);
        expect(text.length, `${where}: a message`).toBeGreaterThan(0);
        expect(res.headers.getSetCookie().join(";"), `${where}: no new session`).not.toMatch(
          /session=[^;]+;/,
        );
      }
    }
    for (const headers of variants) {
      const path = fillPath(oneClick[0].pattern, values);
      const res = await fetch(`${APP_URL}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { ...headers, Cookie: cookie, "Content-Type": FORM },
        body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
      });
      await res.text();
      expect(res.status, `POST ${path} with ${JSON.stringify(headers)}`).toBe(404);
    }
    expect(memberSnapshot(member.id, member.email), "a cross-site post changed something").toEqual(before);
    // The member is still logged in: no cross-site post logged them out.
    const still = await fetch(`${APP_URL}/Notes`, { redirect: "manual", headers: { Cookie: cookie } });
    await still.text();
    expect(still.status).toBe(200);
  });
});

test.describe("headers on every page", () => {
  test("every screen: a fresh CSP nonce its scripts carry, no-store, nosniff, frame-ancestors 'none'", async ({
    browserName: _,
  }, info) => {
    httpOnly(info);
    const member = createMemberWithData();
    const values = paramValues(member);
    const cookie = await sessionFor(APP_URL, member.email);
    let pages = 0;
    for (const screen of SCREENS) {
      const path = fillPath(screen.pattern, values);
      const nonces: string[] = [];
      for (let i = 0; i < 2; i++) {
        // Guest screens send a member on: they are read logged out.
        const res = await fetch(`${APP_URL}${path}`, {
          redirect: "manual",
          headers: screen.guest ? {} : { Cookie: cookie },
        });
        const html = await res.text();
        const where = `${path} (${res.status})`;
        const headers = res.headers;
        expect(headers.get("x-content-type-options"), where).toBe("nosniff");
        if (res.status !== 200) break; // redirects: headers only
        // The advanced search's counties for its panel with JavaScript: JSON for this member, not a page.
        if (screen.file === "routes/counties.tsx") {
          expect(headers.get("content-type"), where).toMatch(/^application\/json/);
          expect(headers.get("cache-control"), where).toContain("no-store");
          break;
        }
        pages++;
        const csp = headers.get("content-security-policy") ?? "";
        expect(csp, where).toContain("frame-ancestors 'none'");
        const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
        expect(nonce, `${where}: a nonce`).toBeTruthy();
        nonces.push(nonce as string);
        expect(headers.get("cache-control"), where).toContain("no-store");
        const inline = [...html.matchAll(/<script\b([^>]*)>/g)]
          .map((m) => m[1])
          .filter((a) => !/\bsrc=/.test(a));
        expect(inline.length, `${where}: inline scripts`).toBeGreaterThan(0);
        for (const attrs of inline) expect(attrs, where).toContain(`nonce="${nonce}"`);
      }
      if (nonces.length === 2) expect(nonces[0], `${path}: the nonce changes`).not.toBe(nonces[1]);
    }
    expect(pages).toBeGreaterThan(15);
  });

  test("CSV downloads are not stored by caches", async ({ browserName: _ }, info) => {
    httpOnly(info);
    const cookie = await sessionFor(APP_URL, "member@example.com");
    for (const path of ACTIONS.filter((a) => /download/i.test(a.file)).map((a) => a.pattern)) {
      const res = await fetch(`${APP_URL}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, Origin: APP_URL, "Content-Type": FORM },
        body: new URLSearchParams({ query: "school" }),
      });
      await res.text();
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toMatch(/^text\/csv/);
      expect(res.headers.get("content-disposition"), path).toMatch(/attachment/);
      expect(res.headers.get("cache-control"), path).toContain("no-store");
    }
  });

  test("no answer a shared cache may keep sets a cookie: every static file (the map outlines too) and every screen", async ({
    browserName: _,
  }, info) => {
    httpOnly(info);
    test.setTimeout(120_000);
    const cookie = await sessionPastItsTime();
    // The probe works: this cookie makes the app answer with a Set-Cookie (the session is cleared) wherever it may.
    const login = await fetch(`${APP_URL}/Login`, { headers: { Cookie: cookie } });
    await login.text();
    expect(login.headers.getSetCookie().join("\n")).toMatch(/session=/);

    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) =>
        statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)],
      );
    const client = join(ROOT, "build", "client");
    const statics = walk(client).map((file) => `/${relative(client, file).split(sep).join("/")}`);
    expect(statics.length).toBeGreaterThan(10);
    const values = paramValues(createMemberWithData());
    const screens = SCREENS.map((screen) => fillPath(screen.pattern, values));
    const cached: string[] = [];
    const leaks: string[] = [];
    for (const path of [...statics, ...screens]) {
      for (const method of ["GET", "HEAD"]) {
        const res = await fetch(`${APP_URL}${path}`, {
          method,
          redirect: "manual",
          headers: { Cookie: cookie },
        });
        await res.arrayBuffer();
        const cacheControl = res.headers.get("cache-control");
        if (!sharedCacheable(cacheControl)) continue;
        cached.push(path);
        if (res.headers.getSetCookie().length > 0) leaks.push(`${method} ${path} (${cacheControl})`);
      }
    }
    // Every static file is one a shared cache may keep; none carries a cookie.
    expect(
      statics.some((path) => /\/assets\/states-10m-[\w-]+\.json$/.test(path)),
      "the map outlines",
    ).toBe(true);
    for (const path of statics) expect(cached, path).toContain(path);
    expect(leaks).toEqual([]);
  });

  test("the session cookie of the production build: __Host-, HttpOnly, SameSite=Lax, Secure, and cleared on logout", async ({
    side,
  }, info) => {
    httpOnly(info);
    const member = createMember();
    await side.proxy.set("pass");
    const login = await fetch(`${side.url}/Login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: side.url, "Content-Type": FORM },
      body: new URLSearchParams({ email: member.email, password: member.password }),
    });
    await login.text();
    const set = login.headers.getSetCookie().find((c) => /session=/.test(c)) ?? "";
    expect(set).toMatch(/^__Host-session=/);
    for (const flag of [/;\s*HttpOnly/i, /;\s*SameSite=Lax/i, /;\s*Secure/i, /;\s*Path=\//i])
      expect(set).toMatch(flag);
    expect(set).not.toMatch(/;\s*Domain=/i);
    const logout = await fetch(`${side.url}/Logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: side.url, Cookie: set.split(";")[0], "Content-Type": FORM },
      body: "",
    });
    await logout.text();
    const cleared = logout.headers.getSetCookie().find((c) => /session=/.test(c)) ?? "";
    expect(cleared).toMatch(/^__Host-session=;/);
    expect(cleared).toMatch(/;\s*Secure/i);
  });
});

const CANARY_PASSWORD = "Canary-Pw-9f2c71e4";
const CANARY_CARD = "4111111111111111";

test.describe("canary secrets", () => {
  test("a canary password and card number sent through the forms appear in no log, page, cookie or URL", async ({
    page,
    side,
  }) => {
    test.setTimeout(90_000);
    const logStart = side.logs().length;
    const urls: string[] = [];
    page.on("request", (r) => urls.push(r.url()));
    const pages: string[] = [];
    const snap = async (p: Page) => pages.push(await p.content());
    const js = !jsDisabled(test.info());
    const member = createMember();
    await side.proxy.set("pass");

    // Login with the canary as a wrong password.
    await page.goto(`${side.url}/Login`);
    if (js) await waitForHydration(page.getByRole("button", { name: "Log in" }));
    await page.getByLabel("Email", { exact: true }).fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill(CANARY_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText(/Incorrect email or password|Too many failed/).first()).toBeVisible();
    await snap(page);

    // Sign-up has no form of its own (plans are chosen on the marketing site): a post there carries the card.
    const signUp = await page.request.post(`${side.url}/sign-up`, {
      form: { cardNumber: CANARY_CARD, cvv: "123", password: CANARY_PASSWORD },
      headers: { Origin: side.url },
      maxRedirects: 0,
    });
    expect(signUp.status()).toBeLessThan(500);
    pages.push(await signUp.text());

    await loginAt(page, side.url, member.email, member.password);

    // Change password: the canary as the current password (wrong). The new password is kept in the failed
    // answer on purpose (decision 042), so it is not a canary here.
    await page.goto(`${side.url}/Me/Account?dialog=password`);
    if (js) await waitForHydration(page.getByRole("button", { name: "Change password" }));
    await page.getByLabel("Current password").fill(CANARY_PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("a-new-password-9");
    await page.getByLabel("Confirm new password").fill("a-new-password-9");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText(/Whoops!/).first()).toBeVisible();
    await snap(page);

    // Account: the card number where a careless member might type it, in a form that fails validation.
    await page.goto(`${side.url}/Me/Account`);
    if (js) await waitForHydration(page.getByRole("button", { name: "Save", exact: true }));
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(/valid email/i).first()).toBeVisible();
    await snap(page);

    // Contact us: the card number in the message is sent to the API, and shown nowhere afterwards.
    await page.goto(`${side.url}/ContactUs?reason=Question&redirectTo=/Notes`);
    if (js) await waitForHydration(page.getByRole("button", { name: "Submit", exact: true }));
    await page
      .getByLabel("Comment")
      .fill(`Please charge my card ${CANARY_CARD}, password ${CANARY_PASSWORD}`);
    const said = watchFor(page.getByText("Your message has been submitted successfully!"));
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await said;
    await snap(page);

    const logs = side.logs().slice(logStart);
    const cookies = (await page.context().cookies()).map((c) => {
      const raw = decodeURIComponent(c.value);
      return `${c.name}=${raw} ${Buffer.from(raw.split(".")[0], "base64").toString("utf8")}`;
    });
    for (const canary of [CANARY_PASSWORD, CANARY_CARD]) {
      expect(logs.includes(canary), `the app's log has ${canary}`).toBe(false);
      expect(
        urls.filter((u) => u.includes(canary)),
        "URLs",
      ).toEqual([]);
      expect(
        cookies.filter((c) => c.includes(canary)),
        "cookies",
      ).toEqual([]);
      for (const [i, html] of pages.entries())
        expect(html.includes(canary), `page ${i} shows ${canary}`).toBe(false);
    }
  });
});

test.describe("login rate limit", () => {
  // The full journey (a stranger's failures, the member's wait in the browser, shared counts in Redis) is in
  // abuse-limits.spec.ts; this checks the message and status of the side app's limit.
  test(`after ${SIDE_LOGIN_LIMIT} failed logins for an e-mail, the next attempt has to wait, then gets in`, async ({
    side,
  }, info) => {
    httpOnly(info);
    const member = createMember();
    await side.proxy.set("pass");
    const attempt = (password: string) =>
      fetch(`${side.url}/Login`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: side.url, "Content-Type": FORM },
        body: new URLSearchParams({ email: member.email, password }),
      });
    for (let i = 0; i < SIDE_LOGIN_LIMIT; i++) {
      const res = await attempt(`wrong-${i}`);
      expect(await res.text()).toContain("Incorrect email or password");
      expect(res.status).toBe(400);
    }
    // Even the right password waits now: a second after the fourth failure.
    const held = await attempt(member.password);
    expect(held.status).toBe(429);
    expect(await held.text()).toMatch(/Too many failed login attempts\. Please try again in 1 second\./);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const later = await attempt(member.password);
    await later.text();
    expect(later.status).toBe(302);
  });
});
