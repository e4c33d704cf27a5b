import { existsSync } from "node:fs";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { APP_URL, ROOT } from "./tests/e2e/support/env";

const CI = Boolean(process.env.CI);

// New password hashes at scrypt's N=1024 in the reference API and the members the tests make: some thousand
// logins a run at 16384 cost the API 40 ms of CPU each (upstream/security.ts). The web server and the workers
// inherit it from here.
process.env.PASSWORD_SCRYPT_N ??= "1024";

// The browser tests run against the production build; say so plainly instead of timing out on the webServer.
// (`playwright test --list` does not need it.)
if (
  !(existsSync(join(ROOT, "build/server/index.js")) && existsSync(join(ROOT, "build/app-server.js"))) &&
  !process.argv.includes("--list")
) {
  throw new Error("build/ is missing: run `npm run build` before `npm run test:e2e` (`npm test` does both).");
}

/** Playwright cannot download browsers here: Debian's chromium (apt-get install chromium) is used. */
const chromium = {
  ...devices["Desktop Chrome"],
  channel: undefined,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
};

/** A phone: 390×844 CSS px, touch, a phone's device scale factor (Chromium, so no isMobile user agent quirks). */
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: CI,
  workers: 2,
  retries: CI ? 1 : 0,
  // Generous for the 2-core machine, where two workers, two browsers, the app and the API share the CPU and a
  // page load can take seconds: long journeys (a note, then the calendar, then axe) timed out at 30 s there.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL: APP_URL,
    // Recording a trace (screencast frames included) for every test took a third of the suite's time on the
    // 2-core machine: record it when a failed test is retried (CI retries once), or ask for it (--trace on).
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { ...chromium } },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false } },
    // Phone journeys (issue 12): a 390×844 touch screen, with and without JavaScript. Their files end in
    // .phone.ts, which the two projects above do not pick up; these run only them.
    { name: "phone", testMatch: /\.phone\.ts$/, use: { ...chromium, ...phone } },
    {
      name: "phone-no-js",
      testMatch: /\.phone\.ts$/,
      use: { ...chromium, ...phone, javaScriptEnabled: false },
    },
    // Issue 27: the journeys that matter (tagged @late-script) while every script is held 3 s and the journey
    // acts at once (slow-js), and when no script ever arrives (js-fails: they must pass as without JavaScript).
    // tests/e2e/support/fixtures.ts routes the scripts as the project's metadata says.
    // A client-side navigation there waits for its route's chunks (3 s) and then for its lazy parts' (3 s more).
    {
      name: "slow-js",
      grep: /@late-script/,
      metadata: { scripts: "slow" },
      expect: { timeout: 20_000 },
      use: { ...chromium },
    },
    { name: "js-fails", grep: /@late-script/, metadata: { scripts: "fails" }, use: { ...chromium } },
  ],
  webServer: {
    command: "tsx tests/e2e/support/serve.ts",
    url: `${APP_URL}/Login`,
    reuseExistingServer: false,
    timeout: 120_000,
    // The request log is noise; errors and the harness's own lines (stderr) are shown.
    stdout: "ignore",
    stderr: "pipe",
    // serve.ts stops the app and the API on SIGTERM; collecting coverage (npm run coverage), it waits for the app
    // to write its V8 coverage as it exits, which takes longer than the usual 5 s allow on a busy machine.
    gracefulShutdown: { signal: "SIGTERM", timeout: process.env.E2E_COVERAGE_DIR ? 30_000 : 5_000 },
  },
});
