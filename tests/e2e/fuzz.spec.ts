/**
 * Bad-input suite (issue #5, part 3): a property-based fuzzer (fast-check) over every route of app/routes.ts:
 * its search params, path params and form bodies. Requests go straight to the app server with fetch (logged in
 * with a session cookie, a same-origin Origin on posts). Whatever comes in, the app answers with the page (with
 * defaults), a redirect on this site, or a 4xx with a message: never a 500.
 */
import fc from "fast-check";
import { APP_URL, MARKETING_URL } from "./support/env";
import { createMemberWithData, paramValues, sessionFor } from "./support/fault-fixtures";
import { expect, jsDisabled, test } from "./support/fixtures";
import { APP_ROUTES, type AppRoute } from "./support/route-table";

/** Runs per route and kind: about 40 routes × (GET + POST where there is an action) ≈ 1,100 requests. */
const GET_RUNS = Number(process.env.FUZZ_GET_RUNS ?? 18);
const POST_RUNS = Number(process.env.FUZZ_POST_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

const SPECIAL = [
  "",
  " ",
  "0",
  "-1",
  "1",
  "2",
  "-99999999999",
  "99999999999999999999999999",
  "1e309",
  "-1e309",
  "NaN",
  "Infinity",
  "0x1F",
  "1.5",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  '{"a":1}',
  '{"page":"x","filters":[1,{"deep":null}]}',
  "__proto__",
  "constructor",
  "../../etc/passwd",
  "%00",
  "%",
  "\u0000",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "😀👍🏽",
  "\u202eRTL",
  "𝕏𝕐",
  "Ä\u0308",
  "\uD800",
  "//evil.example",
  "https://evil.example",
  "javascript:alert(1)",
  "asc",
  "desc",
  "ASC",
  "title",
  "created_at",
];

/** Strings a hostile or broken client sends: special values, random text and unicode, numbers, huge strings. */
const nasty = (huge: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...SPECIAL) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
    { weight: 2, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.bigInt().map(String) },
    { weight: 1, arbitrary: fc.double().map(String) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.string({ unit: "grapheme", minLength: 1, maxLength: 3 }),
          fc.integer({ min: 50, max: huge }),
        )
        .map(([s, n]) => s.repeat(Math.ceil(n / Math.max(1, s.length)))),
    },
  );

/** Lone surrogates cannot be percent-encoded: they become U+FFFD, as a browser would send them. */
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");

/** Field names: the route's own (read from its page), the list params, and random ones; `[]` suffixes too. */
const COMMON_KEYS = [
  "page",
  "perPage",
  "orderBy",
  "orderDirection",
  "mine",
  "query",
  "tag",
  "advanced",
  "dialog",
  "noteId",
  "tab",
  "print",
  "ids",
  "id",
  "tag_id",
  "tag_type",
  "reason",
  "redirect",
  "redirectTo",
  "returnTo",
  "js",
  "intent",
  "similarPage",
];

function keyArb(own: string[]) {
  const names = [...new Set([...own, ...COMMON_KEYS])];
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.constantFrom(...names).map((k) => `${k}[]`) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
}

type Shape = { path: string; query: [string, string][]; body: [string, string][] | null; kind: string };

/** The names and intent values of the forms on a route's page, for bodies that get past the first checks. */
async function formVocabulary(url: string, cookie: string) {
  const res = await fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
  const html = res.status === 200 ? await res.text() : "";
  if (!html) await res.body?.cancel();
  const names = [...html.matchAll(/\bname="([^"]+)"/g)].map((m) => m[1]);
  const intents = [
    ...html.matchAll(/name="intent"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="intent"/g),
  ].map((m) => m[1] ?? m[2]);
  return { names: [...new Set(names)], intents: [...new Set(intents)] };
}

function requestArb(
  route: AppRoute,
  values: Record<string, string | number>,
  vocab: { names: string[]; intents: string[] },
  post: boolean,
) {
  const param = (name: string) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant(String(values[name] ?? "1")) },
      { weight: 3, arbitrary: nasty(300) },
    );
  const pathArb = fc
    .tuple(...(route.params.length ? route.params.map(param) : [fc.constant("")]), nasty(60))
    .map((parts) => {
      let i = 0;
      return route.pattern
        .replace(/:(\w+)/g, () => encodeURIComponent(wellFormed(parts[i++])))
        .replace("*", () => encodeURIComponent(wellFormed(parts[parts.length - 1])) || "x");
    });
  const pairs = (huge: number, max: number) =>
    fc.array(fc.tuple(keyArb(vocab.names), nasty(huge)), { maxLength: max });
  const intent = fc.option(
    fc.oneof(
      {
        weight: 3,
        arbitrary: vocab.intents.length ? fc.constantFrom(...vocab.intents) : fc.constant("save"),
      },
      { weight: 1, arbitrary: nasty(100) },
    ),
    { nil: undefined, freq: 4 },
  );
  const body = post
    ? fc
        .tuple(
          intent,
          pairs(20_000, 12),
          fc.constantFrom("urlencoded", "urlencoded", "urlencoded", "multipart", "json"),
        )
        .map(([i, rest, kind]) => ({
          pairs: (i === undefined ? rest : [["intent", i], ...rest]) as [string, string][],
          kind,
        }))
    : fc.constant(null);
  return fc.record({ path: pathArb, query: pairs(1_500, 8), body }).map(
    (r): Shape => ({
      path: r.path,
      query: r.query,
      body: r.body?.pairs ?? null,
      kind: r.body?.kind ?? "get",
    }),
  );
}

