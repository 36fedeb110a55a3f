import { defineConfig } from "vitest/config";
import { sharedTestConfig } from "../../vitest.preset.mjs";

export default defineConfig({
  // Each file runs a live weft dev and a foreign tool against it: one file at a time keeps the 2-core
  // CI machine from timing them out.
  test: { ...sharedTestConfig, include: ["src/**/*.test.ts"], maxWorkers: 1, testTimeout: 600_000 },
});
