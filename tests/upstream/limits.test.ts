/**
 * The limits of the API's public calls (decision 105), over HTTP against real servers: Login, ForgotPassword,
 * Register and Register/Price, per client and per account, with the app's rules (progressive delays per account,
 * a known device counted alone, a number per client per window, a code that does not apply counted once); the
 * client is the socket's address, or what X-Forwarded-For says when the socket's peer is trusted (the app); and
 * two instances over one Redis share their counts.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RegisterOptionsAnswer } from "../../contract/register";
import { type AccountPolicy, DEFAULT_LIMITS, type PublicCallLimits } from "../../upstream/limits/config";
import { type RunningUpstream, startUpstream } from "../../upstream/server";
import { type RedisServer, startRedis } from "../e2e/support/redis";
import { DEMO_PASSWORD, tempDatabase } from "./helpers";

type Answer = {
  status: number;
  body: { message?: string; errors?: Record<string, string[]> };
  retryAfter: string | null;
};

/** A JSON POST to the API, from `localAddress` (another loopback address is another client), with headers. */
function post(
  api: RunningUpstream,
  path: string,
  json: unknown,
  from: { localAddress?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(`${api.apiBaseUrl}/${path}`);
  const payload = JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        localAddress: from.localAddress,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          ...from.headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text ? JSON.parse(text) : {},
            retryAfter: (res.headers["retry-after"] as string | undefined) ?? null,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

const LOW: AccountPolicy = { delayAfter: 2, maxDelaySeconds: 60, perClient: 4, windowSeconds: 900 };
const LIMITS: PublicCallLimits = {
  ...DEFAULT_LIMITS,
  login: LOW,
  publicForm: LOW,
  cardFailuresPerClientPerHour: 2,
  promoFailuresPerClientPerHour: 3,
};
const LOGIN_LIMITED = /^Too many failed login attempts\. Please try again in \d+ (second|minute)s?\.$/;
const FORM_LIMITED =
  /^Too many requests from you or for this e-mail address\. Please try again in \d+ (second|minute)s?\.$/;

const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}@example.test`;
/** Another client, as the app says it (X-Forwarded-For from loopback, which the API trusts by default). */
const asClient = (address: string) => ({ headers: { "x-forwarded-for": address } });

function expectLimited(answer: Answer, message: RegExp) {
  expect(answer.status).toBe(429);
  expect(answer.body.message).toMatch(message);
  expect(Number(answer.retryAfter)).toBeGreaterThan(0);
}

let temp: ReturnType<typeof tempDatabase>;
let api: RunningUpstream;
let plans: { trial: number; national: number; texas: number; vertical: number };

beforeAll(async () => {
  temp = tempDatabase(40);
  api = await startUpstream({ dbPath: temp.path, port: 0, limits: LIMITS });
  const options = RegisterOptionsAnswer.parse(
    await (await fetch(`${api.apiBaseUrl}/Register/Options`)).json(),
  ).data;
  plans = {
    trial: options.plans.find((p) => p.slug === "free-trial")?.id ?? 0,
    national: options.plans.find((p) => p.slug === "national")?.id ?? 0,
    texas: options.states.find((s) => s.abbr === "TX")?.id ?? 0,
    vertical: options.verticals[0].id,
  };
}, 120_000);
afterAll(async () => {
  await api?.close();
  temp?.cleanup();
});

describe("Login", () => {
  it("slows an account down after its failures, whichever client tries; a known device of the member gets in", async () => {
    const email = "member@example.com";
    for (const client of ["198.51.100.1", "198.51.100.2"])
      expect((await post(api, "Login", { email, password: "wrong" }, asClient(client))).status).toBe(401);
    // The second failure started a wait: the right password from a third client waits too.
    const held = await post(api, "Login", { email, password: DEMO_PASSWORD }, asClient("198.51.100.3"));
    expectLimited(held, LOGIN_LIMITED);
    // The member's browser, known to the app (decision 079), is counted by its own failures only.
    const known = {
      headers: { "x-forwarded-for": "203.0.113.9", "x-login-device": "device-id-0123456789abcdef" },
    };
    expect((await post(api, "Login", { email, password: DEMO_PASSWORD }, known)).status).toBe(200);
  });

  it("limits the failures of one client, and of no other", async () => {
    const client = asClient("198.51.100.20");
    for (let i = 0; i < LOW.perClient; i++)
      expect((await post(api, "Login", { email: unique("nobody"), password: "x" }, client)).status).toBe(401);
    expectLimited(
      await post(api, "Login", { email: unique("nobody"), password: "x" }, client),
      LOGIN_LIMITED,
    );
    expect(
      (await post(api, "Login", { email: unique("nobody"), password: "x" }, asClient("198.51.100.21")))
        .status,
    ).toBe(401);
  });

  it("believes X-Forwarded-For from a trusted peer only: another address is its socket's, whatever it claims", async () => {
    const temp2 = tempDatabase(10, "untrusted.sqlite");
    const strict = await startUpstream({
      dbPath: temp2.path,
      port: 0,
      limits: LIMITS,
      trustedProxies: "127.0.0.1",
    });
    try {
      // From 127.0.0.2 (not trusted), each attempt claims another address: all count for 127.0.0.2.
      for (let i = 0; i < LOW.perClient; i++) {
        const spoofed = { localAddress: "127.0.0.2", headers: { "x-forwarded-for": `192.0.2.${i + 1}` } };
        expect(
          (await post(strict, "Login", { email: unique("nobody"), password: "x" }, spoofed)).status,
        ).toBe(401);
      }
      const next = { localAddress: "127.0.0.2", headers: { "x-forwarded-for": "192.0.2.99" } };
      expectLimited(
        await post(strict, "Login", { email: unique("nobody"), password: "x" }, next),
        LOGIN_LIMITED,
      );
      // Nor does it believe a device it did not get from the app.
      const email = "trial@example.com";
      for (let i = 0; i < LOW.delayAfter; i++)
        expect((await post(strict, "Login", { email, password: "wrong" })).status).toBe(401);
      const claimed = {
        localAddress: "127.0.0.3",
        headers: { "x-login-device": "device-id-0123456789abcdef" },
      };
      expectLimited(await post(strict, "Login", { email, password: DEMO_PASSWORD }, claimed), LOGIN_LIMITED);
    } finally {
      await strict.close();
      temp2.cleanup();
    }
  });
});

describe("ForgotPassword", () => {
  it("counts every reset mail per account, then per client", async () => {
    const email = "basic@example.com";
    for (const client of ["198.51.100.30", "198.51.100.31"])
      expect((await post(api, "ForgotPassword", { email }, asClient(client))).status).toBe(200);
    expectLimited(await post(api, "ForgotPassword", { email }, asClient("198.51.100.32")), FORM_LIMITED);

    const client = asClient("198.51.100.33");
    for (let i = 0; i < LOW.perClient; i++)
      expect((await post(api, "ForgotPassword", { email: unique("reset") }, client)).status).toBe(200);
    expectLimited(await post(api, "ForgotPassword", { email: unique("reset") }, client), FORM_LIMITED);
    expect(
      (await post(api, "ForgotPassword", { email: unique("reset") }, asClient("198.51.100.34"))).status,
    ).toBe(200);
  });
});

describe("Register", () => {
  const signUp = (email: string, extra: Record<string, unknown> = {}) => ({
    first_name: "Pat",
    last_name: "Lee",
    phone_number: "5125550100",
    email,
    company: "Lee Builders",
    state: "TX",
    password: "secret-pass",
    confirm_password: "secret-pass",
    idempotency_key: `limits-${Math.random().toString(36).slice(2)}-abcdefghijklmnop`,
    plan: plans.trial,
    plan_states: [plans.texas],
    plan_verticals: [plans.vertical],
    ...extra,
  });

  it("counts the sign-ups of an e-mail address (taken or not) and of a client", async () => {
    // An address already taken is refused each time, and each refusal counts (it tells whether the address is taken).
    for (const client of ["198.51.100.40", "198.51.100.41"])
      expect((await post(api, "Register", signUp("member@example.com"), asClient(client))).status).toBe(422);
    expectLimited(
      await post(api, "Register", signUp("member@example.com"), asClient("198.51.100.42")),
      FORM_LIMITED,
    );

    const client = asClient("198.51.100.43");
    for (let i = 0; i < LOW.perClient; i++)
      expect((await post(api, "Register", signUp(unique("signup")), client)).status).toBe(200);
    expectLimited(await post(api, "Register", signUp(unique("signup")), client), FORM_LIMITED);
    expect((await post(api, "Register", signUp(unique("signup")), asClient("198.51.100.44"))).status).toBe(
      200,
    );
  });

  it("refuses a client past its declined cards, whatever the address it signs up", async () => {
    const declined = { card_number: "4000000000000002", expiration_date: "12/39", cvv: "123" };
    const paid = (email: string) =>
      signUp(email, {
        plan: plans.national,
        plan_states: [],
        plan_verticals: [],
        card: declined,
        bill_to: {
          first_name: "Pat",
          last_name: "Lee",
          address: "1 Main St",
          city: "Austin",
          state: "TX",
          zip: "78701",
        },
        expected_total: 12995,
      });
    const client = asClient("198.51.100.50");
    for (let i = 0; i < LIMITS.cardFailuresPerClientPerHour; i++)
      expect((await post(api, "Register", paid(unique("card")), client)).status).toBe(402);
    expectLimited(
      await post(api, "Register", paid(unique("card")), client),
      /^Too many declined card attempts\. Please try again in \d+ minutes?\.$/,
    );
    expect((await post(api, "Register", paid(unique("card")), asClient("198.51.100.51"))).status).toBe(402);
  });
});

describe("Register/Price", () => {
  const price = (codes: { promo_code?: string; discount?: string }) => ({
    plan: plans.national,
    plan_states: [],
    plan_verticals: [],
    plan_counties: [],
    additional_services: [],
    is_free_trial: false,
    ...codes,
  });
  const PROMO_LIMITED =
    /^Too many promo codes that do not apply were tried from your address\. Please try again in \d+ minutes?, or leave the promo code empty\.$/;

  it("counts the codes that do not apply per client, a repeated one once; a price without a code is never limited", async () => {
    const client = asClient("198.51.100.60");
    // The same wrong code priced again is no new guess; a right code costs nothing.
    for (let i = 0; i < 3; i++)
      expect((await post(api, "Register/Price", price({ promo_code: "GUESS0" }), client)).status).toBe(422);
    expect((await post(api, "Register/Price", price({ promo_code: "welcome10" }), client)).status).toBe(200);
    expect((await post(api, "Register/Price", price({ discount: "NOT-A-DISCOUNT" }), client)).status).toBe(
      200,
    );
    expect((await post(api, "Register/Price", price({ promo_code: "GUESS1" }), client)).status).toBe(422);
    // Three that did not apply: the next code is refused, the right one too, without asking the price.
    expectLimited(await post(api, "Register/Price", price({ promo_code: "GUESS2" }), client), PROMO_LIMITED);
    expectLimited(
      await post(api, "Register/Price", price({ promo_code: "welcome10" }), client),
      PROMO_LIMITED,
    );
    expect((await post(api, "Register/Price", price({}), client)).status).toBe(200);
    expect(
      (await post(api, "Register/Price", price({ promo_code: "GUESS2" }), asClient("198.51.100.61"))).status,
    ).toBe(422);
  });
});

describe("two instances over one Redis", () => {
  let redis: RedisServer;
  const temps: ReturnType<typeof tempDatabase>[] = [];
  const apis: RunningUpstream[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    const shared = tempDatabase(10, "shared.sqlite");
    temps.push(shared);
    const lines: string[] = [];
    for (let i = 0; i < 2; i++) {
      const log = (line: string) => lines.push(line);
      apis.push(
        await startUpstream({ dbPath: shared.path, port: 0, limits: LIMITS, redisUrl: redis.url, log }),
      );
    }
    // Until its connection is ready, an instance counts in its own memory.
    const deadline = Date.now() + 10_000;
    while (lines.filter((line) => line === "[limits] counters in Redis").length < 2) {
      if (Date.now() > deadline) throw new Error(`Redis not ready: ${lines.join("; ")}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(apis.map((a) => a.close()));
    for (const t of temps) t.cleanup();
    await redis?.stop();
  });

  it("share an account's delay and a client's count", async () => {
    const [one, two] = apis;
    const email = "trial@example.com";
    expect((await post(one, "Login", { email, password: "wrong" }, asClient("198.51.100.70"))).status).toBe(
      401,
    );
    expect((await post(two, "Login", { email, password: "wrong" }, asClient("198.51.100.71"))).status).toBe(
      401,
    );
    expectLimited(
      await post(one, "Login", { email, password: DEMO_PASSWORD }, asClient("198.51.100.72")),
      LOGIN_LIMITED,
    );
    expectLimited(
      await post(two, "Login", { email, password: DEMO_PASSWORD }, asClient("198.51.100.72")),
      LOGIN_LIMITED,
    );

    const client = asClient("198.51.100.73");
    for (let i = 0; i < LOW.perClient; i++)
      expect((await post(apis[i % 2], "ForgotPassword", { email: unique("shared") }, client)).status).toBe(
        200,
      );
    expectLimited(await post(one, "ForgotPassword", { email: unique("shared") }, client), FORM_LIMITED);
    expectLimited(await post(two, "ForgotPassword", { email: unique("shared") }, client), FORM_LIMITED);
  });
});
