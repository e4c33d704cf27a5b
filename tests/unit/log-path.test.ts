import { describe, expect, it } from "vitest";
import { logPath, nonCanonicalSecretPath } from "../../app/lib/platform/log-path";

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

  it("redact after normalising: repeated and trailing slashes, backslashes, case, percent-encoding", () => {
    const token = "Zm9vYmFyYmF6cXV4LXRva2VuLTAxMjM0NTY3ODlhYmNkZWY";
    const hash = "187d595a2a5c684d9d64db62a93a3aebd93bd6a0";
    const spelled = (secret: string) =>
      [...secret].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`).join("");
    const variants = (prefix: string, secret: string, suffix: string) => [
      `${prefix}/${secret}${suffix}`,
      `${prefix}/${secret}${suffix}/`,
      `${prefix}/${secret}${suffix}//`,
      `/${prefix}/${secret}${suffix}`,
      `${prefix}//${secret}${suffix}`,
      `${prefix.toLowerCase()}/${secret}${suffix.toUpperCase()}`,
      `${prefix.toUpperCase()}/${secret.toUpperCase()}${suffix}`,
      `${prefix}%2F${secret}${suffix.replace("/", "%2F")}`,
      `${prefix}%2f${secret}${suffix.replace("/", "%2f")}`,
      `${prefix}%252F${secret}${suffix.replace("/", "%252F")}`,
      `${prefix}\\${secret}${suffix.replace("/", "\\")}`,
      `${prefix}/${spelled(secret)}${suffix}`,
      `/x/..${prefix}/${secret}${suffix}`,
      `${prefix}/./${secret}${suffix}`,
      `${prefix}/${secret}${suffix}.data`,
    ];
    for (const [prefix, secret, suffix] of [
      ["/ForgotPassword", token, ""],
      ["/Calendar", hash, "/Ical"],
    ] as const) {
      for (const path of variants(prefix, secret, suffix)) {
        const logged = logPath(path);
        expect(logged.toLowerCase(), path).not.toContain(secret.toLowerCase());
        expect(logged, path).toMatch(/\[redacted\]/);
      }
    }
  });

  it("know the one canonical spelling of each secret path", () => {
    const token = "Zm9vYmFyYmF6cXV4LXRva2VuLTAxMjM0NTY3ODlhYmNkZWY";
    const hash = "187d595a2a5c684d9d64db62a93a3aebd93bd6a0";
    for (const canonical of [
      `/ForgotPassword/${token}`,
      `/ForgotPassword/${token}.data`,
      `/Calendar/${hash}/Ical`,
    ])
      expect(nonCanonicalSecretPath(canonical), canonical).toBe(false);
    for (const variant of [
      `/ForgotPassword/${token}/`,
      `/ForgotPassword/${token}/_.data`,
      `/Unsubscribe/${token}/_.data`,
      `//ForgotPassword/${token}`,
      `/ForgotPassword//${token}`,
      `/forgotpassword/${token}`,
      `/ForgotPassword%2F${token}`,
      `/ForgotPassword/${token}%2F`,
      `/ForgotPassword\\${token}`,
      `/Calendar/${hash}/Ical//`,
      `/Calendar/${hash}/Ical/`,
      `/Calendar//${hash}/Ical`,
      `/calendar/${hash}/ical`,
      `/Calendar/${hash.toUpperCase()}/Ical`,
      `/Calendar%2F${hash}%2FIcal`,
      `/Calendar/${hash}%2FIcal`,
      `/Calendar\\${hash}\\Ical`,
      `/x/../Calendar/${hash}/Ical`,
    ])
      expect(nonCanonicalSecretPath(variant), variant).toBe(true);
    for (const other of ["/ForgotPassword", "/Calendar", "/Calendar/Ical", "/Projects/12", "/", "//"])
      expect(nonCanonicalSecretPath(other), other).toBe(false);
  });

  it("cannot forge log lines and stay short", () => {
    expect(logPath("/a%0AGET%20/admin%20200")).toBe("/a%0aGET%20/admin%20200");
    expect(logPath(`/${"x".repeat(1000)}`).length).toBeLessThanOrEqual(301);
  });
});
