/**
 * Abuse limits that hold (issue 11, docs/decisions/131-abuse-limits.md): the client is the socket's
 * address (or the rightmost untrusted hop behind TRUSTED_PROXIES), never what a header says; an account is
 * slowed down, not locked out, by a stranger's failures; ForgotPassword has the same limiter; and with
 * REDIS_URL several instances share one count. Each test starts side apps of its own (support/side-app.ts)
 * with the settings it needs; other clients are other loopback addresses (127.0.0.2, 127.0.0.3, …).
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, sessionFor, test, waitForHydration } from "./support/fault-fixtures";
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

/** Logs in through the side app's login page, as the member does (with JavaScript: once the form has hydrated). */
async function loginByForm(page: Page, app: SideApp, email: string, password: string) {
  await page.goto(`${app.url}/Login`);
  if (!jsDisabled(test.info())) await waitForHydration(page.getByRole("button", { name: "Log in" }));
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** The `name=value` pairs of an answer's Set-Cookie headers, as a Cookie header. */
function cookiesOf(answer: RawAnswer): string {
  return ([answer.headers["set-cookie"] ?? []].flat() as string[]).map((c) => c.split(";")[0]).join("; ");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test.describe("known devices (device cookies)", () => {
  test("a stranger sending wrong passwords all the while does not stop the member's known browser from logging in", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // One wrong password a minute would keep a real account's unknown devices waiting; here the delays start
    // after two failures and the stranger guesses every 300 ms.
    await withSideApps(
      [{ LOGIN_DELAY_AFTER_FAILURES: "2", LOGIN_MAX_DELAY_SECONDS: "3600" }],
      async ([app]) => {
        await app.proxy.set("pass");
        const member = createMember();
        // The member's browser has logged in to the account before: it carries the device cookie, past a logout.
        await loginByForm(page, app, member.email, member.password);
        await expect(page).not.toHaveURL(/\/Login/);
        expect((await page.context().cookies()).map((c) => c.name)).toContain("__Host-device");
        await page.context().clearCookies({ name: "__Host-session" });

        let attacking = true;
        const stranger = (async () => {
          while (attacking) {
            await login(app, member.email, `guess-${randomBytes(3).toString("hex")}`, {
              localAddress: "127.0.0.2",
            });
            await sleep(300);
          }
        })();
        try {
          for (const round of [1, 2, 3]) {
            // The account holds its unknown devices: a new browser (another address) is asked to wait...
            await expect
              .poll(
                async () => (await login(app, member.email, "not-it", { localAddress: "127.0.0.3" })).status,
                {
                  message: `round ${round}: the account's unknown devices wait`,
                  timeout: 20_000,
                },
              )
              .toBe(429);
            // ...and right then, the member's own browser logs in with the right password.
            await loginByForm(page, app, member.email, member.password);
            await expect(page, `round ${round}: the known browser gets in`).not.toHaveURL(/\/Login/);
            await page.context().clearCookies({ name: "__Host-session" });
          }
        } finally {
          attacking = false;
          await stranger;
        }
      },
    );
  });

  test("the current password is guessed no faster through the password and e-mail forms than through the login", async ({
    browserName: _,
  }, info) => {
    httpOnly(info);
    await withSideApps(
      [{ LOGIN_DELAY_AFTER_FAILURES: "2", LOGIN_MAX_DELAY_SECONDS: "3600" }],
      async ([app]) => {
        await app.proxy.set("pass");
        const member = createMember();
        // The member's own browser: logged in, with its device cookie.
        const own = await login(app, member.email, member.password, { localAddress: "127.0.0.3" });
        expect(own.status).toBe(302);
        const ownCookies = cookiesOf(own);
        expect(ownCookies).toMatch(/__Host-device=/);
        // The attacker holds a session of the member (a stolen cookie), not the member's browser.
        const stolen = await sessionFor(app.url, member.email);
        const account = (cookie: string, fields: Record<string, string>, localAddress: string) =>
          rawRequest(`${app.url}/Me/Account`, {
            method: "POST",
            localAddress,
            headers: { Cookie: cookie, Origin: app.url, "Content-Type": FORM, Accept: "text/html" },
            body: new URLSearchParams(fields).toString(),
          });
        const passwordChange = (current: string) => ({
          intent: "password",
          currentPassword: current,
          newPassword: "taken-over-1234",
          confirmNewPassword: "taken-over-1234",
        });
        // Two guesses, then each further one waits for the last one's delay: 1 s, then 2 s, then 4 s.
        for (const [i, pause] of [
          [0, 0],
          [1, 0],
          [2, 1_100],
          [3, 2_100],
        ]) {
          await sleep(pause);
          const wrong = await account(stolen, passwordChange(`guess-${i}`), "127.0.0.2");
          expect(wrong.status, `guess ${i + 1}`).toBe(422);
          expect(wrong.body).toContain("The current password is incorrect.");
        }
        const held = await account(stolen, passwordChange("guess-4"), "127.0.0.2");
        expect(held.status).toBe(429);
        expect(held.body).toMatch(TOO_MANY);
        // The e-mail change shares the count, and so does the login from an unknown device.
        const email = await account(
          stolen,
          {
            intent: "account",
            first_name: "Tess",
            last_name: "Throwaway",
            email: "attacker@example.test",
            currentPassword: "guess-5",
          },
          "127.0.0.2",
        );
        expect(email.status).toBe(429);
        expect(email.body).toMatch(TOO_MANY);
        expect((await login(app, member.email, member.password, { localAddress: "127.0.0.4" })).status).toBe(
          429,
        );
        // The member's own browser changes the password with the right one, while the account's delay lasts.
        const changed = await account(
          ownCookies,
          {
            ...passwordChange(member.password),
            newPassword: "mine-again-5678",
            confirmNewPassword: "mine-again-5678",
          },
          "127.0.0.3",
        );
        expect(changed.status).toBe(302);
        expect(
          query<{ email: string }>("SELECT email FROM users WHERE email = ?", member.email),
        ).toHaveLength(1);
      },
    );
  });
});

test.describe("promo codes", () => {
  const PROMO_LIMIT = { PROMO_MAX_FAILURES_PER_CLIENT_PER_HOUR: "3" };
  const NOT_VALID = "The promo code is not valid.";
  const TOO_MANY_CODES =
    /Too many promo codes that do not apply were tried from your address\. Please try again in \d+ (second|minute)s?/;

  test("codes that do not apply are limited per client; repeats of one code are not new guesses", async ({
    browserName: _,
  }, info) => {
    httpOnly(info);
    await withSideApps([PROMO_LIMIT], async ([app]) => {
      await app.proxy.set("pass");
      const price = (fields: Record<string, string>, localAddress: string) =>
        rawRequest(`${app.url}/sign-up/national`, {
          method: "POST",
          localAddress,
          headers: { Origin: app.url, "Content-Type": FORM, Accept: "text/html" },
          body: new URLSearchParams({ intent: "price", ...fields }).toString(),
        });
      // Three wrong codes from one address, then even the right one is refused there, without an answer.
      for (const code of ["GUESS-A", "GUESS-B", "GUESS-C"])
        expect((await price({ promo_code: code }, "127.0.0.2")).body).toContain(NOT_VALID);
      const refused = await price({ promo_code: "SAVE500" }, "127.0.0.2");
      expect(refused.body).toMatch(TOO_MANY_CODES);
      expect(refused.body).not.toContain("$12,495");
      // The price without a code still works there; another address gets the code's price.
      expect((await price({}, "127.0.0.2")).body).toContain("$12,995");
      expect((await price({ promo_code: "SAVE500" }, "127.0.0.3")).body).toContain("$12,495");
      // The same wrong code again and again (the form re-priced as the member fills it in) counts once.
      for (let i = 0; i < 5; i++)
        expect((await price({ promo_code: "GUESS-A", company: `Co ${i}` }, "127.0.0.4")).body).toContain(
          NOT_VALID,
        );
      for (const code of ["guess-b", "GUESS-C"])
        expect((await price({ promo_code: code }, "127.0.0.4")).body).toContain(NOT_VALID);
      expect((await price({ promo_code: "GUESS-D" }, "127.0.0.4")).body).toMatch(TOO_MANY_CODES);
      // The marketing link's discount code is a lookup too: one that does not apply counts.
      for (const code of ["LINK-A", "LINK-B", "LINK-C"])
        expect((await price({ discount: code }, "127.0.0.5")).body).toContain("$12,995");
      expect((await price({ discount: "WELCOME10" }, "127.0.0.5")).body).toMatch(TOO_MANY_CODES);
      expect((await price({ discount: "WELCOME10" }, "127.0.0.6")).body).toContain("$11,695.50");
    });
  });

  test("a member who types a code letter by letter and fills in the form after a wrong one is not held back", async ({
    page,
  }) => {
    await withSideApps([PROMO_LIMIT], async ([app]) => {
      await app.proxy.set("pass");
      const js = !jsDisabled(test.info());
      await page.goto(`${app.url}/sign-up/national`);
      if (js) await expect(page.getByRole("button", { name: "Update price" })).toHaveCount(0);
      const total = page.getByTestId("price-total");
      await expect(total).toContainText("$12,995");
      const promo = page.getByLabel("Promo code");
      const reprice = async () => {
        if (js) await promo.blur();
        else await page.getByRole("button", { name: "Update price" }).click();
      };
      // Typed as a person types, slower than the live price's 100 ms.
      await promo.pressSequentially("NOPE-CODE-1", { delay: 150 });
      await reprice();
      await expect(page.getByText(NOT_VALID).first()).toBeVisible();
      // The rest of the form, filled in with the wrong code still there: each change prices it again.
      for (const [label, value] of [
        ["First name", "Pat"],
        ["Last name", "Lee"],
        ["Phone", "5125550100"],
      ]) {
        await page.getByLabel(label, { exact: true }).pressSequentially(value);
        if (!js) await page.getByRole("button", { name: "Update price" }).click();
      }
      await expect(page.getByText(NOT_VALID).first()).toBeVisible();
      await promo.fill("");
      await promo.pressSequentially("SAVE500", { delay: 150 });
      await reprice();
      await expect(total).toContainText("$12,495");
      await expect(page.getByText(TOO_MANY_CODES)).toHaveCount(0);
    });
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

        // A known device's own failures count on both instances as well (its cookie is signed with the shared secret).
        const other = createMember();
        const known = await login(a, other.email, other.password, { localAddress: "127.0.0.5" });
        expect(known.status).toBe(302);
        // Its device cookie only (with the session, the login page would send a logged-in member on).
        const deviceCookie = cookiesOf(known)
          .split("; ")
          .filter((c) => c.startsWith("__Host-device="))
          .join("; ");
        expect(deviceCookie).not.toBe("");
        const device = { localAddress: "127.0.0.5", headers: { Cookie: deviceCookie } };
        for (let i = 0; i < 3; i++) expect((await login(a, other.email, "wrong", device)).status).toBe(400);
        const heldOnB = await login(b, other.email, other.password, device);
        expect(heldOnB.status).toBe(429);
        expect(heldOnB.body).toMatch(TOO_MANY);
        // The device's failures hold the device, not the account's other devices.
        expect((await login(b, other.email, "wrong", { localAddress: "127.0.0.6" })).status).toBe(400);
      });
    } finally {
      await redis.stop();
    }
  });
});
