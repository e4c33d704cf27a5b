import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

// New password hashes at scrypt's N=1024, as in the browser tests (playwright.config.ts, upstream/security.ts).
process.env.PASSWORD_SCRYPT_N ??= "1024";

/**
 * Two layers under the browser journeys (Playwright): `unit` (pure modules and the reference API's HTTP tests, on
 * Node) and `components` (React components and hooks rendered in happy-dom with Testing Library).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Vitest leaves a core to itself by default: one worker on the 2-core machine. The files spend much of their
    // time importing and waiting on SQLite and sockets, so one worker per core takes about two thirds of the
    // time there (figures in decision 143).
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/upstream/**/*.test.ts"],
          environment: "node",
          // One module graph per worker instead of one per file: importing the app's and the reference API's
          // modules again for each of some 60 files was half this layer's time (decision 100). The files keep no
          // state in shared modules (each makes its own database and servers); what a test stubs is undone
          // after it, so that nothing leaks into the next file.
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
          restoreMocks: true,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "components",
          include: ["tests/components/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["tests/components/setup.ts"],
          testTimeout: 10_000,
        },
      },
    ],
  },
});
