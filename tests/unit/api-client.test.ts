/**
 * The API client against the endpoint table: `api.call(entry, …)` sends the entry's method to the entry's path
 * below the API base, with the member's token unless the entry is public, the body as JSON and the query as
 * search parameters; it checks the answer with the entry's schema and hands a download over as the raw response.
 * The API is the edge here: a local HTTP server stands in for it (it records what it is sent and answers what
 * the test says), the session is a real one.
 *
 * And a guard: no module under app/ reaches the API but through `api.call` and the table.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, relative } from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { currentMember, requestMember as requestMemberMiddleware } from "../../app/lib/account/member.server";
import { ApiClient, ApiRequestError, upstreamFailureMessage } from "../../app/lib/platform/api.server";
import { config } from "../../app/lib/platform/config.server";
import { apiContext, memberSessionContext, requestMemberContext } from "../../app/lib/platform/contexts";
import { MemberSession } from "../../app/lib/platform/session.server";
import { CSV_FILE, type Endpoint, endpoints } from "../../contract/endpoints";

const TOKEN = "member-token-123";

type Sent = { url: URL; method: string; headers: Headers; body: unknown };
let sent: Sent[];
/** What the stand-in API answers next; "silent" never answers, "cut" drops the connection mid-answer. */
let answer: () => Response | Promise<Response> | "silent" | "cut";

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { "Content-Type": "application/json" } });

