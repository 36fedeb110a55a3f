/**
 * What every package's vitest config shares: a JSON report per package (summed by
 * scripts/test-summary.mjs into the closing line CI reads) beside the default terminal reporter.
 */
export const sharedTestConfig = {
  reporters: ["default", "json"],
  outputFile: { json: "test-results/vitest.json" },
  testTimeout: 30_000,
  hookTimeout: 120_000,
};
