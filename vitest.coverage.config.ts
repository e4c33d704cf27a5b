/**
 * Vitest with coverage, as `npm run coverage` runs it (decision 092): vitest.config.ts's two projects, with V8
 * coverage collected by @vitest/coverage-v8 and handed raw (V8's byte ranges, the transformed code and its source
 * map) to monocart-coverage-reports by vitest-monocart-coverage (scripts/vitest-coverage-provider.ts), into
 * coverage/raw/vitest/raw. Raw V8 data, not
 * Istanbul numbers: scripts/coverage.ts merges it with the browser journeys' V8 data by source file.
 */
import { fileURLToPath, pathToFileURL } from "node:url";
import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config";

const root = fileURLToPath(new URL(".", import.meta.url));
const app = pathToFileURL(`${root}app/`).href;

/** monocart-coverage-reports' options (vitest-monocart-coverage reads them from coverageReportOptions). */
const monocart = {
  name: "Vitest",
  outputDir: `${root}coverage/raw/vitest`,
  // app/ only: the tests, upstream/ and server/ are not what the report is about.
  entryFilter: (entry: { url: string }) => entry.url.startsWith(app),
  reports: [["raw", { outputDir: "raw", merge: true }]],
  logging: "error",
};

export default mergeConfig(
  base,
  defineConfig({
    test: {
      coverage: {
        enabled: true,
        provider: "custom",
        // vitest-monocart-coverage, made to wait for every test file's data before it writes the report.
        customProviderModule: "./scripts/vitest-coverage-provider.ts",
        // Vitest's own scratch folder, which it empties on start: not coverage/, where the other layers' data is.
        reportsDirectory: `${root}coverage/raw/vitest-scratch`,
        // Not in Vitest's own types: the custom provider's options.
        ...({ coverageReportOptions: monocart } as object),
      },
    },
  }),
);
