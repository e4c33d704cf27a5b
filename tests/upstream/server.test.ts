import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoginAnswer } from "../../contract/auth";
import { UserAnswer } from "../../contract/user";
import { type RunningUpstream, startUpstream } from "../../upstream/server";

let dir: string;
let upstream: RunningUpstream;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "upstream-server-"));
  upstream = await startUpstream({ dbPath: join(dir, "data", "ref.sqlite"), port: 0, seedProjects: 100 });
});
afterAll(async () => {
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("startUpstream", () => {
  it("creates and seeds the database, then serves over HTTP", async () => {
    expect(existsSync(join(dir, "data", "ref.sqlite"))).toBe(true);
    expect(existsSync(join(dir, "data", "ref.sqlite.seeding"))).toBe(false);
    expect(upstream.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${upstream.apiBaseUrl}/Health`);
    expect(await health.json()).toEqual({ status: "ok" });

    const login = await fetch(`${upstream.apiBaseUrl}/Login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "member@example.com", password: "demo-password" }),
    });
    const { data } = LoginAnswer.parse(await login.json());
    const me = await fetch(`${upstream.apiBaseUrl}/Users/Me`, {
      headers: { authorization: `Bearer ${data.accessToken}` },
    });
    expect(UserAnswer.parse(await me.json()).data.email).toBe("member@example.com");
  });

  it("answers JSON 404 for unknown paths, without stack traces", async () => {
    const res = await fetch(`${upstream.url}/api/frontend/V1/NoSuchThing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Not found." });
  });

  it("reuses a seeded database on the next start", async () => {
    const again = await startUpstream({ dbPath: upstream.db.name, port: 0, seedProjects: 5 });
    const count = again.db.prepare("SELECT count(*) AS n FROM projects").get() as { n: number };
    expect(count.n).toBe(100);
    await again.close();
  });
});
