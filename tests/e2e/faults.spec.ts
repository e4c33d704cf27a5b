/**
 * Fault suite (issue #5, part 2): a second app instance (the production build) behind a fault-injecting proxy in
 * front of the reference API. Every screen of the route table and every form, under every fault: a friendly
 * 502/503/504 page (screens) or the form again with what was typed and a message (forms), no stack trace, no
 * token, nothing half-saved, and the app process stays up.
 */
import type { Page, TestInfo } from "@playwright/test";
import { hashToken } from "../../upstream/security";
import {
  createMemberWithData,
  eachConcurrently,
  expect,
  expectNoLeaks,
  loginAt,
  memberSnapshot,
  paramValues,
  sessionFor,
  test,
  UPSTREAM_MESSAGE,
  waitForHydration,
} from "./support/fault-fixtures";
import { FAULT_DESCRIPTIONS, FAULT_MODES, type FaultMode } from "./support/fault-proxy";
import { jsDisabled, query, writeDb } from "./support/fixtures";
import { ACTIONS, fillPath, SCREENS } from "./support/route-table";
import { SIDE_TIMEOUT_MS } from "./support/side-app";

/** The status each fault must give (ApiClient: unreachable 503, timeout 504, bad answers 502). */
const EXPECTED_STATUS: Record<Exclude<FaultMode, "pass">, number> = {
  down: 503,
  error500: 502,
  malformed: 502,
  contract: 502,
  timeout: 504,
  drop: 502,
};
const WRITES = ["POST", "PUT", "PATCH", "DELETE"];

// /Logout typed in the address bar logs out (Sec-Fetch-Site: none): it is covered as an action below, and
// visited logged out it only redirects, like the guest screens.
const memberScreens = SCREENS.filter((s) => s.member && s.file !== "routes/logout.tsx");
const guestScreens = SCREENS.filter((s) => !memberScreens.includes(s));

test.describe.configure({ mode: "parallel" });

test("the route table gives the fault suite screens and forms to cover", () => {
  expect(memberScreens.length).toBeGreaterThan(10);
  expect(guestScreens.map((s) => s.pattern)).toContain("/Login");
  expect(ACTIONS.length).toBeGreaterThan(5);
  // With JavaScript each form meets one fault in turn: there are enough forms for every fault to be met.
  expect(FORMS.length).toBeGreaterThanOrEqual(2 * FAULT_MODES.length);
});

test.describe("logged-out screens", () => {
  test("each guest screen either needs no API or fails friendly, under every fault", async ({
    side,
  }, info) => {
    test.skip(jsDisabled(info), "plain HTTP requests: the same for both projects");
    test.setTimeout(120_000);
    const values = paramValues(createMemberWithData());
    for (const screen of guestScreens) {
      const url = `${side.url}${fillPath(screen.pattern, values)}`;
      await side.proxy.set("pass");
      side.proxy.resetCount();
      const baseline = await fetch(url, { redirect: "manual" });
      await baseline.text();
      const usesApi = side.proxy.seen > 0;
      for (const mode of FAULT_MODES) {
        await side.proxy.set(mode);
        const res = await fetch(url, { redirect: "manual" });
        const html = await res.text();
        const where = `${screen.pattern} under ${mode}`;
        if (usesApi) {
          expect(res.status, where).toBe(EXPECTED_STATUS[mode]);
          expect(html, where).toMatch(UPSTREAM_MESSAGE);
        } else {
          expect(res.status, `${where} (needs no API)`).toBe(baseline.status);
        }
        expectNoLeaks(html, side.proxy.tokens, where);
      }
    }
    await side.proxy.set("pass");
    expect(side.alive()).toBe(true);
  });
});

async function expectFriendlyErrorPage(page: Page, status: number, where: string, tokens: Set<string>) {
  const alert = page.getByRole("alert").filter({ hasText: `Error ${status}` });
  await expect(alert, where).toBeVisible();
  await expect(alert, where).toContainText(UPSTREAM_MESSAGE);
  expectNoLeaks(await page.content(), tokens, where);
  expectNoLeaks(page.url(), tokens, `${where} (URL)`);
}

/** A client-side navigation by the page's router (the page must have hydrated). */
async function navigateInPage(page: Page, to: string) {
  await page.evaluate(async (path) => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } })
      .__reactRouterDataRouter;
    await router.navigate(path);
  }, to);
}

