import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { APP_URL, expect, login, query, sessionCookie, test } from "./support/fixtures";

/** A page on another origin (127.0.0.1 is another site than localhost) with forms posting to the app. */
let hostile: Server;
let hostileOrigin: string;

test.beforeAll(async () => {
  hostile = createServer((req, res) => {
    const forms: Record<string, string> = {
      "/login": `<form method="post" action="${APP_URL}/Login">
          <input name="email" value="member@example.com"><input name="password" value="demo-password">
          <button type="submit">Win a prize</button></form>`,
      "/contact": `<form method="post" action="${APP_URL}/ContactUs">
          <input name="intent" value="question"><input name="reason" value="Question">
          <input name="comment" value="cross-site-comment-${Date.now()}">
          <button type="submit">Win a prize</button></form>`,
      "/logout": `<form method="post" action="${APP_URL}/Logout"><button type="submit">Win a prize</button></form>`,
    };
    const body = forms[req.url ?? ""];
    res.writeHead(body ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" });
    res.end(body ? `<!doctype html><title>Prizes</title><main>${body}</main>` : "not found");
  });
  await new Promise<void>((resolve) => hostile.listen(0, "127.0.0.1", resolve));
  hostileOrigin = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => hostile.close(resolve));
});

test.describe("cross-site form posts", () => {
  test("a login form on another site is refused and starts no session", async ({ page }) => {
    await page.goto(`${hostileOrigin}/login`);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().startsWith(`${APP_URL}/Login`) && r.request().method() === "POST"),
      page.getByRole("button", { name: "Win a prize" }).click(),
    ]);
    expect(response.status()).toBe(403);
    expect(await sessionCookie(page.context())).toBeNull();
    await page.goto(`${APP_URL}/Projects`);
    await expect(page).toHaveURL(/\/Login/);
  });

  test("a Contact Us post from another site is refused, even for a logged-in member", async ({ page }) => {
    await login(page, "member@example.com");
    const before = query<{ n: number }>("SELECT COUNT(*) AS n FROM messages")[0].n;
    await page.goto(`${hostileOrigin}/contact`);
    const [response] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().startsWith(`${APP_URL}/ContactUs`) && r.request().method() === "POST",
      ),
      page.getByRole("button", { name: "Win a prize" }).click(),
    ]);
    expect(response.status()).toBe(403);
    const after = query<{ n: number }>(
      "SELECT COUNT(*) AS n FROM messages WHERE comment LIKE 'cross-site-comment-%'",
    );
    expect(after[0].n).toBe(0);
    expect(query<{ n: number }>("SELECT COUNT(*) AS n FROM messages")[0].n).toBeGreaterThanOrEqual(before);
  });

  test("a logout form on another site does not end the member's session", async ({ page }) => {
    await login(page, "member@example.com");
    await page.goto(`${hostileOrigin}/logout`);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().startsWith(`${APP_URL}/Logout`) && r.request().method() === "POST"),
      page.getByRole("button", { name: "Win a prize" }).click(),
    ]);
    expect(response.status()).toBe(403);
    await page.goto(`${APP_URL}/Projects`);
    await expect(page).toHaveURL(`${APP_URL}/Projects`);
  });

  test("a POST with Sec-Fetch-Site cross-site and no Origin is refused", async ({ request }) => {
    const res = await request.post("/Login", {
      form: { email: "member@example.com", password: "demo-password" },
      headers: { "Sec-Fetch-Site": "cross-site", Origin: "", Referer: "" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
  });
});

test.describe("behind a TLS-terminating proxy", () => {
  const proxied = {
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "leads.example.com",
  };

  test("a same-site login post forwarded by the proxy is accepted", async ({ request }) => {
    const res = await request.post("/Login", {
      form: { email: "member@example.com", password: "demo-password" },
      headers: { ...proxied, Origin: "https://leads.example.com" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/");
    expect(res.headers()["set-cookie"]).toMatch(/session=/);
  });

  test("the same post with an Origin of another site is refused", async ({ request }) => {
    const res = await request.post("/Login", {
      form: { email: "member@example.com", password: "demo-password" },
      headers: { ...proxied, Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
  });
});

test.describe("security headers", () => {
  test("each page gets a CSP with a fresh nonce that its scripts carry", async ({ page }) => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await page.goto("/Login");
      const headers = response?.headers() ?? {};
      const csp = headers["content-security-policy"] ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
      expect(nonce, "a nonce in script-src").toBeTruthy();
      nonces.push(nonce as string);
      expect(headers["cache-control"]).toContain("no-store");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBeTruthy();
      const html = (await response?.text()) ?? "";
      // Every inline script of the document carries this response's nonce.
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const attrs of scripts) {
        if (/\bsrc=/.test(attrs) && !/nonce=/.test(attrs)) continue;
        expect(attrs).toContain(`nonce="${nonce}"`);
      }
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test("the session cookie is __Host-, HttpOnly, SameSite=Lax and Secure, and member pages are not stored", async ({
    page,
    request,
  }) => {
    const res = await request.post("/Login", {
      form: { email: "member@example.com", password: "demo-password" },
      headers: { Origin: APP_URL },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    const cookies = res
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "set-cookie")
      .map((h) => h.value);
    const setCookie = cookies.find((c) => /^__Host-session=/.test(c)) ?? "";
    // The login device cookie (decision 079) has the same flags.
    const device = cookies.find((c) => /^__Host-device=/.test(c)) ?? "";
    for (const value of [setCookie, device]) {
      expect(value).toMatch(/^__Host-(session|device)=/);
      expect(value).toMatch(/;\s*HttpOnly/i);
      expect(value).toMatch(/;\s*SameSite=Lax/i);
      expect(value).toMatch(/;\s*Secure/i);
      expect(value).toMatch(/;\s*Path=\//i);
      expect(value).not.toMatch(/;\s*Domain=/i);
    }
    // The API token is not readable in the cookie.
    expect(setCookie).not.toMatch(/accessToken|Bearer/i);

    await login(page, "member@example.com");
    const cookie = await sessionCookie(page.context());
    expect(cookie).toMatchObject({ name: "__Host-session", httpOnly: true, secure: true, sameSite: "Lax" });
    const response = await page.goto("/Projects");
    expect(response?.headers()["cache-control"]).toContain("no-store");
  });
});
