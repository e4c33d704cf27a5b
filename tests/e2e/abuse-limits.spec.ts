/**
 * Abuse limits that hold (issue 11, docs/decisions/012-request-and-abuse-limits.md): the client is the socket's
 * address (or the rightmost untrusted hop behind TRUSTED_PROXIES), never what a header says; an account is
 * slowed down, not locked out, by a stranger's failures; ForgotPassword has the same limiter; and with
 * REDIS_URL several instances share one count. Each test starts side apps of its own (support/side-app.ts)
 * with the settings it needs; other clients are other loopback addresses (127.0.0.2, 127.0.0.3, …).
 */
import { randomBytes } from "node:crypto";
import { expect, test, waitForHydration } from "./support/fault-fixtures";
import { createMember, DEMO_PASSWORD, httpOnly, jsDisabled, lastOutboxId, query } from "./support/fixtures";
import { freePort, type RawAnswer, rawRequest } from "./support/raw-http";
import { startRedis } from "./support/redis";
import { type SideApp, startSideApp } from "./support/side-app";

const FORM = "application/x-www-form-urlencoded";
const TOO_MANY = /Too many failed login attempts\. Please try again in \d+ (second|minute)s?\./;

function login(
  app: SideApp,
  email: string,
  password: string,
  from: { localAddress?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  return rawRequest(`${app.url}/Login`, {
    method: "POST",
    localAddress: from.localAddress,
    headers: { Origin: app.url, "Content-Type": FORM, ...from.headers },
    body: new URLSearchParams({ email, password }).toString(),
  });
}

const randomIp = () =>
  `${1 + (randomBytes(1)[0] % 220)}.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;
const unknownEmail = () => `nobody-${randomBytes(6).toString("hex")}@example.test`;

async function withSideApps(envs: Record<string, string>[], run: (apps: SideApp[]) => Promise<void>) {
  const apps: SideApp[] = [];
  try {
    for (const env of envs) apps.push(await startSideApp(await freePort(), env));
    await run(apps);
  } finally {
    await Promise.all(apps.map((app) => app.stop()));
  }
}

/** Per-client limits only: the e-mail delays start far later here. */
const CLIENT_LIMIT = { LOGIN_MAX_FAILURES_PER_CLIENT: "5", LOGIN_DELAY_AFTER_FAILURES: "1000" };

test.describe("the client address", () => {
  test("a spoofed X-Forwarded-For neither bypasses the per-client limit nor poisons another client's count", async ({
    browserName: _,
  }, info) => {
    httpOnly(info);
    await withSideApps([CLIENT_LIMIT], async ([app]) => {
      const attacker = "127.0.0.2";
      const victim = "127.0.0.3";
      const member = createMember();
      // Every attempt claims to come from somewhere else, and some claim to be the victim.
      for (let i = 0; i < 5; i++) {
        const claimed = i % 2 ? victim : randomIp();
        const answer = await login(app, unknownEmail(), "wrong", {
          localAddress: attacker,
          headers: { "X-Forwarded-For": claimed, "X-Real-IP": claimed, Forwarded: `for=${claimed}` },
        });
        expect(answer.status, `failure ${i + 1}`).toBe(400);
      }
      const bypass = await login(app, unknownEmail(), "wrong", {
        localAddress: attacker,
        headers: { "X-Forwarded-For": randomIp() },
      });
      expect(bypass.status, "a new X-Forwarded-For value gets around the limit").toBe(429);
      expect(bypass.body).toMatch(TOO_MANY);
      // The victim, named in the attacker's headers, is not held back; nor is a client without any header.
      const victimFails = await login(app, member.email, "wrong", { localAddress: victim });
      expect(victimFails.status).toBe(400);
      const victimIn = await login(app, member.email, member.password, { localAddress: victim });
      expect(victimIn.status).toBe(302);
      expect((await login(app, unknownEmail(), "wrong", { localAddress: "127.0.0.4" })).status).toBe(400);
    });
  });

  test("behind trusted proxies the client is the rightmost hop that is not a proxy", async ({
    browserName: _,
  }, info) => {
    httpOnly(info);
    await withSideApps([{ ...CLIENT_LIMIT, TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8" }], async ([app]) => {
      // Requests from 127.0.0.1 play the load balancer: it appends the address it saw to what the client sent.
      const through = (client: string, spoofed = randomIp()) => ({
        headers: { "X-Forwarded-For": `${spoofed}, ${client}, 10.1.2.3` },
        localAddress: "127.0.0.1",
      });
      for (let i = 0; i < 5; i++) {
        expect((await login(app, unknownEmail(), "wrong", through("203.0.113.5"))).status).toBe(400);
      }
      expect((await login(app, unknownEmail(), "wrong", through("203.0.113.5"))).status).toBe(429);
      // Another client behind the same proxy is counted apart, even when it names the limited one on the left.
      expect((await login(app, unknownEmail(), "wrong", through("203.0.113.6", "203.0.113.5"))).status).toBe(
        400,
      );
      // A client that is not a trusted proxy cannot speak for anyone: its header is ignored.
      const direct = { localAddress: "127.0.0.2", headers: { "X-Forwarded-For": "203.0.113.7" } };
      for (let i = 0; i < 5; i++)
        expect((await login(app, unknownEmail(), "wrong", direct)).status).toBe(400);
      expect((await login(app, unknownEmail(), "wrong", direct)).status).toBe(429);
      expect((await login(app, unknownEmail(), "wrong", through("203.0.113.7"))).status).toBe(400);
    });
  });
});

test.describe("per-account delays", () => {
  test("a stranger's failures slow the account down, and after the wait the member's right password works", async ({
    page,
    side,
  }) => {
    test.setTimeout(60_000);
    await side.proxy.set("pass");
    const member = createMember();
    // The side app starts waiting after 4 failures: 1 s, then 2 s, then 4 s.
    const stranger = (localAddress: string) => login(side, member.email, "guess", { localAddress });
    for (let i = 0; i < 4; i++) expect((await stranger("127.0.0.2")).status).toBe(400);
    for (const wait of [1, 2]) {
      const held = await stranger("127.0.0.2");
      expect(held.status).toBe(429);
      expect(held.body).toContain(`Please try again in ${wait} second`);
      await page.waitForTimeout(wait * 1000 + 150);
      // The member has the login page open and the password typed when the stranger's next guess comes.
      if (wait === 2) {
        await page.goto(`${side.url}/Login`);
        if (!jsDisabled(test.info())) await waitForHydration(page.getByRole("button", { name: "Log in" }));
        await page.getByLabel("Email", { exact: true }).fill(member.email);
        await page.getByLabel("Password", { exact: true }).fill(member.password);
      }
      expect((await stranger("127.0.0.3")).status, "a guess after the wait is heard").toBe(400);
    }
    // Now a 4 s wait. The member, from another address, is asked to wait too (no lock-out: a wait)...
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText(TOO_MANY)).toBeVisible();
    await expect(page).toHaveURL(/\/Login/);
    // ...a stranger's attempt during the wait does not make it longer...
    expect((await stranger("127.0.0.2")).status).toBe(429);
    // ...and once it is over, the right password logs the member in.
    await page.waitForTimeout(4_200);
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).not.toHaveURL(/\/Login/);
  });

  test("ForgotPassword has the same limiter, per e-mail and per client", async ({ browserName: _ }, info) => {
    httpOnly(info);
    await withSideApps(
      [{ PUBLIC_FORM_DELAY_AFTER: "2", PUBLIC_FORM_MAX_PER_CLIENT_PER_HOUR: "4" }],
      async ([app]) => {
        await app.proxy.set("pass");
        const forgot = (email: string, localAddress: string) =>
          rawRequest(`${app.url}/ForgotPassword`, {
            method: "POST",
            localAddress,
            headers: { Origin: app.url, "Content-Type": FORM, Accept: "text/html" },
            body: new URLSearchParams({ email }).toString(),
          });
        const member = createMember();
        const before = lastOutboxId();
        expect((await forgot(member.email, "127.0.0.2")).status).toBe(302);
        expect((await forgot(member.email, "127.0.0.3")).status).toBe(302);
        // A third mail to the same address, from anywhere, has to wait.
        const held = await forgot(member.email.toUpperCase(), "127.0.0.4");
        expect(held.status).toBe(429);
        expect(held.body).toContain("Please try again in 1 second");
        const mails = query<{ n: number }>(
          'SELECT COUNT(*) AS n FROM outbox WHERE "to" = ? COLLATE NOCASE AND id > ?',
          member.email,
          before,
        )[0].n;
        expect(mails).toBe(2);
        // One client, many addresses: four requests an hour (127.0.0.2 has made one).
        for (let i = 0; i < 3; i++) expect((await forgot(unknownEmail(), "127.0.0.2")).status).toBe(302);
        expect((await forgot(unknownEmail(), "127.0.0.2")).status).toBe(429);
        expect((await forgot(unknownEmail(), "127.0.0.5")).status).toBe(302);
      },
    );
  });
});

test.describe("several instances", () => {
  test("two app instances with REDIS_URL share one limit: failures on one count on the other", async ({
    browserName: _,
  }, info) => {
    httpOnly(info);
    test.setTimeout(60_000);
    const redis = await startRedis();
    try {
      const env = {
        REDIS_URL: redis.url,
        LOGIN_DELAY_AFTER_FAILURES: "3",
        LOGIN_MAX_FAILURES_PER_CLIENT: "6",
      };
      await withSideApps([env, env], async ([a, b]) => {
        for (const app of [a, b]) {
          await expect
            .poll(() => app.logs(), { message: "the instance counts in Redis" })
            .toContain("[rate-limit] counters in Redis");
          await app.proxy.set("pass");
        }
        // Per e-mail: three failures on A; B makes the next attempt wait, even with the right password.
        const member = createMember();
        for (let i = 0; i < 3; i++) {
          expect((await login(a, member.email, "wrong", { localAddress: "127.0.0.2" })).status).toBe(400);
        }
        const onB = await login(b, member.email, member.password, { localAddress: "127.0.0.3" });
        expect(onB.status).toBe(429);
        expect(onB.body).toMatch(TOO_MANY);
        // Per client: six failures spread over both instances; the seventh is refused on either.
        for (let i = 0; i < 6; i++) {
          const app = i % 2 ? b : a;
          expect((await login(app, unknownEmail(), "wrong", { localAddress: "127.0.0.4" })).status).toBe(400);
        }
        expect((await login(a, unknownEmail(), "wrong", { localAddress: "127.0.0.4" })).status).toBe(429);
        expect((await login(b, unknownEmail(), "wrong", { localAddress: "127.0.0.4" })).status).toBe(429);
        // After the e-mail's wait, the member gets in through either instance.
        await new Promise((r) => setTimeout(r, 1_100));
        expect((await login(b, member.email, DEMO_PASSWORD, { localAddress: "127.0.0.3" })).status).toBe(302);
      });
    } finally {
      await redis.stop();
    }
  });
});
