/**
 * Request limits (issue 11, docs/decisions/012-request-and-abuse-limits.md): what the app server refuses before
 * a request reaches React Router, and what its access log keeps. HTTP-level requests against the webServer's
 * app (tests/e2e/support/raw-http.ts), run once; the friendly 413 page is checked in a browser, in both modes.
 */
import { spawn } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { connect } from "node:net";
import { API_LOG, API_URL, APP_URL } from "./support/env";
import { loggedInMember, sessionFor } from "./support/fault-fixtures";
import {
  createMember,
  expect,
  httpOnly,
  lastOutboxId,
  logFromHere,
  query,
  resetLinkFor,
  test,
} from "./support/fixtures";
import { rawRequest } from "./support/raw-http";
import { ACTIONS, fillPath, SCREENS } from "./support/route-table";

const FORM = "application/x-www-form-urlencoded";
const SAME_SITE = { Origin: APP_URL, "Content-Type": FORM };
/** A stack frame ("    at fn (file.js:1:2)") in a log or a page. */
const STACK = /\n\s+at [^\n]+:\d+:\d+/;

/** The app answers a plain page quickly: nothing holds its event loop. */
async function expectStillAnswering(where: string) {
  const answer = await rawRequest(`${APP_URL}/Login`, { timeoutMs: 5_000 });
  expect(answer.status, where).toBe(200);
  expect(answer.ms, `${where}: /Login answered in ${answer.ms.toFixed(0)} ms`).toBeLessThan(1_000);
}

/** The first line of the app's answer to a request written by hand. */
function statusLine(raw: string): Promise<string> {
  const { port } = new URL(APP_URL);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port: Number(port) }, () => socket.write(raw));
    let text = "";
    socket.setTimeout(5_000, () => socket.destroy(new Error("no answer")));
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
      if (text.includes("\r\n")) {
        resolve(text.split("\r\n")[0]);
        socket.destroy();
      }
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(text.split("\r\n")[0]));
  });
}

const oversized = `email=someone%40example.com&password=${"a".repeat(1024 * 1024)}`;

type CurlAnswer = {
  exitCode: number | null;
  status: number;
  headers: string;
  body: string;
  stderr: string;
  sent: number;
};

/**
 * A form post of `size` bytes through curl (what issue 26 measured with): the body is made as curl reads it (a
 * login form with a huge password), so nothing of that size is ever in memory or on disk.
 */
function curlPost(url: string, size: number, args: string[]): Promise<CurlAnswer> {
  const marker = "\n--curl-status:";
  const child = spawn("curl", [
    "-sS",
    "-i",
    "-o",
    "-",
    "-w",
    `${marker}%{http_code}`,
    "-X",
    "POST",
    "-T",
    "-",
    "-H",
    "Content-Type: application/x-www-form-urlencoded",
    "-H",
    `Origin: ${APP_URL}`,
    "--max-time",
    "30",
    ...args,
    url,
  ]);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const head = Buffer.from("email=someone%40example.com&password=");
  const piece = Buffer.alloc(64 * 1024, "a");
  let sent = 0;
  child.stdin.on("error", () => {}); // curl stops reading once it has its answer
  const pump = () => {
    while (sent < size && !child.stdin.destroyed) {
      const next = sent === 0 ? head : piece.subarray(0, Math.min(piece.length, size - sent));
      sent += next.length;
      if (!child.stdin.write(next)) return void child.stdin.once("drain", pump);
    }
    if (!child.stdin.destroyed) child.stdin.end();
  };
  pump();
  return new Promise((resolve) => {
    child.on("close", (exitCode) => {
      const at = stdout.lastIndexOf(marker);
      const response = stdout.slice(0, at);
      const split = response.indexOf("\r\n\r\n");
      resolve({
        exitCode,
        status: Number(stdout.slice(at + marker.length)),
        headers: response.slice(0, split),
        body: response.slice(split + 4),
        stderr,
        sent,
      });
    });
  });
}

