import { describe, expect, it } from "vitest";
import { logPath } from "../../app/lib/log-path";

describe("logged paths", () => {
  it("never carry the query string", () => {
    expect(logPath("/Projects?query=secret+school&page=2")).toBe("/Projects");
    expect(logPath("http://localhost:3000/Contacts.data?query=jane#x")).toBe("/Contacts.data");
  });

  it("redact the reset token and the calendar feed's secret, however the path is spelled", () => {
    const token = "0123456789abcdef0123456789abcdef";
    for (const path of [
      `/ForgotPassword/${token}`,
      `/forgotpassword/${token}.data`,
      `/Forgot%50assword/${token}`,
      `/x/../ForgotPassword/${token}?redirect=1`,
      `/FORGOTPASSWORD/${token}/`,
    ]) {
      const logged = logPath(path);
      expect(logged, path).not.toContain(token);
      expect(logged, path).toMatch(/\[redacted\]/);
    }
    expect(logPath("/ForgotPassword")).toBe("/ForgotPassword");
    expect(logPath("/Calendar/9f86d081884c7d65/Ical")).toBe("/Calendar/[redacted]/Ical");
    expect(logPath("/Calendar")).toBe("/Calendar");
    expect(logPath(`/Unsubscribe/${token}`)).toBe("/Unsubscribe/[redacted]");
    expect(logPath(`/unsubscribe/${token}.data?x=1`)).toBe("/unsubscribe/[redacted]");
  });

  it("cannot forge log lines and stay short", () => {
    expect(logPath("/a%0AGET%20/admin%20200")).toBe("/a%0aGET%20/admin%20200");
    expect(logPath(`/${"x".repeat(1000)}`).length).toBeLessThanOrEqual(301);
  });
});
