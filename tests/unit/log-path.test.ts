import { describe, expect, it } from "vitest";
import { logPath, nonCanonicalSecretPath } from "../../app/lib/platform/log-path";
import { loggedPath } from "../../upstream/log-path";

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
      // Anything else under /Calendar/ is a mistyped feed address (decision 105).
      "/Calendar/Ical",
    ])
      expect(nonCanonicalSecretPath(variant), variant).toBe(true);
    for (const other of [
      "/ForgotPassword",
      "/Calendar",
      "/Calendar/",
      "/Calendar.data",
      "/Projects/12",
      "/",
      "//",
    ])
      expect(nonCanonicalSecretPath(other), other).toBe(false);
  });

  describe("the feed secret, in every path under /Calendar/{secret} (issue 42)", () => {
    const hash = "187d595a2a5c684d9d64db62a93a3aebd93bd6a0";
    const encoded = (text: string) =>
      [...text].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`).join("");
    const [p, x] = ["/Calendar", "/Ical"];
    // The spellings of the earlier audits (the e2e suite's 12, the unit suite's 15, and the address itself).
    const audited = [
      `${p}/${hash}${x}`,
      `${p}/${hash}${x}/`,
      `${p}/${hash}${x}//`,
      `/${p}/${hash}${x}`,
      `${p}//${hash}${x}`,
      `${p.toLowerCase()}/${hash}${x.toLowerCase()}`,
      `${p.toLowerCase()}/${hash}${x.toUpperCase()}`,
      `${p.toUpperCase()}/${hash}${x.toUpperCase()}`,
      `${p.toUpperCase()}/${hash.toUpperCase()}${x}`,
      `${p}%2F${hash}%2FIcal`,
      `${p}%2f${hash}${x}`,
      `${p}%2f${hash}%2fIcal`,
      `${p}%252F${hash}%252FIcal`,
      `${p}\\${hash}\\Ical`,
      `${p}/${encoded(hash)}${x}`,
      `${p}/${encoded(hash).toLowerCase()}${x}`,
      `/Projects/..${p}/${hash}${x}`,
      `/x/..${p}/${hash}${x}`,
      `${p}/./${hash}${x}`,
      `${p}/${hash}${x}.data`,
    ];
    // Those of issue 42 (each was a 302 with the secret in the log), and more of their kind.
    const whateverFollows = [
      `${p}/${hash}`,
      `${p}/${hash}/`,
      `${p}/${hash}/.`,
      `${p}/${hash}/x`,
      `${p}/${hash}/x/y/z`,
      `${p}/${hash}${x}/..`,
      `${p}/${hash}${x}/./..`,
      `${p}/${hash}.data`,
      `${p}/${hash}/x.data`,
      `${p}/${hash}${x}/...`,
      `${p}/${hash}%2F.`,
      `${p}/${hash}/%2e`,
      `${p}/${hash}${x}/%2E%2E`,
      `${p}/${hash}${x}%2F..`,
      `${p}/${encoded(hash)}`,
      `${p}/${encoded(hash)}/x`,
      `${p}%2F${hash}`,
      `${p}/${hash.toUpperCase()}`,
      `${p.toLowerCase()}/${hash}/X`,
      `${p.toUpperCase()}/${hash.toUpperCase()}/ICAL/..`,
      `${p}/${hash};x`,
      `${p}/${hash}%00`,
      `${p}/${hash}%0A`,
      `${p}/${hash}?hash=1`,
      `${p}/${hash}#x`,
      `${p}/x/../${hash}`,
      `${p}//${hash}//`,
      `${p}\\${hash}`,
      `/Projects/${hash}`,
      `/${hash}`,
    ];

    it("never logs the secret, whatever follows it (or precedes it)", () => {
      expect(audited.length + whateverFollows.length).toBeGreaterThanOrEqual(48);
      for (const path of [...audited, ...whateverFollows]) {
        const logged = logPath(path);
        expect(logged.toLowerCase(), path).not.toContain(hash);
        expect(logged.toLowerCase(), path).not.toContain(encoded(hash).toLowerCase());
        expect(logged, path).toMatch(/\[redacted\]/);
      }
      expect(logPath(`${p}/${hash}`)).toBe("/Calendar/[redacted]");
      expect(logPath(`${p}/${hash}/x`)).toBe("/Calendar/[redacted]/x");
      expect(logPath(`${p}/${hash}${x}/..`)).toBe("/Calendar/[redacted]");
    });

    it("is in no line of the API's log either, wherever a caller put it", () => {
      for (const path of [...audited, ...whateverFollows]) {
        const logged = loggedPath(`http://127.0.0.1:3001/api/frontend/V1${path}`);
        expect(logged.toLowerCase(), path).not.toContain(hash);
        expect(logged, path).not.toContain("?");
      }
      expect(loggedPath(`/api/frontend/V1/Calendar/Feed?hash=${hash}`)).toBe(
        "/api/frontend/V1/Calendar/Feed",
      );
      expect(loggedPath(`/api/frontend/V1/Calendar/${encoded(hash)}`)).toBe(
        "/api/frontend/V1/Calendar/[redacted]",
      );
      expect(loggedPath("/api/frontend/V1/Projects/12%0AGET")).toBe("/api/frontend/V1/Projects/12%0aGET");
    });

    it("serves the feed at its one address only: every other path under /Calendar/ is another spelling", () => {
      expect(nonCanonicalSecretPath(`${p}/${hash}${x}`)).toBe(false);
      for (const path of [...audited.slice(1), ...whateverFollows.filter((w) => !/[?#]/.test(w))]) {
        if (path === `/Projects/${hash}` || path === `/${hash}`) continue;
        expect(nonCanonicalSecretPath(path.split(/[?#]/)[0]), path).toBe(true);
      }
    });
  });

  it("cannot forge log lines and stay short", () => {
    expect(logPath("/a%0AGET%20/admin%20200")).toBe("/a%0aGET%20/admin%20200");
    expect(logPath(`/${"x".repeat(1000)}`).length).toBeLessThanOrEqual(301);
  });
});
