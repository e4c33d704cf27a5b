/**
 * Vitest's coverage provider for `npm run coverage` (vitest.coverage.config.ts, decision 092): vitest-monocart-coverage,
 * which hands @vitest/coverage-v8's raw V8 data to monocart-coverage-reports, with one fix. Vitest does not wait for
 * a provider's onAfterSuiteRun (it calls it and moves on), and that provider adds each test file's coverage
 * there, after a transform of every module it covers; its reportCoverage waits a fixed second and writes the
 * report. When the last file's data came later than that, it was left out; with one test file, the report was
 * not written at all. Here the report waits for every file's data.
 */
type Provider = {
  onAfterSuiteRun: (meta: unknown) => unknown;
  reportCoverage: (...args: unknown[]) => Promise<unknown>;
};

export default {
  async getProvider(): Promise<Provider> {
    const { default: monocart } = (await import("vitest-monocart-coverage")) as unknown as {
      default: { getProvider: () => Promise<Provider> };
    };
    const provider = await monocart.getProvider();
    const pending = new Set<Promise<unknown>>();
    const onAfterSuiteRun = provider.onAfterSuiteRun.bind(provider);
    provider.onAfterSuiteRun = (meta) => {
      const added = Promise.resolve(onAfterSuiteRun(meta));
      pending.add(added);
      void added.finally(() => pending.delete(added)).catch(() => {});
      return added;
    };
    const reportCoverage = provider.reportCoverage.bind(provider);
    provider.reportCoverage = async (...args) => {
      await Promise.allSettled([...pending]);
      return reportCoverage(...args);
    };
    return provider;
  },
};
