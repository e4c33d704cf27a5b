import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CheckResetTokenAnswer,
  ForgotPasswordAnswer,
  LoginAnswer,
  LogoutAnswer,
  ResetPasswordAnswer,
} from "../../contract/auth";
import { ApiError } from "../../contract/common";
import { UserAnswer } from "../../contract/user";
import { hashToken } from "../../upstream/security";
import { testApi } from "./helpers";

const HOUR = 60 * 60 * 1000;
let api: ReturnType<typeof testApi>;

beforeAll(() => {
  api = testApi({ tokenTtlMs: 12 * HOUR });
});
afterAll(() => api.cleanup());

describe("POST /Login", () => {
  it("answers an access token for the right password", async () => {
    const res = await api.call("POST", "/Login", { email: "member@example.com", password: "demo-password" });
    expect(res.status).toBe(200);
    const { data } = LoginAnswer.parse(res.body);
    expect(data.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(data.expiresAt ?? "").getTime()).toBeGreaterThan(Date.now());
    // Only the hash is stored.
    const stored = api.db
      .prepare("SELECT token_hash FROM access_tokens WHERE token_hash = ?")
      .get(hashToken(data.accessToken));
    expect(stored).toBeDefined();
    expect(
      api.db.prepare("SELECT 1 FROM access_tokens WHERE token_hash = ?").get(data.accessToken),
    ).toBeUndefined();
  });

  it("accepts the e-mail in any case and a form post", async () => {
    const res = await api.call(
      "POST",
      "/Login",
      "email=MEMBER%40example.com&password=demo-password",
      undefined,
      {
        "content-type": "application/x-www-form-urlencoded",
      },
    );
    expect(res.status).toBe(200);
    LoginAnswer.parse(res.body);
  });

  it("refuses a wrong password or an unknown e-mail with the same message", async () => {
    for (const body of [
      { email: "member@example.com", password: "wrong-password" },
      { email: "nobody@example.com", password: "demo-password" },
    ]) {
      const res = await api.call("POST", "/Login", body);
      expect(res.status).toBe(401);
      expect(ApiError.parse(res.body).message).toBe(
        "Incorrect email or password combination. Please try again.",
      );
    }
  });

  it("answers 422 with field messages when a field is missing", async () => {
    const res = await api.call("POST", "/Login", { email: "member@example.com" });
    expect(res.status).toBe(422);
    const body = ApiError.parse(res.body);
    expect(body.message).toBe("The password field is required.");
    expect(body.errors?.password).toEqual(["The password field is required."]);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const res = await api.call("POST", "/Login", "{nope", undefined, { "content-type": "application/json" });
    expect(res.status).toBe(400);
    ApiError.parse(res.body);
  });
});

describe("bearer tokens", () => {
  it("answers 401 'Unauthenticated.' without a token, with a bad one or a malformed header", async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: "Bearer not-a-token" },
      { authorization: "Basic abc" },
    ];
    for (const headers of cases) {
      const res = await api.call("GET", "/Users/Me", undefined, undefined, headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Unauthenticated." });
    }
  });

  it("expires after the configured lifetime", async () => {
    const token = await api.login("basic@example.com");
    api.advance(11 * HOUR);
    expect((await api.call("GET", "/Users/Me", undefined, token)).status).toBe(200);
    api.advance(1 * HOUR + 1000);
    expect((await api.call("GET", "/Users/Me", undefined, token)).status).toBe(401);
  });

  it("is revoked by logout", async () => {
    const token = await api.login("member@example.com");
    const other = await api.login("member@example.com");
    const res = await api.call("POST", "/Logout", undefined, token);
    expect(res.status).toBe(200);
    LogoutAnswer.parse(res.body);
    expect((await api.call("GET", "/Users/Me", undefined, token)).status).toBe(401);
    expect((await api.call("POST", "/Logout", undefined, token)).status).toBe(401);
    // Other sessions of the same member live on.
    expect((await api.call("GET", "/Users/Me", undefined, other)).status).toBe(200);
  });
});

