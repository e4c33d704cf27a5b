import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

/**
 * Two layers under the browser journeys (Playwright): `unit` (pure modules and the reference API's HTTP tests, on
 * Node) and `components` (React components and hooks rendered in happy-dom with Testing Library).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/upstream/**/*.test.ts"],
          environment: "node",
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