/**
 * With JavaScript, puts the page on a working screen (/Notes) with its router ready, through the API: by the
 * router when the page has one (a client navigation costs less than a document and its hydration), otherwise by
 * loading the document. The client router exists once the page has hydrated, which comes after its first paint
 * (decision 062), so after the load event that page.goto waits for.
 */
async function onWorkingScreen(page: Page, base: string) {
  const notes = page.getByRole("heading", { name: "Notes", level: 1 });
  if (page.url().startsWith(base) && (await page.evaluate(() => "__reactRouterDataRouter" in window))) {
    await navigateInPage(page, "/Notes");
  } else {
    await page.goto(`${base}/Notes`);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  }
  // This is the round's setup, not what it checks: under the whole suite's load a working page can miss the side
  // app's 1 s upstream budget (its 504 page then shows); it is loaded again, as a member would.
  const shown = await notes.waitFor({ state: "visible", timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (!shown) {
    await page.goto(`${base}/Notes`);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  }
  await expect(notes).toBeVisible();
}

/** Pages of one member's browser that take the screens in turns: the "timeout" fault costs its wait a round. */
const SCREEN_LANES = 6;

/**
 * With JavaScript every screen is checked under one fault of each status, and the other faults meet one round of
 * screens each, a different round per fault (decision 099): which status a fault gives is the server's work,
 * checked on every screen under every fault without JavaScript; the client renders the answer the same way
 * whatever fault led to it.
 */
const SCREEN_MODES_WITH_JS: readonly FaultMode[] = ["down", "error500", "timeout"];

/** The screens a fault meets: all of them, or with JavaScript for a fault of a status already met, one round. */
function screensUnder(mode: FaultMode, info: TestInfo) {
  if (jsDisabled(info) || SCREEN_MODES_WITH_JS.includes(mode)) return memberScreens;
  const first =
    (FAULT_MODES.indexOf(mode as (typeof FAULT_MODES)[number]) * SCREEN_LANES) % memberScreens.length;
  return memberScreens.slice(first, first + SCREEN_LANES);
}

test.describe("logged-in screens", () => {
  for (const mode of FAULT_MODES) {
    test(`every screen fails friendly when ${FAULT_DESCRIPTIONS[mode]}`, async ({ page, side }, info) => {
      test.setTimeout(150_000);
      const screensHere = screensUnder(mode, info);
      const member = createMemberWithData();
      const values = paramValues(member);
      await side.proxy.set("pass");
      await loginAt(page, side.url, member.email);
      const status = EXPECTED_STATUS[mode];
      // The fault is the proxy's, for every page at once: the screens go in rounds, one per page, each round
      // starting from working pages (JavaScript) under "pass", then all of its screens under the fault.
      const lanes = [page];
      while (lanes.length < SCREEN_LANES) lanes.push(await page.context().newPage());

      for (let round = 0; round < screensHere.length; round += lanes.length) {
        const screens = screensHere.slice(round, round + lanes.length);
        await side.proxy.set("pass");
        if (!jsDisabled(info)) {
          await Promise.all(screens.map((_, i) => onWorkingScreen(lanes[i] as Page, side.url)));
        }
        await side.proxy.set(mode);
        await Promise.all(
          screens.map(async (screen, i) => {
            const lane = lanes[i] as Page;
            const path = fillPath(screen.pattern, values);
            const where = `${path} (${screen.id}) under ${mode}`;
            if (jsDisabled(info)) {
              // A document request.
              const response = await lane.goto(`${side.url}${path}`);
              expect(response?.status(), where).toBe(status);
            } else {
              // With JavaScript: a client-side navigation (the router's data request), from a working page.
              await navigateInPage(lane, path);
            }
            await expectFriendlyErrorPage(lane, status, where, side.proxy.tokens);
          }),
        );
      }
      for (const lane of lanes.slice(1)) await lane.close();

      // The app is still up and serves the member once the API is back.
      await side.proxy.set("pass");
      const response = await page.goto(`${side.url}/Notes`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { name: "Notes", level: 1 })).toBeVisible();
      expect(side.alive()).toBe(true);
      const cookies = JSON.stringify(await page.context().cookies());
      for (const token of side.proxy.tokens) expect(cookies.includes(token)).toBe(false);
    });
  }
});

/** A throwaway member's own password-reset token (its hash is what the API keeps). */
const resetTokenOf = (m: { id: number }) => `fault-reset-${m.id}-0123456789abcdef`;

/** A form of the app, filled as a member would; `secret` fields must come back empty. */
type FormCase = {
  name: string;
  /** The route module whose action it posts to (the route table's file). */
  file: string;
  guest?: boolean;
  /** What the member has before the form is opened (taken into the "nothing half-saved" snapshot). */
  prepare?: (m: ReturnType<typeof createMemberWithData>) => void;
  url: (m: ReturnType<typeof createMemberWithData>) => string;
  fields: (
    m: ReturnType<typeof createMemberWithData>,
  ) => { label: string; value: string; secret?: boolean }[];
  before?: (page: Page) => Promise<void>;
  /** A staff role the member needs for this form (given to the throwaway member before it logs in). */
  role?: string;
  submit: string;
  /** The form's own failure message, where it shows one instead of the API client's text. */
  message?: RegExp;
};

const FORMS: FormCase[] = [
  {
    name: "sign-up",
    file: "routes/signup.tsx",
    guest: true,
    url: () => "/sign-up/free-trial",
    before: async (page) => {
      await formField(page, "First name").fill("Faulty");
      await formField(page, "Last name").fill("Signup");
      await formField(page, "Email").fill(`fault-signup-${Date.now()}@example.test`);
      await formField(page, "Phone").fill("5125550100");
      await formField(page, "State").selectOption({ label: "Texas" });
      await formField(page, "Coverage state 1").selectOption({ label: "Texas" });
      await page.getByLabel("I accept the terms of service.").check();
    },
    fields: () => [
      { label: "Company", value: "Typed Company" },
      // Everything typed but the card is kept (issue 13); the card fields are checked in signup.spec.ts.
      { label: "Password", value: "typed-password-1" },
      { label: "Confirm password", value: "typed-password-1" },
    ],
    submit: "View projects",
  },
  {
    name: "subscription activation",
    file: "routes/subscription.tsx",
    url: (m) => {
      // The billing form shows for a subscription that is not activated yet.
      writeDb((db) => db.prepare("UPDATE subscriptions SET activated = 0 WHERE user_id = ?").run(m.id));
      return "/Me/Subscription";
    },
    before: async (page) => {
      await formField(page, "Billing state").selectOption({ label: "Texas" });
      await formField(page, "Expiration (mm/yy)").fill("12/39");
      await formField(page, "CVV").fill("123");
      await page.getByLabel("I accept the terms of service.").check();
    },
    fields: () => [
      { label: "Address", value: "1 Typed Street" },
      { label: "City", value: "Typed City" },
      { label: "Zip", value: "78701" },
      { label: "Card number", value: "4242424242424242", secret: true },
    ],
    submit: "Activate subscription",
  },
  {
    name: "login",
    file: "routes/login.tsx",
    guest: true,
    url: () => "/Login",
    fields: (m) => [
      { label: "Email", value: m.email },
      { label: "Password", value: m.password, secret: true },
    ],
    submit: "Log in",
  },
  {
    name: "forgot password",
    file: "routes/forgot-password.tsx",
    guest: true,
    url: () => "/ForgotPassword",
    fields: (m) => [{ label: "Email", value: m.email }],
    submit: "Send reset link",
  },
  {
    name: "reset password",
    file: "routes/reset-password.tsx",
    guest: true,
    // A link that still works (the page checks it as it opens); the faulted save never reaches the API.
    prepare: (m) =>
      writeDb((db) =>
        db
          .prepare(
            "INSERT INTO password_resets (user_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)",
          )
          .run(
            m.id,
            hashToken(resetTokenOf(m)),
            new Date().toISOString(),
            new Date(Date.now() + 3_600_000).toISOString(),
          ),
      ),
    url: (m) => `/ForgotPassword/${resetTokenOf(m)}`,
    fields: () => [{ label: "New password", value: "a-new-password-typed", secret: true }],
    submit: "Reset password",
  },
  {
    name: "contact us",
    file: "routes/contact-us.tsx",
    url: () => "/ContactUs?reason=Question",
    fields: () => [{ label: "Comment", value: "Typed question that must survive the outage" }],
    submit: "Submit",
  },
  {
    name: "account",
    file: "routes/account.tsx",
    url: () => "/Me/Account",
    fields: () => [
      { label: "First name", value: "Faulty" },
      { label: "City", value: "Typed City" },
    ],
    submit: "Save",
  },
  {
    name: "change password",
    file: "routes/account.tsx",
    url: () => "/Me/Account?dialog=password",
    fields: (m) => [
      { label: "Current password", value: m.password, secret: true },
      // A failed change keeps the new password as typed (decision 042); the current one is always emptied.
      { label: "New password", value: "another-new-password" },
      { label: "Confirm new password", value: "another-new-password" },
    ],
    submit: "Change password",
  },
  {
    name: "settings",
    file: "routes/settings.tsx",
    url: () => "/Me/Settings",
    before: async (page) => {
      await page.getByLabel("Weekly alerts").check();
      await page.getByLabel("Project value").selectOption({ label: "Greater Than" });
    },
    fields: () => [{ label: "Value (millions)", value: "12.5" }],
    submit: "Save",
    message: /Your settings could not be saved/,
  },
  {
    name: "new folder",
    file: "routes/folders.tsx",
    url: () => "/Folders?tag_type=1",
    before: async (page) => {
      await page.getByRole("radio").first().check({ force: true });
    },
    fields: () => [{ label: "Name", value: "Typed folder" }],
    submit: "Save",
  },
  {
    name: "project note",
    file: "routes/project.tsx",
    url: (m) => `/Projects/${m.otherProjectId}?dialog=note`,
    fields: () => [{ label: "Note", value: "Typed note that must survive the outage" }],
    submit: "Save",
    // A note save that fails without a message of the API's own says just 'error'.
    message: /^error$/,
  },
  {
    name: "request research",
    file: "routes/project.tsx",
    url: (m) => `/Projects/${m.otherProjectId}?dialog=research`,
    fields: () => [{ label: "Comment", value: "Typed research request" }],
    submit: "Submit Request",
  },
  {
    name: "save project",
    file: "routes/project.tsx",
    url: (m) => `/Projects/${m.otherProjectId}`,
    fields: () => [],
    submit: "Add Saved Projects",
  },
  {
    name: "contact note",
    file: "routes/contact.tsx",
    url: (m) => `/Contacts/${m.contactId}?dialog=note`,
    fields: () => [{ label: "Note", value: "Typed contact note that must survive the outage" }],
    submit: "Save",
    message: /^error$/,
  },
  {
    name: "save contact",
    file: "routes/contact.tsx",
    url: (m) => `/Contacts/${m.otherContactId}`,
    fields: () => [],
    submit: "Add Saved Contacts",
  },
  {
    name: "save project search",
    file: "routes/projects.tsx",
    url: () => "/Projects?panel=1&sector=Public&dialog=save-search",
    fields: () => [{ label: "Name", value: "Typed search name" }],
    submit: "Save",
  },
  {
    name: "save company search",
    file: "routes/companies.tsx",
    url: () => "/Companies?dialog=save-search",
    fields: () => [{ label: "Name", value: "Typed company search" }],
    submit: "Save",
  },
  {
    name: "company edit",
    file: "routes/company.tsx",
    role: "researcher",
    url: () => "/Companies/1?dialog=edit",
    fields: () => [
      { label: "Name", value: "Typed company name" },
      { label: "Phone", value: "(512) 555-0199" },
    ],
    submit: "Save",
  },
  {
    name: "calendar reset address",
    file: "routes/calendar.tsx",
    url: () => "/Calendar",
    fields: () => [],
    submit: "Reset address",
  },
];

/** The input, textarea or select with this label (a section titled like the field is not a field). */
function formField(page: Page, label: string) {
  return page.getByLabel(label, { exact: true }).and(page.locator("input, textarea, select"));
}

/** Gives a throwaway member a staff role (roles are seeded by name). */
function grantRole(userId: number, role: string) {
  writeDb((db) =>
    db
      .prepare("INSERT OR IGNORE INTO user_roles (user_id, role_id) SELECT ?, id FROM roles WHERE name = ?")
      .run(userId, role),
  );
}

/**
 * Action routes whose forms are checked at the HTTP level below (list bulk actions, downloads, logout, the
 * unsubscribe link's one-click post), and the
 * one that calls no API (the lite-pages switch only sets a cookie: there is nothing upstream to fail).
 */
const HTTP_LEVEL = [
  "routes/lite-pages.tsx",
  "routes/companies.download.tsx",
  "routes/projects.tsx",
  "routes/contacts.tsx",
  "routes/projects.download.tsx",
  "routes/contacts.download.tsx",
  "routes/logout.tsx",
  "routes/unsubscribe.tsx",
];

test("every route with an action has its forms in the fault suite", () => {
  const covered = new Set([...FORMS.map((f) => f.file), ...HTTP_LEVEL]);
  const missing = ACTIONS.filter((a) => !covered.has(a.file)).map((a) => `${a.pattern} (${a.file})`);
  expect(missing, "action routes without a fault scenario").toEqual([]);
});

test.describe("forms", () => {
  for (const [index, form] of FORMS.entries()) {
    test(`${form.name}: re-renders with what was typed and a message, nothing saved`, async ({
      page,
      side,
    }, info) => {
      test.setTimeout(120_000);
      // Without JavaScript every fault; with it one, in turn over the forms, so that each fault still meets
      // several forms' fetchers (decision 099).
      const modes = jsDisabled(info) ? FAULT_MODES : [FAULT_MODES[index % FAULT_MODES.length] as FaultMode];
      const member = createMemberWithData();
      await side.proxy.set("pass");
      if (form.role) grantRole(member.id, form.role);
      form.prepare?.(member);
      if (!form.guest) await loginAt(page, side.url, member.email);
      const before = memberSnapshot(member.id, member.email);
      const fields = form.fields(member);

      for (const mode of modes) {
        const where = `${form.name} under ${mode}`;
        await side.proxy.set("pass");
        await page.goto(`${side.url}${form.url(member)}`);
        const submit = page.getByRole("button", { name: form.submit, exact: true });
        if (!jsDisabled(test.info())) await waitForHydration(submit);
        await form.before?.(page);
        for (const field of fields) await formField(page, field.label).fill(field.value);
        // The page loaded through the API; only the save fails.
        await side.proxy.set(mode, { methods: WRITES });
        side.proxy.resetCount();
        await submit.click();
        await expect(page.getByText(form.message ?? UPSTREAM_MESSAGE).first(), where).toBeVisible();
        expect(side.proxy.faulted, `${where}: the save reached the proxy`).toBeGreaterThan(0);
        for (const field of fields) {
          const input = formField(page, field.label);
          await expect(input, `${where}: ${field.label}`).toHaveValue(field.secret ? "" : field.value);
        }
        const html = await page.content();
        expectNoLeaks(html, side.proxy.tokens, where);
        expectNoLeaks(page.url(), side.proxy.tokens, `${where} (URL)`);
        for (const field of fields.filter((f) => f.secret)) {
          expect(html.includes(field.value), `${where}: ${field.label} echoed`).toBe(false);
        }
        if (form.guest) {
          const cookies = await page.context().cookies(side.url);
          expect(
            cookies.some((c) => /session/.test(c.name) && c.value),
            `${where}: a session`,
          ).toBe(false);
        }
      }
      await side.proxy.set("pass");
      expect(memberSnapshot(member.id, member.email), `${form.name}: half-saved`).toEqual(before);
      expect(side.alive()).toBe(true);
    });
  }
});

test.describe("a hung API", () => {
  test("costs one timeout: every page answers within UPSTREAM_TIMEOUT_MS + 1 s, however many calls it makes; a form post two", async ({
    side,
  }, info) => {
    test.skip(jsDisabled(info), "plain HTTP requests: the same for both projects");
    test.setTimeout(180_000);
    const member = createMemberWithData();
    const values = paramValues(member);
    await side.proxy.set("pass");
    const cookie = await sessionFor(side.url, member.email);
    const limit = SIDE_TIMEOUT_MS + 1_000;
    // A form post without JavaScript is its action and the page after it (decision 078): two budgets at most, and
    // two renders (its slack is wider: 1 s over it was missed by a few hundred ms on a loaded machine). That the
    // budgets are not extended twice is the unit test's (tests/unit/api-client.test.ts), which times nothing.
    const postLimit = 2 * SIDE_TIMEOUT_MS + 2_000;
    const form = { Origin: side.url, "Content-Type": "application/x-www-form-urlencoded" };
    type Probe = { where: string; url: string; init?: RequestInit };
    const probes: Probe[] = [];
    for (const screen of SCREENS.filter((s) => s.hasLoader && s.file !== "routes/logout.tsx")) {
      const path = fillPath(screen.pattern, values);
      const headers = { Cookie: cookie, Accept: "text/html" };
      probes.push({ where: `${path} (page)`, url: `${side.url}${path}`, init: { headers } });
      // A client navigation's data request runs the same loaders (the root's Users/Me included).
      const data = path === "/" ? "/_.data" : `${path}.data`;
      probes.push({ where: `${path} (client navigation)`, url: `${side.url}${data}`, init: { headers } });
    }
    // The checkout's live price (Register/Options, Register/Price and the counties, one after another).
    const plan = `/sign-up/${values.planId}`;
    probes.push({
      where: `${plan} live price`,
      url: `${side.url}${plan}`,
      init: { method: "POST", headers: form, body: "intent=price&promo_code=SAVE500&plan_states=1" },
    });
    // A mutation and the page after it, in one no-JavaScript request.
    probes.push({
      where: `/Projects/${member.projectId} note form`,
      url: `${side.url}/Projects/${member.projectId}`,
      init: {
        method: "POST",
        headers: { ...form, Cookie: cookie, Accept: "text/html" },
        body: "intent=note&note=A+note",
      },
    });

    await side.proxy.set("timeout");
    const slow: string[] = [];
    // Four at a time: each probe waits on the hung API, so they overlap; more at once and the app's own work for
    // them shows in their times on a loaded 2-core machine (at eight it pushed pages past the limit now and then).
    await eachConcurrently(probes, 4, async (probe) => {
      const started = performance.now();
      const res = await fetch(probe.url, { redirect: "manual", ...probe.init });
      await res.arrayBuffer();
      const ms = performance.now() - started;
      expect(res.status, probe.where).not.toBe(500);
      if (ms > (probe.init?.method === "POST" ? postLimit : limit))
        slow.push(`${probe.where}: ${Math.round(ms)} ms (${res.status})`);
    });
    await side.proxy.set("pass");
    expect(slow, `pages answered after ${limit} ms, posts after ${postLimit} ms`).toEqual([]);
    expect(side.alive()).toBe(true);
  });
});

test.describe("list actions, downloads and logout (HTTP level)", () => {
  test("bulk move/remove and CSV downloads fail with a message and save nothing", async ({ side }, info) => {
    test.skip(jsDisabled(info), "plain HTTP requests: the same for both projects");
    test.setTimeout(120_000);
    const member = createMemberWithData();
    await side.proxy.set("pass");
    const cookie = await sessionFor(side.url, member.email);
    const before = memberSnapshot(member.id, member.email);
    const posts: { path: string; body: Record<string, string>; back: string }[] = [
      {
        path: "/Me/Projects",
        body: { intent: "remove", ids: String(member.projectId) },
        back: "/Me/Projects",
      },
      {
        path: "/Me/Projects",
        body: { intent: "move", ids: String(member.projectId), tag_id: String(member.projectTag) },
        back: "/Me/Projects",
      },
      {
        path: "/Me/Contacts",
        body: { intent: "remove", ids: String(member.contactId) },
        back: "/Me/Contacts",
      },
      {
        path: "/Projects/Download",
        body: { returnTo: "/Projects?query=school" },
        back: "/Projects?query=school",
      },
      { path: "/Contacts/Download", body: { returnTo: "/Contacts" }, back: "/Contacts" },
      { path: "/Companies/Download", body: { returnTo: "/Companies" }, back: "/Companies" },
    ];
    for (const mode of FAULT_MODES) {
      for (const post of posts) {
        const where = `${post.path} ${post.body.intent ?? "download"} under ${mode}`;
        await side.proxy.set(mode, { methods: WRITES });
        const res = await fetch(`${side.url}${post.path}`, {
          method: "POST",
          redirect: "manual",
          headers: { Cookie: cookie, Origin: side.url, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(post.body),
        });
        const text = await res.text();
        expectNoLeaks(text, side.proxy.tokens, where);
        if (res.status >= 300 && res.status < 400) {
          // Post/Redirect/Get back to the list, with the message as a flash in the session.
          expect(res.headers.get("location"), where).toBe(post.back);
          const flash =
            res.headers
              .getSetCookie()
              .find((c) => /session=/.test(c))
              ?.split(";")[0] ?? cookie;
          await side.proxy.set("pass");
          const page = await fetch(`${side.url}${post.back}`, { headers: { Cookie: flash } });
          expect(await page.text(), where).toMatch(UPSTREAM_MESSAGE);
        } else {
          // The list re-renders with a message: the API client's, or the spec's own ('Could not remove ...').
          expect([400, 502, 503, 504], where).toContain(res.status);
          expect(text, where).toMatch(new RegExp(`${UPSTREAM_MESSAGE.source}|Could not (remove|move)`, "i"));
        }
      }
    }
    await side.proxy.set("pass");
    expect(memberSnapshot(member.id, member.email)).toEqual(before);
    expect(side.alive()).toBe(true);
  });

  test("logout under a fault still ends the session", async ({ side }, info) => {
    test.skip(jsDisabled(info), "plain HTTP requests: the same for both projects");
    const member = createMemberWithData();
    for (const mode of FAULT_MODES) {
      await side.proxy.set("pass");
      const cookie = await sessionFor(side.url, member.email);
      await side.proxy.set(mode, { methods: WRITES });
      const res = await logoutWith(side.url, cookie);
      expect(res.status, mode).toBe(302);
      expect(res.headers.get("location"), mode).toBe("/Login");
      // The browser is told to forget the cookie.
      const cleared = res.headers.getSetCookie().find((c) => /session=/.test(c)) ?? "";
      expect(cleared, mode).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    }
    await side.proxy.set("pass");
    expect(side.alive()).toBe(true);
  });

  test("a cookie replayed after a logout whose token revocation failed no longer works", async ({
    side,
  }, info) => {
    test.skip(jsDisabled(info), "plain HTTP requests: the same for both projects");
    // The cookie is stateless: the app remembers the sessions it ended, so the API being down during the
    // logout does not leave a copy of the cookie working.
    const member = createMemberWithData();
    await side.proxy.set("pass");
    const cookie = await sessionFor(side.url, member.email);
    await side.proxy.set("down", { methods: WRITES });
    expect((await logoutWith(side.url, cookie)).status).toBe(302);
    await side.proxy.set("pass");
    const after = await fetch(`${side.url}/Notes`, { redirect: "manual", headers: { Cookie: cookie } });
    await after.text();
    expect(after.status, "the old cookie is refused").toBe(302);
  });
});

test.describe("the unsubscribe link (HTTP level)", () => {
  test("a one-click unsubscribe under a fault fails friendly and changes nothing", async ({ side }, info) => {
    test.skip(jsDisabled(info), "plain HTTP requests: the same for both projects");
    const member = createMemberWithData();
    const token = `fault-unsubscribe-${member.id}-0123456789abcdef`;
    writeDb((db) => {
      db.prepare("UPDATE users SET alert_weekly = 1 WHERE id = ?").run(member.id);
      db.prepare(
        "INSERT INTO mail_unsubscribe_tokens (token_hash, user_id, list, created_at) VALUES (?, ?, 'alerts', ?)",
      ).run(hashToken(token), member.id, new Date().toISOString());
    });
    for (const mode of FAULT_MODES) {
      await side.proxy.set(mode, { methods: WRITES });
      const res = await fetch(`${side.url}/Unsubscribe/${token}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      const html = await res.text();
      expect(res.status, mode).toBe(EXPECTED_STATUS[mode]);
      expect(html, mode).toMatch(UPSTREAM_MESSAGE);
      expectNoLeaks(html, side.proxy.tokens, mode);
    }
    await side.proxy.set("pass");
    const alertWeekly = () =>
      query<{ alert_weekly: number }>("SELECT alert_weekly FROM users WHERE id = ?", member.id)[0]
        .alert_weekly;
    expect(alertWeekly()).toBe(1);
    expect(side.alive()).toBe(true);
  });
});

async function logoutWith(base: string, cookie: string) {
  const res = await fetch(`${base}/Logout`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: "",
  });
  await res.text();
  return res;
}