describe("password reset", () => {
  const email = "trial@example.com";
  const outboxLink = () => {
    const row = api.db.prepare('SELECT "to", subject, body FROM outbox ORDER BY id DESC LIMIT 1').get() as
      | { to: string; subject: string; body: string }
      | undefined;
    const match = row ? /http:\/\/app\.test\/ForgotPassword\/([A-Za-z0-9_-]+)/.exec(row.body) : null;
    return { row, token: match?.[1] };
  };

  it("answers the same message for a known and an unknown e-mail, mailing only the member", async () => {
    const before = (api.db.prepare("SELECT count(*) AS n FROM outbox").get() as { n: number }).n;
    const unknown = await api.call("POST", "/ForgotPassword", { email: "nobody@example.com" });
    expect(unknown.status).toBe(200);
    expect(ForgotPasswordAnswer.parse(unknown.body).message).toBe(
      "We have e-mailed your password reset link!",
    );
    expect((api.db.prepare("SELECT count(*) AS n FROM outbox").get() as { n: number }).n).toBe(before);

    const known = await api.call("POST", "/ForgotPassword", { email });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const { row, token } = outboxLink();
    expect(row?.to).toBe(email);
    expect(token).toBeDefined();
  });

  it("validates the e-mail", async () => {
    expect((await api.call("POST", "/ForgotPassword", {})).status).toBe(422);
    const res = await api.call("POST", "/ForgotPassword", { email: "not-an-email" });
    expect(res.status).toBe(422);
    expect(ApiError.parse(res.body).message).toBe("Please enter a valid e-mail address.");
  });

  it("resets with the mailed token once, revoking the member's tokens", async () => {
    const oldToken = await api.login(email);
    await api.call("POST", "/ForgotPassword", { email });
    const { token } = outboxLink();

    const short = await api.call("POST", "/ResetPassword", { reset_token: token, newPassword: "short" });
    expect(short.status).toBe(422);
    expect(ApiError.parse(short.body).errors?.newPassword).toEqual([
      "The new password must be at least 8 characters.",
    ]);

    const res = await api.call("POST", "/ResetPassword", {
      reset_token: token,
      newPassword: "a-new-password",
    });
    expect(res.status).toBe(200);
    expect(ResetPasswordAnswer.parse(res.body)).toEqual({
      message: "Your password has been reset!",
      user: { email },
    });

    expect((await api.call("GET", "/Users/Me", undefined, oldToken)).status).toBe(401);
    expect((await api.call("POST", "/Login", { email, password: "demo-password" })).status).toBe(401);
    const fresh = await api.login(email, "a-new-password");
    UserAnswer.parse((await api.call("GET", "/Users/Me", undefined, fresh)).body);

    const again = await api.call("POST", "/ResetPassword", {
      reset_token: token,
      newPassword: "another-password",
    });
    expect(again.status).toBe(422);
    expect(ApiError.parse(again.body).message).toBe("This password reset token is invalid.");
  });

  it("ResetPassword/Check says whether a link still works, changing nothing (issue 43)", async () => {
    const check = (reset_token: string) => api.call("POST", "/ResetPassword/Check", { reset_token });
    await api.call("POST", "/ForgotPassword", { email: "admin@example.com" });
    const token = outboxLink().token ?? "";
    for (let i = 0; i < 2; i++) {
      const ok = await check(token);
      expect(ok.status).toBe(200);
      expect(CheckResetTokenAnswer.parse(ok.body).message).toBe("This password reset token is valid.");
    }
    const unknown = await check("made-up");
    expect(unknown.status).toBe(422);
    expect(ApiError.parse(unknown.body).message).toBe("This password reset token is invalid.");
    // The checks used nothing up: the reset still works, and after it the check refuses the link.
    const reset = await api.call("POST", "/ResetPassword", {
      reset_token: token,
      newPassword: "a-new-password",
    });
    expect(reset.status).toBe(200);
    expect((await check(token)).status).toBe(422);
    // An expired link is refused too.
    await api.call("POST", "/ForgotPassword", { email: "admin@example.com" });
    const later = outboxLink().token ?? "";
    expect((await check(later)).status).toBe(200);
    api.advance(61 * 60 * 1000);
    expect((await check(later)).status).toBe(422);
  });

  it("refuses an unknown, superseded or expired token", async () => {
    const unknown = await api.call("POST", "/ResetPassword", {
      reset_token: "made-up",
      newPassword: "a-new-password",
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe("This password reset token is invalid.");

    await api.call("POST", "/ForgotPassword", { email: "basic@example.com" });
    const first = outboxLink().token;
    await api.call("POST", "/ForgotPassword", { email: "basic@example.com" });
    const second = outboxLink().token;
    expect(
      (await api.call("POST", "/ResetPassword", { reset_token: first, newPassword: "a-new-password" }))
        .status,
    ).toBe(422);

    api.advance(61 * 60 * 1000);
    expect(
      (await api.call("POST", "/ResetPassword", { reset_token: second, newPassword: "a-new-password" }))
        .status,
    ).toBe(422);
  });
});
