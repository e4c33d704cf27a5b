/**
 * A charging call whose answer is lost (decision 138), as the app reads it: which failures of the activation's or
 * the sign-up's call leave the outcome unknown (then the page confirms by the key, and never says "try again"),
 * what the API's answer about a key means for the page, and what the session keeps meanwhile (sealed, no card, no
 * password). The API is the edge: a local HTTP server stands in for it and fails as the test says.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  lateChargeOf,
  outcomeOf,
  outcomeUnknown,
  rememberLateCharge,
  restoredValues,
} from "../../app/lib/billing/late-charge.server";
import {
  ApiClient,
  ApiRequestError,
  upstreamFailureMessage,
  WHILE_CONFIRMING,
} from "../../app/lib/platform/api.server";
import { config } from "../../app/lib/platform/config.server";
import { MemberSession } from "../../app/lib/platform/session.server";
import { endpoints } from "../../contract/endpoints";

type Behaviour = "refuse" | "silent" | "reset" | "500" | "500-empty" | "cut" | "not-json" | "wrong-shape";
let behaviour: Behaviour;
let standIn: Server;
let base: string;
const configured = { base: config.apiBaseUrl, timeout: config.upstreamTimeoutMs };

beforeAll(async () => {
  standIn = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const json = { "Content-Type": "application/json" };
      switch (behaviour) {
        case "refuse":
          res.writeHead(402, json).end(JSON.stringify({ message: "Your card was declined." }));
          return;
        case "silent":
          return;
        case "reset":
          req.socket.destroy();
          return;
        case "500":
          res.writeHead(500, json).end(JSON.stringify({ message: "Server error." }));
          return;
        case "500-empty":
          res.writeHead(503).end();
          return;
        case "cut":
          res.writeHead(200, { ...json, "Content-Length": "100" });
          res.write('{"message":', () => res.destroy());
          return;
        case "not-json":
          res.writeHead(200, json).end("<html>proxy error</html>");
          return;
        case "wrong-shape":
          res.writeHead(200, json).end(JSON.stringify({ ok: true }));
          return;
      }
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/api/frontend/V1`;
});
afterAll(async () => {
  config.apiBaseUrl = configured.base;
  config.upstreamTimeoutMs = configured.timeout;
  standIn.closeAllConnections();
  await new Promise((resolve) => standIn.close(resolve));
});
beforeEach(() => {
  config.apiBaseUrl = base;
  config.upstreamTimeoutMs = 300;
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

const ACTIVATION = {
  plan: 1,
  bill_to: {
    first_name: "A",
    last_name: "B",
    address: "1 Main St",
    city: "Austin",
    state: "TX",
    zip: "78701",
  },
  card: { card_number: "4242424242424242", expiration_date: "12/39", cvv: "123" },
  idempotency_key: "activation-key-0123456789",
  expected_total: 12995,
};

/** What the activation's call throws when the API behaves so (null when it answered). */
async function activationFailure(how: Behaviour): Promise<unknown> {
  behaviour = how;
  const request = new Request("http://app.test/Me/Subscription", { method: "POST" });
  const session = await MemberSession.fromRequest(request);
  await session.startFresh("member-token");
  const api = new ApiClient(request, session);
  return api
    .call(endpoints.subscribe, { body: ACTIVATION, extendDeadline: "charges a card" })
    .then(() => null)
    .catch((error: unknown) => error);
}

describe("a charging call's failure", () => {
  it("is a refusal, told as such, when the API answered 4xx", async () => {
    const error = await activationFailure("refuse");
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(outcomeUnknown(error)).toBe(false);
  });

  for (const how of ["silent", "reset", "500", "500-empty", "cut", "not-json", "wrong-shape"] as const) {
    it(`leaves the outcome unknown when the answer is lost: ${how}`, async () => {
      const error = await activationFailure(how);
      expect(error).not.toBeNull();
      expect(outcomeUnknown(error)).toBe(true);
    });
  }

  it("is not unknown when the call never left: the connection was refused", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    config.apiBaseUrl = `http://127.0.0.1:${port}/api/frontend/V1`;
    const error = await activationFailure("refuse");
    expect((error as { init?: { status?: number } }).init?.status).toBe(503);
    expect(outcomeUnknown(error)).toBe(false);
  });

  it("while a late charge is being confirmed, any page that fails says so, never 'try again'", async () => {
    behaviour = "silent";
    const request = new Request("http://app.test/Me/Subscription");
    const session = await MemberSession.fromRequest(request);
    await session.startFresh("member-token");
    rememberLateCharge(session, {
      kind: "activation",
      key: "activation-key-0123456789",
      path: "/Me/Subscription",
      planName: "National",
      amount: 12995,
      trial: false,
      values: null,
    });
    const failure = await new ApiClient(request, session).call(endpoints.me).catch((e: unknown) => e);
    expect(upstreamFailureMessage(failure)).toBe(WHILE_CONFIRMING);
    expect(WHILE_CONFIRMING).not.toMatch(/try again/i);
  });

  it("is nothing of the kind for what is no failure of the API (a bug, a redirect)", () => {
    expect(outcomeUnknown(new Error("bug"))).toBe(false);
    expect(outcomeUnknown(new Response(null, { status: 302, headers: { Location: "/Login" } }))).toBe(false);
  });
});