/** The encoded query, kept under Node's header limit (16 KB; a longer URL is answered 431 by Node itself). */
function encodeQuery(query: [string, string][]) {
  const sp = new URLSearchParams();
  for (const [k, v] of query) {
    sp.append(wellFormed(k), wellFormed(v));
    if (sp.toString().length > 8_000) {
      sp.delete(wellFormed(k));
      break;
    }
  }
  const s = sp.toString();
  return s ? `?${s}` : "";
}

function bodyFor(shape: Shape): { body: BodyInit; headers: Record<string, string> } {
  const pairs = (shape.body ?? []).map(([k, v]) => [wellFormed(k), wellFormed(v)] as [string, string]);
  if (shape.kind === "multipart") {
    const form = new FormData();
    pairs.forEach(([k, v], i) => {
      // Now and then a file where a text field is expected.
      if (i % 3 === 2) form.append(k, new Blob([v], { type: "application/octet-stream" }), "upload.bin");
      else form.append(k, v);
    });
    return { body: form, headers: {} };
  }
  if (shape.kind === "json") {
    return {
      body: JSON.stringify(Object.fromEntries(pairs)),
      headers: { "Content-Type": "application/json" },
    };
  }
  return {
    body: new URLSearchParams(pairs).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  };
}

/** The answer is acceptable: a page, a redirect on this site (or to the marketing site), or a 4xx with a message. */
function problemWith(status: number, location: string | null, text: string): string | null {
  if (status >= 500) return `status ${status}`;
  if (status >= 300 && status < 400) {
    if (!location) return "a redirect without a Location";
    const target = new URL(location, APP_URL);
    if (target.origin !== new URL(APP_URL).origin && !location.startsWith(MARKETING_URL)) {
      return `a redirect off the site: ${location}`;
    }
    return null;
  }
  if (status >= 400 && text.trim().length === 0) return `status ${status} without a message`;
  if (status >= 200 && status < 300 && text.length === 0) return "an empty page";
  if (/\n\s+at [^\n]+:\d+:\d+/.test(text)) return "a stack trace in the answer";
  return null;
}

test("fuzz: every route's params and form bodies never make the app fail", async ({
  browserName: _,
}, info) => {
  test.skip(jsDisabled(info), "plain HTTP requests: run once");
  test.setTimeout(240_000);
  const member = createMemberWithData();
  const values = paramValues(member) as Record<string, string | number>;
  const cookie = await sessionFor(APP_URL, member.email);
  // Logout routes end the session they are sent: they get a member of their own, logged in again each time.
  const leaver = createMemberWithData();

  let sent = 0;
  const problems: string[] = [];
  const started = Date.now();

  for (const route of APP_ROUTES) {
    const isLogout = route.file === "routes/logout.tsx";
    const concrete = `${APP_URL}${route.pattern.replace(/:(\w+)/g, (_, n: string) => String(values[n] ?? 1)).replace("*", "x")}`;
    const vocab = await formVocabulary(concrete, cookie);
    sent++;

    for (const post of route.hasAction ? [false, true] : [false]) {
      const arb = fc.tuple(requestArb(route, values, vocab, post), fc.boolean());
      const result = await fc.check(
        fc.asyncProperty(arb, async ([shape, loggedIn]) => {
          let session = loggedIn ? cookie : "";
          if (isLogout && post && loggedIn) {
            session = await sessionFor(APP_URL, leaver.email);
            sent++;
          }
          const url = `${APP_URL}${shape.path}${encodeQuery(shape.query)}`;
          const init: RequestInit = { method: post ? "POST" : "GET", redirect: "manual", headers: {} };
          const headers: Record<string, string> = session ? { Cookie: session } : {};
          if (post) {
            const { body, headers: bodyHeaders } = bodyFor(shape);
            init.body = body;
            Object.assign(headers, bodyHeaders, { Origin: APP_URL });
          }
          init.headers = headers;
          sent++;
          let res: Response;
          try {
            res = await fetch(url, init);
          } catch (error) {
            const cause = (error as { cause?: { code?: string; message?: string } }).cause;
            throw new Error(
              `${init.method} ${url.slice(0, 300)} (${shape.kind}, body ${JSON.stringify(shape.body ?? []).slice(0, 600)}): no answer (${cause?.code ?? ""} ${cause?.message ?? error})`,
            );
          }
          const text = await res.text();
          const problem = problemWith(res.status, res.headers.get("location"), text);
          if (problem) {
            throw new Error(
              `${init.method} ${url.slice(0, 300)} (${shape.kind}, ${session ? "logged in" : "logged out"}): ${problem}\n${text.slice(0, 300)}`,
            );
          }
        }),
        { numRuns: post ? POST_RUNS : GET_RUNS, seed: SEED + sent, endOnFailure: true },
      );
      if (result.failed) {
        const error = result.errorInstance as Error | null;
        problems.push(
          `${route.pattern} (${route.id}, ${post ? "POST" : "GET"}): ${error?.message ?? String(result.errorInstance)}`,
        );
      }
    }
  }

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`[fuzz] sent ${sent} requests to ${APP_ROUTES.length} routes in ${seconds} s (seed ${SEED})`);
  info.annotations.push({ type: "fuzz", description: `${sent} requests, seed ${SEED}` });
  expect(problems, `problems found (seed ${SEED}):\n${problems.join("\n\n")}`).toEqual([]);
});