let standIn: Server;
const configuredBase = config.apiBaseUrl;
beforeAll(async () => {
  standIn = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2)
      headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
    sent.push({
      url: new URL(req.url ?? "/", `http://${req.headers.host}`),
      method: req.method ?? "GET",
      headers,
      body: text === "" ? undefined : JSON.parse(text),
    });
    const next = await answer();
    if (next === "silent") return;
    const body = Buffer.from(await (next === "cut" ? json({ data: [] }) : next).arrayBuffer());
    if (next === "cut") {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(body.length + 100) });
      res.write(body.subarray(0, 5), () => res.destroy());
      return;
    }
    res.writeHead(next.status, Object.fromEntries(next.headers));
    res.end(body);
  });
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  config.apiBaseUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/api/frontend/V1`;
});
afterAll(async () => {
  config.apiBaseUrl = configuredBase;
  standIn.closeAllConnections();
  await new Promise((resolve) => standIn.close(resolve));
});

beforeEach(() => {
  sent = [];
  answer = () => json({ message: "OK" });
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function client({ loggedIn = true, token = TOKEN } = {}) {
  const request = new Request("http://app.test/Projects/12");
  const session = await MemberSession.fromRequest(request);
  if (loggedIn) await session.startFresh(token);
  return { api: new ApiClient(request, session), session };
}

const only = () => {
  expect(sent).toHaveLength(1);
  return sent[0] as Sent;
};
const apiUrl = (path: string) => `${config.apiBaseUrl}/${path}`;

/** A member as Users/Me answers it. */
const memberJson = (memberType: string, remaining: number | null) => ({
  id: 7,
  email: "trial@example.com",
  first_name: "Tri",
  last_name: "Al",
  member_type: memberType,
  allow_download: false,
  allow_share: false,
  allow_directory: false,
  allow_companysearch: false,
  displaySubscriptionNudge: true,
  roles: [],
  subscription: null,
  remaining_projects: remaining,
  trial_end_date: "2999-01-01",
  tags: [],
  projectTags: [],
  contactTags: [],
  settings: {
    alert_weekly: false,
    alert_operator: null,
    alert_value: null,
    alert_project_types: [],
    alert_states: [],
  },
});

describe("api.call", () => {
  it("reads an entry with path parameters: GET below the API base, with the token, answer parsed", async () => {
    const { api } = await client();
    answer = () =>
      json({ data: [{ id: 5, note: "Call back", notification_date: null, created_at: "2024-01-02" }] });
    const notes = await api.call(endpoints.projectNotes, { params: { id: 12 } });
    expect(notes.data[0]?.note).toBe("Call back");
    const request = only();
    expect(request.method).toBe("GET");
    expect(request.url.href).toBe(apiUrl("Projects/12/Notes"));
    expect(request.headers.get("Authorization")).toBe(`Bearer ${TOKEN}`);
    expect(request.headers.get("Content-Type")).toBeNull();
    expect(request.body).toBeUndefined();
  });

  it("sends a query as search parameters, leaving out the empty ones", async () => {
    const { api } = await client();
    answer = () => json({ data: { total: 0, data: [] }, total: 40 });
    await api.call(endpoints.projects, {
      query: { query: "school", page: 2, orderBy: "title", mine: 1, advanced: "", tag: undefined },
    });
    const { url } = only();
    expect(url.pathname).toBe(new URL(apiUrl("Projects")).pathname);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      query: "school",
      page: "2",
      orderBy: "title",
      mine: "1",
    });
  });

  it("posts a body as JSON to a path built from the parameters", async () => {
    const { api } = await client();
    answer = () => json({ error: true, message: "Notes are full." });
    const result = await api.call(endpoints.saveProjectNote, {
      params: { id: 7 },
      body: { id: null, note: "Site visit", notification_date: "2024-05-01" },
    });
    expect(result).toEqual({ error: true, message: "Notes are full." });
    const request = only();
    expect([request.method, request.url.href]).toEqual(["POST", apiUrl("Projects/7/Notes")]);
    expect(request.headers.get("Content-Type")).toBe("application/json");
    expect(request.headers.get("Authorization")).toBe(`Bearer ${TOKEN}`);
    expect(request.body).toEqual({ id: null, note: "Site visit", notification_date: "2024-05-01" });
  });

  it("sends PUT and DELETE (with or without a body) as the table says", async () => {
    const { api } = await client();
    answer = () => json({ message: "Saved." });
    await api.call(endpoints.updateAccount, { body: { first_name: "Ada" } });
    await api.call(endpoints.unsaveProjects, { body: { ids: [3, 4] } });
    await api.call(endpoints.deleteProjectNote, { params: { projectId: 3, id: 9 } });
    expect(sent.map((r) => [r.method, r.url.href, r.body])).toEqual([
      ["PUT", apiUrl("Users/Me"), { first_name: "Ada" }],
      ["DELETE", apiUrl("SavedProjects"), { ids: [3, 4] }],
      ["DELETE", apiUrl("Projects/3/Notes/9"), undefined],
    ]);
  });

  it("reads one GET answer once per request, and reads again after any write", async () => {
    const { api } = await client();
    answer = () => json({ data: [] });
    const [first, second] = await Promise.all([
      api.call(endpoints.projectNotes, { params: { id: 12 } }),
      api.call(endpoints.projectNotes, { params: { id: 12 } }),
    ]);
    expect(second).toBe(first);
    expect(sent).toHaveLength(1);
    await api.call(endpoints.projectNotes, { params: { id: 13 } });
    expect(sent).toHaveLength(2);
    answer = () => json({ message: "OK" });
    await api.call(endpoints.deleteProjectNote, { params: { projectId: 12, id: 5 } });
    answer = () => json({ data: [] });
    await api.call(endpoints.projectNotes, { params: { id: 12 } });
    expect(sent.map((r) => `${r.method} ${r.url.pathname.split("/V1/")[1]}`)).toEqual([
      "GET Projects/12/Notes",
      "GET Projects/13/Notes",
      "DELETE Projects/12/Notes/5",
      "GET Projects/12/Notes",
    ]);
  });

  it("asks again for a read marked fresh, shares that new answer, and keeps the other reads", async () => {
    const { api } = await client();
    answer = () => json({ data: [] });
    await api.call(endpoints.projectNotes, { params: { id: 12 } });
    // (The answer is no member: the call fails its check, which makes no difference to what is sent.)
    answer = () => json({ data: {} });
    await api.call(endpoints.me).catch(() => undefined);
    await api.call(endpoints.me).catch(() => undefined);
    await api.call(endpoints.me, { fresh: true }).catch(() => undefined);
    await api.call(endpoints.me).catch(() => undefined);
    answer = () => json({ data: [] });
    await api.call(endpoints.projectNotes, { params: { id: 12 } });
    expect(sent.map((r) => `${r.method} ${r.url.pathname.split("/V1/")[1]}`)).toEqual([
      "GET Projects/12/Notes",
      "GET Users/Me",
      "GET Users/Me",
    ]);
  });

  it("sends every entry of the table to its own method and path, with a token unless it is public", async () => {
    answer = () => json({ unexpected: "shape" });
    const sample = { id: 1, projectId: 2, address: "Austin, TX", state: "TX", key: "sample-key-0123456789" };
    for (const [name, entry] of Object.entries(endpoints) as [string, Endpoint][]) {
      // A request of its own for each: within one request, a GET already read is not sent again.
      const { api } = await client();
      sent = [];
      const call = api.call.bind(api) as (e: Endpoint, args: object) => Promise<unknown>;
      await call(entry, { params: sample, body: entry.body ? {} : undefined }).catch(() => undefined);
      const request = only();
      const path = (entry.path as (p: typeof sample) => string)(sample);
      expect([name, request.method, request.url.href]).toEqual([name, entry.method, apiUrl(path)]);
      expect([name, request.headers.has("Authorization")]).toEqual([name, entry.public !== true]);
    }
  });

  it("sends no token on a public entry, even for a logged-in member", async () => {
    const { api } = await client();
    answer = () => json({ data: { accessToken: "new-token" } });
    const login = await api.call(endpoints.login, { body: { email: "a@example.com", password: "secret" } });
    expect(login.data.accessToken).toBe("new-token");
    expect(only().headers.has("Authorization")).toBe(false);
  });

  it("makes a public call without a session, and sends a logged-out member to the login page otherwise", async () => {
    const { api } = await client({ loggedIn: false });
    answer = () => json({ message: "If the address is known, a link is on its way." });
    await api.call(endpoints.forgotPassword, { body: { email: "a@example.com" } });
    expect(only().headers.has("Authorization")).toBe(false);

    const refused = await api.call(endpoints.me).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("Location")).toBe("/Login?redirect=%2FProjects%2F12");
    expect(sent).toHaveLength(1);
  });

  it("hands a download over as the raw response, unread", async () => {
    const { api } = await client();
    answer = () => new Response("id,title\n1,School\n", { headers: { "Content-Type": CSV_FILE.file } });
    const response = await api.call(endpoints.downloadProjects, { body: { mine: 1, orderBy: "title" } });
    expect(response).toBeInstanceOf(Response);
    expect(response.bodyUsed).toBe(false);
    expect(response.headers.get("Content-Type")).toBe(CSV_FILE.file);
    expect(await response.text()).toBe("id,title\n1,School\n");
    const request = only();
    expect([request.method, request.url.href, request.body]).toEqual([
      "POST",
      apiUrl("Projects/Download"),
      { mine: 1, orderBy: "title" },
    ]);
    expect(request.headers.get("Authorization")).toBe(`Bearer ${TOKEN}`);
  });

  it("turns an answer that does not match the entry's schema into the 502 upstream failure", async () => {
    const { api } = await client();
    answer = () => json({ data: "not a number" });
    const error = await api.call(endpoints.countSavedProjects).catch((e: unknown) => e);
    expect(error).toMatchObject({ init: { status: 502 }, data: { upstreamFailure: true } });
    expect(upstreamFailureMessage(error)).toBe(
      "The service sent an answer we could not read. Please try again shortly.",
    );
  });

  it("fails a call the API does not answer in time with the 504 page, and one cut off mid-answer with a 502", async () => {
    const { api } = await client();
    answer = () => "silent";
    const slow = await api.call(endpoints.alerts, { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(slow).toMatchObject({ init: { status: 504 }, data: { upstreamFailure: true } });
    answer = () => "cut";
    const cut = await api.call(endpoints.projectNotes, { params: { id: 3 } }).catch((e: unknown) => e);
    expect(cut).toMatchObject({ init: { status: 502 }, data: { upstreamFailure: true } });
    // The connections are kept alive: the next call is answered as usual.
    answer = () => json({ data: [] });
    await expect(api.call(endpoints.projectNotes, { params: { id: 4 } })).resolves.toEqual({ data: [] });
  });

  it("gives all the calls of one request one deadline: a hung API costs one timeout, in series or in parallel", async () => {
    const configured = config.upstreamTimeoutMs;
    config.upstreamTimeoutMs = 300;
    try {
      const { api } = await client();
      answer = () => "silent";
      const started = performance.now();
      const parallel = await Promise.all([
        api.call(endpoints.alerts).catch((e: unknown) => e),
        api.call(endpoints.projectNotes, { params: { id: 1 } }).catch((e: unknown) => e),
      ]);
      const inSeries = [
        await api.call(endpoints.countSavedProjects).catch((e: unknown) => e),
        await api.call(endpoints.projectNotes, { params: { id: 2 } }).catch((e: unknown) => e),
      ];
      const took = performance.now() - started;
      for (const error of [...parallel, ...inSeries]) {
        expect(error).toMatchObject({ init: { status: 504 }, data: { upstreamFailure: true } });
      }
      expect(took).toBeGreaterThanOrEqual(280);
      // The calls after the deadline were not even sent: one timeout in all, however loaded the machine.
      expect(sent).toHaveLength(2);
      // A new request has a budget of its own.
      answer = () => json({ data: [] });
      const next = await client();
      await expect(next.api.call(endpoints.projectNotes, { params: { id: 3 } })).resolves.toEqual({
        data: [],
      });
    } finally {
      config.upstreamTimeoutMs = configured;
    }
  });

  it("lets only an action's write extend the deadline, by a whole timeout of its own", async () => {
    const configured = config.upstreamTimeoutMs;
    config.upstreamTimeoutMs = 300;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const subscription = {
      plan: 1,
      bill_to: {
        first_name: "A",
        last_name: "B",
        address: "1 Main St",
        city: "Austin",
        state: "TX",
        zip: "78701",
      },
      card: { card_number: "4242424242424242", expiration_date: "12/30", cvv: "123" },
      idempotency_key: "activation-key-0123456789",
    };
    try {
      const post = new Request("http://app.test/Me/Subscription", { method: "POST" });
      const session = await MemberSession.fromRequest(post);
      await session.startFresh(TOKEN);
      const api = new ApiClient(post, session);
      // 200 ms of a read that hangs, then a write that takes 250 ms: past the request's 300 ms, within its own.
      answer = () => "silent";
      const read = api.call(endpoints.alerts).catch((e: unknown) => e);
      await sleep(200);
      answer = async () => {
        await sleep(250);
        return json({ message: "Your subscription has been updated successfully." });
      };
      await expect(
        api.call(endpoints.subscribe, { body: subscription, extendDeadline: "charges a card" }),
      ).resolves.toEqual({ message: "Your subscription has been updated successfully." });
      expect(await read).toMatchObject({ init: { status: 504 } });
      // Without the extension, the same write would have been cut off by the request's deadline.
      const plain = new ApiClient(post, session);
      answer = () => "silent";
      void plain.call(endpoints.alerts).catch(() => null);
      await sleep(200);
      answer = async () => {
        await sleep(250);
        return json({ message: "Your subscription has been updated successfully." });
      };
      const cut = await plain.call(endpoints.subscribe, { body: subscription }).catch((e: unknown) => e);
      expect(cut).toMatchObject({ init: { status: 504 } });
      // A read cannot ask for it, nor can a page load (a GET request).
      expect(() =>
        // @ts-expect-error: a GET entry takes no extendDeadline
        api.call(endpoints.alerts, { extendDeadline: "charges a card" }),
      ).toThrow(/Only a write/);
      const getRequest = new Request("http://app.test/Me/Subscription");
      const onGet = new ApiClient(getRequest, session);
      expect(() =>
        onGet.call(endpoints.subscribe, { body: subscription, extendDeadline: "charges a card" }),
      ).toThrow(/Only a write/);
    } finally {
      config.upstreamTimeoutMs = configured;
    }
  });

  it("gives the page after a form post's write one budget of its own, once", async () => {
    const configured = config.upstreamTimeoutMs;
    config.upstreamTimeoutMs = 300;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    try {
      const post = new Request("http://app.test/Me/Projects", { method: "POST" });
      const session = await MemberSession.fromRequest(post);
      await session.startFresh(TOKEN);
      const api = new ApiClient(post, session);
      // The action's write hangs until the deadline...
      answer = () => "silent";
      const write = await api
        .call(endpoints.createFolder, { body: { tag_type: 1, name: "A", color: "#000000" } })
        .catch((e: unknown) => e);
      expect(write).toMatchObject({ init: { status: 504 } });
      // ...and the page after it still reads (what the form needs to show itself again), within one more budget.
      answer = async () => {
        await sleep(150);
        return json({ data: [] });
      };
      await expect(api.call(endpoints.projectNotes, { params: { id: 1 } })).resolves.toEqual({ data: [] });
      // Once: a second write does not extend it again.
      answer = () => "silent";
      const second = await api
        .call(endpoints.createFolder, { body: { tag_type: 1, name: "B", color: "#000000" } })
        .catch((e: unknown) => e);
      expect(second).toMatchObject({ init: { status: 504 } });
      const beforeRead = sent.length;
      await expect(api.call(endpoints.alerts)).rejects.toMatchObject({ init: { status: 504 } });
      expect(sent, "a read after the second write's timeout is not sent").toHaveLength(beforeRead);
      // A page load (GET) never gets it.
      const get = new Request("http://app.test/Me/Projects");
      const onGet = new ApiClient(get, session);
      answer = () => "silent";
      await onGet
        .call(endpoints.createFolder, { body: { tag_type: 1, name: "C", color: "#000000" } })
        .catch(() => null);
      const beforeGetRead = sent.length;
      await expect(onGet.call(endpoints.alerts)).rejects.toMatchObject({ init: { status: 504 } });
      expect(sent, "a page load's read after its timeout is not sent").toHaveLength(beforeGetRead);
    } finally {
      config.upstreamTimeoutMs = configured;
    }
  });

  it("answers a 403 for a free trial that is over with the trial-expired dialog, other refusals as they are", async () => {
    const { api } = await client();
    const trial = (remaining: number) => json({ data: memberJson("Free Trial", remaining) });
    let me = trial(0);
    answer = () =>
      sent.at(-1)?.url.pathname.endsWith("/Users/Me")
        ? me
        : json({ message: "Your free trial has expired." }, 403);
    const refused = await api.call(endpoints.projectNotes, { params: { id: 5 } }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ init: { status: 403 }, data: { trialExpired: true } });
    // A trial with reports left: the refusal is the API's own (a project outside the coverage, say).
    me = trial(3);
    const other = await api.call(endpoints.projectNotes, { params: { id: 6 } }).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(ApiRequestError);
    expect(other).toMatchObject({ status: 403, message: "Your free trial has expired." });
  });

  it("turns a refusal into an ApiRequestError with the API's messages, and a 401 into the login page", async () => {
    const { api, session } = await client();
    answer = () => json({ message: "The name is taken.", errors: { name: ["Taken."] } }, 422);
    const refused = await api
      .call(endpoints.createFolder, { body: { tag_type: 1, name: "A", color: "#000000" } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect(refused).toMatchObject({
      status: 422,
      message: "The name is taken.",
      fieldErrors: { name: ["Taken."] },
    });
    const destroy = vi.spyOn(session, "destroy");

    answer = () => json({ message: "Unauthenticated." }, 401);
    const expired = await api.call(endpoints.alerts).catch((e: unknown) => e);
    expect((expired as Response).headers.get("Location")).toBe("/Login?redirect=%2FProjects%2F12");
    expect(destroy).toHaveBeenCalledOnce();
  });
});

/** The app's source files, with their path relative to the project. */
function appSources(dir = join(process.cwd(), "app")): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return appSources(path);
    if (!/\.tsx?$/.test(entry.name)) return [];
    return [{ file: relative(process.cwd(), path), text: readFileSync(path, "utf8") }];
  });
}

/** A path the table spells (`Projects/12/Notes`, `Users/Me`): each entry's pattern, any value for a parameter. */
const TABLE_PATHS = Object.values(endpoints).map(
  (e: Endpoint) => new RegExp(`^${e.pattern.replace(/:\w+(?:\{[^}]*\})?/g, "[^/]+")}$`),
);

/**
 * The API calls of a source text that do not go through the table: a method other than `call` on the client
 * (`api.x(`, or `context.get(apiContext).x(` across lines), a path spelled as a client call's first argument, or a
 * method call of any receiver whose first argument is a string the table spells (`client.get("Alerts")`).
 */
function strayApiCalls(text: string): string[] {
  const onClient = [...text.matchAll(/\b(?:api|apiContext\s*\))\s*\.\s*(\w+)\s*\(\s*(\S?)/g)]
    .filter(([, method, first]) => method !== "call" || /["'`]/.test(first ?? ""))
    .map(([match]) => match);
  const spelled = [...text.matchAll(/\.\s*\w+\s*\(\s*(["'`])((?:(?!\1)[^\\\n])*)\1/g)]
    .filter(([, , path]) => {
      const plain = (path ?? "").replace(/\$\{[^}]*\}/g, "1").replace(/^\/+|\?.*$/g, "");
      return TABLE_PATHS.some((table) => table.test(plain));
    })
    .map(([match]) => match);
  return [...new Set([...onClient, ...spelled])].map((match) => match.replace(/\s+/g, " "));
}

describe("no API path outside the endpoint table", () => {
  it("finds a call that spells a path (the check itself)", () => {
    expect(strayApiCalls('const r = await api.get("Projects", ProjectListAnswer);')).toEqual([
      'api.get("',
      '.get("Projects"',
    ]);
    expect(
      strayApiCalls(`await context\n  .get(apiContext)\n  .post(\`Projects/\${id}/Notes\`, note, A);`),
    ).toEqual(["apiContext) .post(`", `.post(\`Projects/\${id}/Notes\``]);
    expect(strayApiCalls('api.call("Users/Me")')).toEqual(['api.call("', '.call("Users/Me"']);
    expect(strayApiCalls('(context.get(apiContext) as Client).get("Alerts")')).toEqual(['.get("Alerts"']);
    expect(strayApiCalls(`client.delete(\`/Users/Me/Tags/\${id}\`, Ack)`)).toEqual([
      `.delete(\`/Users/Me/Tags/\${id}\``,
    ]);
    // Not API calls: the table's own calls, other receivers' strings, the app's own URLs.
    expect(
      strayApiCalls(
        'api.call(endpoints.me); context.get(apiContext).call(options.endpoint, {}); url.searchParams.get("tab"); redirect("/Projects"); sp.set("perPage", "15")',
      ),
    ).toEqual([]);
  });

  it("every module under app/ calls the API through api.call and the table", () => {
    const sources = appSources();
    expect(sources.length).toBeGreaterThan(50);
    const stray = sources.flatMap(({ file, text }) => strayApiCalls(text).map((call) => `${file}: ${call}`));
    expect(stray).toEqual([]);
    // …and the calls are there to be checked.
    const calls = sources.reduce(
      (n, { text }) =>
        n + (text.match(/\.call\(\s*(?:endpoints\.|endpoint\b|options\.endpoint)/g)?.length ?? 0),
      0,
    );
    expect(calls).toBeGreaterThan(30);
  });

  it("only the API client knows the API's address, and no other server module calls fetch", () => {
    const elsewhere = appSources()
      // content.server.ts reads the help content site (not the API: no token, no endpoint table).
      .filter(({ file }) => !/[/\\](api|config|content)\.server\.ts$/.test(file))
      .filter(
        ({ file, text }) =>
          /\bapiBaseUrl\b|API_BASE_URL/.test(text) || (/\.server\.ts$/.test(file) && /\bfetch\(/.test(text)),
      )
      .map(({ file }) => file);
    expect(elsewhere).toEqual([]);
  });

  it("the client has no method that takes a path", () => {
    for (const method of ["get", "post", "put", "delete", "patch"]) {
      expect(method in ApiClient.prototype, method).toBe(false);
    }
  });
});

describe("the member of a request", () => {
  /** The root middleware's member value over a real client, and the Users/Me calls sent. */
  async function requestMember(memberType: string) {
    // A token of its own: the 401 tests above end TOKEN for the rest of the process.
    const { api, session } = await client({ token: "member-token-of-the-request" });
    const context = new RouterContextProvider();
    context.set(memberSessionContext, session);
    context.set(apiContext, api);
    await requestMemberMiddleware({ context } as never, async () => new Response());
    let remaining = 5;
    answer = () => json({ data: memberJson(memberType, remaining) });
    const meCalls = () => sent.filter((r) => r.url.pathname.endsWith("/Users/Me")).length;
    return { context, spend: () => remaining--, meCalls };
  }

  it("is read once for the gate, the root loader and the screen", async () => {
    const { context, meCalls } = await requestMember("Free Trial");
    await currentMember(context);
    await Promise.all([currentMember(context), currentMember(context)]);
    expect(meCalls()).toBe(1);
  });

  it("is read again, once, after a trial member opens a project, with the report it spent", async () => {
    const { context, spend, meCalls } = await requestMember("Free Trial");
    expect((await currentMember(context))?.remaining_projects).toBe(5);
    spend();
    await context.get(requestMemberContext).projectOpened();
    const [root, screen] = await Promise.all([currentMember(context), currentMember(context)]);
    expect([root?.remaining_projects, screen?.remaining_projects, meCalls()]).toEqual([4, 4, 2]);
  });

  it("is not read again for a subscriber, who has no reports to spend", async () => {
    const { context, meCalls } = await requestMember("Basic");
    await currentMember(context);
    await context.get(requestMemberContext).projectOpened();
    await currentMember(context);
    expect(meCalls()).toBe(1);
  });
});