describe("the API's answer about a key, as the page tells it", () => {
  const since = 1_000_000;
  const grace = 8_000;

  it("completed, refused and pending say what they say", () => {
    expect(
      outcomeOf(
        { state: "completed", kind: "activation", amount: 12995, trial: false, receipt_id: 4 },
        since,
        since + 1,
        grace,
      ),
    ).toEqual({ state: "completed", trial: false });
    expect(
      outcomeOf(
        { state: "refused", kind: "registration", message: "Your card was declined." },
        since,
        since,
        grace,
      ),
    ).toEqual({ state: "refused", message: "Your card was declined." });
    expect(outcomeOf({ state: "pending", kind: "registration" }, since, since + 60 * grace, grace)).toEqual({
      state: "confirming",
      checked: true,
    });
  });

  it("unknown is still on its way for one timeout after the app gave up, then never received", () => {
    expect(outcomeOf({ state: "unknown" }, since, since + grace - 1, grace)).toEqual({
      state: "confirming",
      checked: true,
    });
    expect(outcomeOf({ state: "unknown" }, since, since + grace, grace)).toEqual({ state: "not-received" });
  });
});

describe("what the session keeps of a late charge", () => {
  const values = {
    bill_address: "1 Typed Street",
    plan_states: ["44"],
    terms: true,
    extra_states: 1,
    idempotency_key: "kept-key-0123456789abcdef",
  };

  it("is sealed in the cookie: neither the key nor what was typed can be read from it", async () => {
    const session = await MemberSession.fromRequest(new Request("http://app.test/sign-up/state"));
    rememberLateCharge(session, {
      kind: "sign-up",
      key: values.idempotency_key,
      path: "/sign-up/state",
      planName: "State",
      amount: 3495,
      trial: false,
      values,
    });
    const cookie = (await session.setCookieHeader()) ?? "";
    expect(cookie).toMatch(/session=/);
    const decoded = Buffer.from(
      decodeURIComponent(cookie.split(";")[0].split("=")[1]).split(".")[0],
      "base64",
    ).toString();
    expect(decoded).toContain("lateCharge");
    expect(decoded).not.toContain(values.idempotency_key);
    expect(decoded).not.toContain("Typed Street");

    const again = await MemberSession.fromRequest(
      new Request("http://app.test/sign-up/state", { headers: { Cookie: cookie.split(";")[0] } }),
    );
    expect(lateChargeOf(again, "activation")).toBeNull();
    expect(lateChargeOf(again, "sign-up")).toMatchObject({
      key: values.idempotency_key,
      amount: 3495,
      values,
    });
    // Forgotten, a guest's session is no cookie at all.
    again.clearLateCharge();
    expect(await again.setCookieHeader()).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it("keeps no values too large for a cookie: the form then starts afresh", async () => {
    const session = await MemberSession.fromRequest(new Request("http://app.test/Me/Subscription"));
    const many = { plan_verticals: Array.from({ length: 400 }, (_, i) => String(i)) };
    rememberLateCharge(session, {
      kind: "activation",
      key: "activation-key-0123456789",
      path: "/Me/Subscription",
      planName: "State",
      amount: 3495,
      trial: false,
      values: many,
    });
    expect(lateChargeOf(session, "activation")?.values).toBeNull();
  });

  it("leaves the session a cookie under 4 KB with the most it keeps, for a logged-in member", async () => {
    const session = await MemberSession.fromRequest(new Request("http://app.test/Me/Subscription"));
    await session.startFresh("a".repeat(120));
    const values: Record<string, string> = {};
    for (let i = 0; JSON.stringify(values).length < 1180; i++) values[`field_${i}`] = "x".repeat(20);
    rememberLateCharge(session, {
      kind: "activation",
      key: "k".repeat(100),
      path: "/Me/Subscription",
      planName: "National Edition (6 months)",
      amount: 12995.95,
      trial: false,
      values,
    });
    expect(lateChargeOf(session, "activation")?.values).toEqual(values);
    expect(((await session.setCookieHeader()) ?? "").length).toBeLessThan(4096);
  });

  it("restores the form field by field, where the kept value has the field's type", () => {
    const first = {
      bill_address: "",
      plan_states: [] as string[],
      terms: false,
      extra_states: 0,
      promo_code: "",
    };
    expect(
      restoredValues(first, {
        bill_address: "1 Typed Street",
        plan_states: ["44", 7],
        terms: "on",
        extra_states: 1,
      }),
    ).toEqual({
      bill_address: "1 Typed Street",
      plan_states: [],
      terms: false,
      extra_states: 1,
      promo_code: "",
    });
    expect(restoredValues(first, null)).toBe(first);
  });
});
