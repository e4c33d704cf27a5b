import { describe, expect, it } from "vitest";
import { knownDevice, rememberDevice } from "../../app/lib/platform/device-cookie.server";

const withCookie = (setCookie: string, extra = "") =>
  new Request("http://app.test/Login", { headers: { Cookie: `${setCookie.split(";")[0]}${extra}` } });

describe("the login device cookie", () => {
  it("names the browser a known device of the accounts it logged in to, with a new id each time", async () => {
    const first = await rememberDevice(new Request("http://app.test/Login"), "Member@Example.com");
    expect(first).toMatch(/HttpOnly/i);
    expect(first).toMatch(/SameSite=Lax/i);
    expect(first).toMatch(/Max-Age=31536000/);
    const id = await knownDevice(withCookie(first), "member@example.com");
    expect(id).toMatch(/^[\w-]{22}$/);
    expect(await knownDevice(withCookie(first), "other@example.com")).toBeNull();
    // A second account on the same browser; then the first again, with a new id.
    const second = await rememberDevice(withCookie(first), "other@example.com");
    expect(await knownDevice(withCookie(second), "member@example.com")).toBe(id);
    const other = await knownDevice(withCookie(second), "other@example.com");
    expect(other).toMatch(/^[\w-]{22}$/);
    const third = await rememberDevice(withCookie(second), "member@example.com");
    const renewed = await knownDevice(withCookie(third), "member@example.com");
    expect(renewed).not.toBe(id);
    expect(await knownDevice(withCookie(third), "other@example.com")).toBe(other);
    // No address in it.
    expect(decodeURIComponent(third)).not.toMatch(/example\.com/i);
  });

  it("is no cookie when forged or altered", async () => {
    const real = (await rememberDevice(new Request("http://app.test/"), "member@example.com")).split(";")[0];
    const [name, value] = [real.slice(0, real.indexOf("=")), real.slice(real.indexOf("=") + 1)];
    const [payload] = decodeURIComponent(value).split(".");
    const forged = Buffer.from(JSON.stringify([{ a: "x", d: "forged-device-id-0000" }])).toString("base64");
    for (const cookie of [
      `${name}=${encodeURIComponent(`${forged}.${decodeURIComponent(value).split(".")[1]}`)}`,
      `${name}=${encodeURIComponent(payload ?? "")}`,
      `${name}=${encodeURIComponent(`${payload}.AAAA`)}`,
      `${name}=not-a-cookie`,
    ]) {
      const request = new Request("http://app.test/", { headers: { Cookie: cookie } });
      expect(await knownDevice(request, "member@example.com"), cookie).toBeNull();
    }
  });
});