test.describe("request limits", () => {
  test("an oversized post is answered 413, with or without Content-Length, and the server keeps answering", async ({
    browserName: _,
  }, info) => {
    httpOnly(info);
    const withLength = await rawRequest(`${APP_URL}/Login`, {
      method: "POST",
      headers: SAME_SITE,
      body: oversized,
    });
    expect(withLength.status).toBe(413);
    expect(withLength.body).toContain("larger than this form accepts");
    await expectStillAnswering("after a 1 MB post with Content-Length");

    const chunked = await rawRequest(`${APP_URL}/Login`, {
      method: "POST",
      headers: SAME_SITE,
      body: oversized,
      chunked: 64 * 1024,
    });
    expect(chunked.status).toBe(413);
    await expectStillAnswering("after a 1 MB chunked post");

    // A chunked body that does not end: the answer comes once the limit is passed, not when the client stops.
    const endless = await rawRequest(`${APP_URL}/ContactUs`, {
      method: "POST",
      headers: SAME_SITE,
      body: "reason=Question&comment=",
      chunked: 16 * 1024,
      endless: 200 * 1024 * 1024,
      timeoutMs: 10_000,
    });
    expect(endless.status).toBe(413);
    await expectStillAnswering("after an endless chunked post");

    // A browser gets the app's own error page, with its status.
    const page = await rawRequest(`${APP_URL}/Login`, {
      method: "POST",
      headers: { ...SAME_SITE, Accept: "text/html,application/xhtml+xml" },
      body: oversized,
    });
    expect(page.status).toBe(413);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("Too much to send");
    expect(page.body).not.toMatch(STACK);
  });

  test("curl gets a readable 413 for a 60 MB and a 1 GB body, declared or not, and the connection is then closed", async ({
    browserName: _,
  }, info) => {
    httpOnly(info);
    test.setTimeout(120_000);
    const MB = 1024 * 1024;
    const cases: { where: string; size: number; args: string[] }[] = [
      { where: "60 MB declared", size: 60 * MB, args: ["-H", "Expect:", "-H", "Transfer-Encoding:"] },
      { where: "1 GB declared", size: 1024 * MB, args: ["-H", "Expect:", "-H", "Transfer-Encoding:"] },
      { where: "1 GB chunked (not declared)", size: 1024 * MB, args: ["-H", "Expect:"] },
      // curl's default for a large body: it waits for "100 Continue", which a declared 1 GB does not get.
      { where: "1 GB declared, Expect: 100-continue", size: 1024 * MB, args: ["-H", "Transfer-Encoding:"] },
    ];
    for (const { where, size, args } of cases) {
      for (const accept of ["*/*", "text/html"]) {
        const answer = await curlPost(`${APP_URL}/Login`, size, [
          ...args,
          ...(args.includes("Transfer-Encoding:") ? ["-H", `Content-Length: ${size}`] : []),
          "-H",
          `Accept: ${accept}`,
        ]);
        const label = `${where}, Accept ${accept}`;
        expect(answer.exitCode, `${label}: curl ${answer.stderr}`).toBe(0);
        expect(answer.status, label).toBe(413);
        expect(answer.body, label).toMatch(
          accept === "text/html" ? /Too much to send/ : /larger than this form accepts/,
        );
        expect(answer.headers, label).toMatch(/^connection: close/im);
        expect(answer.sent, `${label}: the client stopped sending`).toBeLessThan(size);
      }
    }
    await expectStillAnswering("after the large posts");
  });

  test("a form repeating one field thousands of times is refused 400 at once, without holding others up", async ({
    browserName: _,
  }, info) => {
    httpOnly(info);
    const { cookie } = await loggedInMember(APP_URL);
    const repeated = `intent=remove&${"ids=1&".repeat(50_000)}`; // about 300 KB
    for (const [path, headers] of [
      ["/Login", SAME_SITE],
      ["/Me/Projects", { ...SAME_SITE, Cookie: cookie }],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const [answer, other] = await Promise.all([
          rawRequest(`${APP_URL}${path}`, { method: "POST", headers, body: repeated }),
          rawRequest(`${APP_URL}/Login`),
        ]);
        expect(answer.status, path).toBe(400);
        expect(answer.body, path).toContain("repeats a field");
        expect(other.ms, `a page requested meanwhile (${other.ms.toFixed(0)} ms)`).toBeLessThan(1_000);
        times.push(answer.ms);
      }
      expect(Math.min(...times), `${path}: ${times.map((t) => t.toFixed(0)).join(", ")} ms`).toBeLessThan(
        100,
      );
    }
    // One field with a huge index makes the form library build an array that long (seconds of work).
    const indexed = await rawRequest(`${APP_URL}/Me/Projects`, {
      method: "POST",
      headers: { ...SAME_SITE, Cookie: cookie },
      body: "intent=remove&ids%5B1000000%5D=1",
    });
    expect(indexed.status).toBe(400);
    expect(indexed.ms).toBeLessThan(1_000);
    // Too many different fields.
    const many = await rawRequest(`${APP_URL}/ContactUs`, {
      method: "POST",
      headers: { ...SAME_SITE, Cookie: cookie },
      body: Array.from({ length: 5_000 }, (_, i) => `f${i}=1`).join("&"),
    });
    expect(many.status).toBe(400);
    await expectStillAnswering("after the repeated fields");
  });

  test("query strings past their limits are refused 400 or 414", async ({ browserName: _ }, info) => {
    httpOnly(info);
    const { cookie } = await loggedInMember(APP_URL);
    const cases: [string, number][] = [
      [`/Projects?${Array.from({ length: 1_200 }, (_, i) => `${i}=`).join("&")}`, 400],
      [`/Projects?${"tag=1&".repeat(600)}`, 400],
      [`/Contacts?query=${"a".repeat(9_000)}`, 414],
      [`/Projects.data?${"page=1&".repeat(1_100)}`, 400],
    ];
    for (const [path, status] of cases) {
      for (const accept of ["*/*", "text/html"]) {
        const answer = await rawRequest(`${APP_URL}${path}`, { headers: { Cookie: cookie, Accept: accept } });
        expect(answer.status, `${path.slice(0, 40)}… (${accept})`).toBe(status);
        expect(answer.body.length).toBeGreaterThan(0);
      }
    }
    // The ordinary list URLs still work.
    const list = await rawRequest(`${APP_URL}/Projects?page=2&perPage=100&orderBy=title&orderDirection=asc`, {
      headers: { Cookie: cookie },
    });
    expect(list.status).toBe(200);
  });

  test("the form library's reserved names are refused on every action, never a 500", async ({
    browserName: _,
  }, info) => {
    httpOnly(info);
    const { member, values, cookie } = await loggedInMember(APP_URL);
    const reserved: [string, string][] = [
      ["__intent__", "{not json"],
      ["__state__", "{not json"],
      ["__INTENT__", '{"type":"reset","payload":{}}'],
    ];
    for (const route of ACTIONS.filter((a) => !/logout/i.test(a.file))) {
      const path = fillPath(route.pattern, values);
      for (const [name, value] of reserved) {
        const pairs = { intent: "save", email: member.email, password: "x", [name]: value };
        const urlencoded = await rawRequest(`${APP_URL}${path}`, {
          method: "POST",
          headers: { ...SAME_SITE, Cookie: cookie },
          body: new URLSearchParams(pairs).toString(),
        });
        expect(urlencoded.status, `${path} ${name}`).toBe(400);
        const form = new FormData();
        for (const [k, v] of Object.entries(pairs)) form.append(k, v);
        const encoded = new Response(form);
        const multipart = await rawRequest(`${APP_URL}${path}`, {
          method: "POST",
          headers: {
            Origin: APP_URL,
            Cookie: cookie,
            "Content-Type": encoded.headers.get("content-type") ?? "",
          },
          body: Buffer.from(await encoded.arrayBuffer()),
        });
        expect(multipart.status, `${path} ${name} (multipart)`).toBe(400);
      }
    }
  });

  test("methods no route serves answer 405 with Allow, and no stack trace reaches the log", async ({
    browserName: _,
  }, info) => {
    httpOnly(info);
    const { values, cookie } = await loggedInMember(APP_URL);
    const log = logFromHere();
    for (const screen of SCREENS) {
      const path = fillPath(screen.pattern, values);
      for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "PROPFIND"]) {
        const answer = await rawRequest(`${APP_URL}${path}`, {
          method,
          headers: { Cookie: cookie, Origin: APP_URL, "Content-Type": FORM },
          body: method === "TRACE" ? undefined : "a=1",
        });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow, `${method} ${path}`).toBe(
          screen.hasAction ? "GET, HEAD, POST" : "GET, HEAD",
        );
        expect(answer.body).not.toMatch(STACK);
      }
      if (!screen.hasAction) {
        const post = await rawRequest(`${APP_URL}${path}`, {
          method: "POST",
          headers: { ...SAME_SITE, Cookie: cookie },
          body: "a=1",
        });
        expect(post.status, `POST ${path}`).toBe(405);
        expect(post.headers.allow).toBe("GET, HEAD");
      }
    }
    // CONNECT never becomes an ordinary request in Node: it is answered too.
    expect(await statusLine(`CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`)).toBe(
      "HTTP/1.1 405 Method Not Allowed",
    );
    await expect
      .poll(() => log(), { message: "the access log has the refused requests" })
      .toMatch(/TRACE \/\S+ 405/);
    const written = log();
    expect(written).not.toMatch(STACK);
    expect(written).not.toMatch(/\[(route|server)\] (TRACE|PUT|DELETE|PATCH|PROPFIND|CONNECT|POST)/);
  });

  test("the access log has paths, never a reset token or the words of a search", async ({
    browserName: _,
  }, info) => {
    httpOnly(info);
    const log = logFromHere();
    const member = createMember();
    const since = lastOutboxId();
    const sent = await rawRequest(`${APP_URL}/ForgotPassword`, {
      method: "POST",
      headers: SAME_SITE,
      body: new URLSearchParams({ email: member.email }).toString(),
    });
    expect(sent.status).toBe(302);
    const link = new URL(await resetLinkFor(member.email, since));
    const token = link.pathname.split("/").pop() ?? "";
    expect(token.length).toBeGreaterThan(10);
    expect((await rawRequest(`${APP_URL}${link.pathname}`)).status).toBe(200);
    expect((await rawRequest(`${APP_URL}${link.pathname.toLowerCase()}.data`)).status).toBeLessThan(500);

    const cookie = await sessionFor(APP_URL, "member@example.com");
    const words = `confidential-bid-${Date.now().toString(36)}`;
    for (const path of [
      `/Projects?query=${words}`,
      `/Contacts.data?query=${words}&page=1`,
      `/Me/Projects?query=${words}`,
    ]) {
      expect((await rawRequest(`${APP_URL}${path}`, { headers: { Cookie: cookie } })).status).toBe(200);
    }
    await expect
      .poll(() => log(), { message: "the access log has the requests" })
      .toMatch(/GET \/Me\/Projects 200/);
    const written = log();
    expect(written).toMatch(/GET \/ForgotPassword\/\[redacted\] 200/);
    expect(written).toMatch(/GET \/Projects 200 [\d.]+ ms/);
    expect(written.includes(token), "the reset token is in the log").toBe(false);
    expect(written.includes(token.toLowerCase()), "the reset token is in the log").toBe(false);
    expect(written.includes(words), "the search words are in the log").toBe(false);
    expect(written.includes(member.email), "the e-mail address is in the log").toBe(false);
  });
});

test.describe("secret paths", () => {
  test("every other spelling of a reset link or a feed address is a 404, and no spelling puts the secret in the log", async ({
    browserName: _,
  }, info) => {
    httpOnly(info);
    const log = logFromHere();
    const member = createMember();
    const since = lastOutboxId();
    const sent = await rawRequest(`${APP_URL}/ForgotPassword`, {
      method: "POST",
      headers: SAME_SITE,
      body: new URLSearchParams({ email: member.email }).toString(),
    });
    expect(sent.status).toBe(302);
    const token = new URL(await resetLinkFor(member.email, since)).pathname.split("/").pop() ?? "";
    const hash = query<{ ical_hash: string }>("SELECT ical_hash FROM users WHERE email = ?", member.email)[0]
      .ical_hash;
    expect(token.length).toBeGreaterThan(20);
    expect(hash).toMatch(/^[0-9a-f]{40}$/);
    const encoded = (text: string) =>
      [...text].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`).join("");
    const variants = (prefix: string, secret: string, suffix: string) => [
      `${prefix}/${secret}${suffix}/`,
      `${prefix}/${secret}${suffix}//`,
      `/${prefix}/${secret}${suffix}`,
      `${prefix}//${secret}${suffix}`,
      `${prefix.toLowerCase()}/${secret}${suffix.toLowerCase()}`,
      `${prefix.toUpperCase()}/${secret}${suffix.toUpperCase()}`,
      `${prefix}%2F${secret}${suffix.replace("/", "%2F")}`,
      `${prefix}%2f${secret}${suffix}`,
      `${prefix}%252F${secret}${suffix.replace("/", "%252F")}`,
      `${prefix}\\${secret}${suffix.replace("/", "\\")}`,
      `${prefix}/${encoded(secret)}${suffix}`,
      `/Projects/..${prefix}/${secret}${suffix}`,
    ];
    const secrets = [
      { canonical: `/ForgotPassword/${token}`, list: variants("/ForgotPassword", token, ""), secret: token },
      { canonical: `/Calendar/${hash}/Ical`, list: variants("/Calendar", hash, "/Ical"), secret: hash },
    ];
    const { port } = new URL(APP_URL);
    const get = (path: string) =>
      statusLine(
        `GET ${path} HTTP/1.1\r\nHost: localhost:${port}\r\nAccept: text/html\r\nConnection: close\r\n\r\n`,
      );
    for (const { canonical, list } of secrets) {
      expect(await get(canonical), canonical).toMatch(/^HTTP\/1\.1 200 /);
      for (const path of list) expect(await get(path), path).toMatch(/^HTTP\/1\.1 404 /);
    }
    await expect
      .poll(
        () =>
          log()
            .split("\n")
            .filter((line) => /^GET /.test(line)).length,
        {
          message: "the access log has every request",
        },
      )
      .toBeGreaterThanOrEqual(2 + secrets.reduce((n, s) => n + s.list.length, 0));
    const written = log().toLowerCase();
    for (const { secret } of secrets) {
      expect(written.includes(secret.toLowerCase()), `the secret ${secret.slice(0, 6)}… is in the log`).toBe(
        false,
      );
      expect(written.includes(encoded(secret).toLowerCase()), "the encoded secret is in the log").toBe(false);
    }
    expect(written).toMatch(/get \/forgotpassword\/\[redacted\] 404/);
    expect(written).toMatch(/get \/calendar\/\[redacted\]\/ical 404/);
    // The reset link still works at its own address.
    expect((await rawRequest(`${APP_URL}/ForgotPassword/${token}`)).status).toBe(200);
  });
});

test.describe("the feed's secret (issue 42)", () => {
  test("every path under /Calendar/{secret} but the feed is a 404, and neither the app's nor the API's log holds the secret", async ({
    browserName: _,
  }, info) => {
    httpOnly(info);
    const appLog = logFromHere();
    const apiStart = statSync(API_LOG).size;
    const apiLog = () => readFileSync(API_LOG).subarray(apiStart).toString("utf8");
    const member = createMember();
    const hash = query<{ ical_hash: string }>("SELECT ical_hash FROM users WHERE email = ?", member.email)[0]
      .ical_hash;
    expect(hash).toMatch(/^[0-9a-f]{40}$/);
    const encoded = [...hash].map((c) => `%${c.charCodeAt(0).toString(16)}`).join("");
    const spellings = [
      `/Calendar/${hash}`,
      `/Calendar/${hash}/.`,
      `/Calendar/${hash}/x`,
      `/Calendar/${hash}/Ical/..`,
      `/Calendar/${hash}/`,
      `/Calendar/${hash}.data`,
      `/Calendar/${hash}/Ical.data`,
      `/calendar/${hash.toUpperCase()}/x`,
      `/Calendar/${encoded}`,
      `/Calendar/${encoded}/Ical`,
      `/Calendar%2F${hash}`,
      `/Calendar/${hash}/Ical/%2e%2e`,
    ];
    const { port } = new URL(APP_URL);
    const get = (path: string) =>
      statusLine(
        `GET ${path} HTTP/1.1\r\nHost: localhost:${port}\r\nAccept: text/html\r\nConnection: close\r\n\r\n`,
      );
    expect(await get(`/Calendar/${hash}/Ical`)).toMatch(/^HTTP\/1\.1 200 /);
    for (const path of spellings) expect(await get(path), path).toMatch(/^HTTP\/1\.1 404 /);
    // The API too, asked directly under the same spellings (it answers 404: no such call).
    for (const path of spellings)
      expect((await rawRequest(`${API_URL}${path}`)).status, `API ${path}`).toBe(404);
    await expect
      .poll(
        () =>
          appLog()
            .split("\n")
            .filter((line) => /^GET /.test(line)).length,
        {
          message: "the app's access log has every request",
        },
      )
      .toBeGreaterThanOrEqual(1 + spellings.length);
    await expect
      .poll(
        () =>
          apiLog()
            .split("\n")
            .filter((line) => /^GET \/api\/frontend\/V1\/calendar/i.test(line)).length,
        {
          message: "the API's access log has every request",
        },
      )
      .toBeGreaterThanOrEqual(1 + spellings.length);
    for (const [name, written] of [
      ["app", appLog()],
      ["API", apiLog()],
    ] as const) {
      expect(written.toLowerCase().includes(hash), `the secret is in the ${name}'s log`).toBe(false);
      expect(written.toLowerCase().includes(encoded), `the encoded secret is in the ${name}'s log`).toBe(
        false,
      );
      expect(written.match(/[0-9a-f]{40}/i), `a feed secret's shape in the ${name}'s log`).toBeNull();
    }
    expect(appLog()).toMatch(/GET \/Calendar\/\[redacted\]\/Ical 200/);
    expect(appLog()).toMatch(/GET \/Calendar\/\[redacted\] 404/);
    expect(apiLog()).toMatch(/GET \/api\/frontend\/V1\/Calendar\/Feed 200/);
  });
});

test("a form too large to send shows the app's error page, with and without JavaScript", async ({ page }) => {
  await page.goto("/Login");
  await page.getByLabel("Email", { exact: true }).fill("someone@example.com");
  await page.getByLabel("Password", { exact: true }).fill("p".repeat(400 * 1024));
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Too much to send" })).toBeVisible();
  await expect(page.getByText("Error 413")).toBeVisible();
  // A guest gets the way to log in (issue 44: the one error page, with a login link for a guest).
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
});
